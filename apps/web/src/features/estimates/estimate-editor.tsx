import { useEffect, type ComponentProps } from "react";
import { get, useFieldArray, useWatch, type UseFormReturn } from "react-hook-form";
import { z } from "zod";
import { Plus, Trash2 } from "lucide-react";
import {
  allVisitsTotalCents,
  estimateLineAmounts,
  estimateLineInputSchema,
  estimateOptionInputSchema,
  estimateOptionTotals,
  estimateRecurrenceSchema,
  MAX_ESTIMATE_LINES,
  MAX_ESTIMATE_OPTIONS,
  updateEstimateRequestSchema,
  type EstimateDetail,
  type EstimateRecurrence,
} from "@fieldops/shared/estimates";
import { RECURRENCE_FREQUENCIES, recurrenceFrequencySchema } from "@fieldops/shared/jobs";
import { formatCents } from "@fieldops/shared/money";
import { DataTable } from "../../components/data-table";
import { FormField, useRefusal, useSchemaForm } from "../../components/form";
import { Alert, AlertDescription } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { Input } from "../../components/ui/input";
import { NativeSelect } from "../../components/ui/native-select";
import { VisitCountInput } from "../../components/visit-fields";
import { Textarea } from "../../components/ui/textarea";
import { apiErrorMessage } from "../../lib/api-error";
import { blankIsNull, blankIsUndefined, centsFromDollars, numberFromText, rowsOf } from "../../lib/form-values";
import { useUpdateEstimate } from "./estimate-queries";

const shape = updateEstimateRequestSchema.shape;
const lineRule = estimateLineInputSchema.shape;

/**
 * A line as typed: its quantity and tax rate as text (a blank rate is no tax: null), its price in dollars; each
 * checked by the API's rule for it.
 */
const lineFormSchema = estimateLineInputSchema.extend({
  quantity: numberFromText(lineRule.quantity),
  unitPriceCents: centsFromDollars(lineRule.unitPriceCents),
  taxRatePercent: numberFromText(lineRule.taxRatePercent, null),
});

/** An option's repeat as chosen: how often ("" is a one-off option) and how many visits, typed as text. */
const recurrenceFormSchema = z
  .object({ frequency: z.string(), visits: z.string() })
  .transform(({ frequency, visits }) =>
    frequency === "" ? null : { frequency, visits: visits.trim() === "" ? undefined : Number(visits) },
  )
  .pipe(
    estimateRecurrenceSchema.nullable() as z.ZodType<
      EstimateRecurrence | null,
      { frequency: string; visits: number | undefined } | null
    >,
  );

/**
 * The API's rules for the estimate's changes: its title (which the editor always sends), message, last day and
 * options (always sent too), their lines typed as above and their repeat as chosen.
 */
const estimateFormSchema = updateEstimateRequestSchema.extend({
  title: shape.title.unwrap(),
  options: rowsOf(
    estimateOptionInputSchema.extend({
      recurrence: recurrenceFormSchema,
      lineItems: rowsOf(lineFormSchema, estimateOptionInputSchema.shape.lineItems),
    }),
    shape.options.unwrap(),
  ),
});
type EstimateFormValues = z.input<typeof estimateFormSchema>;
type EstimateForm = UseFormReturn<EstimateFormValues, unknown, z.output<typeof estimateFormSchema>>;
type LineValues = EstimateFormValues["options"][number]["lineItems"][number];

/** What a line's amount and tax are worked out from, as typed. */
const lineAmountsSchema = lineFormSchema.pick({ quantity: true, unitPriceCents: true, taxRatePercent: true });

const emptyLine = (): LineValues => ({ description: "", quantity: "1", unitPriceCents: "", taxRatePercent: "" });

const formValuesOf = (estimate: EstimateDetail): EstimateFormValues => ({
  title: estimate.title,
  message: estimate.message,
  expiresOn: estimate.expiresOn ?? undefined,
  options: estimate.options.map((option) => ({
    name: option.name,
    description: option.description,
    recurrence: {
      frequency: option.recurrence?.frequency ?? "",
      visits: option.recurrence ? String(option.recurrence.visits) : "",
    },
    lineItems: option.lineItems.map((line) => ({
      description: line.description,
      quantity: String(line.quantity),
      unitPriceCents: (line.unitPriceCents / 100).toFixed(2),
      taxRatePercent: line.taxRatePercent === null ? "" : String(line.taxRatePercent),
    })),
  })),
});

/** A line's typed fields, an input each in its column of the option's table. */
const LINE_INPUTS: readonly ({ field: keyof LineValues; header: string; what: string; width?: string } & Pick<
  ComponentProps<typeof Input>,
  "inputMode"
>)[] = [
  { field: "description", header: "Description", what: "description" },
  { field: "quantity", header: "Qty", what: "quantity", width: "w-20", inputMode: "decimal" },
  { field: "unitPriceCents", header: "Unit price ($)", what: "unit price", width: "w-28", inputMode: "decimal" },
  { field: "taxRatePercent", header: "Tax %", what: "tax rate", width: "w-20", inputMode: "decimal" },
];

