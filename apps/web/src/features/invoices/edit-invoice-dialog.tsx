import { useId, useState } from "react";
import { invoiceTotals, MAX_INVOICE_LINES, type InvoiceDetail } from "@fieldops/shared/invoices";
import { formatCents } from "@fieldops/shared/money";
import { Button } from "../../components/ui/button";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { useUpdateInvoice } from "./invoice-queries";
import { FormDialog } from "../../components/form-dialog";
import { parseDollars } from "../../lib/form-values";
import { InvoiceTermsFields, useInvoiceTerms } from "./invoice-terms-fields";

interface LineDraft {
  description: string;
  quantity: string;
  unitPrice: string;
  taxable: boolean;
  visitId: string | null;
}

/** Edits a draft: its lines, tax rate, discount, due day and notes, with the totals as they will be. */
export function EditInvoiceDialog({
  invoice,
  onOpenChange,
}: {
  invoice: InvoiceDetail;
  onOpenChange: (open: boolean) => void;
}) {
  const id = useId();
  const update = useUpdateInvoice(invoice.id);
  const [lines, setLines] = useState<LineDraft[]>(
    invoice.lines.map((line) => ({
      description: line.description,
      quantity: String(line.quantity),
      unitPrice: (line.unitPriceCents / 100).toFixed(2),
      taxable: line.taxable,
      visitId: line.visitId,
    })),
  );
  const {
    terms,
    setTerms,
    taxRateBasisPoints,
    discountCents,
    problem: termsProblem,
  } = useInvoiceTerms({
    taxRate: String(invoice.taxRateBasisPoints / 100),
    discount: (invoice.discountCents / 100).toFixed(2),
    dueDate: invoice.dueDate ?? "",
    notes: invoice.notes ?? "",
  });
  const [problem, setProblem] = useState<string | null>(null);

  const parsed = lines.map((line) => ({
    description: line.description.trim(),
    quantity: Number(line.quantity),
    unitPriceCents: parseDollars(line.unitPrice),
    taxable: line.taxable,
    visitId: line.visitId,
  }));
  const valid = parsed.every((line) => line.description && line.quantity > 0 && line.unitPriceCents !== null);
  const totals = valid
    ? invoiceTotals(
        parsed.map((line) => ({ ...line, unitPriceCents: line.unitPriceCents ?? 0 })),
        discountCents,
        taxRateBasisPoints,
      )
    : null;
  const change = (index: number, patch: Partial<LineDraft>) =>
    setLines(lines.map((line, i) => (i === index ? { ...line, ...patch } : line)));

  const submit = () => {
    if (!valid || lines.length === 0)
      return setProblem("Every line needs a description, a quantity above 0 and a price.");
    if (termsProblem) return setProblem(termsProblem);
    setProblem(null);
    update.mutate(
      {
        lines: parsed.map((line) => ({ ...line, unitPriceCents: line.unitPriceCents ?? 0 })),
        taxRateBasisPoints,
        discountCents,
        ...(terms.dueDate ? { dueDate: terms.dueDate } : {}),
        notes: terms.notes.trim() || null,
      },
      { onSuccess: () => onOpenChange(false) },
    );
  };

  return (
    <FormDialog
      title={`Edit invoice #${invoice.number}`}
      description="A draft can be changed until it is sent."
      confirm="Save"
      pendingLabel="Saving…"
      wide
      onOpenChange={onOpenChange}
      onSubmit={submit}
      pending={update.isPending}
      error={problem ?? update.error}
    >
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">Lines</legend>
        {lines.map((line, index) => (
          <div key={index} className="grid grid-cols-[1fr_5rem_6rem_auto_auto] items-end gap-2">
            <div className="grid gap-1">
              <Label htmlFor={`${id}-d${index}`}>Description</Label>
              <Input
                id={`${id}-d${index}`}
                maxLength={300}
                value={line.description}
                onChange={(event) => change(index, { description: event.target.value })}
              />
            </div>
            <div className="grid gap-1">
              <Label htmlFor={`${id}-q${index}`}>Qty</Label>
              <Input
                id={`${id}-q${index}`}
                inputMode="decimal"
                value={line.quantity}
                onChange={(event) => change(index, { quantity: event.target.value })}
              />
            </div>
            <div className="grid gap-1">
              <Label htmlFor={`${id}-p${index}`}>Price ($)</Label>
              <Input
                id={`${id}-p${index}`}
                inputMode="decimal"
                value={line.unitPrice}
                onChange={(event) => change(index, { unitPrice: event.target.value })}
              />
            </div>
            <label className="flex items-center gap-1 pb-2 text-sm">
              <input
                type="checkbox"
                checked={line.taxable}
                onChange={(event) => change(index, { taxable: event.target.checked })}
              />{" "}
              Taxable
            </label>
            <Button
              type="button"
              variant="outline"
              size="sm"
              aria-label={`Remove line ${index + 1}`}
              disabled={lines.length === 1}
              onClick={() => setLines(lines.filter((_, i) => i !== index))}
            >
              Remove
            </Button>
          </div>
        ))}
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="justify-self-start"
          disabled={lines.length >= MAX_INVOICE_LINES}
          onClick={() =>
            setLines([...lines, { description: "", quantity: "1", unitPrice: "0.00", taxable: false, visitId: null }])
          }
        >
          Add line
        </Button>
      </fieldset>
      <InvoiceTermsFields id={id} terms={terms} onChange={setTerms} />
      <p className="text-sm" aria-live="polite">
        {totals
          ? `Subtotal ${formatCents(totals.subtotalCents)} · discount ${formatCents(totals.discountCents)} · tax ${formatCents(totals.taxCents)} · total ${formatCents(totals.totalCents)}`
          : "Totals show once every line is complete."}
      </p>
    </FormDialog>
  );
}
