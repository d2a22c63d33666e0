import { useId, useState } from "react";
import { dayInTimeZone } from "@fieldops/shared/company-time";
import {
  INVOICE_CHANNELS,
  recordPaymentRequestSchema,
  refundPaymentRequestSchema,
  sendInvoiceRequestSchema,
  type InvoiceChannel,
  type InvoiceDetail,
  type Payment,
} from "@fieldops/shared/invoices";
import { formatCents } from "@fieldops/shared/money";
import { sentenceAbout } from "@fieldops/shared/validation-messages";
import { FormField, useRefusal, useSchemaForm } from "../../components/form";
import { Input } from "../../components/ui/input";
import { NativeSelect } from "../../components/ui/native-select";
import { toast } from "../../hooks/use-toast";
import { blankIsUndefined, centsFromDollars } from "../../lib/form-values";
import { newIdempotencyKey } from "./invoice-parts";
import { useInvoiceAction } from "./invoice-queries";
import { FormDialog } from "../../components/form-dialog";

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
  const id = useId();
  const [key] = useState(newIdempotencyKey);
  const form = useSchemaForm(sendInvoiceRequestSchema, {
    channels: invoice.customerEmail ? ["email"] : invoice.customerPhone ? ["sms"] : [],
  });
  const { refusal, place, clear } = useRefusal(form);
  const channels = form.watch("channels");
  const message = form.formState.errors.channels?.message;
  const address: Record<InvoiceChannel, string | null> = { email: invoice.customerEmail, sms: invoice.customerPhone };
  const submit = form.handleSubmit((body) => {
    clear();
    actions.send.mutate(
      { body, key },
      {
        onSuccess: () => {
          toast({
            title: "Invoice sent",
            description: "The messages are on their way; the invoice shows where each one stands.",
          });
          onOpenChange(false);
        },
        onError: place,
      },
    );
  });
  return (
    <FormDialog
      onOpenChange={onOpenChange}
      title={`Send invoice #${invoice.number}?`}
      description={`${invoice.customerName} gets the invoice with a link to view and pay it${invoice.status === "draft" ? "; it can no longer be edited" : ""}.`}
      confirm="Send"
      pendingLabel="Sending…"
      pending={actions.send.isPending}
      error={refusal}
      noValidate
      onSubmit={submit}
    >
      <fieldset className="grid gap-2" aria-describedby={message ? `${id}-error` : undefined}>
        <legend className="mb-1 text-sm font-medium">Send by</legend>
        {INVOICE_CHANNELS.map((channel) => (
          <label key={channel} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              disabled={!address[channel]}
              aria-invalid={Boolean(message)}
              checked={channels.includes(channel)}
              onChange={(event) =>
                form.setValue(
                  "channels",
                  event.target.checked ? [...channels, channel] : channels.filter((c) => c !== channel),
                  { shouldValidate: true, shouldTouch: true },
                )
              }
            />
            {CHANNEL_LABELS[channel]} {address[channel] ? `to ${address[channel]}` : "(no address on file)"}
          </label>
        ))}
        {message ? (
          <p id={`${id}-error`} className="text-sm text-destructive">
            {sentenceAbout("Send by", message)}
          </p>
        ) : null}
      </fieldset>
    </FormDialog>
  );
}

