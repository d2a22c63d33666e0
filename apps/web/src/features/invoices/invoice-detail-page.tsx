import { useState } from "react";
import { Link, useParams } from "react-router";
import { formatCompanyTime } from "@fieldops/shared/company-time";
import { formatTaxRate, PAYMENT_METHOD_LABELS, type InvoiceDetail, type Payment } from "@fieldops/shared/invoices";
import { PaymentStatusNote } from "./payment-status-note";
import { formatCents } from "@fieldops/shared/money";
import { Alert, AlertDescription, AlertTitle } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Skeleton } from "../../components/ui/skeleton";
import { toast } from "../../hooks/use-toast";
import { ApiError } from "../../lib/api";
import { useCompany } from "../../lib/company";
import { usePageTitle } from "../../shell/page-title";
import { QuickBooksSyncStatus } from "../../components/quickbooks-sync-state";
import { InvoiceStatusBadge, InvoicingGate, PageHeading, TestProviderWarning } from "./invoice-parts";
import { downloadInvoicePdf, useInvoice, useInvoiceAction } from "./invoice-queries";
import { DownloadPdfButton } from "../../components/download-pdf-button";
import { EditInvoiceDialog } from "./edit-invoice-dialog";
import { InvoiceLinesTable } from "../../components/invoice-lines-table";
import { RecordPaymentDialog, RefundDialog, SendInvoiceDialog, VoidInvoiceDialog } from "./invoice-dialogs";
import { apiErrorMessage } from "../../lib/api-error";
import { useSignedInUser } from "../../lib/session";
import { MessageDeliveryState } from "../../components/message-delivery";

type Open = "send" | "pay" | "void" | "edit" | { refund: Payment } | null;

function Totals({ invoice }: { invoice: InvoiceDetail }) {
  const rows: [string, number][] = [
    ["Subtotal", invoice.subtotalCents],
    ...(invoice.discountCents ? ([["Discount", -invoice.discountCents]] as [string, number][]) : []),
    [`Tax (${formatTaxRate(invoice.taxRateBasisPoints)})`, invoice.taxCents],
    ["Total", invoice.totalCents],
    ["Paid", invoice.paidCents],
    ["Balance", invoice.balanceCents],
  ];
  return (
    <dl className="grid grid-cols-[1fr_auto] gap-x-6 gap-y-1 text-sm">
      {rows.map(([label, cents]) => (
        <div key={label} className="contents">
          <dt className={label === "Balance" ? "font-semibold" : "text-muted-foreground"}>{label}</dt>
          <dd className={`text-right ${label === "Balance" ? "font-semibold" : ""}`}>{formatCents(cents)}</dd>
        </div>
      ))}
    </dl>
  );
}

