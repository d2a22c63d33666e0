import { useState } from "react";
import {
  BUILT_IN_RELATION_TARGETS,
  CUSTOM_FIELD_TYPES,
  type CustomEntity,
  type CustomField,
  type CustomFieldType,
  type FeatureSpec,
} from "@fieldops/shared/feature-spec";
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
import { NativeSelect } from "../../components/ui/native-select";
import { apiErrorMessage } from "../../lib/api-error";
import { showBuildQuote, type BuildModalState } from "../../lib/build-modal";
import { requestBuildQuote } from "../../lib/build-modal";

const TYPE_LABELS: Record<CustomFieldType, string> = {
  text: "Text",
  long_text: "Long text",
  number: "Number",
  integer: "Whole number",
  money: "Money",
  date: "Date",
  datetime: "Date and time",
  boolean: "Yes / no",
  select: "Choice",
  email: "E-mail",
  phone: "Phone",
  url: "Web address",
};

/** A key from a label: lower-case words joined by underscores, starting with a letter. */
function keyOf(label: string, taken: readonly string[]): string {
  const base =
    label
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "_")
      .replace(/^[^a-z]+|_+$/g, "")
      .slice(0, 36) || "field";
  let key = base;
  for (let n = 2; taken.includes(key); n += 1) key = `${base}_${n}`;
  return key;
}

function FieldRow({
  field,
  onChange,
  onRemove,
  canRemove,
}: {
  field: CustomField;
  onChange: (field: CustomField) => void;
  onRemove: () => void;
  canRemove: boolean;
}) {
  const setType = (type: CustomFieldType) => {
    // Options belong to a select and a unit to a number: a field of another type keeps neither.
    const { options: _dropped, unit, ...rest } = field;
    const measured = (type === "number" || type === "integer") && unit ? { unit } : {};
    onChange(
      type === "select"
        ? { ...rest, type, options: field.options?.length ? field.options : ["Option 1", "Option 2"] }
        : { ...rest, ...measured, type },
    );
  };
  return (
    <li className="grid gap-2 rounded-md border p-2 sm:grid-cols-[1fr_10rem_auto_auto]">
      <Input
        aria-label="Field name"
        value={field.label}
        maxLength={80}
        onChange={(event) => onChange({ ...field, label: event.target.value })}
      />
      <NativeSelect
        aria-label={`Type of ${field.label}`}
        value={field.type}
        onChange={(event) => setType(event.target.value as CustomFieldType)}
      >
        {CUSTOM_FIELD_TYPES.map((type) => (
          <option key={type} value={type}>
            {TYPE_LABELS[type]}
          </option>
        ))}
      </NativeSelect>
      <label className="flex items-center gap-1 text-xs">
        <input
          type="checkbox"
          checked={field.required}
          onChange={(event) => onChange({ ...field, required: event.target.checked })}
        />{" "}
        Required
      </label>
      <Button
        type="button"
        variant="ghost"
        size="sm"
        onClick={onRemove}
        disabled={!canRemove}
        aria-label={`Drop ${field.label}`}
      >
        Drop
      </Button>
      {field.type === "select" ? (
        <Input
          className="sm:col-span-4"
          aria-label={`Choices of ${field.label}`}
          value={(field.options ?? []).join(", ")}
          onChange={(event) =>
            onChange({
              ...field,
              options: event.target.value
                .split(",")
                .map((option) => option.trim())
                .filter(Boolean),
            })
          }
        />
      ) : null}
    </li>
  );
}

