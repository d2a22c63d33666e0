import type { TenantTransaction } from "@fieldops/db";
import { startOfDayInTimeZone, dayInTimeZone } from "@fieldops/shared/company-time";
import type { RecordPaymentInput } from "@fieldops/shared/invoices";
import { invalidInput } from "../errors.ts";
import { paymentsCompany } from "../invoices/invoice-company.ts";
import { applyPayment } from "./apply-payment.ts";

/** Cash or a check the office received, recorded once per Idempotency-Key; a received day in the future is refused. */
export async function recordOfficePayment(
  tx: TenantTransaction,
  input: RecordPaymentInput & {
    invoiceId: string;
    companyId: string;
    userId: string;
    idempotencyKey: string;
    now?: Date;
  },
) {
  const now = input.now ?? new Date();
  const company = await paymentsCompany(tx, input.companyId);
  if (input.receivedDate && input.receivedDate > dayInTimeZone(now, company.timeZone)) {
    throw invalidInput("A payment cannot be received in the future", "receivedDate");
  }
  const receivedAt =
    input.receivedDate && input.receivedDate !== dayInTimeZone(now, company.timeZone)
      ? startOfDayInTimeZone(input.receivedDate, company.timeZone)
      : now;
  return applyPayment(tx, {
    companyId: input.companyId,
    invoiceId: input.invoiceId,
    method: input.method,
    amountCents: input.amountCents,
    idempotencyKey: input.idempotencyKey,
    receivedAt,
    recordedByUserId: input.userId,
    reference: input.reference ?? null,
  });
}
