import { Prisma, type TenantTransaction } from "@fieldops/db";
import { dayInTimeZone, startOfDayInTimeZone } from "@fieldops/shared/company-time";
import { UUID } from "./assistant-turn-context.ts";
import type { CustomObjectAccess } from "../custom-objects/custom-object-definition.ts";
import { listCustomObjects } from "../custom-objects/list-custom-objects.ts";
import { customerLookup } from "../customers/customer-record.ts";
import { previewBatchInvoice } from "../invoices/batch-invoice-visits.ts";
import type { NamedRecord, PlannerLookup } from "./offline-planner/planner-input.ts";

/**
 * The offline planner's view of the company's data, inside the tenant's transaction. It hands back ids and names
 * only: nothing else a customer's record holds (notes, addresses) reaches the planner.
 */
export function createPlannerLookup(
  tx: TenantTransaction,
  clock: { now: Date; timeZone: string },
  access: CustomObjectAccess,
): PlannerLookup {
  return {
    async findCustomers(query) {
      const lookup = customerLookup(query);
      if (!lookup) return [];
      // Below the default of 0.6, so that a typo'd or partial name ("jon smth") still finds its customer; the
      // trigram index on searchText serves the `<%` operator at this threshold.
      await tx.$executeRaw`SELECT set_config('pg_trgm.word_similarity_threshold', '0.3', true)`;
      return tx.$queryRaw<NamedRecord[]>(Prisma.sql`
        SELECT id, name FROM customers
        WHERE ${lookup.condition}
        ORDER BY word_similarity(${lookup.term}, lower(name)) DESC, name, id
        LIMIT 10`);
    },
    customerById: (id) =>
      UUID.test(id)
        ? tx.customer.findUnique({ where: { id }, select: { id: true, name: true } })
        : Promise.resolve(null),
    listCrews: () => tx.crew.findMany({ select: { id: true, name: true }, orderBy: [{ name: "asc" }, { id: "asc" }] }),
    listCustomObjects: async () =>
      (await listCustomObjects(tx, { access })).items.map((object) => ({
        key: object.key,
        name: object.name,
        pluralName: object.pluralName,
        relatesToCustomers: object.relations.some((relation) => relation.target === "customer"),
      })),
    async previewBatchInvoice(period) {
      const preview = await previewBatchInvoice(tx, { ...period, taxRateBasisPoints: 0, now: clock.now });
      return { visits: preview.visits, invoices: preview.invoices, totalCents: preview.totalCents };
    },
    countPastDueInvoices: () =>
      tx.invoice.count({
        where: {
          status: { in: ["sent", "partially_paid"] },
          dueAt: { lt: startOfDayInTimeZone(dayInTimeZone(clock.now, clock.timeZone), clock.timeZone) },
        },
      }),
  };
}
