/**
 * `work`'s outcome, or a rejection with `message` once `limitMs` have passed without one (the work itself goes on: a
 * promise cannot be called back). For calls whose library sets no time limit of its own, and checks that must answer
 * in time.
 */
export async function withinTimeLimit<T>(work: Promise<T>, limitMs: number, message = "timed out"): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), limitMs);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
