import type { TestCardPaymentRequest } from "@fieldops/shared/invoice-review";
import { conflict } from "../errors.ts";
import { invoicesChanged } from "../invoices/invoices-events.ts";
import { applyPayment } from "../payments/apply-payment.ts";
import { cardProviderName, type PaymentsEnv } from "../payments/payments-env.ts";
import { chargeTestCard } from "../payments/test-card-provider.ts";
import type { TenantScope } from "../tenant-scope.ts";
import { queueQuickBooksSync } from "../quickbooks/queue-quickbooks-sync.ts";
import { assertOnlinePayments, findReviewedInvoice } from "./invoice-review-access.ts";
import type { ReviewAccess } from "./review-access.ts";

/**
 * The customer pays the invoice's balance with a card at the built-in test provider (only while Stripe is not
 * configured). Once per Idempotency-Key; a declined card stores nothing. Announces the invoice to the office's screens.
 */
export async function payWithTestCard(
  { tx, emit, enqueue }: TenantScope,
  input: {
    invoiceId: string;
    access: ReviewAccess;
    card: TestCardPaymentRequest;
    idempotencyKey: string;
    env: PaymentsEnv;
    now?: Date;
  },
) {
  if (cardProviderName(input.env) !== "test") throw conflict("Card payments go through Stripe here");
  const invoice = await findReviewedInvoice(tx, input.invoiceId, input.access);
  assertOnlinePayments(invoice.company);
  const now = input.now ?? new Date();
  const paid = await applyPayment(tx, {
    companyId: input.access.companyId,
    invoiceId: input.invoiceId,
    method: "card",
    amountCents: "balance",
    idempotencyKey: input.idempotencyKey,
    receivedAt: now,
    recordedByUserId: null,
    provider: "test",
    charge: async () => chargeTestCard(input.card, now),
  });
  if (!paid.replayed)
    await queueQuickBooksSync(
      { tx, companyId: input.access.companyId, enqueue },
      { entity: "payment", id: paid.paymentId },
    );
  emit(invoicesChanged({ id: input.invoiceId, customerId: paid.customerId }));
  return paid;
}
