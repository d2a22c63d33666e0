import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { Plus } from "lucide-react";
import { z } from "zod";
import {
  createLeadRequestSchema,
  LEAD_SOURCE_LABELS,
  LEAD_STATUS_LABELS,
  leadSourceSchema,
  leadStatusSchema,
  type Lead,
  type LeadStatus,
} from "@fieldops/shared/leads";
import { DataTable } from "../../components/data-table";
import { PagedList } from "../../components/paged-list";
import { StatusFilter } from "../../components/status-filter";
import { Alert, AlertDescription } from "../../components/ui/alert";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { FormDialog } from "../../components/form-dialog";
import { FormField, useRefusal, useSchemaForm } from "../../components/form";
import { Input } from "../../components/ui/input";
import { NativeSelect } from "../../components/ui/native-select";
import { Textarea } from "../../components/ui/textarea";
import { apiErrorMessage } from "../../lib/api-error";
import { blankIsMissing, blankIsNull, numberOrNull } from "../../lib/form-values";
import { useTerms } from "../../lib/terms";
import { usePageTitle } from "../../shell/page-title";
import { useConvertLead, useCreateLead, useLeads, useUpdateLead } from "./lead-queries";
import { CustomerPicker } from "../../components/customer-picker";

const PROSPECT_FIELDS = [
  ["name", "Name"],
  ["email", "E-mail"],
  ["phone", "Phone"],
  ["street", "Street"],
  ["city", "City"],
  ["region", "Region"],
  ["postcode", "Postcode"],
  ["latitude", "Latitude"],
  ["longitude", "Longitude"],
] as const;

const [customerLeadSchema, prospectLeadSchema] = createLeadRequestSchema.options;

/**
 * The API's rules for a lead, chosen by who asks (`who`): an existing customer, picked from a list (none picked is
 * missing), or a prospect. The form keeps both sets of fields while one switches; only the chosen one is sent.
 */
const forCustomer = customerLeadSchema
  .strip()
  .extend({ who: z.literal("customer"), customerId: blankIsMissing(customerLeadSchema.shape.customerId) })
  .transform(({ who: _who, ...body }) => body);
const forProspect = prospectLeadSchema
  .strip()
  .extend({ who: z.literal("prospect") })
  .transform(({ who: _who, ...body }) => body);
/** Both kinds' fields at once, as the form holds them; each kind's schema drops the other's (`strip`). */
type LeadFormValues = Omit<z.input<typeof forCustomer>, "who"> &
  Omit<z.input<typeof forProspect>, "who"> & { who: "customer" | "prospect" };
const leadFormSchema = z.discriminatedUnion("who", [forCustomer, forProspect]) as unknown as z.ZodType<
  z.output<typeof forCustomer> | z.output<typeof forProspect>,
  LeadFormValues
>;

function NewLeadDialog({ onOpenChange }: { onOpenChange: (open: boolean) => void }) {
  const terms = useTerms();
  const form = useSchemaForm(leadFormSchema, {
    who: "prospect",
    customerId: "",
    prospect: {
      name: "",
      email: null,
      phone: null,
      street: null,
      city: null,
      region: null,
      postcode: null,
      latitude: null,
      longitude: null,
    },
    request: "",
    source: "phone",
    notes: null,
  });
  const create = useCreateLead();
  const { refusal, place, clear } = useRefusal(form);
  const existing = form.watch("who") === "customer";
  const submit = form.handleSubmit((body) => {
    clear();
    create.mutate(body, { onSuccess: () => onOpenChange(false), onError: place });
  });

  return (
    <FormDialog
      title="New lead"
      wide
      description={`Someone who asked for work: a new prospect or an existing ${terms.customer.toLowerCase()}.`}
      confirm="Save lead"
      pendingLabel="Saving..."
      pending={create.isPending}
      error={refusal}
      errorFallback="The lead could not be saved. Try again."
      noValidate
      onOpenChange={onOpenChange}
      onSubmit={submit}
    >
      <fieldset className="flex gap-4 text-sm">
        <legend className="sr-only">Who asks</legend>
        <label className="flex items-center gap-2">
          <input type="radio" value="prospect" {...form.register("who")} /> New prospect
        </label>
        <label className="flex items-center gap-2">
          <input type="radio" value="customer" {...form.register("who")} /> Existing {terms.customer.toLowerCase()}
        </label>
      </fieldset>
      {existing ? (
        <CustomerPicker
          value={form.watch("customerId") ?? ""}
          onChange={(customerId) =>
            form.setValue("customerId", customerId, { shouldValidate: form.formState.isSubmitted })
          }
          enabled
          error={form.formState.errors.customerId?.message}
        />
      ) : (
        <div className="grid items-start gap-3 sm:grid-cols-2">
          {PROSPECT_FIELDS.map(([field, label]) => (
            <FormField
              key={field}
              form={form}
              name={`prospect.${field}`}
              label={label}
              className={field === "name" || field === "street" ? "sm:col-span-2" : ""}
            >
              {(control) =>
                field === "name" ? (
                  <Input {...control} required {...form.register("prospect.name")} />
                ) : field === "latitude" || field === "longitude" ? (
                  <Input {...control} inputMode="decimal" {...form.register(`prospect.${field}`, numberOrNull)} />
                ) : (
                  <Input
                    {...control}
                    type={field === "email" ? "email" : "text"}
                    {...form.register(`prospect.${field}`, blankIsNull)}
                  />
                )
              }
            </FormField>
          ))}
        </div>
      )}
      <FormField form={form} name="request" label="What they want">
        {(control) => <Textarea {...control} required {...form.register("request")} />}
      </FormField>
      <FormField form={form} name="source" label="Source">
        {(control) => (
          <NativeSelect {...control} {...form.register("source")}>
            {leadSourceSchema.options.map((option) => (
              <option key={option} value={option}>
                {LEAD_SOURCE_LABELS[option]}
              </option>
            ))}
          </NativeSelect>
        )}
      </FormField>
      <FormField form={form} name="notes" label="Notes">
        {(control) => <Textarea {...control} {...form.register("notes", blankIsNull)} />}
      </FormField>
    </FormDialog>
  );
}

