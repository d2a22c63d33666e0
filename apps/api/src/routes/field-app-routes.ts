import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { addFieldNote } from "@fieldops/domain/field-app/add-field-note";
import { getFieldVisit, listFieldVisits, withDriveLegs } from "@fieldops/domain/field-app/list-field-visits";
import { listFieldThreads, markFieldThreadRead } from "@fieldops/domain/field-app/list-field-threads";
import { setChecklistItem } from "@fieldops/domain/field-app/set-checklist-item";
import {
  createFieldUpload,
  getFieldUpload,
  listJobFiles,
  readVisitFile,
  sendUploadChunk,
} from "@fieldops/domain/field-app/visit-files";
import { base64Length } from "@fieldops/shared/company-settings";
import { fieldAppEndpoints, FIELD_UPLOAD_CHUNK_BYTES } from "@fieldops/shared/field-app";
import type { AppContext } from "../context.ts";
import { tenantEndpoint } from "../http/endpoint-route.ts";
import { sendImage } from "../http/image-reply.ts";

/** A chunk's JSON: the chunk in base64 and a little room for the rest of the body. */
const CHUNK_BODY_LIMIT = base64Length(FIELD_UPLOAD_CHUNK_BYTES) + 4096;

export const fieldAppRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  tenantEndpoint(app, context, fieldAppEndpoints.visits, ({ tx, actor }) => listFieldVisits(tx, { actor }), {
    afterCommit: (days) => withDriveLegs(days, context.env.OSRM_URL),
  });
  tenantEndpoint(app, context, fieldAppEndpoints.visit, ({ tx, actor }, { params }) =>
    getFieldVisit(tx, { actor, visitId: params.id }),
  );
  tenantEndpoint(app, context, fieldAppEndpoints.setChecklistItem, (scope, { params, headers, body }) =>
    setChecklistItem(scope, {
      visitId: params.id,
      itemId: params.itemId,
      done: body.done,
      idempotencyKey: headers["idempotency-key"],
    }),
  );
  tenantEndpoint(app, context, fieldAppEndpoints.addNote, (scope, { params, headers, body }) =>
    addFieldNote(scope, { visitId: params.id, body: body.body, idempotencyKey: headers["idempotency-key"] }),
  );
  tenantEndpoint(
    app,
    context,
    fieldAppEndpoints.createUpload,
    (scope, { params, headers, body }) =>
      createFieldUpload(scope, context.files, {
        ...body,
        visitId: params.id,
        idempotencyKey: headers["idempotency-key"],
      }),
    { bodyLimit: CHUNK_BODY_LIMIT },
  );
  tenantEndpoint(app, context, fieldAppEndpoints.upload, (scope, { params }) =>
    getFieldUpload(scope, { uploadId: params.id }),
  );
  tenantEndpoint(
    app,
    context,
    fieldAppEndpoints.sendChunk,
    (scope, { params, body }) => sendUploadChunk(scope, context.files, { uploadId: params.id, ...body }),
    { bodyLimit: CHUNK_BODY_LIMIT },
  );
  tenantEndpoint(
    app,
    context,
    fieldAppEndpoints.file,
    ({ tx, actor }, { params }) => readVisitFile(tx, context.files, { fileId: params.id, actor }),
    {
      // A stored file never changes: its id names these bytes for good.
      send: (reply, file) => sendImage(reply, file, "private, max-age=31536000, immutable"),
    },
  );
  tenantEndpoint(app, context, fieldAppEndpoints.jobFiles, ({ tx }, { params }) =>
    listJobFiles(tx, { jobId: params.id }),
  );
  tenantEndpoint(app, context, fieldAppEndpoints.threads, ({ tx, actor }) => listFieldThreads(tx, { actor }));
  tenantEndpoint(app, context, fieldAppEndpoints.markThreadRead, (scope, { params }) =>
    markFieldThreadRead(scope, params),
  );
};
