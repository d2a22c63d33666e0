import type { TenantTransaction } from "@fieldops/db";

/** What put an address on the company's suppression list: a complaint (a feedback report, or the provider's event). */
export type EmailSuppressionSource = "feedback_report" | "provider_event";

/** Why, as the office reads it beside the address. */
export const COMPLAINT_SUPPRESSION_REASON = "Marked an e-mail from the company as spam";

/** An address as the list keeps it: without angle brackets, lower-cased. */
export function normalEmail(address: string): string {
  return address.trim().replace(/^<|>$/g, "").toLowerCase();
}

/**
 * Puts `email` on the company's suppression list (the e-mail counterpart of sms_opt_outs): the dispatcher then fails
 * every e-mail to it with EMAIL_SUPPRESSED_ERROR instead of sending it, and the customer's page shows the address
 * stopped. An address already on the list keeps its first reason. Answers whether it was added.
 */
export async function suppressEmail(
  tx: TenantTransaction,
  companyId: string,
  email: string,
  entry: { source: EmailSuppressionSource; reason: string; outboxMessageId: string | null },
): Promise<boolean> {
  const added = await tx.emailSuppression.createMany({
    data: [{ companyId, email: normalEmail(email), ...entry }],
    skipDuplicates: true,
  });
  return added.count > 0;
}

/** Of these addresses (as stored on customers or messages), the ones the company no longer e-mails, as given. */
export async function suppressedEmails(tx: TenantTransaction, addresses: readonly string[]): Promise<Set<string>> {
  if (addresses.length === 0) return new Set();
  const rows = await tx.emailSuppression.findMany({
    where: { email: { in: [...new Set(addresses.map(normalEmail))] } },
    select: { email: true },
  });
  const stopped = new Set(rows.map((row) => row.email));
  return new Set(addresses.filter((address) => stopped.has(normalEmail(address))));
}
