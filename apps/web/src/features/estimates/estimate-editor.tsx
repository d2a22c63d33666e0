import { useEffect, useId, useState, type ComponentProps } from "react";
import { Plus, Trash2 } from "lucide-react";
import {
  estimateOptionTotals,
  MAX_ESTIMATE_LINES,
  MAX_ESTIMATE_OPTIONS,
  updateEstimateRequestSchema,
  type EstimateDetail,
  type EstimateOptionInput,
} from "@fieldops/shared/estimates";
import { DataTable } from "../../components/data-table";
import { FormField, useRefusal, useSchemaForm } from "../../components/form";
import { Alert, AlertDescription } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { Textarea } from "../../components/ui/textarea";
import { apiErrorMessage } from "../../lib/api-error";
import { blankIsNull, blankIsUndefined } from "../../lib/form-values";
import { formatCents } from "@fieldops/shared/money";
import { useUpdateEstimate } from "./estimate-queries";

interface LineRow {
  description: string;
  quantity: string;
  unitPrice: string;
  taxRate: string;
}
interface OptionRow {
  name: string;
  description: string;
  lines: LineRow[];
}

const emptyLine = (): LineRow => ({ description: "", quantity: "1", unitPrice: "", taxRate: "" });

function toRows(estimate: EstimateDetail): OptionRow[] {
  return estimate.options.map((option) => ({
    name: option.name,
    description: option.description ?? "",
    lines: option.lineItems.map((line) => ({
      description: line.description,
      quantity: String(line.quantity),
      unitPrice: (line.unitPriceCents / 100).toFixed(2),
      taxRate: line.taxRatePercent === null ? "" : String(line.taxRatePercent),
    })),
  }));
}

/** A line's numbers as typed: dollars to cents, an empty tax rate is no tax. */
function parseLine(line: LineRow) {
  const quantity = Number(line.quantity);
  const unitPriceCents = Math.round(Number(line.unitPrice || "0") * 100);
  const taxRatePercent = line.taxRate.trim() === "" ? null : Number(line.taxRate);
  return { description: line.description.trim(), quantity, unitPriceCents, taxRatePercent };
}

/** A line's typed fields, an input each in its column of the option's table. */
const LINE_INPUTS: readonly ({ field: keyof LineRow; header: string; what: string; width?: string } & Pick<
  ComponentProps<typeof Input>,
  "required" | "maxLength" | "inputMode"
>)[] = [
  { field: "description", header: "Description", what: "description", required: true, maxLength: 500 },
  { field: "quantity", header: "Qty", what: "quantity", width: "w-20", inputMode: "decimal", required: true },
  {
    field: "unitPrice",
    header: "Unit price ($)",
    what: "unit price",
    width: "w-28",
    inputMode: "decimal",
    required: true,
  },
  { field: "taxRate", header: "Tax %", what: "tax rate", width: "w-20", inputMode: "decimal" },
];

/** What a line comes to as typed, nothing while its numbers are not numbers yet. */
function lineAmountCents(line: LineRow): number {
  const { quantity, unitPriceCents } = parseLine(line);
  return Number.isFinite(quantity * unitPriceCents) ? Math.round(quantity * unitPriceCents) : 0;
}

function toOptions(rows: readonly OptionRow[]): EstimateOptionInput[] {
  return rows.map((row) => ({
    name: row.name.trim(),
    description: row.description.trim() || null,
    lineItems: row.lines.map(parseLine),
  }));
}

/** The API's rules for the estimate's header: its title (which the editor always sends), message and last day. */
const headerFormSchema = updateEstimateRequestSchema
  .pick({ message: true, expiresOn: true })
  .extend({ title: updateEstimateRequestSchema.shape.title.unwrap() });

