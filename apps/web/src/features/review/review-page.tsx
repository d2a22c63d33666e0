import { useEffect, useId, useState, type FormEvent } from "react";
import { useParams } from "react-router";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { formatTaxRate, INVOICE_STATUS_LABELS } from "@fieldops/shared/invoices";
import { salesDocumentFileName } from "@fieldops/shared/documents";
import { formatCompanyDay } from "@fieldops/shared/company-time";
import { formatCents } from "@fieldops/shared/money";
import { PUBLIC_LINK_NOT_FOUND } from "@fieldops/shared/review";
import { invoiceReviewEndpoints, TEST_PROVIDER_WARNING, type ReviewInvoice } from "@fieldops/shared/invoice-review";
import { Alert, AlertDescription, AlertTitle } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { Skeleton } from "../../components/ui/skeleton";
import { Textarea } from "../../components/ui/textarea";
import { usePageTitle } from "../../shell/page-title";
import { InvoiceLinesTable } from "../../components/invoice-lines-table";
import { DownloadPdfButton } from "../../components/download-pdf-button";
import { ApiError } from "../../lib/api";
import { apiErrorMessage } from "../../lib/api-error";
import { leaveReview, payWithTestCard } from "./invoice-review-api";
import { downloadReviewFile, fragmentToken, reviewQueryKey, useReviewQuery } from "./review-api";
import { StripeCardForm } from "./stripe-card-form";

const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;

