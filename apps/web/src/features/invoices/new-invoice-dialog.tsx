import { useId } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { z } from "zod";
import { createInvoiceRequestSchema, type CreateInvoiceRequest, type InvoiceDetail } from "@fieldops/shared/invoices";
import { formatCompanyTime } from "@fieldops/shared/company-time";
import { sentenceAbout } from "@fieldops/shared/validation-messages";
import { FormField, useRefusal, useSchemaForm, type FieldControlProps } from "../../components/form";
import { NativeSelect } from "../../components/ui/native-select";
import { useCompany } from "../../lib/company";
import { useCreateInvoice } from "./invoice-queries";
import { FormDialog } from "../../components/form-dialog";
import { InvoiceTermsFields } from "./invoice-terms-fields";
import { useSignedInUser } from "../../lib/session";
import { useJob, useJobs } from "../../lib/jobs";
import { basisPointsFromPercent, blankIsMissing, blankIsUndefined, centsFromDollars } from "../../lib/form-values";

const shape = createInvoiceRequestSchema.shape;

/**
 * The API's rules for a new invoice, with the fields a person types differently: the job chosen (blank is missing),
 * what to bill (the whole job, or the completed visits ticked, which the API's rule wants at least one of), the tax
 * rate as a percentage and the discount in dollars (either left blank is 0).
 */
const newInvoiceFormSchema = createInvoiceRequestSchema.extend({
  jobId: blankIsMissing(shape.jobId),
  visitIds: z
    .object({ scope: z.enum(["job", "visits"]), ids: z.array(z.string()) })
    .transform(({ scope, ids }) => (scope === "job" ? undefined : ids))
    .pipe(shape.visitIds as z.ZodType<CreateInvoiceRequest["visitIds"], string[] | undefined>),
  taxRateBasisPoints: basisPointsFromPercent(shape.taxRateBasisPoints, 0),
  discountCents: centsFromDollars(shape.discountCents, 0),
});

function JobPicker(props: FieldControlProps & UseFormRegisterReturn & { value: string }) {
  const jobs = useJobs({ status: "requires_invoicing" });
  const items = jobs.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <NativeSelect {...props} disabled={!jobs.data}>
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
  const form = useSchemaForm(newInvoiceFormSchema, {
    jobId: fixedJobId ?? "",
    visitIds: { scope: "job", ids: [] },
    taxRateBasisPoints: "",
    discountCents: "",
    dueDate: undefined,
    notes: undefined,
  });
  const { refusal, place, clear } = useRefusal(form);
  const jobId = form.watch("jobId");
  const scope = form.watch("visitIds.scope");
  const visitIds = form.watch("visitIds.ids");
  const visitsMessage = (form.formState.errors.visitIds as { message?: string } | undefined)?.message;
  const job = useJob(jobId);
  const create = useCreateInvoice();
  const completed = jobId && job.data ? job.data.visits.filter((visit) => visit.status === "completed") : [];

  const submit = form.handleSubmit((body) => {
    clear();
    create.mutate(body, { onSuccess: onCreated, onError: place });
  });

  return (
    <FormDialog
      title="New invoice"
      description="A draft you can check before sending it to the customer."
      confirm="Create invoice"
      pendingLabel="Creating…"
      wide
      onOpenChange={onOpenChange}
      noValidate
      onSubmit={submit}
      pending={create.isPending}
      error={refusal}
    >
      {fixedJobId ? null : (
        <FormField form={form} name="jobId" label="Job to invoice">
          {(control) => (
            <JobPicker
              {...control}
              {...form.register("jobId", { onChange: () => form.setValue("visitIds.ids", []) })}
              value={jobId}
            />
          )}
        </FormField>
      )}
      {jobId ? (
        <fieldset className="grid gap-2" aria-describedby={visitsMessage ? `${id}-visits-error` : undefined}>
          <legend className="mb-1 text-sm font-medium">Bill</legend>
          <label className="flex items-center gap-2 text-sm">
            <input type="radio" value="job" {...form.register("visitIds.scope")} />
            The whole job (its line items once)
          </label>
          <label className="flex items-center gap-2 text-sm">
            <input type="radio" value="visits" {...form.register("visitIds.scope")} />
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
                      aria-invalid={Boolean(visitsMessage)}
                      checked={visitIds.includes(visit.id)}
                      onChange={(event) =>
                        form.setValue(
                          "visitIds.ids",
                          event.target.checked ? [...visitIds, visit.id] : visitIds.filter((v) => v !== visit.id),
                          { shouldValidate: form.formState.isSubmitted, shouldTouch: true },
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
          {visitsMessage ? (
            <p id={`${id}-visits-error`} className="text-sm text-destructive">
              {sentenceAbout("Completed visits", visitsMessage)}
            </p>
          ) : null}
        </fieldset>
      ) : null}
      <InvoiceTermsFields form={form} notesBlank={blankIsUndefined} />
    </FormDialog>
  );
}
