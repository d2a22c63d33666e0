import { open, rm } from "node:fs/promises";
import { join } from "node:path";

/**
 * How long this disk takes to make a small write durable (fsync), in ms, p50 and p95 of `count` tries in `dir`. A
 * module run waits for several (each PostgreSQL commit, and each Redis write while Redis syncs every write), so the
 * figure says how much of a run's latency is the machine's disk.
 */
export async function diskSyncLatency(dir: string, count = 40): Promise<{ p50: number; p95: number }> {
  const path = join(dir, `fsync-probe-${process.pid}`);
  const file = await open(path, "w");
  const times: number[] = [];
  try {
    for (let i = 0; i < count; i++) {
      await file.write("x".repeat(128));
      const started = performance.now();
      await file.datasync();
      times.push(performance.now() - started);
    }
  } finally {
    await file.close();
    await rm(path, { force: true });
  }
  times.sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)]!;
  return { p50: at(50), p95: at(95) };
}
