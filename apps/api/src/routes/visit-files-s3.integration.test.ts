import { randomBytes, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIELD_UPLOAD_CHUNK_BYTES, type FieldUpload } from "@fieldops/shared/field-app";
import {
  callApi,
  createTestCompany,
  downloadFromApi,
  signIn,
  startTestApp,
  type TestApp,
} from "../../../../tests/integration/test-app.ts";
import { createTestCustomer } from "../../../../tests/integration/use-case-fixtures.ts";
import { startS3StandIn, type S3StandIn } from "../../../../tests/stand-ins/s3-api.ts";

let t: TestApp;
let s3: S3StandIn;
let token: string;
let visitId: string;

/** A JPEG's magic number, then random bytes: what the server takes as a photo. */
const photo = (size: number) => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), randomBytes(size - 3)]);

/** Starts the chunked upload of `bytes` on the visit, as the office (which may add a photo to any visit). */
async function startUpload(bytes: Buffer) {
  const response = await fetch(`${t.url}/api/field/visits/${visitId}/uploads`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json", "idempotency-key": randomUUID() },
    body: JSON.stringify({
      kind: "photo",
      contentType: "image/jpeg",
      size: bytes.length,
      takenAt: new Date(Date.now() - 60_000).toISOString(),
    }),
  });
  const upload = (await response.json()) as FieldUpload;
  const sendChunk = (offset: number) =>
    callApi<FieldUpload>(t.url, "PATCH", `/api/field/uploads/${upload.id}`, token, {
      offset,
      dataBase64: bytes.subarray(offset, offset + FIELD_UPLOAD_CHUNK_BYTES).toString("base64"),
    });
  return { id: upload.id, sendChunk };
}

const objectsOf = (fileId: string) => [...s3.objects.keys()].filter((key) => key.includes(fileId)).sort();

beforeAll(async () => {
  s3 = await startS3StandIn();
  t = await startTestApp({
    S3_BUCKET: s3.bucket,
    S3_ENDPOINT: s3.url,
    S3_FORCE_PATH_STYLE: "true",
    S3_ACCESS_KEY_ID: s3.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
  });
  const company = await createTestCompany(t.db);
  const customerId = await createTestCustomer(t.db, company.id);
  const job = await t.db.job.create({
    data: { companyId: company.id, customerId, number: 1, title: "Spring cleanup" },
  });
  visitId = (await t.db.visit.create({ data: { companyId: company.id, jobId: job.id } })).id;
  token = await signIn(t.url, company.users.owner.email);
});
afterAll(async () => {
  await t.close();
  await s3.close();
});

describe("photos kept in S3-compatible storage", () => {
  it("keeps each chunk as an object, puts the file together at the last one, and serves it byte for byte", async () => {
    const bytes = photo(FIELD_UPLOAD_CHUNK_BYTES * 2 + 1234);
    const upload = await startUpload(bytes);
    expect((await upload.sendChunk(0)).body.offset).toBe(FIELD_UPLOAD_CHUNK_BYTES);
    // Sent again after a lost answer: the server says where it is, and keeps one chunk.
    expect((await upload.sendChunk(0)).status).toBe(409);
    const key = objectsOf(upload.id)[0]!.replace(/\.chunks\/.*/, "");
    expect(objectsOf(upload.id)).toEqual([`${key}.chunks/000000000000`]);
    // Chunks written before their counts were rolled back: one the next chunk at its offset overwrites, one off the
    // chain that completing leaves out.
    await t.runtime.context.files.write(key, FIELD_UPLOAD_CHUNK_BYTES, randomBytes(1000));
    await t.runtime.context.files.write(key, FIELD_UPLOAD_CHUNK_BYTES + 1000, randomBytes(1000));

    expect((await upload.sendChunk(FIELD_UPLOAD_CHUNK_BYTES)).body.file).toBeNull();
    const done = await upload.sendChunk(FIELD_UPLOAD_CHUNK_BYTES * 2);
    expect(done.body).toMatchObject({ offset: bytes.length, file: { contentType: "image/jpeg" } });
    expect(objectsOf(upload.id)).toEqual([key]);
    expect(s3.objects.get(key)!.bytes.equals(bytes)).toBe(true);

    const served = await downloadFromApi(t.url, done.body.file!.url, token);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/jpeg");
    expect(Buffer.from(served.bytes).equals(bytes)).toBe(true);
  });

  it("fails the chunk when S3 refuses the signature, and leaves the upload incomplete", async () => {
    const bytes = photo(FIELD_UPLOAD_CHUNK_BYTES + 500);
    const upload = await startUpload(bytes);
    await upload.sendChunk(0);
    const secret = s3.secretAccessKey;
    s3.secretAccessKey = "another-secret-than-the-apps";
    try {
      const refused = await upload.sendChunk(FIELD_UPLOAD_CHUNK_BYTES);
      expect(refused).toEqual({ status: 500, body: { message: "Internal server error" } });
    } finally {
      s3.secretAccessKey = secret;
    }
    const row = await t.db.visitFile.findUniqueOrThrow({ where: { id: upload.id } });
    expect(row).toMatchObject({ receivedBytes: FIELD_UPLOAD_CHUNK_BYTES, completedAt: null });
    const logged = t.logs.join("");
    expect(logged).toContain("SignatureDoesNotMatch");
    expect(logged).not.toContain(secret);
    // The device sends the chunk again once the key is right.
    expect((await upload.sendChunk(FIELD_UPLOAD_CHUNK_BYTES)).body).toMatchObject({ offset: bytes.length });
  });
});