/**
 * The estimate's title, note, last day and options with their lines, totals as typed. Saving a sent estimate
 * returns it to draft on the server; the page says so before the office saves.
 */
export function EstimateEditor({
  estimate,
  editable,
  onDirtyChange,
}: {
  estimate: EstimateDetail;
  editable: boolean;
  onDirtyChange?: (dirty: boolean) => void;
}) {
  const form = useSchemaForm(estimateFormSchema, formValuesOf(estimate));
  const options = useFieldArray({ control: form.control, name: "options" });
  const { refusal, place, clear } = useRefusal(form);
  const update = useUpdateEstimate(estimate.id);
  const dirty = form.formState.isDirty;
  useEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange]);

  const submit = form.handleSubmit(({ expiresOn, ...body }) => {
    clear();
    update.mutate(
      {
        ...body,
        message: body.message ?? null,
        ...(expiresOn && expiresOn !== estimate.expiresOn ? { expiresOn } : {}),
      },
      { onSuccess: (saved) => form.reset(formValuesOf(saved)), onError: place },
    );
  });

  return (
    <form className="grid gap-4" onSubmit={submit} noValidate aria-label="Estimate">
      <Card>
        <CardContent className="grid gap-3 sm:grid-cols-2">
          <FormField form={form} name="title" label="Title" className="sm:col-span-2">
            {(control) => <Input {...control} disabled={!editable} {...form.register("title")} />}
          </FormField>
          <FormField form={form} name="message" label="Message to the customer" className="sm:col-span-2">
            {(control) => <Textarea {...control} disabled={!editable} {...form.register("message", blankIsNull)} />}
          </FormField>
          <FormField form={form} name="expiresOn" label="Valid until">
            {(control) => (
              <Input {...control} type="date" disabled={!editable} {...form.register("expiresOn", blankIsUndefined)} />
            )}
          </FormField>
        </CardContent>
      </Card>
      {options.fields.map((option, optionIndex) => (
        <OptionCard
          key={option.id}
          form={form}
          optionIndex={optionIndex}
          editable={editable}
          approved={
            estimate.approvedOptionId !== null && estimate.options[optionIndex]?.id === estimate.approvedOptionId
          }
          onRemove={options.fields.length > 1 ? () => options.remove(optionIndex) : undefined}
        />
      ))}
      <ListError form={form} name="options" />
      {editable ? (
        <div className="flex flex-wrap items-center gap-2">
          {options.fields.length < MAX_ESTIMATE_OPTIONS ? (
            <Button
              type="button"
              variant="outline"
              onClick={() =>
                options.append({
                  name: `Option ${options.fields.length + 1}`,
                  description: null,
                  recurrence: { frequency: "", visits: "" },
                  lineItems: [emptyLine()],
                })
              }
            >
              <Plus aria-hidden="true" /> Add option
            </Button>
          ) : null}
          <Button type="submit" disabled={!dirty || update.isPending}>
            {update.isPending ? "Saving..." : "Save estimate"}
          </Button>
          {dirty && estimate.status !== "draft" ? (
            <p className="text-sm text-muted-foreground">
              Saving returns it to draft: send it again for the customer to approve.
            </p>
          ) : null}
        </div>
      ) : null}
      {refusal ? (
        <Alert variant="destructive" role="alert">
          <AlertDescription>{apiErrorMessage(refusal, "The estimate could not be saved. Try again.")}</AlertDescription>
        </Alert>
      ) : null}
    </form>
  );
}

/**
 * A list's own error, which no one row shows: the API's length rules (a refusal naming the list lands here too), as
 * the resolver (`root`) or the server (the list itself) puts it.
 */
function ListError({ form, name }: { form: EstimateForm; name: "options" | `options.${number}.lineItems` }) {
  const error = get(form.formState.errors, name) as { message?: string; root?: { message?: string } } | undefined;
  const message = error?.root?.message ?? error?.message;
  return message ? <p className="text-sm text-destructive">{message}</p> : null;
}

