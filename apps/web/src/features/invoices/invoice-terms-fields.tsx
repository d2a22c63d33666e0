import type { FieldPath, UseFormReturn } from "react-hook-form";
import { FormField } from "../../components/form";
import { Input } from "../../components/ui/input";
import { Textarea } from "../../components/ui/textarea";
import { blankIsUndefined, type blankIsNull } from "../../lib/form-values";

/**
 * The invoice's terms as a form holds them: the tax rate typed as a percentage, the discount in dollars (see
 * `basisPointsFromPercent` and `centsFromDollars`), the due day and the notes.
 */
export interface InvoiceTermsValues {
  taxRateBasisPoints: string;
  discountCents: string;
  dueDate?: string | undefined;
  notes?: string | null | undefined;
}

/**
 * Tax rate, discount, due date and notes: the fields a new invoice and a draft's edit share. `notesBlank` says what
 * notes left blank are: left out (a new invoice) or none (null, clearing a draft's).
 */
export function InvoiceTermsFields<Values extends InvoiceTermsValues>({
  form,
  notesBlank,
}: {
  form: UseFormReturn<Values, unknown, unknown>;
  notesBlank: typeof blankIsNull | typeof blankIsUndefined;
}) {
  const name = (field: keyof InvoiceTermsValues) => field as FieldPath<Values>;
  return (
    <>
      <div className="grid items-start gap-3 sm:grid-cols-3">
        <FormField form={form} name={name("taxRateBasisPoints")} label="Tax rate (%)">
          {(control) => (
            <Input {...control} inputMode="decimal" placeholder="0" {...form.register(name("taxRateBasisPoints"))} />
          )}
        </FormField>
        <FormField form={form} name={name("discountCents")} label="Discount ($)">
          {(control) => (
            <Input {...control} inputMode="decimal" placeholder="0.00" {...form.register(name("discountCents"))} />
          )}
        </FormField>
        <FormField form={form} name={name("dueDate")} label="Due date">
          {(control) => <Input {...control} type="date" {...form.register(name("dueDate"), blankIsUndefined)} />}
        </FormField>
      </div>
      <FormField form={form} name={name("notes")} label="Notes to the customer">
        {(control) => <Textarea {...control} {...form.register(name("notes"), notesBlank)} />}
      </FormField>
    </>
  );
}
