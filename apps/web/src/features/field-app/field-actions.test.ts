import { describe, expect, it } from "vitest";
import type { FieldVisit, VisitFile } from "@fieldops/shared/field-app";
import { applyLocally, isPending, pendingKey, withFile } from "./field-actions";

const visit = { id: "v1", files: [] as VisitFile[] } as FieldVisit;
const at = "2026-11-28T09:00:00.000Z";

describe("photos and a signature shown before the server has them", () => {
  it("adds each to the visit's files as waiting, under its key, with who signed", () => {
    const withPhoto = applyLocally(visit, {
      kind: "photo",
      key: "k1",
      visitId: "v1",
      at,
      contentType: "image/jpeg",
      size: 10,
    });
    const shown = applyLocally(withPhoto, {
      kind: "signature",
      key: "k2",
      visitId: "v1",
      at,
      contentType: "image/png",
      size: 5,
      signerName: "Dana",
    });
    expect(shown.files.map((file) => [file.kind, isPending(file.id), pendingKey(file.id), file.signerName])).toEqual([
      ["photo", true, "k1", null],
      ["signature", true, "k2", "Dana"],
    ]);
    expect(
      applyLocally(visit, { kind: "photo", key: "k3", visitId: "v2", at, contentType: "image/jpeg", size: 1 }),
    ).toBe(visit);
  });

  it("writes a stored file into the visit once", () => {
    const file = { id: "f1", visitId: "v1", kind: "photo" } as VisitFile;
    const once = withFile(visit, file);
    expect(withFile(once, file).files).toEqual([file]);
  });
});
