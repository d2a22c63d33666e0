import { mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

export const STATE_FILE_NAME = "npm-start.json";

/**
 * What a running `npm start` has started, kept current in `<data dir>/npm-start.json` while it runs (and removed
 * when it stops), so that an operator or a fault test can find each part: the pid of every process, the port, and
 * the URLs of the services it owns (never of a DATABASE_URL or REDIS_URL given to it), without their passwords (the
 * embedded PostgreSQL's is in its own file, see `embeddedOwnerUrl`).
 */
export interface StartState {
  pid: number;
  port: number;
  processes: { api?: number; worker?: number; postgres?: number; redis?: number };
  services: { postgres?: { url: string }; redis?: { url: string } };
}

export interface StateFile {
  readonly path: string;
  setProcess(name: keyof StartState["processes"], pid: number | undefined): void;
  setService(name: keyof StartState["services"], url: string): void;
  remove(): void;
}

/** Nothing is written until the first process or service is recorded. */
export function createStateFile(dataDir: string, port: number): StateFile {
  const path = join(dataDir, STATE_FILE_NAME);
  const state: StartState = { pid: process.pid, port, processes: {}, services: {} };
  // Written whole and renamed into place, so that a reader never sees half a file.
  const write = () => {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(`${path}.tmp`, `${JSON.stringify(state, null, 2)}\n`, { mode: 0o600 });
    renameSync(`${path}.tmp`, path);
  };
  return {
    path,
    setProcess(name, pid) {
      state.processes[name] = pid;
      write();
    },
    setService(name, url) {
      state.services[name] = { url: withoutPassword(url) };
      write();
    },
    remove() {
      rmSync(path, { force: true });
    },
  };
}

function withoutPassword(serviceUrl: string): string {
  const url = new URL(serviceUrl);
  url.password = "";
  return url.toString();
}
