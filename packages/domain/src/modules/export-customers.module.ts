import { exportCustomers } from "../customers/export-customers.ts";
import { defineModule } from "./module-definition.ts";

/** Every customer as a CSV file, kept with the run for the requester to download. */
export const exportCustomersModule = defineModule({
  id: "export-customers",
  describe: async (tx) => `Export all ${await tx.customer.count()} customers as a CSV file.`,
  async run(scope, _params, context) {
    // A run an owner or administrator approved is the approval HIPAA mode asks of exports.
    const run = await scope.tx.moduleRun.findUniqueOrThrow({
      where: { id: context.runId },
      select: { decidedByUserId: true },
    });
    const { csv, count } = await exportCustomers(scope, { approved: run.decidedByUserId !== null });
    return {
      message: `Exported ${count} customer${count === 1 ? "" : "s"}: the CSV file is ready to download`,
      output: csv,
      result: { customers: count },
    };
  },
});
