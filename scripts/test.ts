import { spawn } from "node:child_process";
import { constants } from "node:os";

/**
 * `npm test`: each phase of the suite in turn (the npm scripts of the same names), stopping at the first that fails
 * with its exit code, then a table of each phase's wall time, also when one failed or the run was interrupted.
 */
const PHASES = ["typecheck", "lint", "format:check", "db:drift", "test:unit", "test:integration", "test:e2e"] as const;

interface Timing {
  phase: string;
  seconds: number;
  outcome: "passed" | "failed" | "interrupted";
}

const npm = process.platform === "win32" ? "npm.cmd" : "npm";
const timings: Timing[] = [];
let current: ReturnType<typeof spawn> | null = null;
let stopping = false;

function formatSeconds(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  const rest = (seconds % 60).toFixed(1).padStart(minutes > 0 ? 4 : 0, "0");
  return minutes > 0 ? `${minutes}m ${rest}s` : `${rest}s`;
}

function printTable(): void {
  const total = timings.reduce((sum, timing) => sum + timing.seconds, 0);
  const rows = [
    ...timings.map((t) => [t.phase, formatSeconds(t.seconds), t.outcome]),
    ["total", formatSeconds(total), ""],
  ];
  const widths = [0, 1].map((column) => Math.max(...rows.map((row) => row[column]!.length)));
  const line = (row: string[]) => `${row[0]!.padEnd(widths[0]!)}  ${row[1]!.padStart(widths[1]!)}  ${row[2]}`.trimEnd();
  console.log(`\nnpm test, wall time of each phase:\n${rows.map(line).join("\n")}`);
}

function run(phase: string): Promise<number> {
  return new Promise((resolve) => {
    const started = performance.now();
    current = spawn(npm, ["run", "--silent", phase], { stdio: "inherit" });
    current.on("close", (code, signal) => {
      const seconds = (performance.now() - started) / 1000;
      // A phase killed by a signal exits as a shell reports it: 128 + the signal's number.
      const status = code ?? 128 + (signal ? constants.signals[signal] : 0);
      timings.push({ phase, seconds, outcome: stopping ? "interrupted" : status === 0 ? "passed" : "failed" });
      current = null;
      resolve(status);
    });
  });
}

// Ctrl-C reaches the phase through the terminal's process group; a SIGTERM to this script alone is passed on.
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    stopping = true;
    if (signal === "SIGTERM") current?.kill(signal);
  });
}

let exitCode = 0;
for (const phase of PHASES) {
  console.log(`\n> ${phase}`);
  exitCode = await run(phase);
  if (exitCode !== 0 || stopping) break;
}
printTable();
process.exit(stopping && exitCode === 0 ? 130 : exitCode);
