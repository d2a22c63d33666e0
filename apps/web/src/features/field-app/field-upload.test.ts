import "fake-indexeddb/auto";
import { afterEach, describe, expect, it, vi } from "vitest";
import { FIELD_UPLOAD_CHUNK_BYTES, type FieldUpload, type VisitFile } from "@fieldops/shared/field-app";
import { clearDevice } from "../../lib/device-store";
import type { FieldFileAction } from "./field-actions";
import { queueFieldAction } from "./field-outbox";
import { uploadFieldFile } from "./field-upload";

const SIZE = FIELD_UPLOAD_CHUNK_BYTES * 2 + 100;
const bytes = new Uint8Array(SIZE).map((_, index) => index % 251);
bytes.set([0xff, 0xd8, 0xff]);
const action: FieldFileAction = {
  kind: "photo",
  key: "photo-key-1",
  visitId: "v1",
  at: "2026-11-28T09:00:00.000Z",
  contentType: "image/jpeg",
  size: SIZE,
};

const storedFile: VisitFile = {
  id: "f1",
  visitId: "v1",
  kind: "photo",
  contentType: "image/jpeg",
  byteSize: SIZE,
  takenAt: action.at,
  takenByName: "Tech",
  signerName: null,
  url: "/api/visit-files/f1",
};

/**
 * The upload routes as the server answers them: one upload per key, chunks only at its offset (409 otherwise), and
 * a connection that drops once, after the server has taken the chunk, when told to.
 */
function fakeUploadServer(dropAfterChunk: number | null) {
  const received: Uint8Array[] = [];
  let offset = 0;
  let uploads = 0;
  let chunks = 0;
  const state = (): FieldUpload => ({
    id: "u1",
    offset,
    size: SIZE,
    file: offset === SIZE ? storedFile : null,
    movedAway: null,
  });
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
  const fetch = vi.fn(async (url: string, init: RequestInit) => {
    if (init.method === "POST") {
      uploads += 1;
      return json(200, state());
    }
    if (init.method === "GET") return json(200, state());
    const body = JSON.parse(String(init.body)) as { offset: number; dataBase64: string };
    if (body.offset !== offset) return json(409, { message: `The server has ${offset} bytes` });
    const chunk = Uint8Array.from(atob(body.dataBase64), (char) => char.charCodeAt(0));
    received.push(chunk);
    offset += chunk.length;
    chunks += 1;
    if (chunks === dropAfterChunk) throw new TypeError("Failed to fetch");
    return json(200, state());
  });
  return { fetch, received, counts: () => ({ uploads, chunks }) };
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await clearDevice();
});

describe("uploading a waiting photo", () => {
  it("sends a large photo in chunks and, after a dropped connection, resumes from the server's offset", async () => {
    await queueFieldAction({ userId: "tech", action, visitTitle: "Visit", what: "A photo" }, new Blob([bytes]));
    const server = fakeUploadServer(1);
    vi.stubGlobal("fetch", server.fetch);
    // The answer to the first chunk is lost: the drain stops there, offline.
    await expect(uploadFieldFile(action)).rejects.toThrow("Failed to fetch");
    // Sent again: the same key names the same upload, which goes on from what the server has.
    const { file } = await uploadFieldFile(action);
    expect(file.id).toBe("f1");
    expect(server.counts()).toEqual({ uploads: 2, chunks: 3 });
    const stored = new Uint8Array(SIZE);
    let at = 0;
    for (const chunk of server.received) {
      stored.set(chunk, at);
      at += chunk.length;
    }
    expect(at).toBe(SIZE);
    // Compared as one buffer: a deep equality walks a megabyte element by element (seconds).
    expect(Buffer.compare(stored, bytes)).toBe(0);
  });

  it("refuses to send a photo whose image the device no longer has", async () => {
    vi.stubGlobal("fetch", fakeUploadServer(null).fetch);
    await expect(uploadFieldFile({ ...action, key: "gone" })).rejects.toThrow("no longer on this device");
  });
});
