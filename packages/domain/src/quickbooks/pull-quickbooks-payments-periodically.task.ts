import { z } from "zod";
import { defineSystemTask } from "@fieldops/tasks/task-definition";

/** Every 15 minutes, each company with a live QuickBooks connection reads the payments made there. */
export const pullQuickBooksPaymentsPeriodicallyTask = defineSystemTask({
  id: "pull-quickbooks-payments-periodically",
  queue: "quickbooks",
  schema: z.object({}),
  pattern: "*/15 * * * *",
});
