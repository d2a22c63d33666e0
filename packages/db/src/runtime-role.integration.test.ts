import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestCompany,
  startTestApp,
  type TestApp,
  type TestCompany,
} from "../../../tests/integration/test-app.ts";
import { withTenant } from "./client.ts";
import { randomUUID } from "node:crypto";
import { ensureRuntimeRole, runtimeRoleProblems, withRole } from "./runtime-role.ts";
import { workerResources } from "../../../tests/integration/provided-context.ts";

// What someone gets who runs SQL as the runtime role (its stolen password, or an injection into the app's queries),
// without the context key: company B's data, seen from outside any transaction the app signed.

let t: TestApp;
let a: TestCompany;
let b: TestCompany;
let attacker: pg.Client;

/** Every table with tenant data, and sessions. */
const TENANT_TABLES = [
  "companies",
  "users",
  "sessions",
  "audit_logs",
  "telemetry_events",
  "customers",
  "crews",
  "crew_members",
  "jobs",
  "visits",
  "invoices",
];

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

const sqlState = (code: string) => expect.objectContaining({ code });

/** Runs `statements` in one transaction of the attacker's connection and returns the last result; rolls back. */
async function inTransaction(statements: [string, unknown[]?][]): Promise<pg.QueryResult> {
  await attacker.query("BEGIN");
  try {
    let last: pg.QueryResult | undefined;
    for (const [sql, values] of statements) last = await attacker.query(sql, values);
    if (!last) throw new Error("no statement");
    return last;
  } finally {
    await attacker.query("ROLLBACK");
  }
}

/** What the owner sees of company B afterwards: nothing of it may have changed. */
async function companyBState() {
  return {
    customers: await t.db.customer.findMany({ where: { companyId: b.id }, orderBy: { id: "asc" } }),
    users: await t.db.user.findMany({ where: { companyId: b.id }, orderBy: { id: "asc" } }),
    company: await t.db.company.findUnique({ where: { id: b.id } }),
  };
}

let before: Awaited<ReturnType<typeof companyBState>>;

beforeAll(async () => {
  t = await startTestApp();
  a = await createTestCompany(t.db);
  b = await createTestCompany(t.db);
  await t.db.customer.createMany({ data: [customer(a.id, "Alice of A"), customer(b.id, "Bob of B")] });
  await t.db.session.create({
    data: {
      tokenHash: `victim-${b.id}`,
      userId: b.users.owner.id,
      companyId: b.id,
      expiresAt: new Date(Date.now() + 3600_000),
    },
  });
  before = await companyBState();
  attacker = new pg.Client({ connectionString: workerResources().databaseUrl });
  attacker.on("error", () => {});
  await attacker.connect();
});

afterAll(async () => {
  await attacker?.end();
  await t?.close();
});