function EntityEditor({
  entity,
  entities,
  onChange,
}: {
  entity: CustomEntity;
  entities: readonly CustomEntity[];
  onChange: (entity: CustomEntity) => void;
}) {
  const targets = [
    ...BUILT_IN_RELATION_TARGETS,
    ...entities.filter((other) => other.key !== entity.key).map((other) => other.key),
  ];
  const setField = (index: number, field: CustomField) =>
    onChange({ ...entity, fields: entity.fields.map((each, i) => (i === index ? field : each)) });
  const addField = () => {
    const taken = [...entity.fields, ...entity.relations].map((item) => item.key);
    onChange({
      ...entity,
      fields: [...entity.fields, { key: keyOf("New field", taken), label: "New field", type: "text", required: false }],
    });
  };
  return (
    <section className="grid gap-2" aria-label={`Entity ${entity.name}`}>
      <div className="grid gap-2 sm:grid-cols-2">
        <Input
          aria-label="Entity name"
          value={entity.name}
          maxLength={60}
          onChange={(event) => onChange({ ...entity, name: event.target.value })}
        />
        <Input
          aria-label="Plural name"
          value={entity.pluralName}
          maxLength={60}
          onChange={(event) => onChange({ ...entity, pluralName: event.target.value })}
        />
      </div>
      <ul className="grid gap-2">
        {entity.fields.map((field, index) => (
          <FieldRow
            key={field.key}
            field={field}
            canRemove={entity.fields.length > 1}
            onChange={(changed) => setField(index, changed)}
            onRemove={() => onChange({ ...entity, fields: entity.fields.filter((_, i) => i !== index) })}
          />
        ))}
      </ul>
      <Button type="button" variant="outline" size="sm" className="w-fit" onClick={addField}>
        Add field
      </Button>
      {entity.relations.map((relation, index) => (
        <div key={relation.key} className="flex items-center gap-2 text-sm">
          <span>Linked to</span>
          <NativeSelect
            aria-label={`Link of ${entity.name}`}
            value={relation.target}
            onChange={(event) =>
              onChange({
                ...entity,
                relations: entity.relations.map((each, i) =>
                  i === index ? { ...each, target: event.target.value } : each,
                ),
              })
            }
          >
            {targets.map((target) => (
              <option key={target} value={target}>
                {target}
              </option>
            ))}
          </NativeSelect>
          <Button
            type="button"
            variant="ghost"
            size="sm"
            onClick={() => onChange({ ...entity, relations: entity.relations.filter((_, i) => i !== index) })}
          >
            Remove link
          </Button>
        </div>
      ))}
    </section>
  );
}

/**
 * The `builder.refine` modal: the proposed entities with their fields and links, to rename, add or drop a field or
 * change its type, and ask for a new quote of the result (which opens the quote dialog).
 */
export function BuildRefineDialog({ build, onClose }: { build: BuildModalState; onClose: () => void }) {
  const [spec, setSpec] = useState<FeatureSpec | undefined>(build.spec);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);

  const requote = async () => {
    if (!spec || !build.sessionId) return;
    setPending(true);
    setError(null);
    try {
      const routes = spec.entities.flatMap((entity) =>
        spec.routes.filter((route) => route.path.startsWith(`/api/custom/${entity.key}`)),
      );
      const answer = await requestBuildQuote(build.sessionId, { ...spec, routes });
      showBuildQuote({
        proposalId: answer.proposalId,
        quote: answer.quote,
        spec: answer.spec,
        consentToken: answer.consentToken,
        sessionId: answer.sessionId,
      });
    } catch (caught) {
      setError(caught);
    } finally {
      setPending(false);
    }
  };

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-h-[90svh] overflow-y-auto sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>Refine the feature</DialogTitle>
          <DialogDescription>
            Rename, add or drop fields, change their types, then ask for a new quote.
          </DialogDescription>
        </DialogHeader>
        {spec ? (
          <div className="grid gap-4">
            <Input
              aria-label="Feature name"
              value={spec.featureName}
              maxLength={80}
              onChange={(event) => setSpec({ ...spec, featureName: event.target.value })}
            />
            {spec.entities.map((entity, index) => (
              <EntityEditor
                key={entity.key}
                entity={entity}
                entities={spec.entities}
                onChange={(changed) =>
                  setSpec({ ...spec, entities: spec.entities.map((each, i) => (i === index ? changed : each)) })
                }
              />
            ))}
          </div>
        ) : (
          <p className="text-sm">Ask the assistant for a feature first; its quote can then be refined here.</p>
        )}
        {error ? (
          <Alert variant="destructive" role="alert">
            <AlertDescription>{apiErrorMessage(error, "Failed to generate quote. Please try again.")}</AlertDescription>
          </Alert>
        ) : null}
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => void requote()} disabled={pending || !spec || !build.sessionId}>
            {pending ? "Quoting..." : "Get New Quote"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
