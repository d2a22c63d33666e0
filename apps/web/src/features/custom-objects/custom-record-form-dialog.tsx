import { useId, useMemo, useState } from "react";
import { useController, type UseFormReturn } from "react-hook-form";
import {
  isBuiltInTarget,
  type CustomObjectDefinition,
  type CustomRecord,
  type CustomValue,
} from "@fieldops/shared/custom-objects";
import type { CustomField, CustomRelation } from "@fieldops/shared/feature-spec";
import { sentenceAbout } from "@fieldops/shared/validation-messages";
import { FormField, useRefusal, useSchemaForm } from "../../components/form";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { NativeSelect } from "../../components/ui/native-select";
import { Textarea } from "../../components/ui/textarea";
import { FormDialog } from "../../components/form-dialog";
import { useDebounced } from "../../lib/use-debounced";
import { useCustomRecordList, useSaveCustomRecord } from "./custom-object-queries";
import { customRecordFormSchema, toFormState, type FormState } from "./custom-record-form-state";
import { useCustomerOptions, useJob, useJobs } from "../../lib/jobs";
import { useCrews, useTeam } from "../../lib/crews";
import { useEndpointQuery } from "../../lib/endpoints";
import { invoiceEndpoints } from "@fieldops/shared/invoices";
import type { Visit } from "@fieldops/shared/jobs";

const INPUT_TYPES: Partial<Record<CustomField["type"], string>> = {
  number: "number",
  integer: "number",
  date: "date",
  datetime: "datetime-local",
  email: "email",
  phone: "tel",
  url: "url",
};

type RecordForm = UseFormReturn<FormState, unknown, Record<string, CustomValue>>;

const required = (item: { label: string; required: boolean }) => `${item.label}${item.required ? " *" : ""}`;

