import { randomBytes, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startS3StandIn, type S3StandIn } from "../../../../tests/stand-ins/s3-api.ts";
import { chunkChain, s3FileStorage } from "./s3-file-storage.ts";

describe("chunkChain", () => {
  it("walks from offset 0 to the size, leaving out chunks off the chain", () => {
    // 100 was written before its count was rolled back; the device then sent 150 bytes from 100 instead.
    const lengths = new Map([
      [0, 100],
      [100, 150],
      [200, 50],
      [250, 50],
    ]);
    expect(chunkChain(lengths, 300)).toEqual([0, 100, 250]);
  });

  it("is null when a chunk is missing or the chain passes the size", () => {
    expect(chunkChain(new Map([[100, 100]]), 200)).toBeNull();
    expect(chunkChain(new Map([[0, 100]]), 200)).toBeNull();
    expect(chunkChain(new Map([[0, 300]]), 200)).toBeNull();
    expect(chunkChain(new Map([[0, 0]]), 200)).toBeNull();
  });
});

describe("s3FileStorage", () => {
  let standIn: S3StandIn;
  const storage = () =>
    s3FileStorage({
      bucket: standIn.bucket,
      region: "us-east-1",
      endpoint: standIn.url,
      forcePathStyle: true,
      accessKeyId: standIn.accessKeyId,
      secretAccessKey: standIn.secretAccessKey,
    });
  beforeAll(async () => {
    standIn = await startS3StandIn();
  });
  afterAll(() => standIn.close());

  it("assembles the chain of chunks into the file, deletes the chunks, and completes again after that", async () => {
    const key = `${randomUUID()}/${randomUUID()}`;
    const file = randomBytes(2500);
    const files = storage();
    await files.write(key, 0, file.subarray(0, 1000));
    await files.write(key, 1000, randomBytes(700)); // rolled back, then overwritten by the chunk at 1000
    await files.write(key, 1700, randomBytes(300)); // rolled back and left off the chain
    await files.write(key, 1000, file.subarray(1000, 2000));
    await files.write(key, 2000, file.subarray(2000));
    await files.complete(key, file.length);
    expect([...standIn.objects.keys()].filter((stored) => stored.startsWith(key))).toEqual([key]);
    expect((await files.read(key)).equals(file)).toBe(true);

    // The last chunk retried after its count was rolled back: the file is already there.
    await files.write(key, 2000, file.subarray(2000));
    await files.complete(key, file.length);
    expect((await files.read(key)).equals(file)).toBe(true);
    expect([...standIn.objects.keys()].filter((stored) => stored.startsWith(key))).toEqual([key]);
  });

  it("refuses to complete a file whose chunks are missing, and reads a missing key as S3's NoSuchKey", async () => {
    const key = `${randomUUID()}/${randomUUID()}`;
    await storage().write(key, 1000, randomBytes(10));
    await expect(storage().complete(key, 1010)).rejects.toThrow(/do not make its 1010 bytes/);
    await expect(storage().read(`${randomUUID()}/${randomUUID()}`)).rejects.toMatchObject({ name: "NoSuchKey" });
  });
});
