import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { Plus } from "lucide-react";
import { z } from "zod";
import type { UseFormReturn } from "react-hook-form";
import {
  createLeadRequestSchema,
  leadProspectSchema,
  updateLeadRequestSchema,
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
import { LocationFields } from "../../components/location-fields";
import type { LocatedPlace } from "../../components/location-status";
import { Input } from "../../components/ui/input";
import { NativeSelect } from "../../components/ui/native-select";
import { Textarea } from "../../components/ui/textarea";
import { apiErrorMessage } from "../../lib/api-error";
import { blankIsMissing, blankIsNull } from "../../lib/form-values";
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

type ProspectValues = { prospect?: z.input<typeof leadProspectSchema> };

/** A prospect's name, contacts and address, with where the address is on the map. */
function ProspectFields<Values extends ProspectValues>({
  form,
  stored,
}: {
  form: UseFormReturn<Values, unknown, unknown>;
  stored: LocatedPlace | null;
}) {
  // The fields are the same in every form that holds a prospect; the form's own type only adds to them.
  const prospectForm = form as unknown as UseFormReturn<ProspectValues, unknown, unknown>;
  return (
    <div className="grid items-start gap-3 sm:grid-cols-2">
      {PROSPECT_FIELDS.map(([field, label]) => (
        <FormField
          key={field}
          form={prospectForm}
          name={`prospect.${field}`}
          label={label}
          className={field === "name" || field === "street" ? "sm:col-span-2" : ""}
        >
          {(control) =>
            field === "name" ? (
              <Input {...control} required {...prospectForm.register("prospect.name")} />
            ) : (
              <Input
                {...control}
                type={field === "email" ? "email" : "text"}
                {...prospectForm.register(`prospect.${field}`, blankIsNull)}
              />
            )
          }
        </FormField>
      ))}
      <LocationFields
        form={prospectForm}
        latitude="prospect.latitude"
        longitude="prospect.longitude"
        stored={stored}
        className="sm:col-span-2"
      />
    </div>
  );
}

type RequestValues = Pick<z.input<typeof updateLeadRequestSchema>, "request" | "source" | "notes">;

/** What the lead wants, where it came from, and the office's notes. */
function RequestFields<Values extends RequestValues>({ form }: { form: UseFormReturn<Values, unknown, unknown> }) {
  const requestForm = form as unknown as UseFormReturn<RequestValues, unknown, unknown>;
  return (
    <>
      <FormField form={requestForm} name="request" label="What they want">
        {(control) => <Textarea {...control} required {...requestForm.register("request")} />}
      </FormField>
      <FormField form={requestForm} name="source" label="Source">
        {(control) => (
          <NativeSelect {...control} {...requestForm.register("source")}>
            {leadSourceSchema.options.map((option) => (
              <option key={option} value={option}>
                {LEAD_SOURCE_LABELS[option]}
              </option>
            ))}
          </NativeSelect>
        )}
      </FormField>
      <FormField form={requestForm} name="notes" label="Notes">
        {(control) => <Textarea {...control} {...requestForm.register("notes", blankIsNull)} />}
      </FormField>
    </>
  );
}

const editLeadSchema = updateLeadRequestSchema.omit({ lost: true });

/** Edits a lead's request, and a prospect's details while they are not a customer yet. */
function EditLeadDialog({ lead, onOpenChange }: { lead: Lead; onOpenChange: (open: boolean) => void }) {
  const form = useSchemaForm(editLeadSchema, {
    request: lead.request,
    source: lead.source,
    notes: lead.notes,
    ...(lead.customerId
      ? {}
      : {
          prospect: {
            name: lead.name,
            email: lead.email,
            phone: lead.phone,
            street: lead.street,
            city: lead.city,
            region: lead.region,
            postcode: lead.postcode,
            latitude: undefined,
            longitude: undefined,
          },
        }),
  });
  const update = useUpdateLead(lead.id);
  const { refusal, place, clear } = useRefusal(form);
  const submit = form.handleSubmit((body) => {
    clear();
    update.mutate(body, { onSuccess: () => onOpenChange(false), onError: place });
  });
  return (
    <FormDialog
      title={`Edit lead: ${lead.name}`}
      wide
      description={lead.customerId ? "What they want, and where it came from." : "The prospect and what they want."}
      confirm="Save lead"
      pendingLabel="Saving..."
      pending={update.isPending}
      error={refusal}
      errorFallback="The lead could not be saved. Try again."
      noValidate
      onOpenChange={onOpenChange}
      onSubmit={submit}
    >
      {lead.customerId ? null : <ProspectFields form={form} stored={lead.street || lead.city ? lead : null} />}
      <RequestFields form={form} />
    </FormDialog>
  );
}

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
      latitude: undefined,
      longitude: undefined,
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
        <ProspectFields form={form} stored={null} />
      )}
      <RequestFields form={form} />
    </FormDialog>
  );
}

function LeadActions({ lead, onError }: { lead: Lead; onError: (message: string | null) => void }) {
  const navigate = useNavigate();
  const convert = useConvertLead();
  const update = useUpdateLead(lead.id);
  const [editing, setEditing] = useState(false);
  const edit = (
    <>
      <Button size="sm" variant="outline" onClick={() => setEditing(true)}>
        Edit
      </Button>
      {editing ? <EditLeadDialog lead={lead} onOpenChange={setEditing} /> : null}
    </>
  );
  if (lead.estimateId) {
    return (
      <span className="flex flex-wrap items-center justify-end gap-2">
        <Link to={`/jobs/estimates/${lead.estimateId}`} className="underline-offset-4 hover:underline">
          Estimate #{lead.estimateNumber}
        </Link>
        {lead.status === "won" ? null : edit}
      </span>
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
      {edit}
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
