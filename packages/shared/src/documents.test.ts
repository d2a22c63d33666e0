import { describe, expect, it } from "vitest";
import { salesDocumentFileName } from "./documents";

describe("a document's file name", () => {
  it("is its kind and number, with nothing to quote", () => {
    expect(salesDocumentFileName("invoice", 1032)).toBe("invoice-1032.pdf");
    expect(salesDocumentFileName("estimate", 17)).toBe("estimate-17.pdf");
  });
});
