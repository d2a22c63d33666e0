import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withSystem, withTenant, type Database } from "@fieldops/db";
import {
  createTestCompany,
  startTestApp,
  type TestApp,
  type TestCompany,
} from "../../../../tests/integration/test-app.ts";
import { issuePublicLink, resolvePublicLink, revokePublicLinks } from "./public-links.ts";

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

const issue = (subjectId: string) =>
  withTenant(db, a.id, (tx) =>
    issuePublicLink(tx, { companyId: a.id, kind: "invoice_review", subjectId, userId: null }),
  );

describe("public links", () => {
  it("a token resolves to its company for its own kind and subject only, and stops when revoked", async () => {
    const subjectId = randomUUID();
    const token = await issue(subjectId);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await resolvePublicLink(db, "invoice_review", subjectId, token)).toBe(a.id);
    expect(await resolvePublicLink(db, "estimate", subjectId, token)).toBeNull();
    expect(await resolvePublicLink(db, "invoice_review", randomUUID(), token)).toBeNull();
    expect(await resolvePublicLink(db, "invoice_review", subjectId, "")).toBeNull();
    expect(await resolvePublicLink(db, "invoice_review", subjectId, `${token}x`)).toBeNull();
    await withTenant(db, a.id, (tx) => revokePublicLinks(tx, "invoice_review", subjectId));
    expect(await resolvePublicLink(db, "invoice_review", subjectId, token)).toBeNull();
  });

  it("keeps only a hash; another tenant sees no link, and the system context reads but cannot add or remove one", async () => {
    const subjectId = randomUUID();
    const token = await issue(subjectId);
    const stored = await t.db.publicLink.findFirstOrThrow({ where: { subjectId } });
    expect(stored.tokenHash).not.toContain(token);
    expect(await withTenant(db, b.id, (tx) => tx.publicLink.count({ where: { subjectId } }))).toBe(0);
    expect(await withSystem(db, (tx) => tx.publicLink.count({ where: { subjectId } }))).toBe(1);
    await expect(
      withSystem(db, (tx) =>
        tx.publicLink.create({ data: { companyId: b.id, kind: "invoice_review", subjectId, tokenHash: randomUUID() } }),
      ),
    ).rejects.toThrow();
    expect(await withSystem(db, (tx) => tx.publicLink.deleteMany({ where: { subjectId } }))).toEqual({ count: 0 });
  });
});
