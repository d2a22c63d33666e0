import { useId, useState, type FormEvent } from "react";
import { invoiceTotals, MAX_INVOICE_LINES, type InvoiceDetail } from "@fieldops/shared/invoices";
import { formatCents } from "@fieldops/shared/money";
import { Alert, AlertDescription } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../../components/ui/dialog";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { Textarea } from "../../components/ui/textarea";
import { errorMessage } from "./billing-parts";
import { useUpdateInvoice } from "./billing-queries";
import { parseDollars } from "./invoice-dialogs";

interface LineDraft {
  description: string;
  quantity: string;
  unitPrice: string;
  taxable: boolean;
  visitId: string | null;
}

/** Edits a draft: its lines, tax rate, discount, due day and notes, with the totals as they will be. */
export function EditInvoiceDialog({ invoice, onOpenChange }: { invoice: InvoiceDetail; onOpenChange: (open: boolean) => void }) {
  const id = useId();
  const update = useUpdateInvoice(invoice.id);
  const [lines, setLines] = useState<LineDraft[]>(
    invoice.lines.map((line) => ({ description: line.description, quantity: String(line.quantity), unitPrice: (line.unitPriceCents / 100).toFixed(2), taxable: line.taxable, visitId: line.visitId })),
  );
  const [taxRate, setTaxRate] = useState(String(invoice.taxRateBasisPoints / 100));
  const [discount, setDiscount] = useState((invoice.discountCents / 100).toFixed(2));
  const [dueDate, setDueDate] = useState(invoice.dueDate ?? "");
  const [notes, setNotes] = useState(invoice.notes ?? "");
  const [problem, setProblem] = useState<string | null>(null);

  const parsed = lines.map((line) => ({
    description: line.description.trim(),
    quantity: Number(line.quantity),
    unitPriceCents: parseDollars(line.unitPrice),
    taxable: line.taxable,
    visitId: line.visitId,
  }));
  const valid = parsed.every((line) => line.description && line.quantity > 0 && line.unitPriceCents !== null);
  const taxRateBasisPoints = Math.round(Number(taxRate || "0") * 100);
  const discountCents = parseDollars(discount || "0");
  const totals = valid ? invoiceTotals(parsed.map((line) => ({ ...line, unitPriceCents: line.unitPriceCents ?? 0 })), discountCents ?? 0, taxRateBasisPoints) : null;
  const change = (index: number, patch: Partial<LineDraft>) => setLines(lines.map((line, i) => (i === index ? { ...line, ...patch } : line)));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!valid || lines.length === 0) return setProblem("Every line needs a description, a quantity above 0 and a price.");
    if (!Number.isFinite(taxRateBasisPoints) || taxRateBasisPoints < 0 || taxRateBasisPoints > 10_000) return setProblem("Enter the tax rate as a percentage, e.g. 8.25.");
    if (discountCents === null) return setProblem("Enter the discount in dollars, e.g. 10.00.");
    setProblem(null);
    update.mutate(
      {
        lines: parsed.map((line) => ({ ...line, unitPriceCents: line.unitPriceCents ?? 0 })),
        taxRateBasisPoints,
        discountCents,
        ...(dueDate ? { dueDate } : {}),
        notes: notes.trim() || null,
      },
      { onSuccess: () => onOpenChange(false) },
    );
  };

  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Edit invoice #{invoice.number}</DialogTitle>
          <DialogDescription>A draft can be changed until it is sent.</DialogDescription>
        </DialogHeader>
        <form id={id} className="grid gap-3" onSubmit={submit}>
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">Lines</legend>
            {lines.map((line, index) => (
              <div key={index} className="grid grid-cols-[1fr_5rem_6rem_auto_auto] items-end gap-2">
                <div className="grid gap-1">
                  <Label htmlFor={`${id}-d${index}`}>Description</Label>
                  <Input id={`${id}-d${index}`} maxLength={300} value={line.description} onChange={(event) => change(index, { description: event.target.value })} />
                </div>
                <div className="grid gap-1">
                  <Label htmlFor={`${id}-q${index}`}>Qty</Label>
                  <Input id={`${id}-q${index}`} inputMode="decimal" value={line.quantity} onChange={(event) => change(index, { quantity: event.target.value })} />
                </div>
                <div className="grid gap-1">
                  <Label htmlFor={`${id}-p${index}`}>Price ($)</Label>
                  <Input id={`${id}-p${index}`} inputMode="decimal" value={line.unitPrice} onChange={(event) => change(index, { unitPrice: event.target.value })} />
                </div>
                <label className="flex items-center gap-1 pb-2 text-sm">
                  <input type="checkbox" checked={line.taxable} onChange={(event) => change(index, { taxable: event.target.checked })} /> Taxable
                </label>
                <Button type="button" variant="outline" size="sm" aria-label={`Remove line ${index + 1}`} disabled={lines.length === 1} onClick={() => setLines(lines.filter((_, i) => i !== index))}>
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
              onClick={() => setLines([...lines, { description: "", quantity: "1", unitPrice: "0.00", taxable: false, visitId: null }])}
            >
              Add line
            </Button>
          </fieldset>
          <div className="grid gap-3 sm:grid-cols-3">
            <div className="grid gap-1">
              <Label htmlFor={`${id}-tax`}>Tax rate (%)</Label>
              <Input id={`${id}-tax`} inputMode="decimal" value={taxRate} onChange={(event) => setTaxRate(event.target.value)} />
            </div>
            <div className="grid gap-1">
              <Label htmlFor={`${id}-discount`}>Discount ($)</Label>
              <Input id={`${id}-discount`} inputMode="decimal" value={discount} onChange={(event) => setDiscount(event.target.value)} />
            </div>
            <div className="grid gap-1">
              <Label htmlFor={`${id}-due`}>Due date</Label>
              <Input id={`${id}-due`} type="date" value={dueDate} onChange={(event) => setDueDate(event.target.value)} />
            </div>
          </div>
          <div className="grid gap-1">
            <Label htmlFor={`${id}-notes`}>Notes to the customer</Label>
            <Textarea id={`${id}-notes`} maxLength={2000} value={notes} onChange={(event) => setNotes(event.target.value)} />
          </div>
          <p className="text-sm" aria-live="polite">
            {totals ? `Subtotal ${formatCents(totals.subtotalCents)} · discount ${formatCents(totals.discountCents)} · tax ${formatCents(totals.taxCents)} · total ${formatCents(totals.totalCents)}` : "Totals show once every line is complete."}
          </p>
          {problem || update.error ? (
            <Alert variant="destructive" role="alert">
              <AlertDescription>{problem ?? errorMessage(update.error)}</AlertDescription>
            </Alert>
          ) : null}
        </form>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" form={id} disabled={update.isPending}>
            {update.isPending ? "Saving…" : "Save"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
