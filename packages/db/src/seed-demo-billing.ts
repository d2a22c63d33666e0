import { randomUUID } from "node:crypto";
import { addDays, dayInTimeZone, startOfDayInTimeZone } from "@fieldops/shared/company-time";
import type { Database, Prisma } from "./client.ts";
import type { Random } from "./seed-demo-world.ts";

/** A completed job of the demo world that may get an invoice. */
export interface BillableJob {
  jobId: string;
  customerId: string;
  service: string;
  priceCents: number;
  completedAt: Date;
}

const DAY_MS = 24 * 3600 * 1000;
const TERMS_DAYS = 14;
const REVIEW_COMMENTS = [
  "Great work, very tidy.",
  "On time and friendly crew.",
  "Looks fantastic, thank you!",
  "Good job overall.",
  null,
];

/**
 * The demo company's invoices, as its office would have made them: most completed jobs invoiced a day after the work
 * (a few still waiting, for the New invoice flow), due after 14 days; some drafts, some sent (the older ones past due),
 * some partly paid by check and most paid in full by card, cash or check, a few refunded in part, a few reviewed.
 * Numbers run from 1001 and the counter follows them.
 */
export async function seedDemoBilling(
  db: Database,
  input: { companyId: string; timeZone: string; now: Date; random: Random; jobs: BillableJob[] },
) {
  const { companyId, timeZone, now, random } = input;
  const invoices: Prisma.InvoiceCreateManyInput[] = [];
  const lines: Prisma.InvoiceLineCreateManyInput[] = [];
  const payments: Prisma.PaymentCreateManyInput[] = [];
  const refunds: Prisma.RefundCreateManyInput[] = [];
  const reviews: Prisma.InvoiceReviewCreateManyInput[] = [];
  const invoiced: string[] = [];
  for (const job of input.jobs) {
    if (random.next() < 0.15) continue;
    const id = randomUUID();
    const number = 1001 + invoices.length;
    const issuedAt = new Date(job.completedAt.getTime() + DAY_MS);
    const status =
      issuedAt > now
        ? "draft"
        : random.pick(["paid", "paid", "paid", "sent", "sent", "partially_paid", "draft"] as const);
    const taxable = random.next() < 0.5;
    const taxRateBasisPoints = taxable ? 725 : 0;
    const taxCents = Math.round((job.priceCents * taxRateBasisPoints) / 10_000);
    const totalCents = job.priceCents + taxCents;
    const paidCents = status === "paid" ? totalCents : status === "partially_paid" ? Math.round(totalCents / 2) : 0;
    const dueDay = addDays(dayInTimeZone(issuedAt, timeZone), TERMS_DAYS);
    const receivedAt = new Date(Math.min(now.getTime() - 60_000, issuedAt.getTime() + random.int(1, 12) * DAY_MS));
    invoices.push({
      id,
      companyId,
      customerId: job.customerId,
      jobId: job.jobId,
      number,
      status,
      subtotalCents: job.priceCents,
      taxRateBasisPoints,
      taxCents,
      totalCents,
      paidCents,
      issuedAt: status === "draft" ? null : issuedAt,
      sentAt: status === "draft" ? null : issuedAt,
      paidAt: status === "paid" ? receivedAt : null,
      dueAt: startOfDayInTimeZone(dueDay, timeZone),
      createdAt: issuedAt > now ? now : issuedAt,
    });
    lines.push({
      companyId,
      invoiceId: id,
      position: 0,
      description: job.service,
      quantity: 1,
      unitPriceCents: job.priceCents,
      amountCents: job.priceCents,
      taxable,
    });
    invoiced.push(job.jobId);
    if (paidCents > 0) {
      const method = status === "partially_paid" ? "check" : random.pick(["card", "card", "cash", "check"] as const);
      const paymentId = randomUUID();
      payments.push({
        id: paymentId,
        companyId,
        invoiceId: id,
        method,
        amountCents: paidCents,
        receivedAt,
        provider: method === "card" ? "test" : null,
        providerReference: method === "card" ? `test_ch_seed_${paymentId.replace(/-/g, "")}` : null,
        cardLast4: method === "card" ? "4242" : null,
        reference: method === "check" ? `Check ${random.int(1000, 9999)}` : null,
        idempotencyKey: `seed-${paymentId}`,
      });
      if (status === "paid" && random.next() < 0.3) {
        reviews.push({
          companyId,
          invoiceId: id,
          rating: random.pick([5, 5, 5, 4, 4, 3]),
          comment: random.pick(REVIEW_COMMENTS),
          createdAt: receivedAt,
        });
      }
    }
  }
  // One paid invoice was refunded in part (a missed bed, say): it is partly paid again.
  const refunded = payments.find(
    (payment) => invoices.find((invoice) => invoice.id === payment.invoiceId)?.status === "paid",
  );
  if (refunded) {
    const amountCents = Math.round(refunded.amountCents / 4);
    refunded.refundedCents = amountCents;
    refunds.push({
      companyId,
      paymentId: refunded.id!,
      invoiceId: refunded.invoiceId,
      amountCents,
      reason: "Missed the side bed",
      idempotencyKey: `seed-refund-${refunded.id}`,
    });
    const invoice = invoices.find((candidate) => candidate.id === refunded.invoiceId)!;
    Object.assign(invoice, { paidCents: invoice.paidCents! - amountCents, status: "partially_paid", paidAt: null });
  }
  await db.invoice.createMany({ data: invoices });
  await db.invoiceLine.createMany({ data: lines });
  await db.payment.createMany({ data: payments });
  await db.refund.createMany({ data: refunds });
  await db.invoiceReview.createMany({ data: reviews });
  await db.invoiceCounter.create({ data: { companyId, lastNumber: 1000 + invoices.length } });
  await db.job.updateMany({ where: { id: { in: invoiced } }, data: { invoicedAt: now } });
}
