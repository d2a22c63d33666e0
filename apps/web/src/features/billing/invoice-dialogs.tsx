import { useId, useState } from "react";
import { dayInTimeZone } from "@fieldops/shared/company-time";
import { INVOICE_CHANNELS, type InvoiceChannel, type InvoiceDetail, type Payment } from "@fieldops/shared/invoices";
import { formatCents } from "@fieldops/shared/money";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { NativeSelect } from "../../components/ui/native-select";
import { toast } from "../../hooks/use-toast";
import { newIdempotencyKey } from "./billing-parts";
import { useInvoiceAction } from "./billing-queries";
import { FormDialog } from "../../components/form-dialog";
import { parseDollars } from "./invoice-terms-fields";

type Actions = ReturnType<typeof useInvoiceAction>;

const CHANNEL_LABELS: Record<InvoiceChannel, string> = { email: "E-mail", sms: "Text message (SMS)" };

export function SendInvoiceDialog({
  invoice,
  actions,
  onOpenChange,
}: {
  invoice: InvoiceDetail;
  actions: Actions;
  onOpenChange: (open: boolean) => void;
}) {
  const [key] = useState(newIdempotencyKey);
  const [channels, setChannels] = useState<InvoiceChannel[]>(
    invoice.customerEmail ? ["email"] : invoice.customerPhone ? ["sms"] : [],
  );
  const address: Record<InvoiceChannel, string | null> = { email: invoice.customerEmail, sms: invoice.customerPhone };
  return (
    <FormDialog
      onOpenChange={onOpenChange}
      title={`Send invoice #${invoice.number}?`}
      description={`${invoice.customerName} gets the invoice with a link to view and pay it${invoice.status === "draft" ? "; it can no longer be edited" : ""}.`}
      confirm="Send"
      pendingLabel="Sending…"
      pending={actions.send.isPending}
      error={actions.send.error}
      onSubmit={() => {
        actions.send.mutate(
          { body: { channels }, key },
          {
            onSuccess: () => {
              toast({ title: "Invoice sent", description: "The messages are in the outbox, shown on the invoice." });
              onOpenChange(false);
            },
          },
        );
      }}
    >
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">Send by</legend>
        {INVOICE_CHANNELS.map((channel) => (
          <label key={channel} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              disabled={!address[channel]}
              checked={channels.includes(channel)}
              onChange={(event) =>
                setChannels(event.target.checked ? [...channels, channel] : channels.filter((c) => c !== channel))
              }
            />
            {CHANNEL_LABELS[channel]} {address[channel] ? `to ${address[channel]}` : "(no address on file)"}
          </label>
        ))}
      </fieldset>
    </FormDialog>
  );
}

