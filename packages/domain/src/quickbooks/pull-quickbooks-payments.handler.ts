import { withTenant } from "@fieldops/db";
import { publishEvents } from "@fieldops/events/company-stream";
import type { TaskHandler } from "@fieldops/tasks/task-definition";
import { invoicesChanged } from "../invoices/invoices-events.ts";
import { QuickBooksError } from "./quickbooks-client.ts";
import { openQuickBooks } from "./quickbooks-connection.ts";
import { pullQuickBooksPayments } from "./pull-quickbooks-payments.ts";
import type { pullQuickBooksPaymentsTask } from "./pull-quickbooks-payments.task.ts";

/** Brings back the payments made in the company's QuickBooks for our invoices, and announces the invoices paid. */
export const pullQuickBooksPaymentsHandler: TaskHandler<typeof pullQuickBooksPaymentsTask.schema> = async (
  { companyId },
  { db, redis, env, log },
) => {
  if (!env) throw new Error("The worker was started without its configuration");
  try {
    const client = await openQuickBooks(db, companyId, env);
    if (!client) return;
    const { recorded } = await withTenant(db, companyId, (tx) => pullQuickBooksPayments(tx, client, { companyId }));
    if (recorded.length) {
      await publishEvents(
        redis,
        recorded.flatMap((payment) => invoicesChanged({ id: payment.invoiceId, customerId: payment.customerId })),
        {
          companyId,
          requestId: null,
        },
      );
    }
  } catch (error) {
    // A connection to make again waits for the office; the next pull tries again after it.
    if (error instanceof QuickBooksError && !error.transient) {
      log?.("QuickBooks payments could not be read", { companyId, reason: error.message });
      return;
    }
    throw error;
  }
};
