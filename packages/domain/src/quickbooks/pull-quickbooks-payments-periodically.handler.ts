import { withSystem } from "@fieldops/db";
import type { SystemTaskHandler } from "@fieldops/tasks/task-definition";
import { pullQuickBooksPaymentsTask } from "./pull-quickbooks-payments.task.ts";
import type { pullQuickBooksPaymentsPeriodicallyTask } from "./pull-quickbooks-payments-periodically.task.ts";

/** Hands each live QuickBooks connection a pull, keyed by company and quarter hour: a second run adds nothing. */
export const pullQuickBooksPaymentsPeriodically: SystemTaskHandler<
  typeof pullQuickBooksPaymentsPeriodicallyTask.schema
> = async (_payload, { db, queues }) => {
  const connections = await withSystem(db, (tx) =>
    tx.integrationConnection.findMany({
      where: { provider: "quickbooks", simulated: false, reconnectNeededAt: null, accountId: { not: null } },
      select: { companyId: true },
    }),
  );
  const quarter = Math.floor(Date.now() / (15 * 60_000));
  await Promise.all(
    connections.map(({ companyId }) =>
      queues.enqueue(pullQuickBooksPaymentsTask, { companyId }, `${companyId}_${quarter}`),
    ),
  );
};
