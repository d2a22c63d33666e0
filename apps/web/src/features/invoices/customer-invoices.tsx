import { useHasPlanFeature } from "./invoice-parts";
import { useInvoices } from "./invoice-queries";
import { InvoiceTable } from "./payments-page";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";

/** A customer's invoices on their page, for owners and members of a company with invoicing. */
export function CustomerInvoices({ customerId }: { customerId: string }) {
  const allowed = useHasPlanFeature("invoicing");
  const invoices = useInvoices({ customerId }, allowed === true);
  if (!allowed) return null;
  const items = invoices.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Card className="md:col-span-2" role="region" aria-labelledby="customer-invoices-title">
      <CardHeader>
        <CardTitle id="customer-invoices-title">Invoices</CardTitle>
      </CardHeader>
      <CardContent>
        {invoices.isPending ? (
          <p className="text-sm text-muted-foreground">Loading…</p>
        ) : invoices.isError ? (
          <p role="alert" className="text-sm text-destructive">
            Invoices could not be loaded.
          </p>
        ) : items.length === 0 ? (
          <p className="text-sm text-muted-foreground">No invoices yet.</p>
        ) : (
          <InvoiceTable items={items} caption="The customer's invoices" />
        )}
      </CardContent>
    </Card>
  );
}
