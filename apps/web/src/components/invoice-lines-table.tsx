import { formatCents } from "@fieldops/shared/money";

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
    <table className="w-full text-sm">
      <caption className="sr-only">Invoice lines</caption>
      <thead className="text-left text-muted-foreground">
        <tr>
          <th scope="col" className="py-2 font-medium">
            Description
          </th>
          <th scope="col" className="py-2 text-right font-medium">
            Qty
          </th>
          <th scope="col" className="py-2 text-right font-medium">
            Price
          </th>
          <th scope="col" className="py-2 text-right font-medium">
            Amount
          </th>
        </tr>
      </thead>
      <tbody className="divide-y">
        {lines.map((line) => (
          <tr key={line.id}>
            <td className="py-2">
              {line.description}
              {line.taxable ? <span className="text-xs text-muted-foreground"> (taxable)</span> : null}
            </td>
            <td className="py-2 text-right">{line.quantity}</td>
            <td className="py-2 text-right">{formatCents(line.unitPriceCents)}</td>
            <td className="py-2 text-right">{formatCents(line.amountCents)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
