import { formatCents } from "@fieldops/shared/money";
import { DataTable } from "./data-table";

/** An invoice's lines as a table: the office's invoice and the customer's page show the same. */
export function InvoiceLinesTable({
  lines,
}: {
  lines: readonly {
    id: string;
    description: string;
    quantity: number;
    unitPriceCents: number;
    amountCents: number;
    taxable: boolean;
  }[];
}) {
  return (
    <DataTable
      caption="Invoice lines"
      rows={lines}
      rowKey={(line) => line.id}
      columns={[
        {
          id: "description",
          header: "Description",
          cell: (line) => (
            <>
              {line.description}
              {line.taxable ? <span className="text-xs text-muted-foreground"> (taxable)</span> : null}
            </>
          ),
        },
        { id: "quantity", header: "Qty", align: "right", cell: (line) => line.quantity },
        { id: "price", header: "Price", align: "right", cell: (line) => formatCents(line.unitPriceCents) },
        { id: "amount", header: "Amount", align: "right", cell: (line) => formatCents(line.amountCents) },
      ]}
    />
  );
}
