import { startOfDayInTimeZone, dayInTimeZone } from "@fieldops/shared/company-time";
import { announcePaymentReceived } from "./announce-payment-received.ts";
import type { RecordPaymentInput } from "@fieldops/shared/invoices";
import { invalidInput } from "../errors.ts";
import { paymentsCompany } from "../invoices/invoice-company.ts";
import { invoicesChanged } from "../invoices/invoices-events.ts";
import type { TenantScope, UserActor } from "../tenant-scope.ts";
import { applyPayment } from "./apply-payment.ts";
import { queueQuickBooksSync } from "../quickbooks/queue-quickbooks-sync.ts";

/**
 * Cash or a check the office received, recorded once per Idempotency-Key; a received day in the future is refused.
 * Announces the invoice (a repeated key too).
 */
export async function recordOfficePayment(
  { tx, companyId, actor, emit, enqueue }: TenantScope<UserActor>,
  input: Omit<RecordPaymentInput, "amountCents"> & {
    /** "balance": what is still owed when the payment is applied. */
    amountCents: number | "balance";
    invoiceId: string;
    idempotencyKey: string;
    now?: Date;
  },
) {
  const now = input.now ?? new Date();
  const company = await paymentsCompany(tx, companyId);
  if (input.receivedDate && input.receivedDate > dayInTimeZone(now, company.timeZone)) {
    throw invalidInput("A payment cannot be received in the future", "receivedDate");
  }
  const receivedAt =
    input.receivedDate && input.receivedDate !== dayInTimeZone(now, company.timeZone)
      ? startOfDayInTimeZone(input.receivedDate, company.timeZone)
      : now;
  const applied = await applyPayment(tx, {
    companyId,
    invoiceId: input.invoiceId,
    method: input.method,
    amountCents: input.amountCents,
    idempotencyKey: input.idempotencyKey,
    receivedAt,
    recordedByUserId: actor.userId,
    recordedByName: actor.name,
    reference: input.reference ?? null,
  });
  if (!applied.replayed) {
    await queueQuickBooksSync({ tx, companyId, enqueue }, { entity: "payment", id: applied.paymentId });
    await announcePaymentReceived({ tx, companyId, enqueue, emit }, applied.paymentId);
  }
  emit(invoicesChanged({ id: input.invoiceId, customerId: applied.customerId }));
  return applied;
}
