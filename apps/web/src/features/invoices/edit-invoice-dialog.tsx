import { useFieldArray } from "react-hook-form";
import {
  invoiceLineInputSchema,
  invoiceTotals,
  MAX_INVOICE_LINES,
  updateInvoiceRequestSchema,
  type InvoiceDetail,
} from "@fieldops/shared/invoices";
import { formatCents } from "@fieldops/shared/money";
import { FormField, useRefusal, useSchemaForm } from "../../components/form";
import { Button } from "../../components/ui/button";
import { Input } from "../../components/ui/input";
import { useUpdateInvoice } from "./invoice-queries";
import { FormDialog } from "../../components/form-dialog";
import { basisPointsFromPercent, blankIsNull, centsFromDollars, numberFromText, rowsOf } from "../../lib/form-values";
import { InvoiceTermsFields } from "./invoice-terms-fields";

const shape = updateInvoiceRequestSchema.shape;

/**
 * The API's rules for a draft's changes, with the fields a person types differently: a line's quantity as text and
 * its price in dollars, the tax rate as a percentage and the discount in dollars (either left blank is 0).
 */
const editInvoiceFormSchema = updateInvoiceRequestSchema.extend({
  lines: rowsOf(
    invoiceLineInputSchema.extend({
      quantity: numberFromText(invoiceLineInputSchema.shape.quantity),
      unitPriceCents: centsFromDollars(invoiceLineInputSchema.shape.unitPriceCents),
    }),
    shape.lines.unwrap(),
  ),
  taxRateBasisPoints: basisPointsFromPercent(shape.taxRateBasisPoints, 0),
  discountCents: centsFromDollars(shape.discountCents, 0),
});
/** What the totals are worked out from, as the lines and terms are typed. */
const totalsSchema = editInvoiceFormSchema.pick({ lines: true, taxRateBasisPoints: true, discountCents: true });

/** Edits a draft: its lines, tax rate, discount, due day and notes, with the totals as they will be. */
export function EditInvoiceDialog({
  invoice,
  onOpenChange,
}: {
  invoice: InvoiceDetail;
  onOpenChange: (open: boolean) => void;
}) {
  const update = useUpdateInvoice(invoice.id);
  const form = useSchemaForm(editInvoiceFormSchema, {
    lines: invoice.lines.map((line) => ({
      description: line.description,
      quantity: String(line.quantity),
      unitPriceCents: (line.unitPriceCents / 100).toFixed(2),
      taxable: line.taxable,
      visitId: line.visitId,
    })),
    taxRateBasisPoints: String(invoice.taxRateBasisPoints / 100),
    discountCents: (invoice.discountCents / 100).toFixed(2),
    dueDate: invoice.dueDate ?? undefined,
    notes: invoice.notes,
  });
  const lines = useFieldArray({ control: form.control, name: "lines" });
  const { refusal, place, clear } = useRefusal(form);
  const typed = totalsSchema.safeParse(form.watch());
  const totals = typed.success
    ? invoiceTotals(
        typed.data.lines.map((line) => ({ ...line, taxable: line.taxable ?? false })),
        typed.data.discountCents ?? 0,
        typed.data.taxRateBasisPoints ?? 0,
      )
    : null;

  const submit = form.handleSubmit((body) => {
    clear();
    update.mutate(body, { onSuccess: () => onOpenChange(false), onError: place });
  });

  return (
    <FormDialog
      title={`Edit invoice #${invoice.number}`}
      description="A draft can be changed until it is sent."
      confirm="Save"
      pendingLabel="Saving…"
      wide
      onOpenChange={onOpenChange}
      noValidate
      onSubmit={submit}
      pending={update.isPending}
      error={refusal}
    >
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">Lines</legend>
        {lines.fields.map((line, index) => (
          <div key={line.id} className="grid grid-cols-[1fr_5rem_6rem_auto_auto] items-start gap-2">
            <FormField form={form} name={`lines.${index}.description`} label="Description">
              {(control) => <Input {...control} {...form.register(`lines.${index}.description`)} />}
            </FormField>
            <FormField form={form} name={`lines.${index}.quantity`} label="Qty">
              {(control) => <Input {...control} inputMode="decimal" {...form.register(`lines.${index}.quantity`)} />}
            </FormField>
            <FormField form={form} name={`lines.${index}.unitPriceCents`} label="Price ($)">
              {(control) => (
                <Input {...control} inputMode="decimal" {...form.register(`lines.${index}.unitPriceCents`)} />
              )}
            </FormField>
            <label className="flex items-center gap-1 pt-8 text-sm">
              <input type="checkbox" {...form.register(`lines.${index}.taxable`)} /> Taxable
            </label>
            <Button
              type="button"
              variant="outline"
              size="sm"
              className="mt-6"
              aria-label={`Remove line ${index + 1}`}
              disabled={lines.fields.length === 1}
              onClick={() => lines.remove(index)}
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
          disabled={lines.fields.length >= MAX_INVOICE_LINES}
          onClick={() =>
            lines.append({ description: "", quantity: "1", unitPriceCents: "0.00", taxable: false, visitId: null })
          }
        >
          Add line
        </Button>
      </fieldset>
      <InvoiceTermsFields form={form} notesBlank={blankIsNull} />
      <p className="text-sm" aria-live="polite">
        {totals
          ? `Subtotal ${formatCents(totals.subtotalCents)} · discount ${formatCents(totals.discountCents)} · tax ${formatCents(totals.taxCents)} · total ${formatCents(totals.totalCents)}`
          : "Totals show once every line is complete."}
      </p>
    </FormDialog>
  );
}
