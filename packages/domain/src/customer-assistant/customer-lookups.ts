import type { TenantTransaction } from "@fieldops/db";
import { momentWords } from "@fieldops/shared/company-time";
import { reviewPagePath } from "@fieldops/shared/invoices";
import { formatCents } from "@fieldops/shared/money";
import { issuePublicLink } from "../public-links/public-links.ts";

/**
 * What the assistant may look up for a customer: only that customer's own visits and invoices, each read by the
 * customer's id in the company's transaction (row-level security), never by anything the customer wrote.
 */
export interface NextVisit {
  id: string;
  version: number;
  status: string;
  jobTitle: string;
  start: Date;
  end: Date;
  durationMinutes: number;
  crewName: string | null;
}

/** The customer's next booked visit: today's still to finish, or the first one ahead. */
export async function nextVisitOf(tx: TenantTransaction, customerId: string, now: Date): Promise<NextVisit | null> {
  const visit = await tx.visit.findFirst({
    where: {
      job: { customerId },
      status: { in: ["scheduled", "dispatched", "in_progress"] },
      scheduledEnd: { gte: now },
    },
    orderBy: { scheduledStart: "asc" },
    select: {
      id: true,
      version: true,
      status: true,
      scheduledStart: true,
      scheduledEnd: true,
      durationMinutes: true,
      job: { select: { title: true } },
      crew: { select: { name: true } },
    },
  });
  if (!visit?.scheduledStart || !visit.scheduledEnd) return null;
  return {
    id: visit.id,
    version: visit.version,
    status: visit.status,
    jobTitle: visit.job.title,
    start: visit.scheduledStart,
    end: visit.scheduledEnd,
    durationMinutes: visit.durationMinutes,
    crewName: visit.crew?.name ?? null,
  };
}

/** A visit's time as the customer reads it: "Thursday, December 10, between 9:00 AM and 11:00 AM". */
export function visitTimeWords(visit: { start: Date; end: Date }, timeZone: string): string {
  const start = momentWords(visit.start, timeZone);
  const end = momentWords(visit.end, timeZone);
  return `${start.date}, between ${start.time} and ${end.time}`;
}

export interface OpenInvoice {
  id: string;
  number: number;
  balanceCents: number;
  dueAt: Date | null;
}

/** The customer's invoices with something left to pay, oldest first. */
export async function openInvoicesOf(tx: TenantTransaction, customerId: string): Promise<OpenInvoice[]> {
  const invoices = await tx.invoice.findMany({
    where: { customerId, status: { in: ["sent", "partially_paid"] } },
    orderBy: { number: "asc" },
    select: { id: true, number: true, totalCents: true, paidCents: true, dueAt: true },
  });
  return invoices
    .map((invoice) => ({
      id: invoice.id,
      number: invoice.number,
      balanceCents: invoice.totalCents - invoice.paidCents,
      dueAt: invoice.dueAt,
    }))
    .filter((invoice) => invoice.balanceCents > 0);
}

export const totalOwed = (invoices: readonly OpenInvoice[]) =>
  formatCents(invoices.reduce((sum, invoice) => sum + invoice.balanceCents, 0));

/** The most invoices one answer links to; the rest are on the first's page's portal. */
const LINKS_PER_ANSWER = 3;

/** Pay links of the customer's open invoices (the company's own review pages), minted now. */
export async function payLinksOf(
  tx: TenantTransaction,
  companyId: string,
  invoices: readonly OpenInvoice[],
  origin: string,
): Promise<{ number: number; url: string }[]> {
  const links: { number: number; url: string }[] = [];
  for (const invoice of invoices.slice(0, LINKS_PER_ANSWER)) {
    const token = await issuePublicLink(tx, { companyId, kind: "invoice_review", subjectId: invoice.id, userId: null });
    links.push({ number: invoice.number, url: `${origin}${reviewPagePath(invoice.id, token)}` });
  }
  return links;
}

/** What was looked up, for the office: "Invoice #1032: $120.00 left, due Tuesday, December 1". */
export function invoicesLookedUp(invoices: readonly OpenInvoice[], timeZone: string): string {
  if (invoices.length === 0) return "Open invoices: none";
  return `Open invoices: ${invoices
    .map(
      (invoice) =>
        `#${invoice.number} ${formatCents(invoice.balanceCents)}${invoice.dueAt ? ` due ${momentWords(invoice.dueAt, timeZone).date}` : ""}`,
    )
    .join("; ")}`;
}
