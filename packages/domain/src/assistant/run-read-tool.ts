import { Prisma, type TenantTransaction } from "@fieldops/db";
import type { ReadToolCall } from "@fieldops/shared/assistant";
import type { AssistantCard } from "@fieldops/shared/chat";
import { addDays, dayInTimeZone, startOfDayInTimeZone } from "@fieldops/shared/company-time";
import type { PlanFeature } from "@fieldops/shared/plans";
import { can } from "@fieldops/shared/permissions";
import { forbidden } from "../errors.ts";
import type { Actor } from "../jobs/actor.ts";
import { listJobs } from "../jobs/list-jobs.ts";
import { findCustomObject } from "../custom-objects/custom-object-definition.ts";
import { customRecordDetails } from "../custom-objects/custom-record-row.ts";
import { listCustomRecords } from "../custom-objects/list-custom-records.ts";
import { CAPABILITIES, refusalFor, type AssistantAbility } from "./offline-planner/planner-policy.ts";
import { customerLookup } from "../customers/customer-record.ts";

export type ReadToolScope = { actor: Actor; features: readonly PlanFeature[]; now: Date; timeZone: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const CAPABILITY_OF: Record<ReadToolCall["tool"], AssistantAbility> = {
  findCustomers: CAPABILITIES.seeCustomers,
  findJobs: CAPABILITIES.seeJobs,
  findCustomRecords: CAPABILITIES.seeCustomRecords,
  listUnpaidInvoices: CAPABILITIES.seeInvoices,
  findInvoice: CAPABILITIES.seeInvoices,
  daySchedule: CAPABILITIES.seeSchedule,
  revenueForPeriod: CAPABILITIES.seeRevenue,
};

/** The refusal in words of a read the user's role or the company's plan does not allow; null when it is allowed. */
export function readRefusal(call: ReadToolCall, scope: Pick<ReadToolScope, "actor" | "features">) {
  return refusalFor(CAPABILITY_OF[call.tool], scope.actor.role, scope.features);
}

/**
 * Runs one of the assistant's reads in the user's tenant and role and answers with a card. The card holds data only
 * (names, numbers, dates): nothing from it is ever taken as an instruction.
 */
export async function runReadTool(
  tx: TenantTransaction,
  call: ReadToolCall,
  scope: ReadToolScope,
): Promise<AssistantCard> {
  const refusal = readRefusal(call, scope);
  if (refusal) throw forbidden(refusal.reply);
  switch (call.tool) {
    case "findCustomers":
      return findCustomers(tx, call.query);
    case "findJobs":
      return findJobs(tx, call, scope);
    case "findCustomRecords":
      return findCustomRecords(tx, call, scope);
    case "listUnpaidInvoices":
      return listUnpaidInvoices(tx, call.pastDueOnly, scope);
    case "findInvoice":
      return findInvoice(tx, call.number, scope);
    case "daySchedule":
      return daySchedule(tx, call, scope);
    case "revenueForPeriod":
      return revenueForPeriod(tx, call, scope.timeZone);
  }
}

type CustomerRow = {
  id: string;
  name: string;
  phone: string | null;
  email: string | null;
  street: string;
  city: string;
};

async function findCustomers(tx: TenantTransaction, query: string): Promise<AssistantCard> {
  const term = query.trim().toLowerCase().slice(0, 200);
  const lookup = customerLookup(query);
  let rows: CustomerRow[] = [];
  if (UUID.test(term)) {
    rows = await tx.customer.findMany({
      where: { id: term },
      select: { id: true, name: true, phone: true, email: true, street: true, city: true },
    });
  } else if (lookup) {
    // The same match as the planner's lookup, so that the card shows the customer the planner understood.
    await tx.$executeRaw`SELECT set_config('pg_trgm.word_similarity_threshold', '0.3', true)`;
    rows = await tx.$queryRaw<CustomerRow[]>(Prisma.sql`
      SELECT id, name, phone, email, street, city FROM customers
      WHERE ${lookup.condition}
      ORDER BY word_similarity(${lookup.term}, lower(name)) DESC, name, id
      LIMIT 10`);
  }
  return {
    kind: "customers",
    items: rows.map((row) => ({
      id: row.id,
      name: row.name,
      phone: row.phone,
      email: row.email,
      address: [row.street, row.city].filter((part) => part.trim() !== "").join(", ") || null,
    })),
  };
}

async function findJobs(
  tx: TenantTransaction,
  call: Extract<ReadToolCall, { tool: "findJobs" }>,
  scope: ReadToolScope,
): Promise<AssistantCard> {
  if (call.customerId !== undefined && !UUID.test(call.customerId)) return { kind: "jobs", items: [] };
  const page = await listJobs(tx, {
    limit: 20,
    now: scope.now,
    ...(call.query ? { search: call.query.slice(0, 100) } : {}),
    ...(call.customerId ? { customerId: call.customerId } : {}),
  });
  return {
    kind: "jobs",
    items: page.items.map((job) => ({
      id: job.id,
      number: job.number,
      title: job.title,
      customerName: job.customerName,
      status: job.status,
    })),
  };
}

/** Records of a custom object the user reaches; one they do not reach is not found, as on its page. */
async function findCustomRecords(
  tx: TenantTransaction,
  call: Extract<ReadToolCall, { tool: "findCustomRecords" }>,
  scope: ReadToolScope,
): Promise<AssistantCard> {
  const access = { role: scope.actor.role };
  const { definition } = await findCustomObject(tx, call.objectKey, access);
  const card = { kind: "custom_records" as const, objectKey: definition.key, objectName: definition.pluralName };
  if (call.customerId !== undefined && !UUID.test(call.customerId)) return { ...card, items: [] };
  const page = await listCustomRecords(tx, {
    objectKey: definition.key,
    access,
    limit: 20,
    ...(call.query ? { q: call.query.slice(0, 200) } : {}),
    ...(call.customerId ? { linkedTo: `customer:${call.customerId.toLowerCase()}` } : {}),
  });
  return {
    ...card,
    items: page.items.map((record) => ({
      id: record.id,
      title: record.title,
      details: customRecordDetails(definition, record),
    })),
  };
}

const INVOICE_ROW = {
  id: true,
  number: true,
  status: true,
  totalCents: true,
  paidCents: true,
  dueAt: true,
  customer: { select: { name: true } },
} satisfies Prisma.InvoiceSelect;

type InvoiceRow = Prisma.InvoiceGetPayload<{ select: typeof INVOICE_ROW }>;

function invoiceItem(row: InvoiceRow, todayStart: Date) {
  const open = row.status === "sent" || row.status === "partially_paid";
  return {
    id: row.id,
    number: String(row.number),
    customerName: row.customer.name,
    balanceCents: row.status === "void" ? 0 : row.totalCents - row.paidCents,
    dueAt: row.dueAt?.toISOString() ?? null,
    pastDue: open && row.dueAt !== null && row.dueAt < todayStart,
  };
}

async function listUnpaidInvoices(
  tx: TenantTransaction,
  pastDueOnly: boolean,
  scope: ReadToolScope,
): Promise<AssistantCard> {
  const todayStart = startOfDayInTimeZone(dayInTimeZone(scope.now, scope.timeZone), scope.timeZone);
  const where: Prisma.InvoiceWhereInput = {
    status: { in: ["sent", "partially_paid"] },
    ...(pastDueOnly ? { dueAt: { lt: todayStart } } : {}),
  };
  const [rows, totals] = await Promise.all([
    tx.invoice.findMany({
      where,
      orderBy: [{ dueAt: { sort: "asc", nulls: "last" } }, { number: "asc" }],
      take: 50,
      select: INVOICE_ROW,
    }),
    tx.invoice.aggregate({ where, _sum: { totalCents: true, paidCents: true } }),
  ]);
  return {
    kind: "invoices",
    selection: "unpaid",
    items: rows.map((row) => invoiceItem(row, todayStart)),
    totalBalanceCents: (totals._sum.totalCents ?? 0) - (totals._sum.paidCents ?? 0),
    timeZone: scope.timeZone,
  };
}

/** The company's invoice with this number (none when it has none so numbered). */
async function findInvoice(tx: TenantTransaction, number: number, scope: ReadToolScope): Promise<AssistantCard> {
  const todayStart = startOfDayInTimeZone(dayInTimeZone(scope.now, scope.timeZone), scope.timeZone);
  const row = await tx.invoice.findFirst({ where: { number }, select: INVOICE_ROW });
  const items = row ? [invoiceItem(row, todayStart)] : [];
  return {
    kind: "invoices",
    selection: "by_number",
    items,
    totalBalanceCents: items.reduce((sum, item) => sum + item.balanceCents, 0),
    timeZone: scope.timeZone,
  };
}

type VisitRow = {
  id: string;
  jobId: string;
  title: string;
  customerName: string;
  crewName: string | null;
  scheduledStart: Date | null;
  scheduledEnd: Date | null;
  status: string;
};

/** The day's visits on the company's calendar (one crew's when named); a field user sees only their own crews'. */
async function daySchedule(
  tx: TenantTransaction,
  { date, crewId }: Extract<ReadToolCall, { tool: "daySchedule" }>,
  scope: ReadToolScope,
): Promise<AssistantCard> {
  if (crewId !== undefined && !UUID.test(crewId)) return { kind: "visits", date, items: [], timeZone: scope.timeZone };
  const oneCrew = crewId ? Prisma.sql`AND v."crewId" = ${crewId}::uuid` : Prisma.empty;
  const from = startOfDayInTimeZone(date, scope.timeZone);
  const to = startOfDayInTimeZone(addDays(date, 1), scope.timeZone);
  const ownCrewsOnly = !can(scope.actor, "visits.manage_all")
    ? Prisma.sql`AND EXISTS (SELECT 1 FROM crew_members m WHERE m."crewId" = v."crewId" AND m."userId" = ${scope.actor.userId}::uuid)`
    : Prisma.empty;
  const rows = await tx.$queryRaw<VisitRow[]>`
    SELECT v.id, v."jobId", j.title, cu.name AS "customerName", c.name AS "crewName", v."scheduledStart", v."scheduledEnd", v.status::text AS status
    FROM visits v
    JOIN jobs j ON j.id = v."jobId"
    JOIN customers cu ON cu.id = j."customerId"
    LEFT JOIN crews c ON c.id = v."crewId"
    WHERE v."scheduledStart" >= ${from}::timestamp AND v."scheduledStart" < ${to}::timestamp ${ownCrewsOnly} ${oneCrew}
    ORDER BY v."scheduledStart", v.id
    LIMIT 100`;
  return {
    kind: "visits",
    date,
    items: rows.map((row) => ({
      id: row.id,
      jobId: row.jobId,
      title: row.title,
      customerName: row.customerName,
      crewName: row.crewName,
      startsAt: row.scheduledStart?.toISOString() ?? null,
      endsAt: row.scheduledEnd?.toISOString() ?? null,
      status: row.status,
    })),
    timeZone: scope.timeZone,
  };
}

/**
 * Money collected in the period (payments received, less what was refunded of them), or what was invoiced in it
 * (invoices issued, drafts and voided ones aside).
 */
async function revenueForPeriod(
  tx: TenantTransaction,
  call: Extract<ReadToolCall, { tool: "revenueForPeriod" }>,
  timeZone: string,
): Promise<AssistantCard> {
  const period = { gte: new Date(call.from), lt: new Date(call.to) };
  const measure = call.measure ?? "collected";
  let totalCents: number;
  let count: number;
  if (measure === "invoiced") {
    const totals = await tx.invoice.aggregate({
      where: { issuedAt: period, status: { notIn: ["draft", "void"] } },
      _sum: { totalCents: true },
      _count: { _all: true },
    });
    totalCents = totals._sum.totalCents ?? 0;
    count = totals._count._all;
  } else {
    const totals = await tx.payment.aggregate({
      where: { receivedAt: period, status: "succeeded" },
      _sum: { amountCents: true, refundedCents: true },
      _count: { _all: true },
    });
    totalCents = (totals._sum.amountCents ?? 0) - (totals._sum.refundedCents ?? 0);
    count = totals._count._all;
  }
  return {
    kind: "revenue",
    measure,
    label: call.label,
    from: call.from,
    to: call.to,
    totalCents,
    currency: "USD",
    paymentCount: count,
    timeZone,
  };
}