describe("the runtime role the API and the worker connect as", () => {
  it("is a login role that is not a superuser, has no BYPASSRLS and owns nothing", async () => {
    const role = (await attacker.query<{ role: string }>("SELECT session_user AS role")).rows[0]?.role ?? "";
    expect(role).toBe("fieldops_runtime");
    expect(await runtimeRoleProblems(attacker, role)).toEqual([]);
    const owner = (await t.db.$queryRaw<{ owner: string }[]>`SELECT current_user AS owner`)[0]?.owner ?? "";
    const escalation = await attacker.query("SELECT pg_has_role(session_user, $1, 'MEMBER') AS member", [owner]);
    expect(escalation.rows[0]).toEqual({ member: false });
    // And the API and the worker of this suite are that role.
    const appRole = await t.runtime.context.db.$queryRaw<{ role: string }[]>`SELECT session_user AS role`;
    expect(appRole[0]?.role).toBe("fieldops_runtime");
  });

  it("sees no row of any tenant table outside a transaction the app signed", async () => {
    expect(await t.db.customer.count()).toBeGreaterThan(0);
    for (const table of TENANT_TABLES) {
      const rows = await attacker.query(`SELECT count(*)::int AS n FROM ${table}`);
      expect({ table, rows: rows.rows[0] }).toEqual({ table, rows: { n: 0 } });
    }
  });

  it("reaches nothing of another company by claiming its id with set_config", async () => {
    const forged: [string, unknown[]][] = [["SELECT set_config('app.company_id', $1, true)", [b.id]]];
    for (const table of TENANT_TABLES) {
      const rows = await inTransaction([...forged, [`SELECT count(*)::int AS n FROM ${table}`]]);
      expect({ table, rows: rows.rows[0] }).toEqual({ table, rows: { n: 0 } });
    }
    expect(
      (await inTransaction([...forged, ["UPDATE customers SET name = 'Renamed' WHERE \"companyId\" = $1", [b.id]]]))
        .rowCount,
    ).toBe(0);
    expect((await inTransaction([...forged, ['DELETE FROM users WHERE "companyId" = $1', [b.id]]])).rowCount).toBe(0);
    expect(
      (await inTransaction([...forged, ["UPDATE companies SET name = 'Taken' WHERE id = $1", [b.id]]])).rowCount,
    ).toBe(0);
    await expect(
      inTransaction([
        ...forged,
        [
          `INSERT INTO customers (id, "companyId", name, street, city, region, postcode, latitude, longitude, "updatedAt")
        VALUES (gen_random_uuid(), $1, 'Planted', 's', 'c', 'r', 'p', 1, 1, now())`,
          [b.id],
        ],
      ]),
    ).rejects.toEqual(sqlState("42501"));
    expect(await companyBState()).toEqual(before);
  });

  it("reaches nothing with a made-up signature, or with a real one replayed outside its transaction", async () => {
    const replayed = await withTenant(
      t.runtime.context.db,
      b.id,
      (tx) => tx.$queryRaw<{ signature: string }[]>`SELECT current_setting('app.company_signature') AS signature`,
    );
    const signature = replayed[0]?.signature ?? "";
    expect(signature).toMatch(/^[0-9a-f]{64}$/);
    for (const candidate of [signature, "0".repeat(64), "' OR true --"]) {
      const rows = await inTransaction([
        [
          "SELECT set_config('app.company_id', $1, true), set_config('app.company_signature', $2, true)",
          [b.id, candidate],
        ],
        ["SELECT count(*)::int AS n FROM customers"],
      ]);
      expect(rows.rows[0]).toEqual({ n: 0 });
    }
    // Set for the whole session rather than one transaction: the same.
    await attacker.query(
      "SELECT set_config('app.company_id', $1, false), set_config('app.company_signature', $2, false)",
      [b.id, signature],
    );
    expect((await attacker.query("SELECT count(*)::int AS n FROM customers")).rows[0]).toEqual({ n: 0 });
    await attacker.query("RESET ALL");
  });

  it("reaches no user or session by claiming the system context", async () => {
    for (const signature of ["on", "0".repeat(64)]) {
      const users = await inTransaction([
        ["SELECT set_config('app.system_signature', $1, true)", [signature]],
        ["SELECT count(*)::int AS n FROM users"],
      ]);
      expect(users.rows[0]).toEqual({ n: 0 });
    }
    expect((await attacker.query("SELECT app_system_context() AS system")).rows[0]).toEqual({ system: false });
  });

  it("cannot become another role, switch row-level security off, or read the key", async () => {
    const owner = (await t.db.$queryRaw<{ owner: string }[]>`SELECT current_user AS owner`)[0]?.owner ?? "";
    const refused: string[] = [
      `SET ROLE ${owner}`,
      `SET SESSION AUTHORIZATION ${owner}`,
      "ALTER TABLE customers DISABLE ROW LEVEL SECURITY",
      "ALTER TABLE customers NO FORCE ROW LEVEL SECURITY",
      "DROP POLICY tenant_isolation ON customers",
      "CREATE POLICY open_door ON customers USING (true)",
      "TRUNCATE customers",
      "ALTER ROLE fieldops_runtime BYPASSRLS",
      "CREATE ROLE intruder SUPERUSER",
      `GRANT ${owner} TO fieldops_runtime`,
      "GRANT SELECT ON fieldops_private.context_key TO fieldops_runtime",
      "SELECT encode(key, 'hex') FROM fieldops_private.context_key",
      "SELECT fieldops_private.context_signed('system', '')",
      "CREATE OR REPLACE FUNCTION app_current_company() RETURNS uuid LANGUAGE sql AS $$ SELECT NULL::uuid $$",
      "CREATE FUNCTION public.app_tenant_bypass() RETURNS boolean LANGUAGE sql AS $$ SELECT true $$",
      "CREATE TABLE public.stolen (id int)",
    ];
    for (const statement of refused) {
      await expect(inTransaction([[statement]]), statement).rejects.toEqual(sqlState("42501"));
    }
    // Asked to answer without row-level security, PostgreSQL refuses rather than bypassing it.
    await expect(inTransaction([["SET LOCAL row_security = off"], ["SELECT * FROM customers"]])).rejects.toEqual(
      sqlState("42501"),
    );
  });

  it("gains nothing by leaving the tenant role or taking it on", async () => {
    for (const statement of ["RESET ROLE", "SET ROLE fieldops_app", "SET ROLE NONE"]) {
      const rows = await inTransaction([
        ["SELECT set_config('app.company_id', $1, true)", [b.id]],
        [statement],
        ["SELECT count(*)::int AS n FROM customers"],
      ]);
      expect({ statement, rows: rows.rows[0] }).toEqual({ statement, rows: { n: 0 } });
    }
  });

  it("reads no other company's values from the planner's statistics or a COPY", async () => {
    await t.db.$executeRawUnsafe("ANALYZE customers");
    const stats = await attacker.query("SELECT count(*)::int AS n FROM pg_stats WHERE tablename = 'customers'");
    expect(stats.rows[0]).toEqual({ n: 0 });
    const copied = await inTransaction([
      ["SELECT set_config('app.company_id', $1, true)", [b.id]],
      ["COPY (SELECT name FROM customers) TO STDOUT"],
    ]);
    expect(copied.rowCount).toBe(0);
    expect(await companyBState()).toEqual(before);
  });
});

