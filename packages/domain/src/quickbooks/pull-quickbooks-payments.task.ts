import { z } from "zod";
import { defineTask } from "@fieldops/tasks/task-definition";

/** Reads the payments recorded in one company's QuickBooks since the last read, and records those for our invoices. */
export const pullQuickBooksPaymentsTask = defineTask({
  id: "pull-quickbooks-payments",
  queue: "quickbooks",
  schema: z.object({ companyId: z.uuid() }),
});
