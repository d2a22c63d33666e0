import { spawn } from "node:child_process";
import { afterEach, describe, expect, it } from "vitest";
import { runningOf, stopChild, supervise, type Backoff, type Running, type Supervisor } from "./supervise.ts";

const FAST: Backoff = { firstMs: 100, maxMs: 400, stableAfterMs: 60_000 };
const idle = () => runningOf(spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { stdio: "ignore" }));
const exitsAtOnce = () => runningOf(spawn(process.execPath, ["-e", "process.exit(3)"], { stdio: "ignore" }));

const supervisors: Supervisor[] = [];
afterEach(async () => {
  await Promise.all(supervisors.splice(0).map((s) => s.stop()));
});

function start(first: Running, restart: () => Promise<Running>) {
  const lines: string[] = [];
  const restarts: Running[] = [];
  const supervisor = supervise(first, {
    name: "worker",
    restart,
    stop: stopChild,
    log: (line) => lines.push(line),
    onRestart: (running) => restarts.push(running),
    backoff: FAST,
  });
  supervisors.push(supervisor);
  return { supervisor, lines, restarts };
}

const until = async (condition: () => boolean) => {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 10));
};
const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe("supervise", () => {
  it("restarts a process killed with SIGKILL and says so", async () => {
    const first = idle();
    const { supervisor, lines, restarts } = start(first, async () => idle());
    process.kill(first.pid, "SIGKILL");
    await until(() => restarts.length === 1);
    expect(lines).toEqual([
      "worker exited with signal SIGKILL; restarting in 0.1 s",
      `worker restarted (pid ${restarts[0]!.pid})`,
    ]);
    expect(supervisor.current()?.pid).toBe(restarts[0]!.pid);
    expect(isAlive(restarts[0]!.pid)).toBe(true);
  });

  it("waits longer after each quick failure, up to the limit", async () => {
    const { lines } = start(exitsAtOnce(), async () => exitsAtOnce());
    await until(() => lines.filter((line) => line.includes("exited")).length >= 4);
    expect(lines.filter((line) => line.includes("exited")).slice(0, 4)).toEqual([
      "worker exited with exit code 3; restarting in 0.1 s",
      "worker exited with exit code 3; restarting in 0.2 s",
      "worker exited with exit code 3; restarting in 0.4 s",
      "worker exited with exit code 3; restarting in 0.4 s",
    ]);
  });

  it("keeps trying when a restart fails", async () => {
    let failures = 0;
    const first = idle();
    const { lines, restarts } = start(first, async () => {
      if (failures++ === 0) throw new Error("port in use");
      return idle();
    });
    process.kill(first.pid, "SIGKILL");
    await until(() => restarts.length === 1);
    expect(lines).toContain("worker could not be restarted (port in use); trying again in 0.2 s");
  });

  it("stops the process it runs and restarts nothing after stop()", async () => {
    const first = idle();
    let restarted = 0;
    const { supervisor } = start(first, async () => {
      restarted++;
      return idle();
    });
    await supervisor.stop();
    expect(isAlive(first.pid)).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, FAST.firstMs * 3));
    expect(restarted).toBe(0);
  });

  it("leaves a process that exits after cancelRestarts() down", async () => {
    const first = idle();
    let restarted = 0;
    const { supervisor, lines } = start(first, async () => {
      restarted++;
      return idle();
    });
    supervisor.cancelRestarts();
    process.kill(first.pid, "SIGKILL");
    await first.exited;
    await new Promise((resolve) => setTimeout(resolve, FAST.firstMs * 3));
    expect(restarted).toBe(0);
    expect(lines).toEqual([]);
  });

  it("cancels a restart that is waiting when stopped", async () => {
    const first = idle();
    let restarted = 0;
    const { supervisor, lines } = start(first, async () => {
      restarted++;
      return idle();
    });
    process.kill(first.pid, "SIGKILL");
    await until(() => lines.length === 1);
    await supervisor.stop();
    await new Promise((resolve) => setTimeout(resolve, FAST.firstMs * 3));
    expect(restarted).toBe(0);
    expect(supervisor.current()).toBeNull();
  });
});
