import type { Prisma, TenantTransaction } from "@fieldops/db";
import { addDays, dayInTimeZone, startOfDayInTimeZone } from "@fieldops/shared/company-time";
import {
  allVisitsTotalCents,
  DEFAULT_ESTIMATE_VALID_DAYS,
  EXPIRING_ESTIMATE_STATUSES,
  estimateLineAmounts,
  estimateOptionTotals,
  type EstimateDetail,
  type EstimateOption,
  type EstimateOptionInput,
  type EstimateRecurrence,
  type EstimateStatus,
  type EstimateSummary,
} from "@fieldops/shared/estimates";
import { notFound } from "../errors.ts";
import { DELIVERY_SELECT, toDelivery } from "../outbox/list-outbox.ts";

export const estimateDetailInclude = {
  customer: { select: { name: true, email: true, phone: true } },
  options: { orderBy: { position: "asc" }, include: { lineItems: { orderBy: { position: "asc" } } } },
} satisfies Prisma.EstimateInclude;

export type EstimateRow = Prisma.EstimateGetPayload<{ include: typeof estimateDetailInclude }>;
type OptionRow = EstimateRow["options"][number];

/** What the company calls "now" for its estimates: its time zone. */
export async function companyTimeZone(tx: TenantTransaction): Promise<string> {
  return (await tx.company.findFirstOrThrow({ select: { timeZone: true } })).timeZone;
}

/** An estimate valid through `expiresOn` stops being valid when the next day starts in the company's time zone. */
export function expiresAtFor(expiresOn: string, timeZone: string): Date {
  return startOfDayInTimeZone(addDays(expiresOn, 1), timeZone);
}

export function defaultExpiresAt(now: Date, timeZone: string): Date {
  return expiresAtFor(addDays(dayInTimeZone(now, timeZone), DEFAULT_ESTIMATE_VALID_DAYS), timeZone);
}

/** The last day an estimate may be approved, on the company's calendar. */
export function expiresOnOf(expiresAt: Date | null, timeZone: string): string | null {
  return expiresAt ? dayInTimeZone(new Date(expiresAt.getTime() - 1), timeZone) : null;
}

/**
 * The status as of `now`: a sent estimate whose last day has passed is expired, even before the daily job has
 * written it down.
 */
export function effectiveEstimateStatus(
  row: { status: EstimateStatus; expiresAt: Date | null },
  now: Date,
): EstimateStatus {
  const expiring = (EXPIRING_ESTIMATE_STATUSES as readonly EstimateStatus[]).includes(row.status);
  return expiring && row.expiresAt !== null && row.expiresAt <= now ? "expired" : row.status;
}

/** The rows of an estimate's options and lines, numbered in the order given. */
export function optionsCreateData(companyId: string, options: readonly EstimateOptionInput[]) {
  return options.map((option, position) => ({
    companyId,
    position,
    name: option.name,
    description: option.description ?? null,
    recurrenceFrequency: option.recurrence?.frequency ?? null,
    recurrenceVisits: option.recurrence?.visits ?? null,
    lineItems: {
      create: option.lineItems.map((line, linePosition) => ({
        companyId,
        position: linePosition,
        description: line.description,
        quantity: line.quantity,
        unitPriceCents: line.unitPriceCents,
        taxRateBasisPoints: line.taxRatePercent ? Math.round(line.taxRatePercent * 100) : null,
      })),
    },
  }));
}

/** A stored line's numbers as the amounts are computed from them. */
export function linePricing(line: {
  quantity: Prisma.Decimal;
  unitPriceCents: number;
  taxRateBasisPoints: number | null;
}) {
  return {
    quantity: Number(line.quantity),
    unitPriceCents: line.unitPriceCents,
    taxRatePercent: line.taxRateBasisPoints === null ? null : line.taxRateBasisPoints / 100,
  };
}

/** A stored option's repeat, or null for a one-off option. */
export function optionRecurrence(row: {
  recurrenceFrequency: EstimateRecurrence["frequency"] | null;
  recurrenceVisits: number | null;
}): EstimateRecurrence | null {
  return row.recurrenceFrequency && row.recurrenceVisits
    ? { frequency: row.recurrenceFrequency, visits: row.recurrenceVisits }
    : null;
}