/** The API's rules for a payment received, with its amount typed in dollars. */
const recordPaymentFormSchema = recordPaymentRequestSchema.extend({
  amountCents: centsFromDollars(recordPaymentRequestSchema.shape.amountCents),
});

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
  const [key] = useState(newIdempotencyKey);
  const form = useSchemaForm(recordPaymentFormSchema, {
    method: "check",
    amountCents: (invoice.balanceCents / 100).toFixed(2),
    reference: undefined,
    receivedDate: dayInTimeZone(new Date(), timeZone),
  });
  const { refusal, place, clear } = useRefusal(form);
  const submit = form.handleSubmit((body) => {
    clear();
    actions.recordPayment.mutate(
      { body, key },
      {
        onSuccess: () => {
          toast({
            title: "Payment recorded",
            description: `${formatCents(body.amountCents)} on invoice #${invoice.number}.`,
          });
          onOpenChange(false);
        },
        onError: place,
      },
    );
  });
  return (
    <FormDialog
      onOpenChange={onOpenChange}
      title={`Record a payment on invoice #${invoice.number}`}
      description={`Cash or a check you received. The balance is ${formatCents(invoice.balanceCents)}.`}
      confirm="Record payment"
      pendingLabel="Recording…"
      pending={actions.recordPayment.isPending}
      error={refusal}
      noValidate
      onSubmit={submit}
    >
      <div className="grid items-start gap-3 sm:grid-cols-2">
        <FormField form={form} name="method" label="Method">
          {(control) => (
            <NativeSelect {...control} {...form.register("method")}>
              <option value="check">Check</option>
              <option value="cash">Cash</option>
              <option value="ach">Bank transfer (ACH)</option>
            </NativeSelect>
          )}
        </FormField>
        <FormField form={form} name="amountCents" label="Amount ($)">
          {(control) => <Input {...control} inputMode="decimal" {...form.register("amountCents")} />}
        </FormField>
        <FormField form={form} name="reference" label={form.watch("method") === "check" ? "Check number" : "Note"}>
          {(control) => <Input {...control} {...form.register("reference", blankIsUndefined)} />}
        </FormField>
        <FormField form={form} name="receivedDate" label="Received on">
          {(control) => <Input {...control} type="date" {...form.register("receivedDate", blankIsUndefined)} />}
        </FormField>
      </div>
    </FormDialog>
  );
}

/** The API's rules for a refund, with its amount typed in dollars. */
const refundFormSchema = refundPaymentRequestSchema.extend({
  amountCents: centsFromDollars(refundPaymentRequestSchema.shape.amountCents),
});

export function RefundDialog({
  payment,
  actions,
  onOpenChange,
}: {
  payment: Payment;
  actions: Actions;
  onOpenChange: (open: boolean) => void;
}) {
  const [key] = useState(newIdempotencyKey);
  const left = payment.amountCents - payment.refundedCents;
  const form = useSchemaForm(refundFormSchema, {
    amountCents: (left / 100).toFixed(2),
    reason: undefined,
    reopenBalance: false,
  });
  const reopen = form.watch("reopenBalance") === true;
  const { refusal, place, clear } = useRefusal(form);
  const submit = form.handleSubmit((body) => {
    clear();
    actions.refund.mutate(
      { paymentId: payment.id, body, key },
      {
        onSuccess: () => {
          toast({ title: "Payment refunded", description: `${formatCents(body.amountCents)} given back.` });
          onOpenChange(false);
        },
        onError: place,
      },
    );
  });
  return (
    <FormDialog
      destructive
      onOpenChange={onOpenChange}
      title="Refund this payment?"
      description={`Up to ${formatCents(left)} can be given back${refundedTo(payment)}. This cannot be undone.`}
      confirm="Refund"
      pendingLabel="Refunding…"
      pending={actions.refund.isPending}
      error={refusal}
      noValidate
      onSubmit={submit}
    >
      <FormField form={form} name="amountCents" label="Amount ($)">
        {(control) => <Input {...control} inputMode="decimal" {...form.register("amountCents")} />}
      </FormField>
      <FormField form={form} name="reason" label="Reason">
        {(control) => <Input {...control} {...form.register("reason", blankIsUndefined)} />}
      </FormField>
      <fieldset className="grid gap-2 text-sm">
        <legend className="mb-1 font-medium">The invoice afterwards</legend>
        <label className="flex items-start gap-2">
          <input
            type="radio"
            name="reopenBalance"
            checked={!reopen}
            onChange={() => form.setValue("reopenBalance", false)}
          />
          <span>Keep it settled: the refund is a credit and the customer owes nothing more</span>
        </label>
        <label className="flex items-start gap-2">
          <input
            type="radio"
            name="reopenBalance"
            checked={reopen}
            onChange={() => form.setValue("reopenBalance", true)}
          />
          <span>Reopen the balance: the customer owes the refunded amount again</span>
        </label>
      </fieldset>
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

/** Where a refund of a payment taken on the customer's page goes; one the office recorded is given back by hand. */
function refundedTo(payment: Payment): string {
  if (payment.provider !== "stripe" && payment.provider !== "test") return "";
  return payment.method === "ach" ? " to the customer's bank account" : " to the card";
}