/** One option: its name and description, its lines as a table of inputs, its totals as typed. */
function OptionCard({
  form,
  optionIndex,
  editable,
  approved,
  onRemove,
}: {
  form: EstimateForm;
  optionIndex: number;
  editable: boolean;
  approved: boolean;
  onRemove: (() => void) | undefined;
}) {
  const label = `Option ${optionIndex + 1}`;
  const lines = useFieldArray({ control: form.control, name: `options.${optionIndex}.lineItems` });
  const typed = useWatch({ control: form.control, name: `options.${optionIndex}.lineItems` }).map((line) => {
    const amounts = lineAmountsSchema.safeParse(line);
    return amounts.success ? amounts.data : null;
  });
  // A line whose numbers are not numbers yet counts for nothing until they are.
  const totals = estimateOptionTotals(typed.filter((line) => line !== null));
  const repeat = useWatch({ control: form.control, name: `options.${optionIndex}.recurrence` });
  const visits = repeat.frequency === "" ? null : Number(repeat.visits);
  const recurring = visits !== null && Number.isInteger(visits) && visits > 0;
  return (
    <Card role="group" aria-label={label} className={approved ? "border-primary" : undefined}>
      <CardHeader className="flex flex-row flex-wrap items-end justify-between gap-2">
        <FormField form={form} name={`options.${optionIndex}.name`} label={`${label} name`} className="gap-1">
          {(control) => <Input {...control} disabled={!editable} {...form.register(`options.${optionIndex}.name`)} />}
        </FormField>
        {approved ? <CardTitle className="text-sm text-primary">Chosen by the customer</CardTitle> : null}
        {editable && onRemove ? (
          <Button type="button" variant="outline" size="sm" onClick={onRemove}>
            <Trash2 aria-hidden="true" /> Remove {label.toLowerCase()}
          </Button>
        ) : null}
      </CardHeader>
      <CardContent className="grid gap-3">
        <FormField
          form={form}
          name={`options.${optionIndex}.description`}
          label={`${label} description`}
          className="gap-1"
        >
          {(control) => (
            <Input
              {...control}
              disabled={!editable}
              {...form.register(`options.${optionIndex}.description`, blankIsNull)}
            />
          )}
        </FormField>
        <div className="grid gap-3 sm:grid-cols-2">
          <FormField
            form={form}
            name={`options.${optionIndex}.recurrence.frequency`}
            label={`${label} repeats`}
            className="gap-1"
          >
            {(control) => (
              <NativeSelect
                {...control}
                disabled={!editable}
                {...form.register(`options.${optionIndex}.recurrence.frequency`)}
              >
                <option value="">One visit</option>
                {recurrenceFrequencySchema.options.map((frequency) => (
                  <option key={frequency} value={frequency}>
                    {RECURRENCE_FREQUENCIES[frequency].label}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
          {repeat.frequency !== "" ? (
            <FormField
              form={form}
              name={`options.${optionIndex}.recurrence.visits`}
              label={`${label} visits`}
              hint="Its lines price one visit."
              className="gap-1"
            >
              {(control) => (
                <VisitCountInput
                  {...control}
                  disabled={!editable}
                  {...form.register(`options.${optionIndex}.recurrence.visits`)}
                />
              )}
            </FormField>
          ) : null}
        </div>
        <DataTable
          caption={`${label} lines`}
          density="compact"
          verticalAlign="top"
          rows={lines.fields}
          rowKey={(line) => line.id}
          columns={[
            ...LINE_INPUTS.map(({ field, header, what, width, ...input }) => ({
              id: field,
              header,
              headerClassName: width,
              className: "pr-2",
              cell: (_: unknown, lineIndex: number) => {
                const name = `options.${optionIndex}.lineItems.${lineIndex}.${field}` as const;
                return (
                  <FormField form={form} name={name} label={`${label} line ${lineIndex + 1} ${what}`} hideLabel>
                    {(control) => <Input {...control} {...input} disabled={!editable} {...form.register(name)} />}
                  </FormField>
                );
              },
            })),
            {
              id: "amount",
              header: "Amount",
              headerClassName: "w-28",
              align: "right",
              cell: (_, lineIndex) => {
                const line = typed[lineIndex];
                return formatCents(line ? estimateLineAmounts(line).totalCents : 0);
              },
            },
            editable && {
              id: "remove",
              header: <span className="sr-only">Remove</span>,
              headerClassName: "w-10",
              align: "right",
              cell: (_, lineIndex) => (
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  aria-label={`Remove ${label.toLowerCase()} line ${lineIndex + 1}`}
                  onClick={() => lines.remove(lineIndex)}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              ),
            },
          ]}
        />
        <ListError form={form} name={`options.${optionIndex}.lineItems`} />
        <div className="flex flex-wrap items-start justify-between gap-3">
          {editable && lines.fields.length < MAX_ESTIMATE_LINES ? (
            <Button type="button" variant="outline" size="sm" onClick={() => lines.append(emptyLine())}>
              <Plus aria-hidden="true" /> Add line to {label.toLowerCase()}
            </Button>
          ) : (
            <span />
          )}
          <dl className="grid grid-cols-[auto_auto] gap-x-4 text-sm" aria-label={`${label} totals`}>
            <dt className="text-muted-foreground">Subtotal</dt>
            <dd className="text-right">{formatCents(totals.subtotalCents)}</dd>
            <dt className="text-muted-foreground">Tax</dt>
            <dd className="text-right">{formatCents(totals.taxCents)}</dd>
            {recurring ? (
              <>
                <dt className="text-muted-foreground">Total a visit</dt>
                <dd className="text-right">{formatCents(totals.totalCents)}</dd>
                <dt className="font-medium">{visits} visits</dt>
                <dd className="text-right font-medium">
                  {formatCents(allVisitsTotalCents(totals.totalCents, { visits }))}
                </dd>
              </>
            ) : (
              <>
                <dt className="font-medium">Total</dt>
                <dd className="text-right font-medium">{formatCents(totals.totalCents)}</dd>
              </>
            )}
          </dl>
        </div>
      </CardContent>
    </Card>
  );
}
