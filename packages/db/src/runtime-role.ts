import { createHash, createHmac, pbkdf2Sync, randomBytes } from "node:crypto";
import pg from "pg";
import { withClient } from "./with-client.ts";
import { TENANT_ROLE } from "./client.ts";

/** The login role `npm start` creates for the API and the worker on its embedded PostgreSQL. */
export const RUNTIME_ROLE = "fieldops_runtime";

const SCRAM_ITERATIONS = 4096;

/**
 * The SCRAM-SHA-256 verifier PostgreSQL stores for `password`. Handing the server the verifier rather than the
 * password keeps the password out of its statement log.
 */
export function scramVerifier(password: string, salt: Buffer = randomBytes(16)): string {
  const salted = pbkdf2Sync(password, salt, SCRAM_ITERATIONS, 32, "sha256");
  const clientKey = createHmac("sha256", salted).update("Client Key").digest();
  const storedKey = createHash("sha256").update(clientKey).digest();
  const serverKey = createHmac("sha256", salted).update("Server Key").digest();
  return `SCRAM-SHA-256$${SCRAM_ITERATIONS}:${salt.toString("base64")}$${storedKey.toString("base64")}:${serverKey.toString("base64")}`;
}

/** The same connection string for another login role. */
export function withRole(databaseUrl: string, role: string, password: string): string {
  const url = new URL(databaseUrl);
  url.username = encodeURIComponent(role);
  url.password = encodeURIComponent(password);
  return url.toString();
}

function credentials(databaseUrl: string): { role: string; password: string | null } {
  const url = new URL(databaseUrl);
  const role = decodeURIComponent(url.username);
  if (!role) throw new Error("DATABASE_URL names no role (user)");
  return { role, password: url.password ? decodeURIComponent(url.password) : null };
}

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;
const quoteLiteral = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** SQLSTATEs of two sessions creating or granting the same role at once (roles are shared by the whole server). */
const RACE_CODES = new Set(["42710", "23505", "XX000", "40001"]);
const isRace = (error: unknown) => error instanceof Error && "code" in error && RACE_CODES.has(String(error.code));

async function retryRaces<T>(attempt: () => Promise<T>): Promise<T> {
  for (let tries = 1; ; tries++) {
    try {
      return await attempt();
    } catch (error) {
      if (!isRace(error) || tries >= 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20 * tries));
    }
  }
}

export interface RuntimeRoleOptions {
  /**
   * Set the role's password to the one in `runtimeUrl` even when the role exists. For a server this product owns
   * alone (the embedded one); never on a shared server, where another installation may use the same role.
   */
  resetPassword?: boolean;
}

/**
 * Makes the login role of `runtimeUrl` ready on the database of `ownerUrl` (which the migrations have prepared):
 * creates it when missing (with the URL's password; the owner needs CREATEROLE), makes it a member of the tenant role,
 * which holds the table grants, and refuses a role that is a superuser, may bypass row-level security, or owns
 * anything in the database. Safe to run concurrently from several processes and databases.
 */
export async function ensureRuntimeRole(
  ownerUrl: string,
  runtimeUrl: string,
  options: RuntimeRoleOptions = {},
): Promise<void> {
  const { role, password } = credentials(runtimeUrl);
  await withClient(ownerUrl, async (client) => {
    const owner = (await client.query<{ owner: string }>("SELECT current_user AS owner")).rows[0]?.owner;
    if (owner === role) {
      throw new Error(
        `DATABASE_URL connects as ${role}, the owner of the schema; the API and the worker need a role of their own`,
      );
    }
    const exists = async () =>
      ((await client.query("SELECT 1 FROM pg_roles WHERE rolname = $1", [role])).rowCount ?? 0) > 0;
    const passwordClause = password === null ? "" : ` PASSWORD ${quoteLiteral(scramVerifier(password))}`;
    if (!(await exists())) {
      await client
        .query(
          `CREATE ROLE ${quoteIdent(role)} LOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE NOREPLICATION INHERIT${passwordClause}`,
        )
        .catch(async (error: unknown) => {
          // Another process created it meanwhile.
          if (!isRace(error) || !(await exists())) throw error;
        });
    } else if (options.resetPassword && passwordClause) {
      await client.query(`ALTER ROLE ${quoteIdent(role)}${passwordClause}`);
    }
    if (role !== TENANT_ROLE) {
      const member = await client.query("SELECT 1 WHERE pg_has_role($1, $2, 'MEMBER')", [role, TENANT_ROLE]);
      if (member.rowCount === 0)
        await retryRaces(() => client.query(`GRANT ${quoteIdent(TENANT_ROLE)} TO ${quoteIdent(role)}`));
    }
    const database = (await client.query<{ name: string }>("SELECT current_database() AS name")).rows[0]?.name ?? "";
    await retryRaces(() => client.query(`GRANT CONNECT ON DATABASE ${quoteIdent(database)} TO ${quoteIdent(role)}`));
    const problems = await runtimeRoleProblems(client, role);
    if (problems.length > 0) throw new Error(`The runtime role ${role} (DATABASE_URL) ${problems.join(", ")}`);
  });
}

