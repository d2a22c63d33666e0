import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import type { S3StorageSettings } from "@fieldops/config/env";
import { storageKey, type FileStorage } from "./file-storage.ts";

/**
 * The chunks that make a file of `size` bytes, by offset: from 0, each chunk ends where the next one starts, up to the
 * size; null when one is missing. A chunk off that chain (written before its count was rolled back, and not
 * overwritten since) is left out. `lengths` maps each stored chunk's offset to its length.
 */
export function chunkChain(lengths: ReadonlyMap<number, number>, size: number): number[] | null {
  const chain: number[] = [];
  let offset = 0;
  while (offset < size) {
    const length = lengths.get(offset);
    if (!length) return null;
    chain.push(offset);
    offset += length;
  }
  return offset === size ? chain : null;
}

const chunkPrefix = (key: string) => `${storageKey(key)}.chunks/`;
/** Zero-padded so that a bucket's listing shows a file's chunks in order. */
const chunkKey = (key: string, offset: number) => `${chunkPrefix(key)}${String(offset).padStart(12, "0")}`;

/**
 * Files in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2…), one object per key. S3 cannot write at an offset,
 * so each chunk is an object of its own (`<key>.chunks/<offset>`) until the upload completes: then the chain of chunks
 * is put whole at `<key>` and the chunks are deleted. Nothing is kept by the process, so the chunks of one upload may
 * arrive at different API processes. Files are at most FIELD_FILE_MAX_BYTES, so a file is assembled in memory.
 */
export function s3FileStorage(settings: S3StorageSettings): FileStorage {
  const client = new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    // Checksums only where S3 requires them (DeleteObjects). By default the SDK sends PutObject in the aws-chunked
    // encoding with a trailing CRC32, which not every S3-compatible server accepts; the body is hashed into the
    // signature (x-amz-content-sha256) either way.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  const Bucket = settings.bucket;

  const readObject = async (Key: string) => {
    const { Body } = await client.send(new GetObjectCommand({ Bucket, Key }));
    if (!Body) throw new Error(`S3 sent no body for ${Key}`);
    return Buffer.from(await Body.transformToByteArray());
  };

  /** The size of the object at `Key`, or null when there is none. */
  const sizeOf = async (Key: string) => {
    try {
      return (await client.send(new HeadObjectCommand({ Bucket, Key }))).ContentLength ?? 0;
    } catch (error) {
      if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404) return null;
      throw error;
    }
  };

  /** The stored chunks of a file: their object keys by offset, and their lengths. */
  const listChunks = async (key: string) => {
    const keys = new Map<number, string>();
    const lengths = new Map<number, number>();
    let ContinuationToken: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: chunkPrefix(key), ContinuationToken }));
      for (const object of page.Contents ?? []) {
        const offset = Number(object.Key!.slice(chunkPrefix(key).length));
        keys.set(offset, object.Key!);
        lengths.set(offset, object.Size ?? 0);
      }
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
    return { keys, lengths };
  };

  return {
    async write(key, offset, bytes) {
      await client.send(new PutObjectCommand({ Bucket, Key: chunkKey(key, offset), Body: bytes }));
    },
    async complete(key, size) {
      const { keys, lengths } = await listChunks(key);
      const chain = chunkChain(lengths, size);
      if (chain) {
        const parts = await Promise.all(chain.map((offset) => readObject(keys.get(offset)!)));
        await client.send(new PutObjectCommand({ Bucket, Key: storageKey(key), Body: Buffer.concat(parts) }));
      } else if ((await sizeOf(storageKey(key))) !== size) {
        // Not a second run after the file was put and its chunks deleted: bytes are missing.
        throw new Error(`The stored chunks of ${key} do not make its ${size} bytes`);
      }
      if (keys.size === 0) return;
      await client.send(
        new DeleteObjectsCommand({
          Bucket,
          Delete: { Objects: [...keys.values()].map((Key) => ({ Key })), Quiet: true },
        }),
      );
    },
    read: (key) => readObject(storageKey(key)),
  };
}
