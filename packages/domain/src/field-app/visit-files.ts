import { randomUUID } from "node:crypto";
import type { TenantTransaction } from "@fieldops/db";
import type { CreateFieldUploadRequest, FieldUpload, VisitFile } from "@fieldops/shared/field-app";
import { fieldAppEndpoints } from "@fieldops/shared/field-app";
import { fillPath } from "@fieldops/shared/endpoint";
import { conflict, invalidInput, notFound } from "../errors.ts";
import { isOfType } from "../files/decode-upload.ts";
import type { FileStorage } from "../files/file-storage.ts";
import type { Actor } from "../jobs/actor.ts";
import { jobsChanged } from "../jobs/jobs-events.ts";
import { recordedTime } from "../jobs/recorded-time.ts";
import { findVisitFor, findVisitForFieldRecord } from "../jobs/visit-access.ts";
import type { TenantScope, UserActor } from "../tenant-scope.ts";
import { claimFieldAction } from "./record-field-action.ts";

interface VisitFileRow {
  id: string;
  jobId: string;
  visitId: string;
  kind: string;
  contentType: string;
  byteSize: number;
  receivedBytes: number;
  storageKey: string;
  takenAt: Date;
  takenByUserId: string;
  signerName: string | null;
  completedAt: Date | null;
}

const visitFileSelect = {
  id: true,
  jobId: true,
  visitId: true,
  kind: true,
  contentType: true,
  byteSize: true,
  receivedBytes: true,
  storageKey: true,
  takenAt: true,
  takenByUserId: true,
  signerName: true,
  completedAt: true,
} as const;

/** A stored file as the field app and the office show it; `names` has who took it. */
export function toVisitFile(
  row: Omit<VisitFileRow, "receivedBytes" | "storageKey" | "completedAt" | "jobId">,
  names: ReadonlyMap<string, string>,
): VisitFile {
  return {
    id: row.id,
    visitId: row.visitId,
    kind: row.kind === "signature" ? "signature" : "photo",
    contentType: row.contentType,
    byteSize: row.byteSize,
    takenAt: row.takenAt.toISOString(),
    takenByName: names.get(row.takenByUserId) ?? null,
    signerName: row.signerName,
    url: fillPath(fieldAppEndpoints.file.path, { id: row.id }),
  };
}

async function toUpload(
  tx: TenantTransaction,
  row: VisitFileRow,
  movedAway: FieldUpload["movedAway"],
): Promise<FieldUpload> {
  let file: VisitFile | null = null;
  if (row.completedAt) {
    const taker = await tx.user.findUnique({ where: { id: row.takenByUserId }, select: { id: true, name: true } });
    file = toVisitFile(row, new Map(taker ? [[taker.id, taker.name]] : []));
  }
  return { id: row.id, offset: row.receivedBytes, size: row.byteSize, file, movedAway };
}

/**
 * Writes a chunk at the upload's offset and counts it; the chunk that starts the file must show the declared image
 * type in its first bytes, and the last one completes the upload (in the storage too) and tells the office's job page.
 * The bytes go to the storage before the count is committed: a rolled back count leaves bytes the next chunk at that
 * offset overwrites.
 */
async function receive(
  scope: Pick<TenantScope<UserActor>, "tx" | "emit">,
  storage: FileStorage,
  row: VisitFileRow,
  offset: number,
  bytes: Buffer,
): Promise<VisitFileRow> {
  if (row.completedAt) return row;
  if (offset !== row.receivedBytes) {
    throw conflict(`The server has ${row.receivedBytes} bytes of this upload: send from there`, "offset");
  }
  if (offset + bytes.length > row.byteSize) throw invalidInput("The chunk goes past the file's size", "dataBase64");
  if (offset === 0 && !isOfType(row.contentType, bytes)) {
    throw invalidInput(`The file is not a valid ${row.contentType} image`, "dataBase64");
  }
  await storage.write(row.storageKey, offset, bytes);
  const receivedBytes = offset + bytes.length;
  const completedAt = receivedBytes === row.byteSize ? new Date() : null;
  if (completedAt) await storage.complete(row.storageKey, row.byteSize);
  await scope.tx.visitFile.update({ where: { id: row.id }, data: { receivedBytes, completedAt } });
  if (completedAt) scope.emit(jobsChanged([row.jobId]));
  return { ...row, receivedBytes, completedAt };
}

/**
 * Starts the upload of a photo or the customer's signature taken on a visit, by its crew (a field user on another
 * crew gets 403), a crew the office took it from in the last days (it was taken before the move: the answer says
 * where the visit went) or the office; a file no bigger than a chunk comes whole and is stored at once. Once per
 * Idempotency-Key: sent again (the offline queue replaying it, a connection lost mid-upload), it answers the same
 * upload with the bytes the server has, so the device goes on from there and the file is stored once.
 */