function LeadActions({ lead, onError }: { lead: Lead; onError: (message: string | null) => void }) {
  const navigate = useNavigate();
  const convert = useConvertLead();
  const update = useUpdateLead(lead.id);
  if (lead.estimateId) {
    return (
      <Link to={`/jobs/estimates/${lead.estimateId}`} className="underline-offset-4 hover:underline">
        Estimate #{lead.estimateNumber}
      </Link>
    );
  }
  if (lead.status === "lost") {
    return (
      <Button
        size="sm"
        variant="outline"
        disabled={update.isPending}
        onClick={() => update.mutate({ lost: false }, { onError: (e) => onError(apiErrorMessage(e)) })}
      >
        Reopen
      </Button>
    );
  }
  return (
    <span className="flex flex-wrap justify-end gap-2">
      <Button
        size="sm"
        disabled={convert.isPending}
        onClick={() => {
          onError(null);
          convert.mutate(lead.id, {
            onSuccess: (estimate) => void navigate(`/jobs/estimates/${estimate.id}`),
            onError: (e) => onError(`${lead.name}: ${apiErrorMessage(e)}`),
          });
        }}
      >
        {convert.isPending ? "Creating..." : "Create estimate"}
      </Button>
      <Button
        size="sm"
        variant="outline"
        disabled={update.isPending}
        onClick={() => update.mutate({ lost: true }, { onError: (e) => onError(apiErrorMessage(e)) })}
      >
        Mark lost
      </Button>
    </span>
  );
}

/** Leads as rows; on a customer's page without the name and contact columns. */
export function LeadTable({
  items,
  onError,
  compact = false,
}: {
  items: readonly Lead[];
  onError: (message: string | null) => void;
  compact?: boolean;
}) {
  return (
    <DataTable
      caption="Leads"
      rows={items}
      rowKey={(lead) => lead.id}
      columns={[
        !compact && {
          id: "name",
          header: "Name",
          cell: (lead) => (
            <>
              {lead.customerId ? (
                <Link to={`/customers/${lead.customerId}`} className="font-medium underline-offset-4 hover:underline">
                  {lead.name}
                </Link>
              ) : (
                <span className="font-medium">{lead.name}</span>
              )}
              <span className="block text-xs text-muted-foreground">
                {[lead.phone, lead.email].filter(Boolean).join(" · ")}
              </span>
            </>
          ),
        },
        { id: "request", header: "Request", className: "max-w-xs whitespace-pre-line", cell: (lead) => lead.request },
        { id: "source", header: "Source", cell: (lead) => LEAD_SOURCE_LABELS[lead.source] },
        {
          id: "status",
          header: "Status",
          cell: (lead) => (
            <Badge variant={lead.status === "won" ? "default" : lead.status === "lost" ? "outline" : "secondary"}>
              {LEAD_STATUS_LABELS[lead.status]}
            </Badge>
          ),
        },
        {
          id: "actions",
          header: <span className="sr-only">Actions</span>,
          align: "right",
          cell: (lead) => <LeadActions lead={lead} onError={onError} />,
        },
      ]}
    />
  );
}

export function LeadsPage() {
  usePageTitle("Leads");
  const [status, setStatus] = useState<LeadStatus | "">("");
  const [creating, setCreating] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const leads = useLeads({ status: status || undefined });
  const items = leads.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-semibold tracking-tight">Leads</h1>
        <div className="flex gap-2">
          <Button variant="outline" asChild>
            <Link to="/jobs/estimates">Estimates</Link>
          </Button>
          <Button onClick={() => setCreating(true)}>
            <Plus aria-hidden="true" /> New lead
          </Button>
        </div>
      </div>
      <StatusFilter
        value={status}
        onChange={setStatus}
        statuses={leadStatusSchema.options}
        labels={LEAD_STATUS_LABELS}
        className="grid max-w-xs gap-1"
      />
      {error ? (
        <Alert variant="destructive" role="alert">
          <AlertDescription>{error}</AlertDescription>
        </Alert>
      ) : null}
      <PagedList
        query={leads}
        noun="Leads"
        count={items.length}
        empty={`No leads ${status ? "with this status" : "yet. Record the first with the button above"}.`}
      >
        <LeadTable items={items} onError={setError} />
      </PagedList>
      {creating ? <NewLeadDialog onOpenChange={setCreating} /> : null}
    </>
  );
}
