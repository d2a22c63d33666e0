import { AsyncLocalStorage } from "node:async_hooks";

/**
 * The request a piece of work answers, carried from an API request into the tasks it queues and on into the tasks
 * those queue, so that every log line of the whole chain names the same request id. A task's job data carries it
 * under REQUEST_ID_FIELD beside the payload (payload schemas strip unknown keys, so handlers never see it).
 */
export const REQUEST_ID_FIELD = "_requestId";

const current = new AsyncLocalStorage<string>();

/** Runs `work` as part of request `requestId`: tasks enqueued meanwhile carry it. */
export function withRequestId<T>(requestId: string, work: () => T): T {
  return current.run(requestId, work);
}

export function currentRequestId(): string | undefined {
  return current.getStore();
}

/** The job data of a task: its payload, with the request id when one is known. */
export function tracedJobData<T extends object>(payload: T, requestId = currentRequestId()): T {
  return requestId ? { ...payload, [REQUEST_ID_FIELD]: requestId } : payload;
}

/** The request id a job's data carries, if any. */
export function jobRequestId(data: unknown): string | undefined {
  const value = typeof data === "object" && data !== null ? (data as Record<string, unknown>)[REQUEST_ID_FIELD] : null;
  return typeof value === "string" ? value : undefined;
}
