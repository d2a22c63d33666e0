import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { waitFor } from "./product.ts";

const TEMPLATE = fileURLToPath(new URL("../../deploy/nginx/fieldops.conf", import.meta.url));
export const NGINX_MISSING = "nginx is not installed (Debian: apt-get install nginx-light)";

/** deploy/nginx/fieldops.conf with its placeholders filled: nginx on `listenPort`, round robin over `apiPorts`. */
export async function renderNginxConfig(listenPort: number, apiPorts: number[]): Promise<string> {
  const servers = apiPorts.map((port) => `server 127.0.0.1:${port};`).join(" ");
  // As envsubst with the two names: the comments' example keeps its placeholders.
  return (await readFile(TEMPLATE, "utf8"))
    .split("\n")
    .map((line) =>
      line.trimStart().startsWith("#")
        ? line
        : line
            .replaceAll("${FIELDOPS_LISTEN}", `127.0.0.1:${listenPort}`)
            .replaceAll("${FIELDOPS_API_SERVERS}", servers),
    )
    .join("\n");
}

export interface NginxProxy {
  url: string;
  /** What nginx wrote to its error log. */
  errors(): Promise<string>;
  stop(): Promise<void>;
}

/**
 * The system's nginx as a child process (never its service, never /etc/nginx), on the repository's configuration
 * inside a main file of its own in a temporary folder (pid, logs, temporary files there); resolves once a request
 * through it reaches an API.
 */
export async function startNginxProxy(listenPort: number, apiPorts: number[]): Promise<NginxProxy> {
  if (spawnSync("nginx", ["-v"]).error) throw new Error(NGINX_MISSING);
  const dir = await mkdtemp(join(tmpdir(), "fieldops-nginx-"));
  await writeFile(join(dir, "fieldops.conf"), await renderNginxConfig(listenPort, apiPorts));
  const main = join(dir, "nginx.conf");
  await writeFile(
    main,
    [
      // As root, nginx's workers would otherwise run as nobody, who may not read this folder.
      process.getuid?.() === 0 ? "user root;" : "",
      "worker_processes 1;",
      `error_log ${join(dir, "error.log")} warn;`,
      "events { worker_connections 2048; }",
      "http {",
      `  access_log ${join(dir, "access.log")};`,
      `  client_body_temp_path ${join(dir, "body")};`,
      `  proxy_temp_path ${join(dir, "proxy")};`,
      `  include ${join(dir, "fieldops.conf")};`,
      "}",
    ].join("\n"),
  );
  const child: ChildProcess = spawn(
    "nginx",
    ["-p", dir, "-e", join(dir, "error.log"), "-c", main, "-g", `daemon off; pid ${join(dir, "nginx.pid")};`],
    { stdio: ["ignore", "ignore", "inherit"] },
  );
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const url = `http://127.0.0.1:${listenPort}`;
  const errors = () => readFile(join(dir, "error.log"), "utf8").catch(() => "");
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      // SIGTERM: nginx's fast shutdown, which also ends its worker.
      child.kill("SIGTERM");
      await exited;
    }
    await rm(dir, { recursive: true, force: true });
  };
  try {
    const exitedEarly = exited.then(async () => {
      throw new Error(`nginx exited: ${await errors()}`);
    });
    exitedEarly.catch(() => {});
    await Promise.race([
      exitedEarly,
      waitFor("nginx to pass a request to an API", async () => (await fetch(`${url}/api/health`)).ok),
    ]);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, errors, stop };
}
