import { useId, useState } from "react";
import { isBuiltInTarget, type CustomObjectDefinition, type CustomRecord } from "@fieldops/shared/custom-objects";
import type { CustomField, CustomRelation } from "@fieldops/shared/feature-spec";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { NativeSelect } from "../../components/ui/native-select";
import { Textarea } from "../../components/ui/textarea";
import { FormDialog } from "../../components/form-dialog";
import { useDebounced } from "../../lib/use-debounced";
import { useCustomRecordList, useSaveCustomRecord } from "./custom-object-queries";
import { fromFormState, toFormState, type FormState } from "./custom-record-form-state";
import { useCustomerOptions, useJobs } from "../../lib/jobs";
import { useCrews } from "../../lib/crews";

const INPUT_TYPES: Partial<Record<CustomField["type"], string>> = {
  number: "number",
  integer: "number",
  date: "date",
  datetime: "datetime-local",
  email: "email",
  phone: "tel",
  url: "url",
};

function FieldInput({
  id,
  field,
  value,
  invalid,
  onChange,
}: {
  id: string;
  field: CustomField;
  value: string | boolean;
  invalid: boolean;
  onChange: (value: string | boolean) => void;
}) {
  const label = `${field.label}${field.required ? " *" : ""}`;
  if (field.type === "boolean") {
    return (
      <div className="flex items-center gap-2">
        <input id={id} type="checkbox" checked={value === true} onChange={(e) => onChange(e.target.checked)} />
        <Label htmlFor={id}>{field.label}</Label>
      </div>
    );
  }
  const text = typeof value === "string" ? value : "";
  return (
    <div className="grid gap-1">
      <Label htmlFor={id}>{field.type === "money" ? `${label} ($)` : label}</Label>
      {field.type === "long_text" ? (
        <Textarea id={id} value={text} aria-invalid={invalid} onChange={(e) => onChange(e.target.value)} />
      ) : field.type === "select" ? (
        <NativeSelect id={id} value={text} aria-invalid={invalid} onChange={(e) => onChange(e.target.value)}>
          <option value="">{field.required ? "Choose…" : "None"}</option>
          {field.options?.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </NativeSelect>
      ) : (
        <Input
          id={id}
          type={INPUT_TYPES[field.type] ?? "text"}
          step={field.type === "number" ? "any" : undefined}
          inputMode={field.type === "money" ? "decimal" : undefined}
          value={text}
          aria-invalid={invalid}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </div>
  );
}

interface RelationInputProps {
  id: string;
  relation: CustomRelation;
  value: string;
  /** What the record points at now, so the choice shows even when a search would not list it. */
  current: { id: string; label: string } | null;
  onChange: (id: string) => void;
}

function RelationSelect({
  id,
  relation,
  value,
  current,
  options,
  onChange,
}: RelationInputProps & { options: readonly { id: string; label: string }[] }) {
  const shown = current && !options.some((option) => option.id === current.id) ? [current, ...options] : options;
  return (
    <div className="grid gap-1">
      <Label htmlFor={id}>{`${relation.label}${relation.required ? " *" : ""}`}</Label>
      <NativeSelect id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{relation.required ? "Choose…" : "None"}</option>
        {shown.map((option) => (
          <option key={option.id} value={option.id}>
            {option.label}
          </option>
        ))}
      </NativeSelect>
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
      <div className="grid gap-1">
        <Label htmlFor={`${props.id}-search`}>Find {props.relation.label.toLowerCase()}</Label>
        <Input id={`${props.id}-search`} type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
      </div>
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
      <div className="grid gap-1">
        <Label htmlFor={`${props.id}-search`}>Find {props.relation.label.toLowerCase()}</Label>
        <Input id={`${props.id}-search`} type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
      </div>
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

/** Picks a record of another custom object. */
function CustomRecordRelationInput(props: RelationInputProps) {
  const records = useCustomRecordList(props.relation.target);
  const options =
    records.data?.pages.flatMap((page) => page.items.map((item) => ({ id: item.id, label: item.title }))) ?? [];
  return <RelationSelect {...props} options={options} />;
}

function RelationInput(props: RelationInputProps) {
  const { id, relation, value, onChange } = props;
  if (relation.target === "customer") return <CustomerRelationInput {...props} />;
  if (relation.target === "job") return <JobRelationInput {...props} />;
  if (relation.target === "crew") return <CrewRelationInput {...props} />;
  if (!isBuiltInTarget(relation.target)) return <CustomRecordRelationInput {...props} />;
  return (
    <div className="grid gap-1">
      <Label htmlFor={id}>{`${relation.label} id${relation.required ? " *" : ""}`}</Label>
      <Input id={id} value={value} onChange={(e) => onChange(e.target.value.trim())} />
    </div>
  );
}

function currentLink(record: CustomRecord | null, key: string): { id: string; label: string } | null {
  const link = record?.links[key];
  return link ? { id: link.id, label: link.label ?? `Deleted ${link.target}` } : null;
}

/**
 * The form of a custom object's record, generated from its fields and relations. `fixed` relations are already chosen
 * (the customer or job whose page it was opened on) and not shown.
 */
export function CustomRecordFormDialog({
  object,
  record,
  fixed = {},
  onOpenChange,
  onSaved,
}: {
  object: CustomObjectDefinition;
  record: CustomRecord | null;
  fixed?: Record<string, string>;
  onOpenChange: (open: boolean) => void;
  onSaved?: (record: CustomRecord) => void;
}) {
  const id = useId();
  const [state, setState] = useState<FormState>(() => toFormState(object, record, fixed));
  const [problem, setProblem] = useState<{ field: string; message: string } | null>(null);
  const save = useSaveCustomRecord(object.key, record?.id ?? null);
  const set = (key: string, value: string | boolean) => setState((current) => ({ ...current, [key]: value }));
  const submit = () => {
    const outcome = fromFormState(object, state, { change: record !== null });
    setProblem(outcome.problem);
    if (outcome.problem) return;
    save.mutate(outcome.values, {
      onSuccess: (saved) => {
        onOpenChange(false);
        onSaved?.(saved);
      },
    });
  };
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
      pending={save.isPending}
      error={problem?.message ?? save.error}
    >
      <div className="grid max-h-[60vh] gap-3 overflow-y-auto pr-1 sm:grid-cols-2">
        {object.fields.map((field) => (
          <FieldInput
            key={field.key}
            id={`${id}-${field.key}`}
            field={field}
            value={state[field.key] ?? ""}
            invalid={problem?.field === field.key}
            onChange={(value) => set(field.key, value)}
          />
        ))}
        {object.relations
          .filter((relation) => fixed[relation.key] === undefined)
          .map((relation) => (
            <RelationInput
              key={relation.key}
              id={`${id}-${relation.key}`}
              relation={relation}
              value={typeof state[relation.key] === "string" ? (state[relation.key] as string) : ""}
              current={currentLink(record, relation.key)}
              onChange={(value) => set(relation.key, value)}
            />
          ))}
      </div>
    </FormDialog>
  );
}
