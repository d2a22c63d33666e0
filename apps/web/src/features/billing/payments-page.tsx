import { useId, useState } from "react";
import { Link, useNavigate } from "react-router";
import { Plus } from "lucide-react";
import {
  INVOICE_STATUS_LABELS,
  invoiceFilterSchema,
  PAYMENT_METHOD_LABELS,
  type InvoiceFilter,
} from "@fieldops/shared/invoices";
import { formatCompanyTime } from "@fieldops/shared/company-time";
import { formatCents } from "@fieldops/shared/money";
import { Alert, AlertDescription, AlertTitle } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { NativeSelect } from "../../components/ui/native-select";
import { Skeleton } from "../../components/ui/skeleton";
import { useCompany } from "../../lib/company";
import { usePageTitle } from "../../shell/page-title";
import { useInvoices, usePayments } from "./billing-queries";
import { InvoiceStatusBadge, InvoicingGate, PageHeading, TestProviderWarning } from "./billing-parts";
import { NewInvoiceDialog } from "./new-invoice-dialog";
import { useSignedInUser } from "../../lib/session";

const FILTER_LABELS: Record<InvoiceFilter, string> = { ...INVOICE_STATUS_LABELS, past_due: "Past due" };

export function InvoiceTable({
  items,
  caption,
}: {
  items: NonNullable<ReturnType<typeof useInvoices>["data"]>["pages"][number]["items"];
  caption: string;
}) {
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead className="text-left text-muted-foreground">
        <tr>
          <th scope="col" className="py-2 font-medium">
            Invoice
          </th>
          <th scope="col" className="py-2 font-medium">
            Customer
          </th>
          <th scope="col" className="py-2 font-medium">
            Status
          </th>
          <th scope="col" className="py-2 font-medium">
            Due
          </th>
          <th scope="col" className="py-2 text-right font-medium">
            Total
          </th>
          <th scope="col" className="py-2 text-right font-medium">
            Balance
          </th>
        </tr>
      </thead>
      <tbody className="divide-y">
        {items.map((invoice) => (
          <tr key={invoice.id}>
            <td className="py-2">
              <Link to={`/payments/invoices/${invoice.id}`} className="font-medium underline-offset-4 hover:underline">
                #{invoice.number}
              </Link>
            </td>
            <td className="py-2">{invoice.customerName}</td>
            <td className="py-2">
              <InvoiceStatusBadge status={invoice.status} pastDue={invoice.pastDue} />
            </td>
            <td className="py-2">{invoice.dueDate ?? "—"}</td>
            <td className="py-2 text-right">{formatCents(invoice.totalCents)}</td>
            <td className="py-2 text-right">{formatCents(invoice.balanceCents)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function InvoicesSection() {
  const id = useId();
  const navigate = useNavigate();
  const [status, setStatus] = useState<InvoiceFilter | "">("");
  const [search, setSearch] = useState("");
  const [creating, setCreating] = useState(false);
  const invoices = useInvoices({ status: status || undefined, search: search.trim() || undefined });
  const items = invoices.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Card role="region" aria-labelledby={`${id}-title`}>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <div>
          <CardTitle id={`${id}-title`}>Invoices</CardTitle>
          <CardDescription>Past due is counted in your company's time zone.</CardDescription>
        </div>
        <Button onClick={() => setCreating(true)}>
          <Plus aria-hidden="true" /> New invoice
        </Button>
      </CardHeader>
      <CardContent className="grid gap-3">
        <form
          role="search"
          aria-label="Filter invoices"
          className="grid gap-3 sm:grid-cols-2"
          onSubmit={(event) => event.preventDefault()}
        >
          <div className="grid gap-1">
            <Label htmlFor={`${id}-search`}>Search</Label>
            <Input
              id={`${id}-search`}
              type="search"
              placeholder="Invoice number or customer"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
            />
          </div>
          <div className="grid gap-1">
            <Label htmlFor={`${id}-status`}>Status</Label>
            <NativeSelect
              id={`${id}-status`}
              value={status}
              onChange={(event) => setStatus(event.target.value as InvoiceFilter | "")}
            >
              <option value="">Any status</option>
              {invoiceFilterSchema.options.map((option) => (
                <option key={option} value={option}>
                  {FILTER_LABELS[option]}
                </option>
              ))}
            </NativeSelect>
          </div>
        </form>
        {invoices.isPending ? (
          <div role="status" aria-label="Loading invoices" className="grid gap-2">
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-10 w-full" />
          </div>
        ) : invoices.isError ? (
          <Alert variant="destructive">
            <AlertTitle>Invoices could not be loaded</AlertTitle>
            <AlertDescription>
              <Button variant="outline" size="sm" onClick={() => void invoices.refetch()}>
                Try again
              </Button>
            </AlertDescription>
          </Alert>
        ) : items.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            {status || search ? "No invoices match these filters." : "No invoices yet. Make one from a completed job."}
          </p>
        ) : (
          <>
            <InvoiceTable items={items} caption="Invoices" />
            {invoices.hasNextPage ? (
              <Button
                variant="outline"
                disabled={invoices.isFetchingNextPage}
                onClick={() => void invoices.fetchNextPage()}
              >
                {invoices.isFetchingNextPage ? "Loading…" : "Load more"}
              </Button>
            ) : null}
          </>
        )}
      </CardContent>
      {creating ? (
        <NewInvoiceDialog
          onOpenChange={setCreating}
          onCreated={(invoice) => void navigate(`/payments/invoices/${invoice.id}`)}
        />
      ) : null}
    </Card>
  );
}

function PaymentsSection({ timeZone }: { timeZone: string }) {
  const id = useId();
  const payments = usePayments();
  const items = payments.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Card role="region" aria-labelledby={`${id}-title`}>
      <CardHeader>
        <CardTitle id={`${id}-title`}>Payments received</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        {payments.data?.pages[0]?.cardProvider === "test" ? <TestProviderWarning /> : null}
        {payments.isPending ? (
          <Skeleton className="h-10 w-full" />
        ) : payments.isError ? (
          <p role="alert" className="text-sm text-destructive">
            Payments could not be loaded.
          </p>
        ) : items.length === 0 ? (
          <p className="text-sm text-muted-foreground">No payments yet.</p>
        ) : (
          <table className="w-full text-sm">
            <caption className="sr-only">Payments received</caption>
            <thead className="text-left text-muted-foreground">
              <tr>
                <th scope="col" className="py-2 font-medium">
                  Received
                </th>
                <th scope="col" className="py-2 font-medium">
                  Invoice
                </th>
                <th scope="col" className="py-2 font-medium">
                  Customer
                </th>
                <th scope="col" className="py-2 font-medium">
                  Method
                </th>
                <th scope="col" className="py-2 text-right font-medium">
                  Amount
                </th>
                <th scope="col" className="py-2 text-right font-medium">
                  Refunded
                </th>
              </tr>
            </thead>
            <tbody className="divide-y">
              {items.map((payment) => (
                <tr key={payment.id}>
                  <td className="py-2">{formatCompanyTime(payment.receivedAt, timeZone)}</td>
                  <td className="py-2">
                    <Link to={`/payments/invoices/${payment.invoiceId}`} className="underline-offset-4 hover:underline">
                      #{payment.invoiceNumber}
                    </Link>
                  </td>
                  <td className="py-2">{payment.customerName}</td>
                  <td className="py-2">
                    {PAYMENT_METHOD_LABELS[payment.method]}
                    {payment.cardLast4 ? ` ending ${payment.cardLast4}` : ""}
                    {payment.reference ? ` · ${payment.reference}` : ""}
                  </td>
                  <td className="py-2 text-right">{formatCents(payment.amountCents)}</td>
                  <td className="py-2 text-right">
                    {payment.refundedCents ? formatCents(payment.refundedCents) : "—"}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {payments.hasNextPage ? (
          <Button
            variant="outline"
            disabled={payments.isFetchingNextPage}
            onClick={() => void payments.fetchNextPage()}
          >
            Load more
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** /payments: billing. The company's invoices (filtered, searched, made from jobs) and the payments received. */
export function PaymentsPage() {
  usePageTitle("Payments");
  const user = useSignedInUser();
  const company = useCompany(user.companyId);
  return (
    <>
      <PageHeading>Payments</PageHeading>
      <InvoicingGate>
        <InvoicesSection />
        <PaymentsSection timeZone={company.data?.timeZone ?? "UTC"} />
      </InvoicingGate>
    </>
  );
}
