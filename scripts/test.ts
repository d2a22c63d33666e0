import { spawn } from "node:child_process";
import { constants } from "node:os";

/**
 * `npm test`: the phases of the suite (the npm scripts of the same names) step by step, stopping at the first step
 * with a failing phase with its exit code, then a table of each phase's wall time and the run's, also when one failed
 * or the run was interrupted. The phases of one step run side by side (lint and the format check each use one core,
 * and neither changes anything).
 */
const STEPS: readonly (readonly string[])[] = [
  ["typecheck"],
  ["lint", "format:check"],
  ["db:drift"],
  ["test:unit"],
  ["test:integration"],
  ["test:build"],
  ["test:e2e"],
];

interface Timing {
  phase: string;
  seconds: number;
  outcome: "passed" | "failed" | "interrupted";
}

const npm = process.platform === "win32" ? "npm.cmd" : "npm";
const timings: Timing[] = [];
const runStarted = performance.now();
const running = new Set<ReturnType<typeof spawn>>();
let stopping = false;

function formatSeconds(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  const rest = (seconds % 60).toFixed(1).padStart(minutes > 0 ? 4 : 0, "0");
  return minutes > 0 ? `${minutes}m ${rest}s` : `${rest}s`;
}

function printTable(): void {
  const total = (performance.now() - runStarted) / 1000;
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
    const child = spawn(npm, ["run", "--silent", phase], { stdio: "inherit" });
    running.add(child);
    child.on("close", (code, signal) => {
      const seconds = (performance.now() - started) / 1000;
      // A phase killed by a signal exits as a shell reports it: 128 + the signal's number.
      const status = code ?? 128 + (signal ? constants.signals[signal] : 0);
      timings.push({ phase, seconds, outcome: stopping ? "interrupted" : status === 0 ? "passed" : "failed" });
      running.delete(child);
      resolve(status);
    });
  });
}

// Ctrl-C reaches the phase through the terminal's process group; a SIGTERM to this script alone is passed on.
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    stopping = true;
    if (signal === "SIGTERM") for (const child of running) child.kill(signal);
  });
}

let exitCode = 0;
for (const step of STEPS) {
  console.log(`\n> ${step.join(" + ")}`);
  const codes = await Promise.all(step.map(run));
  exitCode = codes.find((code) => code !== 0) ?? 0;
  if (exitCode !== 0 || stopping) break;
}
printTable();
process.exit(stopping && exitCode === 0 ? 130 : exitCode);
