import { execFile, spawn } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";

type PostgresTool = "pg_dump" | "pg_restore";

/** The tool in PG_BIN_DIR when set, else the one on PATH. */
function toolPath(tool: PostgresTool, env: NodeJS.ProcessEnv): string {
  return env.PG_BIN_DIR ? join(env.PG_BIN_DIR, tool) : tool;
}

function installHint(tool: PostgresTool, major: number): string {
  return (
    `install postgresql-client-${major} (on Debian or Ubuntu from apt.postgresql.org; /usr/bin/${tool} then runs ` +
    `the newest client installed) or set PG_BIN_DIR to the bin folder of a PostgreSQL ${major} or newer`
  );
}

/** The major version a tool reports (`pg_dump (PostgreSQL) 15.20 (Debian …)` → 15). */
async function toolMajorVersion(path: string, tool: PostgresTool, wanted: number): Promise<number> {
  const { stdout } = await promisify(execFile)(path, ["--version"]).catch((error: unknown) => {
    const missing = error instanceof Error && "code" in error && error.code === "ENOENT";
    if (missing) throw new Error(`${tool} was not found (${path}): ${installHint(tool, wanted)}`);
    throw error;
  });
  const match = /\(PostgreSQL\)\s+(\d+)/.exec(stdout);
  if (!match) throw new Error(`${path} --version printed "${stdout.trim()}", not a PostgreSQL version`);
  return Number(match[1]);
}

/**
 * The path of `tool`, once it is known to be PostgreSQL `minimumMajor` or newer: pg_dump refuses a newer server (and
 * an older pg_restore cannot read a newer pg_dump's archive), so an older one is refused here, before any work.
 */
export async function postgresTool(
  tool: PostgresTool,
  minimumMajor: number,
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ path: string; major: number }> {
  const path = toolPath(tool, env);
  const major = await toolMajorVersion(path, tool, minimumMajor);
  if (major < minimumMajor) {
    throw new Error(
      `${path} is PostgreSQL ${major}, older than the ${minimumMajor} it must work with: ${installHint(tool, minimumMajor)}`,
    );
  }
  return { path, major };
}

/**
 * Runs a tool on the database of `databaseUrl`. The command line (which `ps` shows) carries the URL without its
 * password; the password goes through PGPASSWORD. Rejects with what the tool wrote on stderr when it fails.
 */
export function runPostgresTool(path: string, args: string[], databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = "";
  const env = { ...process.env, ...(password ? { PGPASSWORD: password } : {}) };
  return new Promise((resolve, reject) => {
    const child = spawn(path, [...args, `--dbname=${url.toString()}`], { env, stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    child.on("error", reject);
    child.on("close", (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`${path} failed (${signal ?? `exit ${code}`}): ${stderr.trim()}`));
    });
  });
}
