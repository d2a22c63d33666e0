import type { TenantTransaction } from "@fieldops/db";
import { toE164 } from "@fieldops/shared/phone";

/** What told the company a number's wish: a keyword it texted (STOP, START…) or Twilio refusing it as unsubscribed. */
export type SmsOptOutSource = "keyword" | "twilio_21610";

/**
 * Records that `phone` (as typed or as Twilio sends it; kept in E.164) opted out of the company's texts (`optedOut`:
 * STOP, STOPALL, UNSUBSCRIBE, CANCEL, END, QUIT) or back in (START, YES, UNSTOP; see `smsKeywordIntent` in
 * @fieldops/shared/phone). The dispatcher then fails every text to an opted-out number with "The customer opted out of
 * texts" instead of sending it, and the customer's page shows the number stopped. Recording the same wish twice
 * changes nothing. Answers the number in E.164 and whether the wish changed, or null when `phone` is not a number.
 *
 * For the inbound webhook: `recordSmsOptOut(tx, companyId, from, intent === "stop")` in the company's transaction.
 */
export async function recordSmsOptOut(
  tx: TenantTransaction,
  companyId: string,
  phone: string,
  optedOut: boolean,
  source: SmsOptOutSource = "keyword",
): Promise<{ phone: string; changed: boolean } | null> {
  const e164 = toE164(phone);
  if (!e164) return null;
  const before = await tx.smsOptOut.findUnique({ where: { companyId_phone: { companyId, phone: e164 } } });
  if (before?.optedOut === optedOut) return { phone: e164, changed: false };
  await tx.smsOptOut.upsert({
    where: { companyId_phone: { companyId, phone: e164 } },
    create: { companyId, phone: e164, optedOut, source },
    update: { optedOut, source },
  });
  return { phone: e164, changed: before !== null || optedOut };
}

/** Whether the company may text `phone`: false once it opted out (and until it opts back in). */
export async function isSmsOptedOut(tx: TenantTransaction, phone: string): Promise<boolean> {
  const e164 = toE164(phone);
  if (!e164) return false;
  const row = await tx.smsOptOut.findFirst({ where: { phone: e164, optedOut: true }, select: { id: true } });
  return row !== null;
}

/** Of these numbers (as stored on customers), the ones that opted out of the company's texts, as given. */
export async function optedOutNumbers(tx: TenantTransaction, phones: readonly string[]): Promise<Set<string>> {
  const byE164 = new Map<string, string[]>();
  for (const phone of phones) {
    const e164 = toE164(phone);
    if (e164) byE164.set(e164, [...(byE164.get(e164) ?? []), phone]);
  }
  if (byE164.size === 0) return new Set();
  const rows = await tx.smsOptOut.findMany({
    where: { phone: { in: [...byE164.keys()] }, optedOut: true },
    select: { phone: true },
  });
  return new Set(rows.flatMap((row) => byE164.get(row.phone) ?? []));
}