function InvoiceView({ invoice, timeZone }: { invoice: InvoiceDetail; timeZone: string }) {
  usePageTitle(`Invoice #${invoice.number}`);
  const actions = useInvoiceAction(invoice.id);
  const [open, setOpen] = useState<Open>(null);
  const close = (value: boolean) => (value ? undefined : setOpen(null));
  const owes = invoice.status === "sent" || invoice.status === "partially_paid";
  const copyLink = () =>
    actions.reviewLink.mutate(undefined, {
      onSuccess: async ({ url }) => {
        try {
          await navigator.clipboard.writeText(url);
          toast({ title: "Review link copied", description: "Send it to the customer: it opens this invoice only." });
        } catch {
          toast({ title: "Review link", description: url });
        }
      },
      onError: (error) =>
        toast({ title: "No review link", description: apiErrorMessage(error), variant: "destructive" }),
    });
  const when = (iso: string) => formatCompanyTime(iso, timeZone);
  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid gap-1">
          <h1 className="text-2xl font-semibold tracking-tight">Invoice #{invoice.number}</h1>
          <p className="flex flex-wrap items-center gap-2 text-muted-foreground">
            <Link to={`/customers/${invoice.customerId}`} className="underline-offset-4 hover:underline">
              {invoice.customerName}
            </Link>
            {invoice.jobId ? (
              <Link to={`/jobs/${invoice.jobId}`} className="underline-offset-4 hover:underline">
                Job #{invoice.jobNumber} {invoice.jobTitle}
              </Link>
            ) : null}
            <InvoiceStatusBadge status={invoice.status} pastDue={invoice.pastDue} />
          </p>
          {invoice.status !== "draft" ? <QuickBooksSyncStatus entity="invoice" id={invoice.id} /> : null}
          <p className="text-sm text-muted-foreground">
            Due {invoice.dueDate ?? "—"}
            {invoice.sentAt ? ` · sent ${when(invoice.sentAt)}` : ""}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {invoice.status === "draft" ? (
            <Button variant="outline" onClick={() => setOpen("edit")}>
              Edit
            </Button>
          ) : null}
          {invoice.status !== "void" ? (
            <Button onClick={() => setOpen("send")}>{invoice.status === "draft" ? "Send" : "Send again"}</Button>
          ) : null}
          {invoice.status !== "draft" && invoice.status !== "void" ? (
            <Button variant="outline" disabled={actions.reviewLink.isPending} onClick={copyLink}>
              Copy review link
            </Button>
          ) : null}
          <DownloadPdfButton download={() => downloadInvoicePdf(invoice)} />
          {owes ? (
            <Button variant="outline" onClick={() => setOpen("pay")}>
              Record payment
            </Button>
          ) : null}
          {invoice.status === "draft" || (invoice.status === "sent" && invoice.paidCents === 0) ? (
            <Button variant="outline" onClick={() => setOpen("void")}>
              Void
            </Button>
          ) : null}
        </div>
      </div>
      <div className="grid gap-4 md:grid-cols-[2fr_1fr]">
        <Card role="region" aria-labelledby="invoice-lines-title">
          <CardHeader>
            <CardTitle id="invoice-lines-title">Lines</CardTitle>
          </CardHeader>
          <CardContent>
            <InvoiceLinesTable lines={invoice.lines} />
            {invoice.notes ? <p className="mt-3 whitespace-pre-line text-sm">{invoice.notes}</p> : null}
          </CardContent>
        </Card>
        <Card role="region" aria-labelledby="invoice-totals-title">
          <CardHeader>
            <CardTitle id="invoice-totals-title">Totals</CardTitle>
          </CardHeader>
          <CardContent>
            <Totals invoice={invoice} />
          </CardContent>
        </Card>
      </div>
      <Card role="region" aria-labelledby="invoice-payments-title">
        <CardHeader>
          <CardTitle id="invoice-payments-title">Payments</CardTitle>
          <CardDescription>
            Customers pay by card or bank account on the review page; cash, checks and bank transfers are recorded here.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-3">
          {invoice.cardProvider === "test" ? <TestProviderWarning /> : null}
          {invoice.payments.length === 0 ? (
            <p className="text-sm text-muted-foreground">No payments yet.</p>
          ) : (
            <ul aria-label="Payments" className="divide-y text-sm">
              {invoice.payments.map((payment) => (
                <li key={payment.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                  <span>
                    {when(payment.receivedAt)} · {PAYMENT_METHOD_LABELS[payment.method]}
                    {payment.cardLast4 ? ` ending ${payment.cardLast4}` : ""}
                    {payment.reference ? ` · ${payment.reference}` : ""}
                    {payment.recordedByUserId === null ? " · paid online" : ""}
                    <PaymentStatusNote payment={payment} />
                  </span>
                  <span className="flex items-center gap-2">
                    {formatCents(payment.amountCents)}
                    {payment.refundedCents ? (
                      <span className="text-muted-foreground">({formatCents(payment.refundedCents)} refunded)</span>
                    ) : null}
                    {payment.status === "succeeded" && payment.refundedCents < payment.amountCents ? (
                      <Button size="sm" variant="outline" onClick={() => setOpen({ refund: payment })}>
                        Refund
                      </Button>
                    ) : null}
                  </span>
                  {payment.status === "succeeded" ? <QuickBooksSyncStatus entity="payment" id={payment.id} /> : null}
                </li>
              ))}
            </ul>
          )}
          {invoice.refunds.length > 0 ? (
            <ul aria-label="Refunds" className="grid gap-1 text-sm text-muted-foreground">
              {invoice.refunds.map((refund) => (
                <li key={refund.id} className="flex flex-wrap items-center justify-between gap-2">
                  <span>
                    {refund.disputeLost ? "Dispute lost: the customer's bank took back" : "Refunded"}{" "}
                    {formatCents(refund.amountCents)} on {when(refund.createdAt)}
                    {refund.reopenedBalance ? " · added back to the balance" : " · as a credit"}
                    {refund.reason ? ` · ${refund.reason}` : ""}
                  </span>
                  <QuickBooksSyncStatus entity="refund" id={refund.id} />
                </li>
              ))}
            </ul>
          ) : null}
        </CardContent>
      </Card>
      <div className="grid gap-4 md:grid-cols-2">
        <Card role="region" aria-labelledby="invoice-messages-title">
          <CardHeader>
            <CardTitle id="invoice-messages-title">Sent messages</CardTitle>
            <CardDescription>Each message with where its delivery stands.</CardDescription>
          </CardHeader>
          <CardContent>
            {invoice.messages.length === 0 ? (
              <p className="text-sm text-muted-foreground">Nothing sent yet.</p>
            ) : (
              <ul aria-label="Sent messages" className="grid gap-1 text-sm">
                {invoice.messages.map((message) => (
                  <li key={message.id} className="grid gap-1">
                    <span>
                      {when(message.createdAt)} · {message.channel === "sms" ? "SMS" : "E-mail"} to{" "}
                      {message.recipient ?? "—"}: {message.subject}
                    </span>
                    <MessageDeliveryState message={message} />
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
        <Card role="region" aria-labelledby="invoice-review-title">
          <CardHeader>
            <CardTitle id="invoice-review-title">Customer review</CardTitle>
          </CardHeader>
          <CardContent className="text-sm">
            {invoice.review ? (
              <p>
                <span aria-label={`${invoice.review.rating} out of 5 stars`}>
                  {"★".repeat(invoice.review.rating)}
                  {"☆".repeat(5 - invoice.review.rating)}
                </span>
                {invoice.review.comment ? ` “${invoice.review.comment}”` : ""}
              </p>
            ) : (
              <p className="text-muted-foreground">No review yet.</p>
            )}
          </CardContent>
        </Card>
      </div>
      {open === "send" ? <SendInvoiceDialog invoice={invoice} actions={actions} onOpenChange={close} /> : null}
      {open === "pay" ? (
        <RecordPaymentDialog invoice={invoice} actions={actions} timeZone={timeZone} onOpenChange={close} />
      ) : null}
      {open === "void" ? <VoidInvoiceDialog invoice={invoice} actions={actions} onOpenChange={close} /> : null}
      {open === "edit" ? <EditInvoiceDialog invoice={invoice} onOpenChange={close} /> : null}
      {open && typeof open === "object" ? (
        <RefundDialog payment={open.refund} actions={actions} onOpenChange={close} />
      ) : null}
    </>
  );
}

function InvoiceLoader({ id }: { id: string }) {
  const user = useSignedInUser();
  const company = useCompany(user.companyId);
  const invoice = useInvoice(id);
  if (invoice.isError) {
    const missing = invoice.error instanceof ApiError && (invoice.error.status === 404 || invoice.error.status === 400);
    return (
      <>
        <PageHeading>Invoice</PageHeading>
        <Alert variant={missing ? "default" : "destructive"}>
          <AlertTitle>{missing ? "Invoice not found" : "The invoice could not be loaded"}</AlertTitle>
          <AlertDescription>
            <Link to="/payments" className="underline underline-offset-4">
              Back to payments
            </Link>
          </AlertDescription>
        </Alert>
      </>
    );
  }
  if (invoice.isPending || !company.data) {
    return (
      <>
        <PageHeading>Invoice</PageHeading>
        <div role="status" aria-label="Loading invoice" className="grid gap-2">
          <Skeleton className="h-24 w-full" />
          <Skeleton className="h-24 w-full" />
        </div>
      </>
    );
  }
  return <InvoiceView invoice={invoice.data} timeZone={company.data.timeZone} />;
}

/** /payments/invoices/:id: one invoice, its payments and messages, and what the office can do with it. */
export function InvoiceDetailPage() {
  const { id = "" } = useParams();
  usePageTitle("Invoice");
  return (
    <InvoicingGate heading="Invoice">
      <InvoiceLoader id={id} />
    </InvoicingGate>
  );
}
