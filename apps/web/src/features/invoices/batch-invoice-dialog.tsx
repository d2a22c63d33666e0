import { useEffect, useState } from "react";
import { z } from "zod";
import { addDays, dayInTimeZone } from "@fieldops/shared/company-time";
import { batchInvoicePreviewQuerySchema, type BatchInvoicePreviewQuery } from "@fieldops/shared/invoices";
import { formatCents } from "@fieldops/shared/money";
import { DataTable } from "../../components/data-table";
import { FormField, useRefusal, useSchemaForm } from "../../components/form";
import { FormDialog } from "../../components/form-dialog";
import { Input } from "../../components/ui/input";
import { Skeleton } from "../../components/ui/skeleton";
import { toast } from "../../hooks/use-toast";
import { apiErrorMessage } from "../../lib/api-error";
import { basisPointsFromPercent } from "../../lib/form-values";
import { useBatchInvoice, useBatchInvoicePreview } from "./invoice-queries";

const rule = batchInvoicePreviewQuerySchema.shape;

/** The period as typed (the tax rate as a percentage, blank is 0), then held to the API's rules for it. */
const periodFormSchema = z
  .object({
    from: z.string(),
    to: z.string(),
    taxRateBasisPoints: basisPointsFromPercent(rule.taxRateBasisPoints, 0),
  })
  .pipe(
    batchInvoicePreviewQuerySchema as z.ZodType<
      BatchInvoicePreviewQuery,
      { from: string; to: string; taxRateBasisPoints: number }
    >,
  );

/** Last month on the company's calendar: its first and last days. */
function lastMonth(timeZone: string): { from: string; to: string } {
  const firstOfThisMonth = `${dayInTimeZone(new Date(), timeZone).slice(0, 8)}01`;
  const to = addDays(firstOfThisMonth, -1);
  return { from: `${to.slice(0, 8)}01`, to };
}

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? "" : "s"}`;

/**
 * Batch invoicing: a period's completed visits that no invoice bills become one draft invoice per customer. The
 * office previews what would be made (per customer, with totals) and confirms it; the server makes exactly what was
 * previewed, or refuses when that changed meanwhile, and never bills a visit twice.
 */
export function BatchInvoiceDialog({
  timeZone,
  onOpenChange,
}: {
  timeZone: string;
  onOpenChange: (open: boolean) => void;
}) {
  const [defaults] = useState(() => ({ ...lastMonth(timeZone), taxRateBasisPoints: "" }));
  const form = useSchemaForm(periodFormSchema, defaults);
  const { refusal, place, clear } = useRefusal(form);
  const [period, setPeriod] = useState<BatchInvoicePreviewQuery | null>(null);
  const preview = useBatchInvoicePreview(period);
  const batch = useBatchInvoice();
  // What was previewed no longer stands once the period is changed.
  useEffect(() => {
    const subscription = form.watch(() => setPeriod(null));
    return () => subscription.unsubscribe();
  }, [form]);
  const ready = period !== null && preview.data !== undefined;

  const submit = form.handleSubmit((values) => {
    clear();
    if (!ready) {
      setPeriod(values);
      return;
    }
    batch.mutate(
      { body: { ...period, previewHash: preview.data.previewHash } },
      {
        onSuccess: (made) => {
          toast({
            title:
              made.invoices.length === 0
                ? "Nothing to invoice"
                : `${plural(made.invoices.length, "draft invoice")} made`,
            description:
              made.invoices.length === 0
                ? "Every completed visit of the period is billed already."
                : `${plural(made.visits, "visit")}, ${formatCents(made.totalCents)} in all. Check and send them from the list.`,
          });
          onOpenChange(false);
        },
        onError: (error) => {
          place(error);
          // A preview that no longer stands is read again for the office to confirm.
          void preview.refetch();
        },
      },
    );
  });

  return (
    <FormDialog
      title="Invoice completed visits"
      description="Every completed visit of the period that no invoice bills yet, one draft invoice per customer. Preview it, then confirm."
      confirm={ready ? `Create ${plural(preview.data.invoices, "draft invoice")}` : "Preview"}
      pendingLabel={ready ? "Creating…" : "Loading…"}
      confirmDisabled={ready && preview.data.invoices === 0}
      wide
      noValidate
      onOpenChange={onOpenChange}
      onSubmit={submit}
      pending={batch.isPending || preview.isFetching}
      error={refusal ?? (preview.isError ? apiErrorMessage(preview.error, "The preview could not be loaded.") : null)}
    >
      <div className="grid items-start gap-3 sm:grid-cols-3">
        <FormField form={form} name="from" label="From">
          {(control) => <Input {...control} type="date" required {...form.register("from")} />}
        </FormField>
        <FormField form={form} name="to" label="To">
          {(control) => <Input {...control} type="date" required {...form.register("to")} />}
        </FormField>
        <FormField form={form} name="taxRateBasisPoints" label="Tax rate (%)">
          {(control) => (
            <Input {...control} inputMode="decimal" placeholder="0" {...form.register("taxRateBasisPoints")} />
          )}
        </FormField>
      </div>
      {period !== null && preview.isPending ? (
        <div role="status" aria-label="Loading the preview" className="grid gap-2">
          <Skeleton className="h-8 w-full" />
          <Skeleton className="h-8 w-full" />
        </div>
      ) : null}
      {ready ? (
        preview.data.invoices === 0 ? (
          <p className="text-sm text-muted-foreground">No completed visit of this period waits for an invoice.</p>
        ) : (
          <>
            <DataTable
              caption="Invoices to make"
              captionVisible
              density="compact"
              rows={preview.data.customers}
              rowKey={(customer) => customer.customerId}
              columns={[
                { id: "customer", header: "Customer", rowHeader: true, cell: (customer) => customer.customerName },
                {
                  id: "jobs",
                  header: "Jobs",
                  cell: (customer) => customer.jobs.map((job) => `#${job.number} ${job.title}`).join(", "),
                },
                { id: "visits", header: "Visits", align: "right", cell: (customer) => customer.visits },
                { id: "total", header: "Total", align: "right", cell: (customer) => formatCents(customer.totalCents) },
              ]}
            />
            <p className="text-sm font-medium">
              {plural(preview.data.invoices, "draft invoice")} for {plural(preview.data.visits, "visit")},{" "}
              {formatCents(preview.data.totalCents)} in all.
            </p>
            {preview.data.moreCustomers > 0 ? (
              <p className="text-sm text-muted-foreground">
                {plural(preview.data.moreCustomers, "more customer")} will be left for the next run.
              </p>
            ) : null}
          </>
        )
      ) : null}
    </FormDialog>
  );
}
