import { mkdir, open, readFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";

/**
 * Where the bytes of uploaded files are kept, by key (`<company id>/<file id>`): the data folder's disk by default,
 * an S3-compatible bucket when configured (`s3-file-storage.ts`). An upload arrives in chunks, each written at its
 * offset, so a chunk sent again after a lost answer overwrites itself rather than adding bytes.
 */
export interface FileStorage {
  write(key: string, offset: number, bytes: Buffer): Promise<void>;
  /**
   * Called once the chunks from 0 to `size` are written, before the upload counts as complete; it may run again for
   * the same file (the last chunk retried after its count was rolled back).
   */
  complete(key: string, size: number): Promise<void>;
  read(key: string): Promise<Buffer>;
}

const KEY = /^[0-9a-f-]{36}\/[0-9a-f-]{36}$/;

/** The key, checked: keys are made of ids, never of what a client sent; anything else is a bug, not a path to follow. */
export function storageKey(key: string): string {
  if (!KEY.test(key)) throw new Error(`Not a storage key: ${key}`);
  return key;
}

/** Files under a folder of the disk, one per key; each chunk is written in place, so completing has nothing to do. */
export function diskFileStorage(root: string): FileStorage {
  const pathOf = (key: string) => join(resolve(root), storageKey(key));
  return {
    async write(key, offset, bytes) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      const file = await open(path, offset === 0 ? "w" : "r+");
      try {
        await file.write(bytes, 0, bytes.length, offset);
      } finally {
        await file.close();
      }
    },
    complete: async () => {},
    read: (key) => readFile(pathOf(key)),
  };
}
