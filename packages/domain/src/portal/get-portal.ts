import type { TenantTransaction } from "@fieldops/db";
import { dayInTimeZone } from "@fieldops/shared/company-time";
import type { Portal } from "@fieldops/shared/review";
import { estimateWorthCents, expiresOnOf, optionWorthSelect } from "../estimates/estimate-record.ts";
import { estimateStatusWhere } from "../estimates/list-estimates.ts";
import { reviewCompany, reviewNotFound, type ReviewAccess } from "../review/review-access.ts";

const MAX_ROWS = 50;

/**
 * A customer's portal: their upcoming visits, the estimates waiting for their answer and the invoices with a balance
 * (past due when their due day has passed on the company's calendar). Nothing of other customers.
 */
export async function getPortal(tx: TenantTransaction, input: { access: ReviewAccess; now?: Date }): Promise<Portal> {
  const now = input.now ?? new Date();
  const customerId = input.access.portalCustomerId;
  const customer = customerId
    ? await tx.customer.findUnique({ where: { id: customerId }, select: { name: true } })
    : null;
  if (!customerId || !customer) throw reviewNotFound();
  const company = await reviewCompany(tx, input.access);
  const [visits, estimates, invoices] = await Promise.all([
    tx.visit.findMany({
      where: {
        job: { customerId },
        status: { in: ["scheduled", "dispatched", "in_progress"] },
        scheduledEnd: { gte: now },
      },
      orderBy: { scheduledStart: "asc" },
      take: MAX_ROWS,
      select: { id: true, status: true, scheduledStart: true, scheduledEnd: true, job: { select: { title: true } } },
    }),
    tx.estimate.findMany({
      where: { customerId, OR: [estimateStatusWhere("sent", now), estimateStatusWhere("changes_requested", now)] },
      orderBy: { createdAt: "desc" },
      take: MAX_ROWS,
      select: {
        id: true,
        number: true,
        title: true,
        status: true,
        expiresAt: true,
        options: { select: optionWorthSelect },
      },
    }),
    tx.invoice.findMany({
      where: { customerId, status: { in: ["sent", "partially_paid"] } },
      orderBy: [{ dueAt: { sort: "asc", nulls: "last" } }, { number: "asc" }],
      take: MAX_ROWS,
      select: { id: true, number: true, totalCents: true, paidCents: true, dueAt: true },
    }),
  ]);
  const today = dayInTimeZone(now, company.timeZone);
  return {
    company,
    customerName: customer.name,
    visits: visits.map((visit) => ({
      id: visit.id,
      jobTitle: visit.job.title,
      status: visit.status,
      scheduledStart: visit.scheduledStart?.toISOString() ?? null,
      scheduledEnd: visit.scheduledEnd?.toISOString() ?? null,
    })),
    estimates: estimates.map((estimate) => ({
      id: estimate.id,
      number: estimate.number,
      title: estimate.title,
      status: estimate.status,
      totalCents: estimateWorthCents(estimate.options),
      expiresOn: expiresOnOf(estimate.expiresAt, company.timeZone),
    })),
    invoices: invoices
      .filter((invoice) => invoice.totalCents > invoice.paidCents)
      .map((invoice) => {
        const dueOn = invoice.dueAt ? dayInTimeZone(invoice.dueAt, company.timeZone) : null;
        return {
          id: invoice.id,
          number: invoice.number,
          totalCents: invoice.totalCents,
          balanceCents: invoice.totalCents - invoice.paidCents,
          dueOn,
          pastDue: dueOn !== null && dueOn < today,
        };
      }),
  };
}
