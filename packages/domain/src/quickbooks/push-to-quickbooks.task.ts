import { z } from "zod";
import { QUICKBOOKS_SYNC_ENTITIES } from "@fieldops/shared/quickbooks";
import { defineTask } from "@fieldops/tasks/task-definition";

/**
 * Pushes one record to the company's QuickBooks. Keyed by the record and the change it follows, so a relayed or
 * redelivered task runs once; a task whose change was already pushed by a later one does nothing.
 */
export const pushToQuickBooksTask = defineTask({
  id: "push-to-quickbooks",
  queue: "quickbooks",
  schema: z.object({
    companyId: z.uuid(),
    entity: z.enum(QUICKBOOKS_SYNC_ENTITIES),
    id: z.uuid(),
    version: z.number().int().min(0),
  }),
});
