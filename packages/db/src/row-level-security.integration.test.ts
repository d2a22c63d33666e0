import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestCompany, startTestApp, type TestApp, type TestCompany } from "../../../tests/integration/test-app.ts";
import { withTenant } from "./client.ts";

let t: TestApp;
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
  a = await createTestCompany(t.db);
  b = await createTestCompany(t.db);
  await t.db.customer.createMany({ data: [customer(a.id, "Alice of A"), customer(b.id, "Bob of B")] });
});
afterAll(() => t.close());

describe("row-level security behind the tenant-scoped data layer", () => {
  it("a query that forgets its tenant filter returns only the current company's rows", async () => {
    const seenByA = await withTenant(t.db, a.id, (tx) => tx.customer.findMany());
    expect(seenByA.map((c) => c.name)).toEqual(["Alice of A"]);
    const usersSeenByB = await withTenant(t.db, b.id, (tx) => tx.user.findMany());
    expect(usersSeenByB.every((u) => u.companyId === b.id)).toBe(true);
    expect(usersSeenByB).toHaveLength(3);
    const companiesSeenByA = await withTenant(t.db, a.id, (tx) => tx.company.findMany());
    expect(companiesSeenByA.map((c) => c.id)).toEqual([a.id]);
  });

  it("a lookup by another company's id finds nothing", async () => {
    const bobId = (await t.db.customer.findFirstOrThrow({ where: { companyId: b.id } })).id;
    expect(await withTenant(t.db, a.id, (tx) => tx.customer.findUnique({ where: { id: bobId } }))).toBeNull();
  });

  it("writing a row for another company is refused and changes nothing", async () => {
    await expect(withTenant(t.db, a.id, (tx) => tx.customer.create({ data: customer(b.id, "Planted by A") }))).rejects.toThrow();
    const bobId = (await t.db.customer.findFirstOrThrow({ where: { companyId: b.id } })).id;
    const updated = await withTenant(t.db, a.id, (tx) => tx.customer.updateMany({ where: { id: bobId }, data: { name: "Renamed by A" } }));
    expect(updated.count).toBe(0);
    expect(await t.db.customer.count({ where: { name: { in: ["Planted by A", "Renamed by A"] } } })).toBe(0);
  });

  it("the tenant role without a company sees no tenant rows at all", async () => {
    const rows = await t.db.$transaction(async (tx) => {
      await tx.$executeRawUnsafe("SET LOCAL ROLE fieldops_app");
      return tx.customer.findMany();
    });
    expect(rows).toEqual([]);
  });

  it("the tenant role cannot read sessions (password and session data stay with the system role)", async () => {
    await expect(withTenant(t.db, a.id, (tx) => tx.session.findMany())).rejects.toThrow(/permission denied/);
  });

  it("every table with a companyId column has row-level security and a tenant policy", async () => {
    const unprotected = await t.db.$queryRaw<{ table: string }[]>`
      SELECT c.relname AS table
      FROM pg_class c
      JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = 'public'
      JOIN pg_attribute a ON a.attrelid = c.oid AND a.attname = 'companyId' AND NOT a.attisdropped
      WHERE c.relkind = 'r'
        AND (NOT c.relrowsecurity OR NOT EXISTS (SELECT 1 FROM pg_policy p WHERE p.polrelid = c.oid))
        AND c.relname <> 'sessions'`;
    // Sessions are read before any tenant is known (sign-in) and the tenant role has no grant on them at all.
    expect(unprotected.map((row) => row.table)).toEqual([]);
  });

  it("the tenant context does not outlive its transaction", async () => {
    await withTenant(t.db, a.id, (tx) => tx.customer.findMany());
    const rows = await t.db.$queryRaw<{ role: string }[]>`SELECT current_user AS role`;
    expect(rows[0]?.role).not.toBe("fieldops_app");
  });
});
