import { DISPUTE_STATUS_LABELS, PAYMENT_STATUS_LABELS, type Payment } from "@fieldops/shared/invoices";
import { formatCents } from "@fieldops/shared/money";

/**
 * What a payment's money is not yet (or no longer): a bank payment processing or failed, and a dispute of the charge
 * with the customer's bank. Nothing for an ordinary payment received.
 */
export function PaymentStatusNote({ payment }: { payment: Pick<Payment, "status" | "failureMessage" | "dispute"> }) {
  return (
    <>
      {payment.status !== "succeeded" ? (
        <span className={payment.status === "failed" ? "font-medium text-destructive" : "font-medium"}>
          {" "}
          · {PAYMENT_STATUS_LABELS[payment.status]}
          {payment.status === "failed" && payment.failureMessage ? `: ${payment.failureMessage}` : ""}
        </span>
      ) : null}
      {payment.dispute ? (
        <span className="font-medium text-destructive">
          {" "}
          · {DISPUTE_STATUS_LABELS[payment.dispute.status] ?? `Disputed (${payment.dispute.status})`},{" "}
          {formatCents(payment.dispute.amountCents)}
        </span>
      ) : null}
    </>
  );
}
