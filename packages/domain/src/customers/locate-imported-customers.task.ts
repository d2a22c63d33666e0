import { z } from "zod";
import { defineTask } from "@fieldops/tasks/task-definition";

/** Locates the addresses of an import's rows that have no point yet, a batch at a time (keyed by the import). */
export const locateImportedCustomersTask = defineTask({
  id: "locate_imported_customers",
  queue: "imports",
  schema: z.object({ companyId: z.uuid(), importId: z.uuid() }),
});