export function toEstimateOption(row: OptionRow): EstimateOption {
  const lines = row.lineItems.map((line) => {
    const pricing = linePricing(line);
    return { id: line.id, description: line.description, ...pricing, ...estimateLineAmounts(pricing) };
  });
  const totals = estimateOptionTotals(lines);
  const recurrence = optionRecurrence(row);
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    recurrence,
    lineItems: lines,
    ...totals,
    allVisitsTotalCents: allVisitsTotalCents(totals.totalCents, recurrence),
  };
}

/** The stored option columns what an estimate is worth is computed from. */
export const optionWorthSelect = {
  recurrenceFrequency: true,
  recurrenceVisits: true,
  lineItems: { select: { quantity: true, unitPriceCents: true, taxRateBasisPoints: true } },
} satisfies Prisma.EstimateOptionSelect;

/** What an estimate is worth at most: its highest option's total, all of a recurring option's visits counted. */
export function estimateWorthCents(
  options: readonly Prisma.EstimateOptionGetPayload<{ select: typeof optionWorthSelect }>[],
): number {
  return Math.max(
    0,
    ...options.map((option) =>
      allVisitsTotalCents(estimateOptionTotals(option.lineItems.map(linePricing)).totalCents, optionRecurrence(option)),
    ),
  );
}

export function toEstimateSummary(
  row: Pick<EstimateRow, "id" | "number" | "title" | "customerId" | "status" | "expiresAt" | "sentAt" | "createdAt"> & {
    customer: { name: string };
  },
  totalCents: number,
  now: Date,
  timeZone: string,
): EstimateSummary {
  return {
    id: row.id,
    number: row.number,
    title: row.title,
    customerId: row.customerId,
    customerName: row.customer.name,
    status: effectiveEstimateStatus(row, now),
    totalCents,
    expiresOn: expiresOnOf(row.expiresAt, timeZone),
    sentAt: row.sentAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function toEstimateDetail(
  tx: TenantTransaction,
  row: EstimateRow,
  now: Date,
  timeZone: string,
): Promise<EstimateDetail> {
  const options = row.options.map(toEstimateOption);
  const messages = await tx.outboxMessage.findMany({
    where: { estimateId: row.id },
    orderBy: { createdAt: "desc" },
    take: 50,
    select: { id: true, channel: true, recipient: true, subject: true, createdAt: true, ...DELIVERY_SELECT },
  });
  return {
    ...toEstimateSummary(row, Math.max(0, ...options.map((option) => option.allVisitsTotalCents)), now, timeZone),
    message: row.message,
    leadId: row.leadId,
    options,
    customerMessage: row.customerMessage,
    respondedAt: row.respondedAt?.toISOString() ?? null,
    approvedOptionId: row.approvedOptionId,
    signatureName: row.signatureName,
    approvedAt: row.approvedAt?.toISOString() ?? null,
    declinedAt: row.declinedAt?.toISOString() ?? null,
    jobId: row.jobId,
    convertedAt: row.convertedAt?.toISOString() ?? null,
    messages: messages.map((message) => ({
      id: message.id,
      channel: message.channel,
      recipient: message.recipient,
      subject: message.subject,
      createdAt: message.createdAt.toISOString(),
      ...toDelivery(message),
    })),
    customerEmail: row.customer.email,
    customerPhone: row.customer.phone,
  };
}

/**
 * The estimate's row, locked until the transaction ends, so two answers or two conversions of the same estimate
 * take turns and the second sees what the first did.
 */
export async function lockEstimate(tx: TenantTransaction, estimateId: string): Promise<EstimateRow> {
  await tx.$queryRaw`SELECT id FROM estimates WHERE id = ${estimateId}::uuid FOR UPDATE`;
  const row = await tx.estimate.findUnique({ where: { id: estimateId }, include: estimateDetailInclude });
  if (!row) throw notFound("Estimate not found");
  return row;
}