export function RecordPaymentDialog({
  invoice,
  actions,
  timeZone,
  onOpenChange,
}: {
  invoice: InvoiceDetail;
  actions: Actions;
  timeZone: string;
  onOpenChange: (open: boolean) => void;
}) {
  const id = useId();
  const [key] = useState(newIdempotencyKey);
  const [method, setMethod] = useState<"cash" | "check">("check");
  const [amount, setAmount] = useState((invoice.balanceCents / 100).toFixed(2));
  const [reference, setReference] = useState("");
  const [receivedDate, setReceivedDate] = useState(dayInTimeZone(new Date(), timeZone));
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <FormDialog
      onOpenChange={onOpenChange}
      title={`Record a payment on invoice #${invoice.number}`}
      description={`Cash or a check you received. The balance is ${formatCents(invoice.balanceCents)}.`}
      confirm="Record payment"
      pendingLabel="Recording…"
      pending={actions.recordPayment.isPending}
      error={problem ?? actions.recordPayment.error}
      onSubmit={() => {
        const amountCents = parseDollars(amount);
        if (!amountCents) return setProblem("Enter the amount received, e.g. 120.00.");
        setProblem(null);
        actions.recordPayment.mutate(
          {
            body: { method, amountCents, ...(reference.trim() ? { reference: reference.trim() } : {}), receivedDate },
            key,
          },
          {
            onSuccess: () => {
              toast({
                title: "Payment recorded",
                description: `${formatCents(amountCents)} on invoice #${invoice.number}.`,
              });
              onOpenChange(false);
            },
          },
        );
      }}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="grid gap-1">
          <Label htmlFor={`${id}-method`}>Method</Label>
          <NativeSelect
            id={`${id}-method`}
            value={method}
            onChange={(event) => setMethod(event.target.value as "cash" | "check")}
          >
            <option value="check">Check</option>
            <option value="cash">Cash</option>
          </NativeSelect>
        </div>
        <div className="grid gap-1">
          <Label htmlFor={`${id}-amount`}>Amount ($)</Label>
          <Input
            id={`${id}-amount`}
            inputMode="decimal"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
          />
        </div>
        <div className="grid gap-1">
          <Label htmlFor={`${id}-reference`}>{method === "check" ? "Check number" : "Note"}</Label>
          <Input
            id={`${id}-reference`}
            maxLength={100}
            value={reference}
            onChange={(event) => setReference(event.target.value)}
          />
        </div>
        <div className="grid gap-1">
          <Label htmlFor={`${id}-date`}>Received on</Label>
          <Input
            id={`${id}-date`}
            type="date"
            value={receivedDate}
            onChange={(event) => setReceivedDate(event.target.value)}
          />
        </div>
      </div>
    </FormDialog>
  );
}

export function RefundDialog({
  payment,
  actions,
  onOpenChange,
}: {
  payment: Payment;
  actions: Actions;
  onOpenChange: (open: boolean) => void;
}) {
  const id = useId();
  const [key] = useState(newIdempotencyKey);
  const left = payment.amountCents - payment.refundedCents;
  const [amount, setAmount] = useState((left / 100).toFixed(2));
  const [reason, setReason] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <FormDialog
      destructive
      onOpenChange={onOpenChange}
      title="Refund this payment?"
      description={`Up to ${formatCents(left)} can be given back${payment.method === "card" ? " to the card" : ""}. This cannot be undone.`}
      confirm="Refund"
      pendingLabel="Refunding…"
      pending={actions.refund.isPending}
      error={problem ?? actions.refund.error}
      onSubmit={() => {
        const amountCents = parseDollars(amount);
        if (!amountCents) return setProblem("Enter the amount to refund, e.g. 20.00.");
        setProblem(null);
        actions.refund.mutate(
          { paymentId: payment.id, body: { amountCents, ...(reason.trim() ? { reason: reason.trim() } : {}) }, key },
          {
            onSuccess: () => {
              toast({ title: "Payment refunded", description: `${formatCents(amountCents)} given back.` });
              onOpenChange(false);
            },
          },
        );
      }}
    >
      <div className="grid gap-1">
        <Label htmlFor={`${id}-amount`}>Amount ($)</Label>
        <Input
          id={`${id}-amount`}
          inputMode="decimal"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
        />
      </div>
      <div className="grid gap-1">
        <Label htmlFor={`${id}-reason`}>Reason</Label>
        <Input id={`${id}-reason`} maxLength={300} value={reason} onChange={(event) => setReason(event.target.value)} />
      </div>
    </FormDialog>
  );
}

export function VoidInvoiceDialog({
  invoice,
  actions,
  onOpenChange,
}: {
  invoice: InvoiceDetail;
  actions: Actions;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <FormDialog
      destructive
      onOpenChange={onOpenChange}
      title={`Void invoice #${invoice.number}?`}
      description="The customer no longer owes it and its job can be invoiced again. A void invoice cannot be sent or paid."
      confirm="Void invoice"
      pendingLabel="Voiding…"
      pending={actions.void.isPending}
      error={actions.void.error}
      onSubmit={() => {
        actions.void.mutate(undefined, { onSuccess: () => onOpenChange(false) });
      }}
    />
  );
}
