import { useId, useState } from "react";
import { Link, useNavigate } from "react-router";
import { Layers, Plus } from "lucide-react";
import {
  invoiceEndpoints,
  INVOICE_STATUS_LABELS,
  invoiceFilterSchema,
  PAYMENT_METHOD_LABELS,
  type InvoiceFilter,
} from "@fieldops/shared/invoices";
import { formatCompanyTime } from "@fieldops/shared/company-time";
import { formatCents } from "@fieldops/shared/money";
import { DataTable } from "../../components/data-table";
import { Alert, AlertDescription, AlertTitle } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { StatusFilter } from "../../components/status-filter";
import { Skeleton } from "../../components/ui/skeleton";
import { useCompany } from "../../lib/company";
import { usePageTitle } from "../../shell/page-title";
import { useInvoices, usePayments } from "./invoice-queries";
import { InvoiceStatusBadge, InvoicingGate, PageHeading, TestProviderWarning } from "./invoice-parts";
import { NewInvoiceDialog } from "./new-invoice-dialog";
import { BatchInvoiceDialog } from "./batch-invoice-dialog";
import { useCan } from "../../lib/permissions";
import { useSignedInUser } from "../../lib/session";
import { PaymentStatusNote } from "./payment-status-note";

const FILTER_LABELS: Record<InvoiceFilter, string> = { ...INVOICE_STATUS_LABELS, past_due: "Past due" };

export function InvoiceTable({
  items,
  caption,
}: {
  items: NonNullable<ReturnType<typeof useInvoices>["data"]>["pages"][number]["items"];
  caption: string;
}) {
  return (
    <DataTable
      caption={caption}
      rows={items}
      rowKey={(invoice) => invoice.id}
      columns={[
        {
          id: "invoice",
          header: "Invoice",
          cell: (invoice) => (
            <Link to={`/payments/invoices/${invoice.id}`} className="font-medium underline-offset-4 hover:underline">
              #{invoice.number}
            </Link>
          ),
        },
        { id: "customer", header: "Customer", cell: (invoice) => invoice.customerName },
        {
          id: "status",
          header: "Status",
          cell: (invoice) => <InvoiceStatusBadge status={invoice.status} pastDue={invoice.pastDue} />,
        },
        { id: "due", header: "Due", cell: (invoice) => invoice.dueDate ?? "—" },
        { id: "total", header: "Total", align: "right", cell: (invoice) => formatCents(invoice.totalCents) },
        { id: "balance", header: "Balance", align: "right", cell: (invoice) => formatCents(invoice.balanceCents) },
      ]}
    />
  );
}

function InvoicesSection({ timeZone }: { timeZone: string }) {
  const id = useId();
  const navigate = useNavigate();
  const [status, setStatus] = useState<InvoiceFilter | "">("");
  const [search, setSearch] = useState("");
  const [creating, setCreating] = useState(false);
  const [batching, setBatching] = useState(false);
  const canBatch = useCan(invoiceEndpoints.batch.capability);
  const invoices = useInvoices({ status: status || undefined, search: search.trim() || undefined });
  const items = invoices.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Card role="region" aria-labelledby={`${id}-title`}>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <div>
          <CardTitle id={`${id}-title`}>Invoices</CardTitle>
          <CardDescription>Past due is counted in your company's time zone.</CardDescription>
        </div>
        <div className="flex flex-wrap gap-2">
          {canBatch ? (
            <Button variant="outline" onClick={() => setBatching(true)}>
              <Layers aria-hidden="true" /> Invoice completed visits
            </Button>
          ) : null}
          <Button onClick={() => setCreating(true)}>
            <Plus aria-hidden="true" /> New invoice
          </Button>
        </div>
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
          <StatusFilter
            value={status}
            onChange={setStatus}
            statuses={invoiceFilterSchema.options}
            labels={FILTER_LABELS}
          />
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
      {batching ? <BatchInvoiceDialog timeZone={timeZone} onOpenChange={setBatching} /> : null}
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
          <DataTable
            caption="Payments received"
            rows={items}
            rowKey={(payment) => payment.id}
            columns={[
              {
                id: "received",
                header: "Received",
                cell: (payment) => formatCompanyTime(payment.receivedAt, timeZone),
              },
              {
                id: "invoice",
                header: "Invoice",
                cell: (payment) => (
                  <Link to={`/payments/invoices/${payment.invoiceId}`} className="underline-offset-4 hover:underline">
                    #{payment.invoiceNumber}
                  </Link>
                ),
              },
              { id: "customer", header: "Customer", cell: (payment) => payment.customerName },
              {
                id: "method",
                header: "Method",
                cell: (payment) => (
                  <>
                    {PAYMENT_METHOD_LABELS[payment.method]}
                    {payment.cardLast4 ? ` ending ${payment.cardLast4}` : ""}
                    {payment.reference ? ` · ${payment.reference}` : ""}
                    <PaymentStatusNote payment={payment} />
                  </>
                ),
              },
              { id: "amount", header: "Amount", align: "right", cell: (payment) => formatCents(payment.amountCents) },
              {
                id: "refunded",
                header: "Refunded",
                align: "right",
                cell: (payment) => (payment.refundedCents ? formatCents(payment.refundedCents) : "—"),
              },
            ]}
          />
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
        <InvoicesSection timeZone={company.data?.timeZone ?? "UTC"} />
        <PaymentsSection timeZone={company.data?.timeZone ?? "UTC"} />
      </InvoicingGate>
    </>
  );
}