/** What makes `role` unfit to run the API and the worker in the connected database; empty when nothing does. */
export async function runtimeRoleProblems(client: Pick<pg.Client, "query">, role: string): Promise<string[]> {
  const result = await client.query<{ rolsuper: boolean; rolbypassrls: boolean; owned: number }>(
    `SELECT r.rolsuper, r.rolbypassrls,
            (SELECT count(*) FROM pg_class c
              WHERE pg_has_role(r.oid, c.relowner, 'USAGE')
                AND c.relnamespace NOT IN (SELECT oid FROM pg_namespace WHERE nspname LIKE 'pg\\_%'))::int AS owned
     FROM pg_roles r WHERE r.rolname = $1`,
    [role],
  );
  const row = result.rows[0];
  if (!row) return ["does not exist"];
  return [
    row.rolsuper ? "is a superuser" : null,
    row.rolbypassrls ? "has BYPASSRLS" : null,
    row.owned > 0 ? `owns ${row.owned} relation(s) (or is a member of their owner)` : null,
  ].filter((problem): problem is string => problem !== null);
}

/** The key that signs tenant and system contexts, as 64 hex digits; only the owner can read it. */
export async function readContextKey(ownerUrl: string): Promise<string> {
  return withClient(ownerUrl, async (client) => {
    const row = (
      await client.query<{ key: string }>("SELECT encode(key, 'hex') AS key FROM fieldops_private.context_key")
    ).rows[0];
    if (!row) throw new Error("The database has no context key; apply the migrations first");
    return row.key;
  });
}

/**
 * Stops the process when `databaseUrl` connects as a role that could bypass row-level security. A database that does
 * not answer is not a reason to stop (the process reports it as degraded and reconnects); the check then passes.
 */
export async function refuseUnsafeRuntimeRole(databaseUrl: string, service: string): Promise<void> {
  const problems = await withClient(databaseUrl, async (client) => {
    const role = (await client.query<{ role: string }>("SELECT session_user AS role")).rows[0]?.role ?? "";
    return (await runtimeRoleProblems(client, role)).map((problem) => `${role} ${problem}`);
  }).catch(() => []);
  if (problems.length === 0) return;
  console.error(
    `${service}: refusing to run as a database role that can bypass row-level security: ${problems.join("; ")}. ` +
      "DATABASE_URL must be the restricted runtime role and DATABASE_OWNER_URL the owner (see docs/configuration.md).",
  );
  process.exit(1);
}

/**
 * After the migrations: the runtime role of `runtimeUrl` ready (see `ensureRuntimeRole`), and the context key the API
 * and the worker need (DATABASE_CONTEXT_KEY).
 */
export async function prepareRuntimeAccess(
  ownerUrl: string,
  runtimeUrl: string,
  options: RuntimeRoleOptions = {},
): Promise<{ contextKey: string }> {
  await ensureRuntimeRole(ownerUrl, runtimeUrl, options);
  return { contextKey: await readContextKey(ownerUrl) };
}

/** For messages: the URL without its password. */
export function redactedDatabaseUrl(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    if (url.password) url.password = "***";
    return url.toString();
  } catch {
    return "<invalid database URL>";
  }
}
