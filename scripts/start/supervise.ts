import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";

/** Whether a process of this pid exists (signal 0 only checks). */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export interface ExitStatus {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** A process `npm start` looks after: its pid, the promise of its exit, and a way to signal it while it runs. */
export interface Running {
  pid: number;
  exited: Promise<ExitStatus>;
  /** Does nothing once the process has exited (its pid may belong to another process by then). */
  kill(signal: NodeJS.Signals): void;
}

/** How long to wait before each restart: doubling from `firstMs` up to `maxMs`, back to `firstMs` after a good run. */
export interface Backoff {
  firstMs: number;
  maxMs: number;
  /** A process that ran this long before it died is restarted after `firstMs` again. */
  stableAfterMs: number;
}

export const DEFAULT_BACKOFF: Backoff = { firstMs: 1000, maxMs: 30_000, stableAfterMs: 30_000 };

/** How long a child gets to stop after SIGTERM before it is killed. */
const CHILD_STOP_LIMIT_MS = 15_000;

export function exitOf(child: ChildProcess): Promise<ExitStatus> {
  if (child.exitCode !== null || child.signalCode !== null) {
    return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  }
  return new Promise((resolve) => {
    child.once("exit", (code, signal) => resolve({ code, signal }));
    // A process that could not be spawned emits only "error".
    child.once("error", () => resolve({ code: child.exitCode, signal: child.signalCode }));
  });
}

export function runningOf(child: ChildProcess): Running {
  if (child.pid === undefined) throw new Error(`could not start ${child.spawnfile}`);
  return { pid: child.pid, exited: exitOf(child), kill: (signal) => void child.kill(signal) };
}

const describeExit = ({ code, signal }: ExitStatus) => (signal ? `signal ${signal}` : `exit code ${code}`);
const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;
const reason = (error: unknown) => (error instanceof Error && error.message ? error.message : String(error));

export interface SuperviseOptions {
  /** As the log names it: "worker", "api", "PostgreSQL", "Redis". */
  name: string;
  /** Starts the process again after it died. */
  restart(): Promise<Running>;
  /** Stops the process for good (Ctrl-C). */
  stop(running: Running): Promise<void>;
  log(line: string): void;
  /** Told of each restart, e.g. to record the new pid. */
  onRestart?(running: Running): void;
  backoff?: Backoff;
}

export interface Supervisor {
  /** The process running now, or null while it is being restarted. */
  current(): Running | null;
  /** From now on a process that exits stays down (while npm start stops the processes that depend on it). */
  cancelRestarts(): void;
  /** Stops restarting, then stops the process (waiting for a restart under way to finish first). */
  stop(): Promise<void>;
}

/**
 * Keeps a process running: when `first` (or a later one) exits without being asked to, it is restarted after a
 * growing delay, and the log says so ("worker exited with signal SIGKILL; restarting in 1 s").
 */
export function supervise(first: Running, options: SuperviseOptions): Supervisor {
  const backoff = options.backoff ?? DEFAULT_BACKOFF;
  let current: Running | null = first;
  let startedAt = Date.now();
  let delayMs = backoff.firstMs;
  let stopped = false;
  let wake: (() => void) | null = null;
  let restarting: Promise<void> | null = null;

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => wake?.(), ms);
      wake = () => {
        clearTimeout(timer);
        wake = null;
        resolve();
      };
    });

  const restartOnce = async () => {
    const running = await options.restart();
    current = running;
    startedAt = Date.now();
    options.log(`${options.name} restarted (pid ${running.pid})`);
    options.onRestart?.(running);
  };

  const watch = async () => {
    while (current && !stopped) {
      const status = await current.exited;
      if (stopped) return;
      current = null;
      if (Date.now() - startedAt >= backoff.stableAfterMs) delayMs = backoff.firstMs;
      options.log(`${options.name} exited with ${describeExit(status)}; restarting in ${seconds(delayMs)}`);
      while (!current && !stopped) {
        await sleep(delayMs);
        if (stopped) return;
        delayMs = Math.min(delayMs * 2, backoff.maxMs);
        restarting = restartOnce();
        await restarting.catch((error: unknown) => {
          options.log(`${options.name} could not be restarted (${reason(error)}); trying again in ${seconds(delayMs)}`);
        });
        restarting = null;
      }
    }
  };
  void watch();

  const cancelRestarts = () => {
    stopped = true;
    wake?.();
  };
  return {
    current: () => current,
    cancelRestarts,
    async stop() {
      cancelRestarts();
      await restarting?.catch(() => {});
      if (current) await options.stop(current);
    },
  };
}

/**
 * The arguments of `node` that run the entry: a compiled one (`.js`, `npm run build`) with its source maps (stack traces
 * name the TypeScript lines), a `.ts` one with tsx.
 */
export function nodeArguments(entry: string, options: { watch?: boolean } = {}): string[] {
  if (entry.endsWith(".js")) {
    if (options.watch) throw new Error(`${entry} is compiled: only the TypeScript sources run in watch mode`);
    return ["--enable-source-maps", entry];
  }
  // In watch mode tsx runs the entry again whenever a file it imported changes (`npm run dev`).
  return options.watch
    ? [fileURLToPath(import.meta.resolve("tsx/cli")), "watch", "--clear-screen=false", entry]
    : ["--import", "tsx", entry];
}

/**
 * Starts `node` on the entry (`--import tsx` for TypeScript) with the given environment, its output going to ours.
 * With FIELDOPS_CPU_PROFILE_DIR set, each process writes a V8 CPU profile there when it exits (`--cpu-prof`, which
 * NODE_OPTIONS refuses): where a bench's time goes, read in Chrome's DevTools or `npx speedscope`.
 */
export function spawnNodeProcess(entry: string, env: NodeJS.ProcessEnv, options: { watch?: boolean } = {}): Running {
  const profileDir = env.FIELDOPS_CPU_PROFILE_DIR;
  const args = [
    ...(profileDir ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : []),
    ...nodeArguments(entry, options),
  ];
  return runningOf(spawn(process.execPath, args, { env, stdio: "inherit" }));
}

/** SIGTERM, then SIGKILL if the process has not exited within CHILD_STOP_LIMIT_MS. */
export async function stopChild(running: Running): Promise<void> {
  running.kill("SIGTERM");
  const timer = setTimeout(() => running.kill("SIGKILL"), CHILD_STOP_LIMIT_MS);
  await running.exited;
  clearTimeout(timer);
}
