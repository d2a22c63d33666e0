import { exportCustomers } from "../customers/export-customers.ts";
import { defineModule } from "./module-definition.ts";

/** Every customer as a CSV file, kept with the run for the requester to download. */
export const exportCustomersModule = defineModule({
  id: "export-customers",
  describe: async (tx) => `Export all ${await tx.customer.count()} customers as a CSV file.`,
  async run(scope) {
    const { csv, count } = await exportCustomers(scope);
    return {
      message: `Exported ${count} customer${count === 1 ? "" : "s"}: the CSV file is ready to download`,
      output: csv,
      result: { customers: count },
    };
  },
});
