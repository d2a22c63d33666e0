import { useId, useState } from "react";
import { isBuiltInTarget, type CustomObjectDefinition, type CustomRecord } from "@fieldops/shared/custom-objects";
import type { CustomField, CustomRelation } from "@fieldops/shared/feature-spec";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { NativeSelect } from "../../components/ui/native-select";
import { Textarea } from "../../components/ui/textarea";
import { FormDialog } from "../billing/form-dialog";
import { CustomerPicker } from "../customers/customer-picker";
import { useCustomRecordList, useSaveCustomRecord } from "./custom-object-queries";
import { fromFormState, toFormState, type FormState } from "./custom-record-form-state";

const INPUT_TYPES: Partial<Record<CustomField["type"], string>> = {
  number: "number",
  integer: "number",
  date: "date",
  datetime: "datetime-local",
  email: "email",
  phone: "tel",
  url: "url",
};

function FieldInput({ id, field, value, invalid, onChange }: { id: string; field: CustomField; value: string | boolean; invalid: boolean; onChange: (value: string | boolean) => void }) {
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

/** Picks a record of another custom object. */
function CustomRecordPicker({ id, relation, value, onChange }: { id: string; relation: CustomRelation; value: string; onChange: (id: string) => void }) {
  const records = useCustomRecordList(relation.target);
  const items = records.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <div className="grid gap-1">
      <Label htmlFor={id}>{`${relation.label}${relation.required ? " *" : ""}`}</Label>
      <NativeSelect id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{relation.required ? "Choose…" : "None"}</option>
        {items.map((item) => (
          <option key={item.id} value={item.id}>
            {item.title}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

function RelationInput({ id, relation, value, onChange }: { id: string; relation: CustomRelation; value: string; onChange: (id: string) => void }) {
  if (relation.target === "customer") return <CustomerPicker value={value} onChange={onChange} enabled />;
  if (!isBuiltInTarget(relation.target)) return <CustomRecordPicker id={id} relation={relation} value={value} onChange={onChange} />;
  return (
    <div className="grid gap-1">
      <Label htmlFor={id}>{`${relation.label} id${relation.required ? " *" : ""}`}</Label>
      <Input id={id} value={value} onChange={(e) => onChange(e.target.value.trim())} />
    </div>
  );
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
              onChange={(value) => set(relation.key, value)}
            />
          ))}
      </div>
    </FormDialog>
  );
}
