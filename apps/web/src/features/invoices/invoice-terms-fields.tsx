import { useState } from "react";
import { MAX_TAX_RATE_BASIS_POINTS } from "@fieldops/shared/invoices";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { Textarea } from "../../components/ui/textarea";
import { parseDollars } from "../../lib/form-values";

/** "8.25" (percent) → 825 basis points; empty is 0; null when not a rate from 0 to 100 with at most two decimals. */
export function parsePercent(text: string): number | null {
  if (text.trim() === "") return 0;
  // A percent has the form of dollars and cents: hundredths.
  const value = parseDollars(text);
  return value !== null && value <= MAX_TAX_RATE_BASIS_POINTS ? value : null;
}

export interface InvoiceTerms {
  taxRate: string;
  discount: string;
  dueDate: string;
  notes: string;
}

/** The invoice's terms as typed, and what they come to (or the first problem with them). */
export function useInvoiceTerms(initial: InvoiceTerms) {
  const [terms, setTerms] = useState(initial);
  const taxRateBasisPoints = parsePercent(terms.taxRate);
  const discountCents = terms.discount.trim() === "" ? 0 : parseDollars(terms.discount);
  const problem =
    taxRateBasisPoints === null
      ? "Enter the tax rate as a percentage, e.g. 8.25."
      : discountCents === null
        ? "Enter the discount in dollars, e.g. 10.00."
        : null;
  return { terms, setTerms, taxRateBasisPoints: taxRateBasisPoints ?? 0, discountCents: discountCents ?? 0, problem };
}

/** Tax rate, discount, due date and notes: the fields a new invoice and a draft's edit share. */
export function InvoiceTermsFields({
  id,
  terms,
  onChange,
}: {
  id: string;
  terms: InvoiceTerms;
  onChange: (terms: InvoiceTerms) => void;
}) {
  const set = (patch: Partial<InvoiceTerms>) => onChange({ ...terms, ...patch });
  return (
    <>
      <div className="grid gap-3 sm:grid-cols-3">
        <div className="grid gap-1">
          <Label htmlFor={`${id}-tax`}>Tax rate (%)</Label>
          <Input
            id={`${id}-tax`}
            inputMode="decimal"
            placeholder="0"
            value={terms.taxRate}
            onChange={(event) => set({ taxRate: event.target.value })}
          />
        </div>
        <div className="grid gap-1">
          <Label htmlFor={`${id}-discount`}>Discount ($)</Label>
          <Input
            id={`${id}-discount`}
            inputMode="decimal"
            placeholder="0.00"
            value={terms.discount}
            onChange={(event) => set({ discount: event.target.value })}
          />
        </div>
        <div className="grid gap-1">
          <Label htmlFor={`${id}-due`}>Due date</Label>
          <Input
            id={`${id}-due`}
            type="date"
            value={terms.dueDate}
            onChange={(event) => set({ dueDate: event.target.value })}
          />
        </div>
      </div>
      <div className="grid gap-1">
        <Label htmlFor={`${id}-notes`}>Notes to the customer</Label>
        <Textarea
          id={`${id}-notes`}
          maxLength={2000}
          value={terms.notes}
          onChange={(event) => set({ notes: event.target.value })}
        />
      </div>
    </>
  );
}
