import { withTenant } from "@fieldops/db";
import { publishEvent } from "@fieldops/events/company-stream";
import type { TaskHandler } from "@fieldops/tasks/task-definition";
import { QuickBooksError } from "./quickbooks-client.ts";
import { openQuickBooks } from "./quickbooks-connection.ts";
import { pushToQuickBooks, recordQuickBooksFailure } from "./push-to-quickbooks.ts";
import type { pushToQuickBooksTask } from "./push-to-quickbooks.task.ts";

/**
 * Runs one push. Throttling and outages fail the task so that BullMQ tries it again later (with backoff); the record
 * shows failed only once the last try has failed. What QuickBooks refuses outright, and a connection that must be made
 * again, fail the record at once with QuickBooks' message, for the office to fix and retry.
 */
export const pushToQuickBooksHandler: TaskHandler<typeof pushToQuickBooksTask.schema> = async (payload, context) => {
  const { db, redis, env } = context;
  if (!env) throw new Error("The worker was started without its configuration");
  const announce = () =>
    publishEvent(
      redis,
      { name: "integrations.changed", payload: { provider: "quickbooks" } },
      { companyId: payload.companyId, requestId: null },
    );
  try {
    const client = await openQuickBooks(db, payload.companyId, env);
    if (!client) return;
    await withTenant(db, payload.companyId, (tx) => pushToQuickBooks(tx, client, payload));
    await announce();
  } catch (error) {
    const transient = !(error instanceof QuickBooksError) || error.transient;
    if (!transient || (context.finalAttempt ?? true)) {
      const message = error instanceof Error ? error.message : String(error);
      await withTenant(db, payload.companyId, (tx) => recordQuickBooksFailure(tx, payload, message));
      await announce();
    }
    if (transient) throw error;
    context.log?.("QuickBooks refused a push", {
      companyId: payload.companyId,
      entity: payload.entity,
      id: payload.id,
      reason: error instanceof Error ? error.message : String(error),
    });
  }
};
