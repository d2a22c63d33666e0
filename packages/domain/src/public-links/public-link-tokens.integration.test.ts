import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withSystem, withTenant, type Database } from "@fieldops/db";
import { createTestCompany, startTestApp, type TestApp, type TestCompany } from "../../../../tests/integration/test-app.ts";
import { createPublicLink, resolvePublicLink, revokePublicLinks } from "./public-link-tokens.ts";

let t: TestApp;
let db: Database;
let a: TestCompany;
let b: TestCompany;

beforeAll(async () => {
  t = await startTestApp();
  db = t.runtime.context.db;
  a = await createTestCompany(t.db);
  b = await createTestCompany(t.db);
});
afterAll(() => t.close());

describe("public links", () => {
  it("a token resolves to its company for its own subject only, and stops when revoked", async () => {
    const subjectId = randomUUID();
    const token = await withTenant(db, a.id, (tx) => createPublicLink(tx, { companyId: a.id, kind: "invoice_review", subjectId }));
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await resolvePublicLink(db, { kind: "invoice_review", subjectId, token })).toEqual({ companyId: a.id });
    expect(await resolvePublicLink(db, { kind: "invoice_review", subjectId: randomUUID(), token })).toBeNull();
    expect(await resolvePublicLink(db, { kind: "invoice_review", subjectId, token: undefined })).toBeNull();
    expect(await resolvePublicLink(db, { kind: "invoice_review", subjectId, token: `${token}x` })).toBeNull();
    await withTenant(db, a.id, (tx) => revokePublicLinks(tx, { kind: "invoice_review", subjectId }));
    expect(await resolvePublicLink(db, { kind: "invoice_review", subjectId, token })).toBeNull();
  });

  it("keeps only a hash; another tenant sees no link, and the system context reads but cannot write", async () => {
    const subjectId = randomUUID();
    const token = await withTenant(db, a.id, (tx) => createPublicLink(tx, { companyId: a.id, kind: "invoice_review", subjectId }));
    const stored = await t.db.publicLink.findFirstOrThrow({ where: { subjectId } });
    expect(stored.tokenHash).not.toContain(token);
    expect(await withTenant(db, b.id, (tx) => tx.publicLink.count({ where: { subjectId } }))).toBe(0);
    expect(await withSystem(db, (tx) => tx.publicLink.count({ where: { subjectId } }))).toBe(1);
    await expect(withSystem(db, (tx) => tx.publicLink.create({ data: { companyId: b.id, kind: "invoice_review", subjectId, tokenHash: randomUUID() } }))).rejects.toThrow();
    expect(await withSystem(db, (tx) => tx.publicLink.updateMany({ where: { subjectId }, data: { revokedAt: new Date() } }))).toEqual({ count: 0 });
  });
});