function TestCardForm({
  view,
  token,
  onPaid,
}: {
  view: ReviewInvoice;
  token: string;
  onPaid: (view: ReviewInvoice) => void;
}) {
  const id = useId();
  // One key for this page's payment: a retried or double-clicked payment is taken once.
  const [key] = useState(() => crypto.randomUUID());
  const [cardNumber, setCardNumber] = useState("");
  const [expiry, setExpiry] = useState("");
  const [cvc, setCvc] = useState("");
  const pay = useMutation({
    mutationFn: () => payWithTestCard(view.invoice.id, token, { cardNumber, expiry, cvc }, key),
    onSuccess: onPaid,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    pay.mutate();
  };
  return (
    <form className="grid gap-3" onSubmit={submit} aria-label="Pay by card">
      <Alert role="note">
        <AlertTitle>Test payments</AlertTitle>
        <AlertDescription>
          {TEST_PROVIDER_WARNING} Use the test card 4242 4242 4242 4242 with any future expiry and any CVC; 4000 0000
          0000 0002 is declined.
        </AlertDescription>
      </Alert>
      <div className="grid gap-1">
        <Label htmlFor={`${id}-number`}>Card number</Label>
        <Input
          id={`${id}-number`}
          inputMode="numeric"
          autoComplete="cc-number"
          maxLength={23}
          required
          value={cardNumber}
          onChange={(event) => setCardNumber(event.target.value)}
        />
      </div>
      <div className="grid grid-cols-2 gap-3">
        <div className="grid gap-1">
          <Label htmlFor={`${id}-expiry`}>Expiry (MM/YY)</Label>
          <Input
            id={`${id}-expiry`}
            autoComplete="cc-exp"
            maxLength={7}
            required
            placeholder="MM/YY"
            value={expiry}
            onChange={(event) => setExpiry(event.target.value)}
          />
        </div>
        <div className="grid gap-1">
          <Label htmlFor={`${id}-cvc`}>CVC</Label>
          <Input
            id={`${id}-cvc`}
            inputMode="numeric"
            autoComplete="cc-csc"
            maxLength={4}
            required
            value={cvc}
            onChange={(event) => setCvc(event.target.value)}
          />
        </div>
      </div>
      {pay.error ? (
        <Alert variant="destructive" role="alert">
          <AlertTitle>Payment not taken</AlertTitle>
          <AlertDescription>{apiErrorMessage(pay.error)}</AlertDescription>
        </Alert>
      ) : null}
      <Button type="submit" disabled={pay.isPending}>
        {pay.isPending ? "Paying…" : `Pay ${formatCents(view.invoice.balanceCents)}`}
      </Button>
    </form>
  );
}

function ReviewForm({
  view,
  token,
  onLeft,
}: {
  view: ReviewInvoice;
  token: string;
  onLeft: (view: ReviewInvoice) => void;
}) {
  const id = useId();
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState("");
  const send = useMutation({
    mutationFn: () =>
      leaveReview(view.invoice.id, token, { rating, ...(comment.trim() ? { comment: comment.trim() } : {}) }),
    onSuccess: onLeft,
  });
  return (
    <form
      className="grid gap-3"
      aria-label="Leave a review"
      onSubmit={(event) => {
        event.preventDefault();
        if (rating > 0) send.mutate();
      }}
    >
      <fieldset className="flex flex-wrap gap-3">
        <legend className="mb-1 text-sm font-medium">Your rating</legend>
        {[1, 2, 3, 4, 5].map((stars) => (
          <label key={stars} className="flex items-center gap-1 text-sm">
            <input
              type="radio"
              name={`${id}-rating`}
              value={stars}
              checked={rating === stars}
              onChange={() => setRating(stars)}
            />
            {stars} star{stars === 1 ? "" : "s"}
          </label>
        ))}
      </fieldset>
      <div className="grid gap-1">
        <Label htmlFor={`${id}-comment`}>Comment</Label>
        <Textarea
          id={`${id}-comment`}
          maxLength={2000}
          value={comment}
          onChange={(event) => setComment(event.target.value)}
        />
      </div>
      {send.error ? (
        <p role="alert" className="text-sm text-destructive">
          {apiErrorMessage(send.error)}
        </p>
      ) : null}
      <Button type="submit" variant="outline" disabled={rating === 0 || send.isPending}>
        Send review
      </Button>
    </form>
  );
}

function InvoiceReview({ view, token }: { view: ReviewInvoice; token: string }) {
  const client = useQueryClient();
  const update = (next: ReviewInvoice) =>
    client.setQueryData(
      reviewQueryKey(invoiceReviewEndpoints.get, { params: { invoiceId: view.invoice.id } }, token),
      next,
    );
  const { invoice, company } = view;
  const accent = HEX_COLOUR.test(company.primaryColor) ? company.primaryColor : undefined;
  usePageTitle(`Invoice #${invoice.number} from ${company.name}`);
  const owes =
    (invoice.status === "sent" || invoice.status === "partially_paid") &&
    invoice.balanceCents - invoice.processingCents > 0;
  const lastFailedBankPayment = invoice.failedBankPayments[0];
  return (
    <div className="grid gap-4">
      <header className="flex items-center gap-3 border-b-4 pb-3" style={accent ? { borderColor: accent } : undefined}>
        {company.logo && /^(https?:|data:image\/)/.test(company.logo) ? (
          <img src={company.logo} alt="" className="size-12 rounded object-contain" />
        ) : null}
        <div>
          <p className="text-lg font-semibold">{company.name}</p>
          <h1 className="text-2xl font-semibold tracking-tight">Invoice #{invoice.number}</h1>
        </div>
      </header>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground">
          For {invoice.customerName} · {INVOICE_STATUS_LABELS[invoice.status]}
          {invoice.pastDue ? " · past due" : ""}
          {invoice.dueDate ? ` · due ${invoice.dueDate}` : ""}
        </p>
        <DownloadPdfButton
          download={() =>
            downloadReviewFile(
              invoiceReviewEndpoints.pdf,
              token,
              { params: { invoiceId: invoice.id } },
              salesDocumentFileName("invoice", invoice.number),
            )
          }
        />
      </div>
      <Card>
        <CardContent className="grid gap-3 pt-6">
          <InvoiceLinesTable lines={invoice.lines} />
          <dl className="ml-auto grid grid-cols-[auto_auto] gap-x-6 gap-y-1 text-sm">
            <dt className="text-muted-foreground">Subtotal</dt>
            <dd className="text-right">{formatCents(invoice.subtotalCents)}</dd>
            {invoice.discountCents ? (
              <>
                <dt className="text-muted-foreground">Discount</dt>
                <dd className="text-right">{formatCents(-invoice.discountCents)}</dd>
              </>
            ) : null}
            <dt className="text-muted-foreground">Tax ({formatTaxRate(invoice.taxRateBasisPoints)})</dt>
            <dd className="text-right">{formatCents(invoice.taxCents)}</dd>
            <dt className="text-muted-foreground">Total</dt>
            <dd className="text-right">{formatCents(invoice.totalCents)}</dd>
            <dt className="text-muted-foreground">Paid</dt>
            <dd className="text-right">{formatCents(invoice.paidCents)}</dd>
            {invoice.refunds.map((refund, index) => (
              <RefundLine key={index} refund={refund} />
            ))}
            {invoice.processingCents ? (
              <>
                <dt className="text-muted-foreground">Processing</dt>
                <dd className="text-right">{formatCents(invoice.processingCents)}</dd>
              </>
            ) : null}
            <dt className="font-semibold">Balance due</dt>
            <dd className="text-right font-semibold" data-testid="balance-due">
              {formatCents(invoice.balanceCents)}
            </dd>
          </dl>
          {invoice.notes ? <p className="whitespace-pre-line text-sm">{invoice.notes}</p> : null}
        </CardContent>
      </Card>
      {invoice.status === "paid" ? (
        <Alert role="status">
          <AlertTitle>Paid in full</AlertTitle>
          <AlertDescription>Thank you! {company.name} has received your payment.</AlertDescription>
        </Alert>
      ) : null}
      {invoice.processingCents > 0 ? (
        <Alert role="status">
          <AlertTitle>Processing — bank payments take up to 4 business days</AlertTitle>
          <AlertDescription>
            Your bank payment of {formatCents(invoice.processingCents)} is on its way: there is nothing more to pay for
            it. This page shows it as paid once it arrives.
          </AlertDescription>
        </Alert>
      ) : null}
      {owes && lastFailedBankPayment ? (
        <Alert variant="destructive" role="alert">
          <AlertTitle>Your bank payment did not go through</AlertTitle>
          <AlertDescription>
            The bank payment of {formatCents(lastFailedBankPayment.amountCents)} made on{" "}
            {formatCompanyDay(lastFailedBankPayment.date)} was refused by the bank
            {lastFailedBankPayment.reason ? ` (${lastFailedBankPayment.reason.replace(/\.$/, "")})` : ""}, so it is owed
            again: the balance due is {formatCents(invoice.balanceCents)}.
          </AlertDescription>
        </Alert>
      ) : null}
      {owes ? (
        <Card role="region" aria-labelledby="pay-title">
          <CardHeader>
            <CardTitle id="pay-title">Pay this invoice</CardTitle>
            <CardDescription>
              The balance of {formatCents(invoice.balanceCents)}, by card
              {view.payment.bankDebits ? " or from your US bank account (ACH)" : ""}.
            </CardDescription>
          </CardHeader>
          <CardContent>
            {view.payment.provider === "test" ? (
              <TestCardForm view={view} token={token} onPaid={update} />
            ) : view.payment.publishableKey ? (
              <StripeCardForm view={view} token={token} publishableKey={view.payment.publishableKey} onPaid={update} />
            ) : (
              <p className="text-sm">
                Online card payment is not set up yet. Contact {company.name} to pay this invoice.
              </p>
            )}
          </CardContent>
        </Card>
      ) : null}
      {invoice.status !== "void" ? (
        <Card role="region" aria-labelledby="review-title">
          <CardHeader>
            <CardTitle id="review-title">How did we do?</CardTitle>
          </CardHeader>
          <CardContent>
            {view.review ? (
              <p className="text-sm">
                Thank you for your review: {view.review.rating} out of 5
                {view.review.comment ? ` — “${view.review.comment}”` : ""}.
              </p>
            ) : (
              <ReviewForm view={view} token={token} onLeft={update} />
            )}
          </CardContent>
        </Card>
      ) : null}
    </div>
  );
}

/**
 * /review/{invoiceId}#<token>: the customer's page, without signing in. The token stays in the fragment (browsers
 * never send it to a server) and goes to the public API in a header; a link that does not open the invoice says so,
 * the same for every reason.
 */
export function ReviewPage() {
  const { invoiceId = "" } = useParams();
  const [token, setToken] = useState(fragmentToken);
  useEffect(() => {
    const onHash = () => setToken(fragmentToken());
    globalThis.addEventListener("hashchange", onHash);
    return () => globalThis.removeEventListener("hashchange", onHash);
  }, []);
  const valid = /^[0-9a-f-]{36}$/i.test(invoiceId) && token.length >= 20;
  const view = useReviewQuery(invoiceReviewEndpoints.get, { params: { invoiceId } }, token, valid);
  usePageTitle("Invoice");
  return (
    <main className="mx-auto grid min-h-svh max-w-2xl content-start gap-4 p-6">
      {!valid || view.isError ? (
        <>
          <h1 className="text-2xl font-semibold tracking-tight">Invoice</h1>
          <Alert variant={view.error instanceof ApiError && view.error.status !== 404 ? "destructive" : "default"}>
            <AlertTitle>
              {!valid || (view.error instanceof ApiError && view.error.status === 404)
                ? PUBLIC_LINK_NOT_FOUND
                : "The invoice could not be loaded"}
            </AlertTitle>
            <AlertDescription>
              {view.error instanceof ApiError && view.error.status === 429
                ? apiErrorMessage(view.error)
                : "Check that you opened the whole link from your message."}
            </AlertDescription>
          </Alert>
        </>
      ) : view.isPending ? (
        <div role="status" aria-label="Loading the invoice" className="grid gap-2">
          <Skeleton className="h-16 w-full" />
          <Skeleton className="h-40 w-full" />
        </div>
      ) : (
        <InvoiceReview view={view.data} token={token} />
      )}
    </main>
  );
}

/** A refund as the customer reads it: what came back to them and whether they owe it again. */
function RefundLine({ refund }: { refund: ReviewInvoice["invoice"]["refunds"][number] }) {
  return (
    <>
      <dt className="text-muted-foreground">
        {refund.disputeLost ? "Returned by your bank" : "Refunded"} on {formatCompanyDay(refund.date)}
        {refund.reopenedBalance ? " (owed again)" : ""}
      </dt>
      <dd className="text-right">{formatCents(refund.amountCents)}</dd>
    </>
  );
}
