import { useId, useState } from "react";
import { useFieldArray } from "react-hook-form";
import { Plus, Trash2 } from "lucide-react";
import { z } from "zod";
import { skillsSchema } from "@fieldops/shared/crews";
import {
  arrivalWindowMinutesSchema,
  checklistItemInputSchema,
  createJobRequestSchema,
  describeRecurrence,
  lineItemInputSchema,
  RECURRENCE_FREQUENCIES,
  recurringVisitCountSchema,
  type JobDetail,
} from "@fieldops/shared/jobs";
import { formatCompanyTime } from "@fieldops/shared/company-time";
import type { Terminology } from "@fieldops/shared/verticals";
import { VisitCountInput, VisitTimingFields } from "../../components/visit-fields";
import { FormField, useRefusal, useSchemaForm } from "../../components/form";
import { Alert, AlertDescription } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../components/ui/dialog";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { NativeSelect } from "../../components/ui/native-select";
import { useCreateJob, useUpdateJob } from "./queries";
import { apiErrorMessage } from "../../lib/api-error";
import {
  blankIsMissing,
  blankIsUndefined,
  centsFromDollars,
  commaList,
  companyLocalToIso,
  numberFromText,
  rowsOf,
} from "../../lib/form-values";
import { useCustomerOptions } from "../../lib/jobs";
import { useCustomer } from "../../lib/customers";

/** The recurrences the form offers, as RFC 5545 rules; the weekday and time come from the first visit. */
export const RECURRENCE_CHOICES = Object.values(RECURRENCE_FREQUENCIES).map(({ rule, label }) => ({
  value: rule,
  label,
}));

type RecurrenceRequest = z.input<typeof createJobRequestSchema>["recurrence"];

/**
 * The API's rules for a job, with the fields a person types differently: the skills as one line of comma-separated
 * words, a line's quantity as text and its unit price in dollars, blank checklist rows left out, the visit length as
 * text and the arrival window chosen (blank: none), and the visits as one-off or recurring with a first visit on the
 * company's wall clock (`timeZone`) and a number of visits (blank: until the job is closed).
 */
function jobFormSchema(timeZone: string) {
  const shape = createJobRequestSchema.shape;
  return createJobRequestSchema.extend({
    customerId: blankIsMissing(shape.customerId),
    requiredSkills: commaList(skillsSchema),
    lineItems: rowsOf(
      lineItemInputSchema.extend({
        quantity: numberFromText(lineItemInputSchema.shape.quantity),
        /** Typed in dollars. */
        unitPriceCents: centsFromDollars(lineItemInputSchema.shape.unitPriceCents),
      }),
      shape.lineItems.unwrap(),
    ),
    checklist: rowsOf(
      z
        .object({ label: z.string() })
        .transform((item) => (item.label.trim() === "" ? null : item))
        .pipe(checklistItemInputSchema.nullable()),
      shape.checklist.unwrap(),
    ).transform((items) => items.filter((item) => item !== null)),
    visitDurationMinutes: numberFromText(shape.visitDurationMinutes),
    arrivalWindowMinutes: numberFromText(arrivalWindowMinutesSchema.nullable(), null),
    recurrence: z
      .object({
        kind: z.enum(["once", "recurring"]),
        rule: z.string(),
        start: z.string(),
        visits: numberFromText(recurringVisitCountSchema.optional()),
      })
      .transform(({ kind, rule, start, visits }) =>
        kind === "once"
          ? undefined
          : // A blank first visit is missing, which the API's rule reports as required.
            {
              rule: visits === undefined ? rule : `${rule};COUNT=${visits}`,
              start: start === "" ? undefined : companyLocalToIso(start, timeZone),
            },
      )
      .pipe(shape.recurrence as z.ZodType<RecurrenceRequest, { rule: string; start: string | undefined } | undefined>),
  });
}
type JobFormValues = z.input<ReturnType<typeof jobFormSchema>>;

