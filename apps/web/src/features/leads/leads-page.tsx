import { useId, useState } from "react";
import { Link, useNavigate } from "react-router";
import { Plus } from "lucide-react";
import {
  LEAD_SOURCE_LABELS,
  LEAD_STATUS_LABELS,
  leadSourceSchema,
  leadStatusSchema,
  type CreateLeadRequest,
  type Lead,
  type LeadSource,
  type LeadStatus,
} from "@fieldops/shared/leads";
import { DataTable } from "../../components/data-table";
import { PagedList } from "../../components/paged-list";
import { StatusFilter } from "../../components/status-filter";
import { Alert, AlertDescription } from "../../components/ui/alert";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { FormDialog } from "../../components/form-dialog";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { NativeSelect } from "../../components/ui/native-select";
import { Textarea } from "../../components/ui/textarea";
import { apiErrorMessage } from "../../lib/api-error";
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
type ProspectField = (typeof PROSPECT_FIELDS)[number][0];

function NewLeadDialog({ onOpenChange }: { onOpenChange: (open: boolean) => void }) {
  const id = useId();
  const terms = useTerms();
  const [existing, setExisting] = useState(false);
  const [customerId, setCustomerId] = useState("");
  const [prospect, setProspect] = useState<Record<ProspectField, string>>({
    name: "",
    email: "",
    phone: "",
    street: "",
    city: "",
    region: "",
    postcode: "",
    latitude: "",
    longitude: "",
  });
  const [request, setRequest] = useState("");
  const [source, setSource] = useState<LeadSource>("phone");
  const [notes, setNotes] = useState("");
  const create = useCreateLead();

  const submit = () => {
    const optional = (value: string) => (value.trim() === "" ? null : value.trim());
    const coordinate = (value: string) => (value.trim() === "" ? null : Number(value));
    const details = { request, source, notes: optional(notes) };
    const body: CreateLeadRequest = existing
      ? { customerId, ...details }
      : {
          prospect: {
            name: prospect.name,
            email: optional(prospect.email),
            phone: optional(prospect.phone),
            street: optional(prospect.street),
            city: optional(prospect.city),
            region: optional(prospect.region),
            postcode: optional(prospect.postcode),
            latitude: coordinate(prospect.latitude),
            longitude: coordinate(prospect.longitude),
          },
          ...details,
        };
    create.mutate(body, { onSuccess: () => onOpenChange(false) });
  };

  return (
    <FormDialog
      title="New lead"
      wide
      description={`Someone who asked for work: a new prospect or an existing ${terms.customer.toLowerCase()}.`}
      confirm="Save lead"
      pendingLabel="Saving..."
      pending={create.isPending}
      error={create.error}
      errorFallback="The lead could not be saved. Try again."
      onOpenChange={onOpenChange}
      onSubmit={submit}
    >
      <fieldset className="flex gap-4 text-sm">
        <legend className="sr-only">Who asks</legend>
        <label className="flex items-center gap-2">
          <input type="radio" name={`${id}-who`} checked={!existing} onChange={() => setExisting(false)} /> New prospect
        </label>
        <label className="flex items-center gap-2">
          <input type="radio" name={`${id}-who`} checked={existing} onChange={() => setExisting(true)} /> Existing{" "}
          {terms.customer.toLowerCase()}
        </label>
      </fieldset>
      {existing ? (
        <CustomerPicker value={customerId} onChange={setCustomerId} enabled />
      ) : (
        <div className="grid gap-3 sm:grid-cols-2">
          {PROSPECT_FIELDS.map(([field, label]) => (
            <div key={field} className={`grid gap-1 ${field === "name" || field === "street" ? "sm:col-span-2" : ""}`}>
              <Label htmlFor={`${id}-${field}`}>{label}</Label>
              <Input
                id={`${id}-${field}`}
                required={field === "name"}
                type={field === "email" ? "email" : "text"}
                inputMode={field === "latitude" || field === "longitude" ? "decimal" : undefined}
                value={prospect[field]}
                onChange={(e) => setProspect((current) => ({ ...current, [field]: e.target.value }))}
              />
            </div>
          ))}
        </div>
      )}
      <div className="grid gap-1">
        <Label htmlFor={`${id}-request`}>What they want</Label>
        <Textarea
          id={`${id}-request`}
          required
          maxLength={2000}
          value={request}
          onChange={(e) => setRequest(e.target.value)}
        />
      </div>
      <div className="grid gap-1">
        <Label htmlFor={`${id}-source`}>Source</Label>
        <NativeSelect id={`${id}-source`} value={source} onChange={(e) => setSource(e.target.value as LeadSource)}>
          {leadSourceSchema.options.map((option) => (
            <option key={option} value={option}>
              {LEAD_SOURCE_LABELS[option]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-1">
        <Label htmlFor={`${id}-notes`}>Notes</Label>
        <Textarea id={`${id}-notes`} maxLength={5000} value={notes} onChange={(e) => setNotes(e.target.value)} />
      </div>
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
