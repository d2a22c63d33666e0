import { useId, useState, type FormEvent } from "react";
import { MAX_TAX_RATE_BASIS_POINTS, type InvoiceDetail } from "@fieldops/shared/invoices";
import { formatCompanyTime } from "@fieldops/shared/company-time";
import { Alert, AlertDescription } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../../components/ui/dialog";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { NativeSelect } from "../../components/ui/native-select";
import { Textarea } from "../../components/ui/textarea";
import { useCompany } from "../../lib/company";
import { useSignedInUser } from "../../shell/app-layout";
import { useJob, useJobs } from "../jobs/queries";
import { errorMessage } from "./billing-parts";
import { useCreateInvoice } from "./billing-queries";

/** "12.5" (percent) → 1250 basis points; null when not a rate between 0 and 100 with at most two decimals. */
function percentToBasisPoints(text: string): number | null {
  if (text.trim() === "") return 0;
  const value = Math.round(Number(text) * 100);
  return Number.isFinite(value) && value >= 0 && value <= MAX_TAX_RATE_BASIS_POINTS && /^\d+(\.\d{1,2})?$/.test(text.trim()) ? value : null;
}

/** "12.50" (dollars) → 1250 cents; null when not an amount. */
function dollarsToCents(text: string): number | null {
  if (text.trim() === "") return 0;
  return /^\d+(\.\d{1,2})?$/.test(text.trim()) ? Math.round(Number(text) * 100) : null;
}

function JobPicker({ value, onChange, id }: { value: string; onChange: (jobId: string) => void; id: string }) {
  const jobs = useJobs({ status: "requires_invoicing" });
  const items = jobs.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <div className="grid gap-1">
      <Label htmlFor={id}>Job to invoice</Label>
      <NativeSelect id={id} value={value} onChange={(event) => onChange(event.target.value)} disabled={!jobs.data}>
        <option value="">{jobs.isPending ? "Loading jobs…" : items.length === 0 ? "No completed job waits for an invoice" : "Choose a job"}</option>
        {items.map((job) => (
          <option key={job.id} value={job.id}>
            #{job.number} {job.title} · {job.customerName}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

/**
 * Makes a draft invoice for a job: the whole job (its line items once) or the completed visits chosen (the line items
 * for each), with a tax rate, a discount, a due day (the company's terms when left empty) and notes.
 */
export function NewInvoiceDialog({
  open,
  onOpenChange,
  onCreated,
  jobId: fixedJobId,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (invoice: InvoiceDetail) => void;
  jobId?: string;
}) {
  const id = useId();
  const user = useSignedInUser();
  const company = useCompany(user.companyId);
  const [jobId, setJobId] = useState(fixedJobId ?? "");
  const [scope, setScope] = useState<"job" | "visits">("job");
  const [visitIds, setVisitIds] = useState<string[]>([]);
  const [taxRate, setTaxRate] = useState("");
  const [discount, setDiscount] = useState("");
  const [dueDate, setDueDate] = useState("");
  const [notes, setNotes] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const job = useJob(jobId);
  const create = useCreateInvoice();
  const completed = jobId && job.data ? job.data.visits.filter((visit) => visit.status === "completed") : [];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const taxRateBasisPoints = percentToBasisPoints(taxRate);
    const discountCents = dollarsToCents(discount);
    if (!jobId) return setProblem("Choose a job to invoice.");
    if (taxRateBasisPoints === null) return setProblem("Enter the tax rate as a percentage, e.g. 8.25.");
    if (discountCents === null) return setProblem("Enter the discount in dollars, e.g. 10.00.");
    if (scope === "visits" && visitIds.length === 0) return setProblem("Choose at least one completed visit.");
    setProblem(null);
    create.mutate(
      {
        jobId,
        ...(scope === "visits" ? { visitIds } : {}),
        taxRateBasisPoints,
        discountCents,
        ...(dueDate ? { dueDate } : {}),
        ...(notes.trim() ? { notes: notes.trim() } : {}),
      },
      { onSuccess: onCreated },
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>New invoice</DialogTitle>
          <DialogDescription>A draft you can check before sending it to the customer.</DialogDescription>
        </DialogHeader>
        <form id={`${id}-form`} className="grid gap-3" onSubmit={submit}>
          {fixedJobId ? null : (
            <JobPicker
              id={`${id}-job`}
              value={jobId}
              onChange={(value) => {
                setJobId(value);
                setVisitIds([]);
              }}
            />
          )}
          {jobId ? (
            <fieldset className="grid gap-2">
              <legend className="mb-1 text-sm font-medium">Bill</legend>
              <label className="flex items-center gap-2 text-sm">
                <input type="radio" name={`${id}-scope`} checked={scope === "job"} onChange={() => setScope("job")} />
                The whole job (its line items once)
              </label>
              <label className="flex items-center gap-2 text-sm">
                <input type="radio" name={`${id}-scope`} checked={scope === "visits"} onChange={() => setScope("visits")} />
                Completed visits (the line items for each)
              </label>
              {scope === "visits" ? (
                <ul aria-label="Completed visits" className="ml-6 grid gap-1 text-sm">
                  {completed.length === 0 ? <li className="text-muted-foreground">No completed visit.</li> : null}
                  {completed.map((visit) => (
                    <li key={visit.id}>
                      <label className="flex items-center gap-2">
                        <input
                          type="checkbox"
                          checked={visitIds.includes(visit.id)}
                          onChange={(event) => setVisitIds(event.target.checked ? [...visitIds, visit.id] : visitIds.filter((v) => v !== visit.id))}
                        />
                        {visit.scheduledStart ? formatCompanyTime(visit.scheduledStart, company.data?.timeZone ?? "UTC") : "Completed visit"}
                        {visit.crewName ? ` · ${visit.crewName}` : ""}
                      </label>
                    </li>
                  ))}
                </ul>
              ) : null}
            </fieldset>
          ) : null}
          <div className="grid gap-3 sm:grid-cols-3">
            <div className="grid gap-1">
              <Label htmlFor={`${id}-tax`}>Tax rate (%)</Label>
              <Input id={`${id}-tax`} inputMode="decimal" placeholder="0" value={taxRate} onChange={(event) => setTaxRate(event.target.value)} />
            </div>
            <div className="grid gap-1">
              <Label htmlFor={`${id}-discount`}>Discount ($)</Label>
              <Input id={`${id}-discount`} inputMode="decimal" placeholder="0.00" value={discount} onChange={(event) => setDiscount(event.target.value)} />
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
          {problem || create.error ? (
            <Alert variant="destructive" role="alert">
              <AlertDescription>{problem ?? errorMessage(create.error)}</AlertDescription>
            </Alert>
          ) : null}
        </form>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" form={`${id}-form`} disabled={create.isPending}>
            {create.isPending ? "Creating…" : "Create invoice"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
