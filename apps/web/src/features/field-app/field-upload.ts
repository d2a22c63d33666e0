import {
  fieldAppEndpoints,
  FIELD_UPLOAD_CHUNK_BYTES,
  type FieldUpload,
  type VisitFile,
} from "@fieldops/shared/field-app";
import { ApiError } from "../../lib/api";
import { callEndpoint } from "../../lib/endpoints";
import type { FieldFileAction } from "./field-actions";
import { waitingFile } from "./field-outbox";

/** A blob's bytes in base64, as the upload's JSON carries them. */
async function base64Of(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = "";
  for (let start = 0; start < bytes.length; start += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  }
  return btoa(binary);
}

/** Twice told another offset in a row is not a lost answer any more: let the queue try again later. */
const MAX_OFFSET_REFUSALS = 2;

/**
 * Sends a waiting photo or signature: starts its upload under the action's key (whole when it fits in a chunk), then
 * sends the chunks from the offset the server has. Sent again after a lost connection, the same key names the same
 * upload on the server, which answers how far it got: the upload resumes there, and the file is stored once. Answers
 * the stored file, and where the visit went if the office took it off the crew since (the file is on the job).
 */
export async function uploadFieldFile(
  action: FieldFileAction,
): Promise<{ file: VisitFile; movedAway: FieldUpload["movedAway"] }> {
  const blob = await waitingFile(action.key);
  if (!blob) throw new Error("The image is no longer on this device");
  const whole = blob.size <= FIELD_UPLOAD_CHUNK_BYTES;
  let upload = await callEndpoint(fieldAppEndpoints.createUpload, {
    params: { id: action.visitId },
    headers: { "idempotency-key": action.key },
    body: {
      kind: action.kind,
      contentType: action.contentType,
      size: blob.size,
      takenAt: action.at,
      ...(action.kind === "signature" ? { signerName: action.signerName } : {}),
      ...(whole ? { dataBase64: await base64Of(blob) } : {}),
    },
  });
  let refusals = 0;
  while (!upload.file) {
    const chunk = blob.slice(upload.offset, upload.offset + FIELD_UPLOAD_CHUNK_BYTES);
    try {
      upload = await callEndpoint(fieldAppEndpoints.sendChunk, {
        params: { id: upload.id },
        body: { offset: upload.offset, dataBase64: await base64Of(chunk) },
      });
      refusals = 0;
    } catch (error) {
      // An earlier answer was lost: the server has more (or less) than this device thought. Ask where it is.
      if (!(error instanceof ApiError && error.status === 409) || ++refusals > MAX_OFFSET_REFUSALS) throw error;
      upload = await callEndpoint(fieldAppEndpoints.upload, { params: { id: upload.id } });
    }
  }
  return { file: upload.file, movedAway: upload.movedAway };
}