const headerOf = (estimate: EstimateDetail) => ({
  title: estimate.title,
  message: estimate.message,
  expiresOn: estimate.expiresOn ?? undefined,
});

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
  const id = useId();
  const form = useSchemaForm(headerFormSchema, headerOf(estimate));
  const { refusal, place, clear } = useRefusal(form);
  const [options, setOptions] = useState<OptionRow[]>(() => toRows(estimate));
  const [savedOptions, setSavedOptions] = useState(() => JSON.stringify(toRows(estimate)));
  const update = useUpdateEstimate(estimate.id);
  const dirty = form.formState.isDirty || JSON.stringify(options) !== savedOptions;
  useEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange]);

  const setOption = (index: number, change: Partial<OptionRow>) =>
    setOptions((rows) => rows.map((row, i) => (i === index ? { ...row, ...change } : row)));
  const setLine = (optionIndex: number, lineIndex: number, change: Partial<LineRow>) =>
    setOptions((rows) =>
      rows.map((row, i) =>
        i === optionIndex
          ? { ...row, lines: row.lines.map((line, j) => (j === lineIndex ? { ...line, ...change } : line)) }
          : row,
      ),
    );

  const submit = form.handleSubmit(({ title, message, expiresOn }) => {
    clear();
    update.mutate(
      {
        title,
        message: message ?? null,
        ...(expiresOn && expiresOn !== estimate.expiresOn ? { expiresOn } : {}),
        options: toOptions(options),
      },
      {
        onSuccess: (saved) => {
          form.reset(headerOf(saved));
          setSavedOptions(JSON.stringify(options));
        },
        onError: place,
      },
    );
  });

  return (
    // The options' lines keep the browser's checks (required fields); the header's are the schema's.
    <form className="grid gap-4" onSubmit={submit} aria-label="Estimate">
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
      {options.map((option, optionIndex) => {
        const label = `Option ${optionIndex + 1}`;
        const totals = estimateOptionTotals(
          option.lines.map(parseLine).map((line) => ({
            ...line,
            quantity: Number.isFinite(line.quantity) ? line.quantity : 0,
            unitPriceCents: Number.isFinite(line.unitPriceCents) ? line.unitPriceCents : 0,
          })),
        );
        const approved =
          estimate.approvedOptionId !== null && estimate.options[optionIndex]?.id === estimate.approvedOptionId;
        return (
          <Card key={optionIndex} role="group" aria-label={label} className={approved ? "border-primary" : undefined}>
            <CardHeader className="flex flex-row flex-wrap items-end justify-between gap-2">
              <div className="grid gap-1">
                <Label htmlFor={`${id}-option-${optionIndex}`}>{label} name</Label>
                <Input
                  id={`${id}-option-${optionIndex}`}
                  required
                  maxLength={100}
                  disabled={!editable}
                  value={option.name}
                  onChange={(e) => setOption(optionIndex, { name: e.target.value })}
                />
              </div>
              {approved ? <CardTitle className="text-sm text-primary">Chosen by the customer</CardTitle> : null}
              {editable && options.length > 1 ? (
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  onClick={() => setOptions((rows) => rows.filter((_, i) => i !== optionIndex))}
                >
                  <Trash2 aria-hidden="true" /> Remove {label.toLowerCase()}
                </Button>
              ) : null}
            </CardHeader>
            <CardContent className="grid gap-3">
              <div className="grid gap-1">
                <Label htmlFor={`${id}-option-${optionIndex}-description`}>{label} description</Label>
                <Input
                  id={`${id}-option-${optionIndex}-description`}
                  maxLength={2000}
                  disabled={!editable}
                  value={option.description}
                  onChange={(e) => setOption(optionIndex, { description: e.target.value })}
                />
              </div>
              <DataTable
                caption={`${label} lines`}
                density="compact"
                rows={option.lines}
                rowKey={(_, lineIndex) => lineIndex}
                columns={[
                  ...LINE_INPUTS.map(({ field, header, what, width, ...input }) => ({
                    id: field,
                    header,
                    headerClassName: width,
                    className: "pr-2",
                    cell: (line: LineRow, lineIndex: number) => (
                      <Input
                        aria-label={`${label} line ${lineIndex + 1} ${what}`}
                        {...input}
                        disabled={!editable}
                        value={line[field]}
                        onChange={(e) => setLine(optionIndex, lineIndex, { [field]: e.target.value })}
                      />
                    ),
                  })),
                  {
                    id: "amount",
                    header: "Amount",
                    headerClassName: "w-28",
                    align: "right",
                    cell: (line) => formatCents(lineAmountCents(line)),
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
                        onClick={() =>
                          setOption(optionIndex, { lines: option.lines.filter((_, j) => j !== lineIndex) })
                        }
                      >
                        <Trash2 aria-hidden="true" />
                      </Button>
                    ),
                  },
                ]}
              />
              <div className="flex flex-wrap items-start justify-between gap-3">
                {editable && option.lines.length < MAX_ESTIMATE_LINES ? (
                  <Button
                    type="button"
                    variant="outline"
                    size="sm"
                    onClick={() => setOption(optionIndex, { lines: [...option.lines, emptyLine()] })}
                  >
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
                  <dt className="font-medium">Total</dt>
                  <dd className="text-right font-medium">{formatCents(totals.totalCents)}</dd>
                </dl>
              </div>
            </CardContent>
          </Card>
        );
      })}
      {editable ? (
        <div className="flex flex-wrap items-center gap-2">
          {options.length < MAX_ESTIMATE_OPTIONS ? (
            <Button
              type="button"
              variant="outline"
              onClick={() =>
                setOptions((rows) => [
                  ...rows,
                  { name: `Option ${rows.length + 1}`, description: "", lines: [emptyLine()] },
                ])
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
