import { Prisma, type TenantTransaction } from "@fieldops/db";
import { dayInTimeZone, startOfDayInTimeZone } from "@fieldops/shared/company-time";
import { UUID } from "./assistant-turn-context.ts";
import type { CustomObjectAccess } from "../custom-objects/custom-object-definition.ts";
import { listCustomObjects } from "../custom-objects/list-custom-objects.ts";
import { customerLookup } from "../customers/customer-record.ts";
import { previewBatchInvoice } from "../invoices/batch-invoice-visits.ts";
import type {
  CountKind,
  CustomerRecord,
  DayPeriod,
  InvoiceRecord,
  JobRecord,
  PlannerLookup,
  VisitRecord,
} from "./offline-planner/planner-input.ts";

/**
 * The offline planner's view of the company's data, inside the tenant's transaction. It hands back what names and tells
 * records apart (names, numbers, titles, a customer's address and phone, amounts), never free text such as notes.
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
      // trigram index on searchText serves the `<%` operator at this threshold. The search text holds the addresses
      // too, so "7 Pine Rd" finds who lives there, ranked by the street as a name is by the name.
      await tx.$executeRaw`SELECT set_config('pg_trgm.word_similarity_threshold', '0.3', true)`;
      const rows = await tx.$queryRaw<(CustomerRecord & { street: string; city: string })[]>(Prisma.sql`
        SELECT id, name, phone, street, city FROM customers
        WHERE ${lookup.condition}
        ORDER BY GREATEST(word_similarity(${lookup.term}, lower(name)), word_similarity(${lookup.term}, lower(street))) DESC,
          name, id
        LIMIT 10`);
      return rows.map(({ street, city, ...customer }) => ({
        ...customer,
        address: [street, city].filter((part) => part.trim() !== "").join(", ") || null,
      }));
    },
    customerById: (id) =>
      UUID.test(id)
        ? tx.customer.findUnique({ where: { id }, select: { id: true, name: true } })
        : Promise.resolve(null),
    async findJobs(filter) {
      if ("customerId" in filter && !UUID.test(filter.customerId)) return [];
      const titleWords =
        "title" in filter
          ? (filter.title
              .toLowerCase()
              .match(/[a-z0-9]{2,}/g)
              ?.slice(0, 6) ?? [])
          : [];
      if ("title" in filter && titleWords.length === 0) return [];
      const jobs = await tx.job.findMany({
        where:
          "number" in filter
            ? { number: filter.number }
            : "customerId" in filter
              ? { customerId: filter.customerId, closedAt: null }
              : {
                  closedAt: null,
                  AND: titleWords.map((word) => ({ title: { contains: word, mode: "insensitive" as const } })),
                },
        orderBy: [{ createdAt: "desc" }, { id: "asc" }],
        take: 20,
        select: {
          id: true,
          number: true,
          title: true,
          customerId: true,
          closedAt: true,
          customer: { select: { name: true } },
          visits: { where: { status: "unscheduled" }, select: { id: true }, take: 1 },
        },
      });
      return jobs.map((job): JobRecord => ({
        id: job.id,
        number: job.number,
        title: job.title,
        customerId: job.customerId,
        customerName: job.customer.name,
        hasWaitingVisit: job.visits.length > 0,
        closed: job.closedAt !== null,
      }));
    },
    async upcomingVisits(filter) {
      const id = "customerId" in filter ? filter.customerId : filter.jobId;
      if (!UUID.test(id)) return [];
      const todayStart = startOfDayInTimeZone(dayInTimeZone(clock.now, clock.timeZone), clock.timeZone);
      const visits = await tx.visit.findMany({
        where: {
          job: "customerId" in filter ? { customerId: filter.customerId } : { id: filter.jobId },
          OR: [
            { status: "unscheduled" },
            { status: { in: ["scheduled", "dispatched"] }, scheduledStart: { gte: todayStart } },
          ],
        },
        orderBy: [{ scheduledStart: { sort: "asc", nulls: "last" } }, { id: "asc" }],
        take: 20,
        select: {
          id: true,
          jobId: true,
          crewId: true,
          scheduledStart: true,
          job: { select: { number: true, title: true, customer: { select: { name: true } } } },
        },
      });
      return visits.map((visit): VisitRecord => ({
        id: visit.id,
        jobId: visit.jobId,
        jobNumber: visit.job.number,
        jobTitle: visit.job.title,
        customerName: visit.job.customer.name,
        start: visit.scheduledStart?.toISOString() ?? null,
        crewId: visit.crewId,
      }));
    },
    async invoiceByNumber(number) {
      const invoice = await tx.invoice.findFirst({ where: { number }, select: INVOICE_FIELDS });
      return invoice ? invoiceRecord(invoice) : null;
    },
    async openInvoices(customerId) {
      if (!UUID.test(customerId)) return [];
      const invoices = await tx.invoice.findMany({
        where: { customerId, status: { in: ["sent", "partially_paid"] } },
        select: INVOICE_FIELDS,
        orderBy: [{ number: "asc" }],
        take: 20,
      });
      return invoices.map(invoiceRecord);
    },
    count: (kind, period) => countOf(tx, kind, period, clock.timeZone),
    async customerMoney(customerId, period) {
      if (!UUID.test(customerId)) return { paidCents: 0, openCents: 0, openInvoices: 0, pastDueInvoices: 0 };
      const today = startOfDayInTimeZone(dayInTimeZone(clock.now, clock.timeZone), clock.timeZone);
      const [open, paid] = await Promise.all([
        tx.invoice.findMany({
          where: { customerId, status: { in: ["sent", "partially_paid"] } },
          select: { totalCents: true, paidCents: true, dueAt: true },
        }),
        tx.payment.aggregate({
          where: {
            invoice: { customerId },
            // Money in: a bank debit still processing, or one that failed, is not.
            status: "succeeded",
            ...(period ? { receivedAt: periodInstants(period, clock.timeZone) } : {}),
          },
          _sum: { amountCents: true, refundedCents: true },
        }),
      ]);
      return {
        paidCents: (paid._sum.amountCents ?? 0) - (paid._sum.refundedCents ?? 0),
        openCents: open.reduce((sum, invoice) => sum + invoice.totalCents - invoice.paidCents, 0),
        openInvoices: open.length,
        pastDueInvoices: open.filter((invoice) => invoice.dueAt !== null && invoice.dueAt < today).length,
      };
    },
    async topCustomers(period, limit) {
      const received = period ? periodInstants(period, clock.timeZone) : null;
      const rows = await tx.$queryRaw<{ name: string; paidCents: bigint }[]>(Prisma.sql`
        SELECT cu.name, SUM(p."amountCents" - p."refundedCents") AS "paidCents"
        FROM payments p
        JOIN invoices i ON i.id = p."invoiceId"
        JOIN customers cu ON cu.id = i."customerId"
        WHERE p.status = 'succeeded'
        ${received ? Prisma.sql`AND p."receivedAt" >= ${received.gte}::timestamp AND p."receivedAt" < ${received.lt}::timestamp` : Prisma.empty}
        GROUP BY cu.id, cu.name
        HAVING SUM(p."amountCents" - p."refundedCents") > 0
        ORDER BY "paidCents" DESC, cu.name
        LIMIT ${limit}`);
      return rows.map((row) => ({ name: row.name, paidCents: Number(row.paidCents) }));
    },
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
    countPastDueInvoices: (customerId) =>
      tx.invoice.count({
        where: {
          ...(customerId ? { customerId } : {}),
          status: { in: ["sent", "partially_paid"] },
          dueAt: { lt: startOfDayInTimeZone(dayInTimeZone(clock.now, clock.timeZone), clock.timeZone) },
        },
      }),
  };
}

function periodInstants(period: DayPeriod, timeZone: string) {
  return { gte: startOfDayInTimeZone(period.from, timeZone), lt: startOfDayInTimeZone(period.until, timeZone) };
}

function countOf(tx: TenantTransaction, kind: CountKind, period: DayPeriod | undefined, timeZone: string) {
  switch (kind) {
    case "customers":
      return tx.customer.count();
    case "crews":
      return tx.crew.count();
    case "open_jobs":
      return tx.job.count({ where: { closedAt: null } });
    case "unpaid_invoices":
      return tx.invoice.count({ where: { status: { in: ["sent", "partially_paid"] } } });
    case "completed_visits":
      return tx.visit.count({
        where: { status: "completed", completedAt: period ? periodInstants(period, timeZone) : { not: null } },
      });
    case "visits":
      return tx.visit.count({
        where: {
          status: { not: "canceled" },
          scheduledStart: period ? periodInstants(period, timeZone) : { not: null },
        },
      });
  }
}

const INVOICE_FIELDS = {
  id: true,
  number: true,
  customerId: true,
  status: true,
  totalCents: true,
  paidCents: true,
  customer: { select: { name: true } },
} as const;

function invoiceRecord(invoice: {
  id: string;
  number: number;
  customerId: string;
  status: string;
  totalCents: number;
  paidCents: number;
  customer: { name: string };
}): InvoiceRecord {
  return {
    id: invoice.id,
    number: invoice.number,
    customerId: invoice.customerId,
    customerName: invoice.customer.name,
    status: invoice.status,
    balanceCents: invoice.status === "void" ? 0 : invoice.totalCents - invoice.paidCents,
  };
}
