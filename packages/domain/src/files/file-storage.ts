import { mkdir, open, readFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";

/**
 * Where the bytes of uploaded files are kept, by key (`<company id>/<file id>`): the data folder's disk by default.
 * An upload arrives in chunks, each written at its offset, so a chunk sent again after a lost answer overwrites
 * itself rather than adding bytes.
 */
export interface FileStorage {
  write(key: string, offset: number, bytes: Buffer): Promise<void>;
  read(key: string): Promise<Buffer>;
}

const KEY = /^[0-9a-f-]{36}\/[0-9a-f-]{36}$/;

/** Files under a folder of the disk, one per key. */
export function diskFileStorage(root: string): FileStorage {
  const pathOf = (key: string) => {
    // Keys are made of ids, never of what a client sent; anything else is a bug, not a path to follow.
    if (!KEY.test(key)) throw new Error(`Not a storage key: ${key}`);
    return join(resolve(root), key);
  };
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
    read: (key) => readFile(pathOf(key)),
  };
}