export async function createFieldUpload(
  scope: TenantScope<UserActor>,
  storage: FileStorage,
  input: CreateFieldUploadRequest & { visitId: string; idempotencyKey: string; now?: Date },
): Promise<FieldUpload> {
  const { tx, actor, companyId } = scope;
  const { visit, movedAway } = await findVisitForFieldRecord(tx, input.visitId, actor, input.now);
  if (input.kind === "signature" && !input.signerName) throw invalidInput("Say who signed", "signerName");
  if (input.kind === "photo" && input.signerName) throw invalidInput("A photo has no signer", "signerName");
  const takenAt = recordedTime(input.takenAt, input.now ?? new Date(), "takenAt");
  const key = { companyId, takenByUserId: actor.userId, idempotencyKey: input.idempotencyKey };
  if (await claimFieldAction(scope, { idempotencyKey: input.idempotencyKey, kind: input.kind, visitId: visit.id })) {
    const id = randomUUID();
    const row = await tx.visitFile.create({
      data: {
        ...key,
        id,
        jobId: visit.jobId,
        visitId: visit.id,
        kind: input.kind,
        takenAt,
        contentType: input.contentType,
        byteSize: input.size,
        storageKey: `${companyId}/${id}`,
        signerName: input.signerName ?? null,
      },
      select: visitFileSelect,
    });
    if (input.dataBase64 === undefined) return toUpload(tx, row, movedAway);
    const bytes = Buffer.from(input.dataBase64, "base64");
    if (bytes.length !== input.size) throw invalidInput("The file's size is not the size sent", "size");
    return toUpload(tx, await receive(scope, storage, row, 0, bytes), movedAway);
  }
  const row = await tx.visitFile.findUnique({
    where: { companyId_takenByUserId_idempotencyKey: key },
    select: visitFileSelect,
  });
  if (!row) throw notFound("Upload not found");
  return toUpload(tx, row, movedAway);
}

/** The user's own upload, locked for the chunk that changes it; another user's (or company's) is not found. */
async function findOwnUpload(tx: TenantTransaction, actor: UserActor, id: string, lock: boolean) {
  if (lock) await tx.$executeRaw`SELECT 1 FROM visit_files WHERE id = ${id}::uuid FOR UPDATE`;
  const row = await tx.visitFile.findFirst({ where: { id, takenByUserId: actor.userId }, select: visitFileSelect });
  if (!row) throw notFound("Upload not found");
  return row;
}

/** How much of the user's upload the server has (where the next chunk starts), while they may still add to it. */
export async function getFieldUpload(scope: TenantScope<UserActor>, input: { uploadId: string }): Promise<FieldUpload> {
  const row = await findOwnUpload(scope.tx, scope.actor, input.uploadId, false);
  const { movedAway } = await findVisitForFieldRecord(scope.tx, row.visitId, scope.actor);
  return toUpload(scope.tx, row, movedAway);
}

/**
 * Takes the next chunk of the user's upload at the offset the server has (another offset is a 409 naming it), while
 * the user may still add to the visit (findVisitForFieldRecord); the last chunk stores the file. A chunk of a stored
 * file changes nothing.
 */
export async function sendUploadChunk(
  scope: TenantScope<UserActor>,
  storage: FileStorage,
  input: { uploadId: string; offset: number; dataBase64: string },
): Promise<FieldUpload> {
  const row = await findOwnUpload(scope.tx, scope.actor, input.uploadId, true);
  const { movedAway } = await findVisitForFieldRecord(scope.tx, row.visitId, scope.actor);
  const bytes = Buffer.from(input.dataBase64, "base64");
  return toUpload(scope.tx, await receive(scope, storage, row, input.offset, bytes), movedAway);
}

/** A stored photo or signature's image, for who may see its visit (a field user: their crew's only). */
export async function readVisitFile(
  tx: TenantTransaction,
  storage: FileStorage,
  input: { fileId: string; actor: Actor },
): Promise<{ contentType: string; data: Buffer }> {
  const row = await tx.visitFile.findFirst({
    where: { id: input.fileId, completedAt: { not: null } },
    select: { visitId: true, contentType: true, storageKey: true },
  });
  if (!row) throw notFound("File not found");
  await findVisitFor(tx, row.visitId, input.actor);
  return { contentType: row.contentType, data: await storage.read(row.storageKey) };
}

/** The stored photos and signatures of a job's visits, oldest first. */
export async function listJobFiles(tx: TenantTransaction, input: { jobId: string }): Promise<{ files: VisitFile[] }> {
  const job = await tx.job.findUnique({ where: { id: input.jobId }, select: { id: true } });
  if (!job) throw notFound("Job not found");
  const rows = await tx.visitFile.findMany({
    where: { jobId: job.id, completedAt: { not: null } },
    select: visitFileSelect,
    orderBy: [{ takenAt: "asc" }, { id: "asc" }],
  });
  const takers = await tx.user.findMany({
    where: { id: { in: [...new Set(rows.map((row) => row.takenByUserId))] } },
    select: { id: true, name: true },
  });
  return { files: rows.map((row) => toVisitFile(row, new Map(takers.map((user) => [user.id, user.name])))) };
}