function FieldInput({ id, form, field }: { id: string; form: RecordForm; field: CustomField }) {
  // A checkbox is true or false: nothing to name beside it.
  if (field.type === "boolean") {
    return (
      <div className="flex items-center gap-2">
        <input id={id} type="checkbox" {...form.register(field.key)} />
        <Label htmlFor={id}>{field.label}</Label>
      </div>
    );
  }
  const label =
    field.type === "money"
      ? `${required(field)} ($)`
      : field.unit
        ? `${required(field)} (${field.unit})`
        : required(field);
  return (
    <FormField form={form} name={field.key} label={label} subject={field.label}>
      {(control) =>
        field.type === "long_text" ? (
          <Textarea {...control} {...form.register(field.key)} />
        ) : field.type === "select" ? (
          <NativeSelect {...control} {...form.register(field.key)}>
            <option value="">{field.required ? "Choose…" : "None"}</option>
            {field.options?.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </NativeSelect>
        ) : (
          <Input
            {...control}
            type={INPUT_TYPES[field.type] ?? "text"}
            step={field.type === "number" ? "any" : undefined}
            inputMode={field.type === "money" ? "decimal" : undefined}
            {...form.register(field.key)}
          />
        )
      }
    </FormField>
  );
}

interface RelationInputProps {
  form: RecordForm;
  relation: CustomRelation;
  /** What the record points at now, so the choice shows even when a search would not list it. */
  current: { id: string; label: string } | null;
}

function RelationSelect({
  form,
  relation,
  current,
  options,
}: RelationInputProps & { options: readonly { id: string; label: string }[] }) {
  // Controlled: the options arrive after the select, and the choice must show once its option does.
  const { field } = useController({ control: form.control, name: relation.key });
  const shown = current && !options.some((option) => option.id === current.id) ? [current, ...options] : options;
  return (
    <FormField form={form} name={relation.key} label={required(relation)} subject={relation.label}>
      {(control) => (
        <NativeSelect
          {...control}
          name={field.name}
          ref={field.ref}
          value={typeof field.value === "string" ? field.value : ""}
          onChange={(e) => field.onChange(e.target.value)}
          onBlur={field.onBlur}
        >
          <option value="">{relation.required ? "Choose…" : "None"}</option>
          {shown.map((option) => (
            <option key={option.id} value={option.id}>
              {option.label}
            </option>
          ))}
        </NativeSelect>
      )}
    </FormField>
  );
}

function RelationSearch({ label, value, onChange }: { label: string; value: string; onChange: (v: string) => void }) {
  const id = useId();
  return (
    <div className="grid gap-1">
      <Label htmlFor={id}>Find {label.toLowerCase()}</Label>
      <Input id={id} type="search" value={value} onChange={(e) => onChange(e.target.value)} />
    </div>
  );
}

/** Finds a customer by name and picks one. */
function CustomerRelationInput(props: RelationInputProps) {
  const [search, setSearch] = useState("");
  const customers = useCustomerOptions(search, true);
  const options = customers.data?.items.map((item) => ({ id: item.id, label: item.name })) ?? [];
  return (
    <>
      <RelationSearch label={props.relation.label} value={search} onChange={setSearch} />
      <RelationSelect {...props} options={options} />
    </>
  );
}

/** Finds a job by title, customer or number and picks one. */
function JobRelationInput(props: RelationInputProps) {
  const [search, setSearch] = useState("");
  const term = useDebounced(search.trim(), 250);
  const jobs = useJobs({ search: term });
  const options =
    jobs.data?.pages.flatMap((page) =>
      page.items.map((job) => ({ id: job.id, label: `Job #${job.number} ${job.title} (${job.customerName})` })),
    ) ?? [];
  return (
    <>
      <RelationSearch label={props.relation.label} value={search} onChange={setSearch} />
      <RelationSelect {...props} options={options} />
    </>
  );
}

function CrewRelationInput(props: RelationInputProps) {
  const crews = useCrews();
  return (
    <RelationSelect {...props} options={crews.data?.items.map((crew) => ({ id: crew.id, label: crew.name })) ?? []} />
  );
}

/** Picks a member of the team by name. */
function TeamMemberRelationInput(props: RelationInputProps) {
  const team = useTeam();
  return (
    <RelationSelect
      {...props}
      options={team.data?.items.map((member) => ({ id: member.id, label: member.name })) ?? []}
    />
  );
}

/** Finds an invoice by number or customer and picks one. */
function InvoiceRelationInput(props: RelationInputProps) {
  const [search, setSearch] = useState("");
  const term = useDebounced(search.trim(), 250);
  const invoices = useEndpointQuery(invoiceEndpoints.list, { query: { search: term || undefined, limit: 25 } });
  const options =
    invoices.data?.items.map((invoice) => ({
      id: invoice.id,
      label: `Invoice #${invoice.number} (${invoice.customerName})`,
    })) ?? [];
  return (
    <>
      <RelationSearch label={props.relation.label} value={search} onChange={setSearch} />
      <RelationSelect {...props} options={options} />
    </>
  );
}

/** A visit as its picker names it: its day and crew, as the job page lists them. */
export function visitOptionLabel(visit: Pick<Visit, "scheduledStart" | "crewName" | "status">): string {
  const day = visit.scheduledStart ? visit.scheduledStart.slice(0, 10) : "Unscheduled";
  return `${day}${visit.crewName ? ` · ${visit.crewName}` : ""} · ${visit.status.replace("_", " ")}`;
}

/** The visits of one job, to pick from. */
function JobVisitSelect(props: RelationInputProps & { jobId: string }) {
  const job = useJob(props.jobId);
  const options = job.data?.visits.map((visit) => ({ id: visit.id, label: visitOptionLabel(visit) })) ?? [];
  return <RelationSelect {...props} options={options} />;
}

/**
 * Picks a visit: of the job whose page the form opened on, or of a job found by title, customer or number first (a
 * visit is known by its job).
 */
function VisitRelationInput(props: RelationInputProps & { jobId?: string }) {
  return props.jobId ? <JobVisitSelect {...props} jobId={props.jobId} /> : <VisitOfAnyJobInput {...props} />;
}

function VisitOfAnyJobInput(props: RelationInputProps) {
  const [search, setSearch] = useState("");
  const [jobId, setJobId] = useState("");
  const term = useDebounced(search.trim(), 250);
  const jobs = useJobs({ search: term });
  const id = useId();
  const jobOptions =
    jobs.data?.pages.flatMap((page) =>
      page.items.map((job) => ({ id: job.id, label: `Job #${job.number} ${job.title} (${job.customerName})` })),
    ) ?? [];
  return (
    <>
      <RelationSearch label={`${props.relation.label} job`} value={search} onChange={setSearch} />
      <div className="grid gap-1">
        <Label htmlFor={id}>Job of the {props.relation.label.toLowerCase()}</Label>
        <NativeSelect id={id} value={jobId} onChange={(event) => setJobId(event.target.value)}>
          <option value="">Choose a job…</option>
          {jobOptions.map((option) => (
            <option key={option.id} value={option.id}>
              {option.label}
            </option>
          ))}
        </NativeSelect>
      </div>
      {jobId ? <JobVisitSelect {...props} jobId={jobId} /> : <RelationSelect {...props} options={[]} />}
    </>
  );
}

/** Picks a record of another custom object. */
function CustomRecordRelationInput(props: RelationInputProps) {
  const records = useCustomRecordList(props.relation.target);
  const options =
    records.data?.pages.flatMap((page) => page.items.map((item) => ({ id: item.id, label: item.title }))) ?? [];
  return <RelationSelect {...props} options={options} />;
}

/** Every relation is a picker of the records it may point at, never a box to type an id in. */
function RelationInput(props: RelationInputProps & { jobId?: string }) {
  const { relation } = props;
  if (!isBuiltInTarget(relation.target)) return <CustomRecordRelationInput {...props} />;
  switch (relation.target) {
    case "customer":
      return <CustomerRelationInput {...props} />;
    case "job":
      return <JobRelationInput {...props} />;
    case "visit":
      return <VisitRelationInput {...props} />;
    case "crew":
      return <CrewRelationInput {...props} />;
    case "invoice":
      return <InvoiceRelationInput {...props} />;
    case "team_member":
      return <TeamMemberRelationInput {...props} />;
  }
}

function currentLink(record: CustomRecord | null, key: string): { id: string; label: string } | null {
  const link = record?.links[key];
  return link ? { id: link.id, label: link.label ?? `Deleted ${link.target}` } : null;
}

/**
 * The form of a custom object's record, generated from its fields and relations. `fixed` relations are already chosen
 * (the customer or job whose page it was opened on) and not shown; `jobId` is the job whose page it opened on, whose
 * visits a visit relation offers.
 */
export function CustomRecordFormDialog({
  object,
  record,
  fixed = {},
  jobId,
  onOpenChange,
  onSaved,
}: {
  object: CustomObjectDefinition;
  record: CustomRecord | null;
  fixed?: Record<string, string>;
  jobId?: string;
  onOpenChange: (open: boolean) => void;
  onSaved?: (record: CustomRecord) => void;
}) {
  const id = useId();
  const schema = useMemo(() => customRecordFormSchema(object, { change: record !== null }), [object, record]);
  const form = useSchemaForm(schema, toFormState(object, record, fixed));
  const { refusal, place, clear } = useRefusal(form);
  const save = useSaveCustomRecord(object.key, record?.id ?? null);
  const submit = form.handleSubmit((values) => {
    clear();
    save.mutate(values, {
      onSuccess: (saved) => {
        onOpenChange(false);
        onSaved?.(saved);
      },
      onError: place,
    });
  });
  // The first problem also heads the dialog, in its alert, as a summary of what stops the save.
  const { errors, isSubmitted } = form.formState;
  const firstProblem = !isSubmitted
    ? undefined
    : [...object.fields, ...object.relations]
        .map((item) => {
          const message = errors[item.key]?.message;
          return message ? sentenceAbout(item.label, message) : null;
        })
        .find((sentence) => sentence !== null);
  const name = object.name.toLowerCase();
  return (
    <FormDialog
      title={record ? `Edit ${record.title}` : `New ${name}`}
      description={object.description ?? `A record of ${object.pluralName.toLowerCase()}.`}
      confirm={record ? "Save" : `Add ${name}`}
      pendingLabel="Saving..."
      wide
      onOpenChange={onOpenChange}
      onSubmit={submit}
      noValidate
      pending={save.isPending}
      error={firstProblem ?? refusal}
    >
      <div className="grid max-h-[60vh] items-start gap-3 overflow-y-auto pr-1 sm:grid-cols-2">
        {object.fields.map((field) => (
          <FieldInput key={field.key} id={`${id}-${field.key}`} form={form} field={field} />
        ))}
        {object.relations
          .filter((relation) => fixed[relation.key] === undefined)
          .map((relation) => (
            <RelationInput
              key={relation.key}
              form={form}
              relation={relation}
              current={currentLink(record, relation.key)}
              jobId={jobId}
            />
          ))}
      </div>
    </FormDialog>
  );
}
