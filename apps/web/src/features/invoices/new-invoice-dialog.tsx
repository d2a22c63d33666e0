import { useId, useState } from "react";
import type { InvoiceDetail } from "@fieldops/shared/invoices";
import { formatCompanyTime } from "@fieldops/shared/company-time";
import { Label } from "../../components/ui/label";
import { NativeSelect } from "../../components/ui/native-select";
import { useCompany } from "../../lib/company";
import { useCreateInvoice } from "./invoice-queries";
import { FormDialog } from "../../components/form-dialog";
import { InvoiceTermsFields, useInvoiceTerms } from "./invoice-terms-fields";
import { useSignedInUser } from "../../lib/session";
import { useJob, useJobs } from "../../lib/jobs";

function JobPicker({ value, onChange, id }: { value: string; onChange: (jobId: string) => void; id: string }) {
  const jobs = useJobs({ status: "requires_invoicing" });
  const items = jobs.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <div className="grid gap-1">
      <Label htmlFor={id}>Job to invoice</Label>
      <NativeSelect id={id} value={value} onChange={(event) => onChange(event.target.value)} disabled={!jobs.data}>
        <option value="">
          {jobs.isPending
            ? "Loading jobs…"
            : items.length === 0
              ? "No completed job waits for an invoice"
              : "Choose a job"}
        </option>
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
  onOpenChange,
  onCreated,
  jobId: fixedJobId,
}: {
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
  const {
    terms,
    setTerms,
    taxRateBasisPoints,
    discountCents,
    problem: termsProblem,
  } = useInvoiceTerms({ taxRate: "", discount: "", dueDate: "", notes: "" });
  const [problem, setProblem] = useState<string | null>(null);
  const job = useJob(jobId);
  const create = useCreateInvoice();
  const completed = jobId && job.data ? job.data.visits.filter((visit) => visit.status === "completed") : [];

  const submit = () => {
    if (!jobId) return setProblem("Choose a job to invoice.");
    if (termsProblem) return setProblem(termsProblem);
    if (scope === "visits" && visitIds.length === 0) return setProblem("Choose at least one completed visit.");
    setProblem(null);
    create.mutate(
      {
        jobId,
        ...(scope === "visits" ? { visitIds } : {}),
        taxRateBasisPoints,
        discountCents,
        ...(terms.dueDate ? { dueDate: terms.dueDate } : {}),
        ...(terms.notes.trim() ? { notes: terms.notes.trim() } : {}),
      },
      { onSuccess: onCreated },
    );
  };

  return (
    <FormDialog
      title="New invoice"
      description="A draft you can check before sending it to the customer."
      confirm="Create invoice"
      pendingLabel="Creating…"
      wide
      onOpenChange={onOpenChange}
      onSubmit={submit}
      pending={create.isPending}
      error={problem ?? create.error}
    >
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
                      onChange={(event) =>
                        setVisitIds(
                          event.target.checked ? [...visitIds, visit.id] : visitIds.filter((v) => v !== visit.id),
                        )
                      }
                    />
                    {visit.scheduledStart
                      ? formatCompanyTime(visit.scheduledStart, company.data?.timeZone ?? "UTC")
                      : "Completed visit"}
                    {visit.crewName ? ` · ${visit.crewName}` : ""}
                  </label>
                </li>
              ))}
            </ul>
          ) : null}
        </fieldset>
      ) : null}
      <InvoiceTermsFields id={id} terms={terms} onChange={setTerms} />
    </FormDialog>
  );
}
