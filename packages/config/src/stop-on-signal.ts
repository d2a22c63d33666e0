/** How long a process may take to finish its work in hand after SIGINT or SIGTERM before it exits anyway. */
export const SHUTDOWN_LIMIT_MS = 10_000;

/**
 * Runs `stop` once on the first SIGINT or SIGTERM, then exits; a connection already gone must not hold the process
 * open, so it exits with code 1 after SHUTDOWN_LIMIT_MS whatever `stop` is waiting for.
 */
export function stopOnSignal(stop: () => Promise<void>, limitMs = SHUTDOWN_LIMIT_MS): void {
  let stopping = false;
  const onSignal = () => {
    if (stopping) return;
    stopping = true;
    setTimeout(() => process.exit(1), limitMs).unref();
    stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
}
