import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestCompany,
  startTestApp,
  type TestApp,
  type TestCompany,
} from "../../../tests/integration/test-app.ts";
import { withSystem, withTenant, type Database } from "./client.ts";

let t: TestApp;
/** The app's client, connected as the restricted runtime role; `t.db` is the owner's, for fixtures and checks. */
let app: Database;
let a: TestCompany;
let b: TestCompany;

const customer = (companyId: string, name: string) => ({
  companyId,
  name,
  street: "1 Main St",
  city: "Denver",
  region: "CO",
  postcode: "80202",
  latitude: 39.7,
  longitude: -104.9,
});

beforeAll(async () => {
  t = await startTestApp();
  app = t.runtime.context.db;
  a = await createTestCompany(t.db);
  b = await createTestCompany(t.db);
  await t.db.customer.createMany({ data: [customer(a.id, "Alice of A"), customer(b.id, "Bob of B")] });
});
afterAll(() => t.close());

describe("row-level security behind the tenant-scoped data layer", () => {
  it("a query that forgets its tenant filter returns only the current company's rows", async () => {
    const seenByA = await withTenant(app, a.id, (tx) => tx.customer.findMany());
    expect(seenByA.map((c) => c.name)).toEqual(["Alice of A"]);
    const usersSeenByB = await withTenant(app, b.id, (tx) => tx.user.findMany());
    expect(usersSeenByB.every((u) => u.companyId === b.id)).toBe(true);
    expect(usersSeenByB).toHaveLength(3);
    const companiesSeenByA = await withTenant(app, a.id, (tx) => tx.company.findMany());
    expect(companiesSeenByA.map((c) => c.id)).toEqual([a.id]);
  });

  it("a lookup by another company's id finds nothing", async () => {
    const bobId = (await t.db.customer.findFirstOrThrow({ where: { companyId: b.id } })).id;
    expect(await withTenant(app, a.id, (tx) => tx.customer.findUnique({ where: { id: bobId } }))).toBeNull();
  });

  it("writing a row for another company is refused and changes nothing", async () => {
    await expect(
      withTenant(app, a.id, (tx) => tx.customer.create({ data: customer(b.id, "Planted by A") })),
    ).rejects.toThrow();
    const bobId = (await t.db.customer.findFirstOrThrow({ where: { companyId: b.id } })).id;
    const updated = await withTenant(app, a.id, (tx) =>
      tx.customer.updateMany({ where: { id: bobId }, data: { name: "Renamed by A" } }),
    );
    expect(updated.count).toBe(0);
    expect(await t.db.customer.count({ where: { name: { in: ["Planted by A", "Renamed by A"] } } })).toBe(0);
  });

  it("the runtime role outside a tenant transaction sees no tenant rows at all", async () => {
    expect(await t.db.customer.count()).toBeGreaterThanOrEqual(2);
    expect(await app.customer.findMany()).toEqual([]);
    expect(await app.company.findMany()).toEqual([]);
    expect(await app.user.findMany()).toEqual([]);
    expect(await app.$transaction((tx) => tx.customer.findMany())).toEqual([]);
  });

  it("a tenant transaction sees no sessions; the system context sees users and sessions but no customers", async () => {
    const tokenHash = `rls-${a.id}`;
    await t.db.session.create({
      data: { tokenHash, userId: a.users.owner.id, companyId: a.id, expiresAt: new Date(Date.now() + 60_000) },
    });
    expect(await withTenant(app, a.id, (tx) => tx.session.findMany())).toEqual([]);
    expect(await withSystem(app, (tx) => tx.session.findMany({ where: { tokenHash } }))).toHaveLength(1);
    expect(await withSystem(app, (tx) => tx.user.count({ where: { companyId: { in: [a.id, b.id] } } }))).toBe(6);
    expect(await withSystem(app, (tx) => tx.customer.findMany())).toEqual([]);
  });

  it("every table with a companyId column forces row-level security and has a policy", async () => {
    const unprotected = await t.db.$queryRaw<{ table: string }[]>`
      SELECT c.relname AS table
      FROM pg_class c
      JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = 'public'
      JOIN pg_attribute a ON a.attrelid = c.oid AND a.attname = 'companyId' AND NOT a.attisdropped
      WHERE c.relkind = 'r'
        AND (NOT c.relrowsecurity OR NOT c.relforcerowsecurity
             OR NOT EXISTS (SELECT 1 FROM pg_policy p WHERE p.polrelid = c.oid))`;
    expect(unprotected.map((row) => row.table)).toEqual([]);
  });

  it("the tenant context does not outlive its transaction", async () => {
    await withTenant(app, a.id, (tx) => tx.customer.findMany());
    const rows = await app.$queryRaw<{ role: string; company: string | null }[]>`
      SELECT current_user AS role, app_current_company()::text AS company`;
    expect(rows[0]).toEqual({ role: "fieldops_runtime", company: null });
    expect(await app.customer.findMany()).toEqual([]);
  });
});