type LineValues = JobFormValues["lineItems"][number];

const newLine = (): LineValues => ({ service: "", quantity: "1", unitPriceCents: "0.00", taxable: false });

function valuesOf(job: JobDetail | undefined, customerId = ""): JobFormValues {
  return {
    customerId: job?.customerId ?? customerId,
    title: job?.title ?? "",
    // Blank is left out (register's blankIsUndefined), from the start too.
    instructions: job?.instructions ?? undefined,
    propertyId: job?.property?.id,
    requiredSkills: job?.requiredSkills.join(", ") ?? "",
    lineItems:
      job?.lineItems.map((item) => ({
        service: item.service,
        quantity: String(item.quantity),
        unitPriceCents: (item.unitPriceCents / 100).toFixed(2),
        taxable: item.taxable,
      })) ?? [],
    checklist: job?.checklist.map((item) => ({ label: item.label })) ?? [],
    visitDurationMinutes: String(job?.visitDurationMinutes ?? 60),
    arrivalWindowMinutes: job?.arrivalWindowMinutes == null ? "" : String(job.arrivalWindowMinutes),
    recurrence: { kind: "once", rule: RECURRENCE_FREQUENCIES.weekly.rule, start: "", visits: "" },
  };
}

export function JobFormDialog({
  open,
  onOpenChange,
  terminology,
  timeZone,
  job,
  forCustomer,
  onSaved,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  terminology: Terminology;
  timeZone: string;
  /** Given when editing: its customer stays, and a recurring job's recurrence (a one-off job can be made recurring). */
  job?: JobDetail;
  /** A new job for this customer (from their page): the customer is chosen already. */
  forCustomer?: { id: string; name: string };
  onSaved: (job: JobDetail) => void;
}) {
  const id = useId();
  const [schema] = useState(() => jobFormSchema(timeZone));
  const form = useSchemaForm(schema, valuesOf(job, forCustomer?.id));
  const lines = useFieldArray({ control: form.control, name: "lineItems" });
  const checklist = useFieldArray({ control: form.control, name: "checklist" });
  const [customerSearch, setCustomerSearch] = useState("");
  const { refusal, place, clear } = useRefusal(form);
  const customerId = form.watch("customerId");
  const propertyId = form.watch("propertyId") ?? "";
  const recurring = form.watch("recurrence.kind") === "recurring";
  const customers = useCustomerOptions(customerSearch, open && !job && !forCustomer);
  const customer = useCustomer(customerId, open && customerId !== "");
  const properties = customer.data?.properties ?? [];
  const create = useCreateJob();
  const update = useUpdateJob();
  const saving = create.isPending || update.isPending;
  const jobWord = terminology.job;
  const customerWord = terminology.customer.toLowerCase();
  const callbacks = { onSuccess: onSaved, onError: place };

  const submit = form.handleSubmit((body) => {
    clear();
    if (!job) {
      create.mutate({ body }, callbacks);
      return;
    }
    // The same fields' rules as a new job's; an edit keeps the customer, sends a recurrence only to make a one-off
    // job recurring, and clears instructions left blank. A changed visit length or window reaches upcoming visits.
    const changes = {
      title: body.title,
      instructions: body.instructions ?? null,
      propertyId: body.propertyId,
      requiredSkills: body.requiredSkills,
      visitDurationMinutes: body.visitDurationMinutes,
      arrivalWindowMinutes: body.arrivalWindowMinutes ?? null,
      ...(body.recurrence ? { recurrence: body.recurrence } : {}),
      lineItems: body.lineItems,
      checklist: body.checklist,
    };
    update.mutate({ params: { id: job.id }, body: changes }, callbacks);
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{job ? `Edit ${jobWord} #${job.number}` : `New ${jobWord}`}</DialogTitle>
          <DialogDescription>
            {job
              ? "Change its title, property, required skills, instructions, visits, line items and checklist."
              : `A one-off ${jobWord.toLowerCase()} gets one visit to schedule; a recurring one gets its visits for the next 8 weeks.`}
          </DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-4"
          onSubmit={submit}
          noValidate
          aria-label={job ? `Edit ${jobWord}` : `New ${jobWord}`}
        >
          {forCustomer ? (
            <p className="text-sm">
              {terminology.customer}: <span className="font-medium">{forCustomer.name}</span>
            </p>
          ) : !job ? (
            <div className="grid gap-2">
              <Label htmlFor={`${id}-customer-search`}>Find a {customerWord}</Label>
              <Input
                id={`${id}-customer-search`}
                value={customerSearch}
                onChange={(e) => setCustomerSearch(e.target.value)}
                placeholder="Name or phone"
              />
              <FormField form={form} name="customerId" label={terminology.customer}>
                {(control) => (
                  <NativeSelect
                    {...control}
                    required
                    {...form.register("customerId", { onChange: () => form.setValue("propertyId", undefined) })}
                    value={customerId}
                  >
                    <option value="">
                      {customers.isPending
                        ? `Loading ${terminology.customers.toLowerCase()}…`
                        : `Choose a ${customerWord}`}
                    </option>
                    {customers.data?.items.map((option) => (
                      <option key={option.id} value={option.id}>
                        {option.name}
                      </option>
                    ))}
                  </NativeSelect>
                )}
              </FormField>
              {customers.isError ? (
                <p className="text-sm text-destructive">{terminology.customers} could not be loaded.</p>
              ) : null}
            </div>
          ) : null}
          {customerId ? (
            <div className="grid gap-2">
              <FormField form={form} name="propertyId" label="Property">
                {(control) => (
                  <NativeSelect {...control} {...form.register("propertyId", blankIsUndefined)} value={propertyId}>
                    <option value="">
                      {customer.isPending
                        ? "Loading properties…"
                        : properties.length > 0
                          ? `The ${customerWord}'s first property`
                          : `The ${customerWord} has no property`}
                    </option>
                    {properties.map((property) => (
                      <option key={property.id} value={property.id}>
                        {property.name ?? `${property.street}, ${property.city}`}
                      </option>
                    ))}
                  </NativeSelect>
                )}
              </FormField>
              {customer.isError ? <p className="text-sm text-destructive">Properties could not be loaded.</p> : null}
            </div>
          ) : null}
          <FormField form={form} name="title" label="Title">
            {(control) => <Input {...control} required {...form.register("title")} />}
          </FormField>
          <FormField form={form} name="instructions" label="Instructions">
            {(control) => (
              <textarea
                {...control}
                className="min-h-16 rounded-md border border-input bg-background px-3 py-2 text-sm"
                {...form.register("instructions", blankIsUndefined)}
              />
            )}
          </FormField>
          <FormField
            form={form}
            name="requiredSkills"
            label="Required skills"
            hint={`Separated by commas. Only a crew with every one of them can be given this ${jobWord.toLowerCase()}'s visits.`}
          >
            {(control) => (
              <Input {...control} placeholder="e.g. irrigation, tree-care" {...form.register("requiredSkills")} />
            )}
          </FormField>
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">Visits</legend>
            <div className="grid gap-2 sm:grid-cols-2">
              <VisitTimingFields
                form={form}
                lengthHint={job ? "A change applies to every upcoming visit not yet started." : undefined}
                currentWindow={job?.arrivalWindowMinutes}
              />
            </div>
            {job?.recurrence ? (
              <p className="text-sm">
                Repeats: {describeRecurrence(job.recurrence.rule)}, from{" "}
                {formatCompanyTime(job.recurrence.start, timeZone)}
              </p>
            ) : (
              <>
                <label className="flex items-center gap-2 text-sm">
                  <input type="radio" value="once" {...form.register("recurrence.kind")} /> One-off
                </label>
                <label className="flex items-center gap-2 text-sm">
                  <input type="radio" value="recurring" {...form.register("recurrence.kind")} />
                  {job ? "Make it recurring (its visits from the first one on are added)" : "Recurring"}
                </label>
              </>
            )}
            {recurring ? (
              <div className="grid gap-2 sm:grid-cols-3">
                <FormField form={form} name="recurrence.rule" label="Repeats">
                  {(control) => (
                    <NativeSelect {...control} {...form.register("recurrence.rule")}>
                      {RECURRENCE_CHOICES.map((choice) => (
                        <option key={choice.value} value={choice.value}>
                          {choice.label}
                        </option>
                      ))}
                    </NativeSelect>
                  )}
                </FormField>
                <FormField form={form} name="recurrence.start" label={`First visit (${timeZone})`}>
                  {(control) => (
                    <Input {...control} type="datetime-local" required {...form.register("recurrence.start")} />
                  )}
                </FormField>
                <FormField
                  form={form}
                  name="recurrence.visits"
                  label="Number of visits"
                  hint="Blank: until it is closed."
                >
                  {(control) => <VisitCountInput {...control} {...form.register("recurrence.visits")} />}
                </FormField>
              </div>
            ) : null}
          </fieldset>
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">Line items</legend>
            {lines.fields.map((line, index) => (
              <div key={line.id} className="grid grid-cols-[1fr_5rem_7rem_auto_auto] items-start gap-2">
                <FormField form={form} name={`lineItems.${index}.service`} label={`Service ${index + 1}`} hideLabel>
                  {(control) => <Input {...control} required {...form.register(`lineItems.${index}.service`)} />}
                </FormField>
                <FormField form={form} name={`lineItems.${index}.quantity`} label={`Quantity ${index + 1}`} hideLabel>
                  {(control) => (
                    <Input
                      {...control}
                      type="number"
                      min="0.01"
                      step="0.01"
                      required
                      {...form.register(`lineItems.${index}.quantity`)}
                    />
                  )}
                </FormField>
                <FormField
                  form={form}
                  name={`lineItems.${index}.unitPriceCents`}
                  label={`Unit price ${index + 1}`}
                  hideLabel
                >
                  {(control) => (
                    <Input
                      {...control}
                      type="number"
                      min="0"
                      step="0.01"
                      required
                      {...form.register(`lineItems.${index}.unitPriceCents`)}
                    />
                  )}
                </FormField>
                <label className="flex h-9 items-center gap-1 text-sm">
                  <input type="checkbox" {...form.register(`lineItems.${index}.taxable`)} /> Taxable
                </label>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  aria-label={`Remove line item ${index + 1}`}
                  onClick={() => lines.remove(index)}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              </div>
            ))}
            <Button type="button" variant="outline" size="sm" className="w-fit" onClick={() => lines.append(newLine())}>
              <Plus aria-hidden="true" /> Add line item
            </Button>
          </fieldset>
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">Checklist</legend>
            {checklist.fields.map((item, index) => (
              <div key={item.id} className="flex items-start gap-2">
                <FormField
                  form={form}
                  name={`checklist.${index}.label`}
                  label={`Checklist item ${index + 1}`}
                  hideLabel
                  className="flex-1"
                >
                  {(control) => <Input {...control} {...form.register(`checklist.${index}.label`)} />}
                </FormField>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  aria-label={`Remove checklist item ${index + 1}`}
                  onClick={() => checklist.remove(index)}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              </div>
            ))}
            <Button
              type="button"
              variant="outline"
              size="sm"
              className="w-fit"
              onClick={() => checklist.append({ label: "" })}
            >
              <Plus aria-hidden="true" /> Add checklist item
            </Button>
          </fieldset>
          {refusal ? (
            <Alert variant="destructive" role="alert">
              <AlertDescription>{apiErrorMessage(refusal, "The job could not be saved. Try again.")}</AlertDescription>
            </Alert>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={saving}>
              {saving ? "Saving…" : job ? "Save changes" : `Create ${jobWord}`}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