describe("making the runtime role ready", () => {
  it("creates a missing role once when several processes ask at the same time, and grants it the tenant role", async () => {
    const ownerUrl = workerResources().ownerDatabaseUrl;
    const role = `fieldops_it_${randomUUID().slice(0, 8)}`;
    const runtimeUrl = withRole(ownerUrl, role, "a-password");
    try {
      await Promise.all(Array.from({ length: 4 }, () => ensureRuntimeRole(ownerUrl, runtimeUrl)));
      const granted = await t.db.$queryRaw<{ login: boolean; member: boolean }[]>`
        SELECT rolcanlogin AS login, pg_has_role(oid, 'fieldops_app', 'USAGE') AS member FROM pg_roles WHERE rolname = ${role}`;
      expect(granted).toEqual([{ login: true, member: true }]);
    } finally {
      const database = new URL(ownerUrl).pathname.slice(1);
      await t.db.$executeRawUnsafe(`REVOKE CONNECT ON DATABASE "${database}" FROM ${role}`).catch(() => {});
      await t.db.$executeRawUnsafe(`DROP ROLE IF EXISTS ${role}`);
    }
  });

  it("refuses the owner, or any role that can bypass row-level security, as the runtime role", async () => {
    const ownerUrl = workerResources().ownerDatabaseUrl;
    await expect(ensureRuntimeRole(ownerUrl, ownerUrl)).rejects.toThrow(/owner of the schema/);
    const owner = (await t.db.$queryRaw<{ owner: string }[]>`SELECT current_user AS owner`)[0]?.owner ?? "";
    expect(await runtimeRoleProblems(attacker, owner)).toContain("is a superuser");
  });
});
