import { useId, useState } from "react";
import { Link, useNavigate } from "react-router";
import { Plus } from "lucide-react";
import {
  ESTIMATE_STATUS_LABELS,
  estimateStatusSchema,
  type EstimateStatus,
  type EstimateSummary,
} from "@fieldops/shared/estimates";
import { DataTable } from "../../components/data-table";
import { PagedList } from "../../components/paged-list";
import { StatusFilter } from "../../components/status-filter";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { FormDialog } from "../../components/form-dialog";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { useCompany } from "../../lib/company";
import { useTerms } from "../../lib/terms";
import { usePageTitle } from "../../shell/page-title";
import { formatCents } from "@fieldops/shared/money";
import { ESTIMATE_STATUS_VARIANT } from "./estimate-format";
import { useCreateEstimate, useEstimates } from "./estimate-queries";
import { useSignedInUser } from "../../lib/session";
import { CustomerPicker } from "../../components/customer-picker";

/** Starts a draft for a customer; its options and lines are written on the estimate's own page. */
export function NewEstimateDialog({
  onOpenChange,
  customerId: givenCustomerId,
}: {
  onOpenChange: (open: boolean) => void;
  customerId?: string;
}) {
  const id = useId();
  const terms = useTerms();
  const navigate = useNavigate();
  const [customerId, setCustomerId] = useState(givenCustomerId ?? "");
  const [title, setTitle] = useState("");
  const create = useCreateEstimate();
  return (
    <FormDialog
      title="New estimate"
      description={`A draft for a ${terms.customer.toLowerCase()}; add its options and lines next.`}
      confirm="Create estimate"
      pendingLabel="Creating..."
      confirmDisabled={!customerId || !title.trim()}
      pending={create.isPending}
      error={create.error}
      errorFallback="The estimate could not be created. Try again."
      onOpenChange={onOpenChange}
      onSubmit={() =>
        create.mutate(
          { customerId, title, options: [{ name: "Option 1", lineItems: [] }] },
          { onSuccess: (estimate) => void navigate(`/jobs/estimates/${estimate.id}`) },
        )
      }
    >
      {givenCustomerId ? null : <CustomerPicker value={customerId} onChange={setCustomerId} enabled />}
      <div className="grid gap-1">
        <Label htmlFor={`${id}-title`}>Title</Label>
        <Input id={`${id}-title`} required maxLength={200} value={title} onChange={(e) => setTitle(e.target.value)} />
      </div>
    </FormDialog>
  );
}

export function EstimatesPage() {
  usePageTitle("Estimates");
  const id = useId();
  const user = useSignedInUser();
  const company = useCompany(user.companyId);
  const terms = useTerms();
  const [status, setStatus] = useState<EstimateStatus | "">("");
  const [search, setSearch] = useState("");
  const [creating, setCreating] = useState(false);
  const estimates = useEstimates({ status: status || undefined, search: search.trim() || undefined });
  const items = estimates.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-semibold tracking-tight">Estimates</h1>
        <div className="flex gap-2">
          <Button variant="outline" asChild>
            <Link to="/jobs/leads">Leads</Link>
          </Button>
          <Button onClick={() => setCreating(true)} disabled={!company.data}>
            <Plus aria-hidden="true" /> New estimate
          </Button>
        </div>
      </div>
      <form
        role="search"
        aria-label="Filter estimates"
        className="grid gap-3 sm:grid-cols-3"
        onSubmit={(e) => e.preventDefault()}
      >
        <div className="grid gap-1">
          <Label htmlFor={`${id}-search`}>Search</Label>
          <Input
            id={`${id}-search`}
            type="search"
            placeholder={`Title, ${terms.customer.toLowerCase()} or number`}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
        <StatusFilter
          value={status}
          onChange={setStatus}
          statuses={estimateStatusSchema.options}
          labels={ESTIMATE_STATUS_LABELS}
        />
      </form>
      <PagedList
        query={estimates}
        noun="Estimates"
        count={items.length}
        empty={`No estimates ${status || search ? "match these filters" : "yet. Create the first one with the button above"}.`}
      >
        <EstimateTable items={items} />
      </PagedList>
      {creating ? <NewEstimateDialog onOpenChange={setCreating} /> : null}
    </>
  );
}

/** Estimates as rows: number, title (to the editor), customer, status, highest total, last day. */
export function EstimateTable({
  items,
  showCustomer = true,
}: {
  items: readonly EstimateSummary[];
  showCustomer?: boolean;
}) {
  const terms = useTerms();
  return (
    <DataTable
      caption="Estimates"
      rows={items}
      rowKey={(estimate) => estimate.id}
      columns={[
        { id: "number", header: "#", cell: (estimate) => estimate.number },
        {
          id: "title",
          header: "Title",
          cell: (estimate) => (
            <Link to={`/jobs/estimates/${estimate.id}`} className="font-medium underline-offset-4 hover:underline">
              {estimate.title}
            </Link>
          ),
        },
        showCustomer && { id: "customer", header: terms.customer, cell: (estimate) => estimate.customerName },
        {
          id: "status",
          header: "Status",
          cell: (estimate) => (
            <Badge variant={ESTIMATE_STATUS_VARIANT[estimate.status]}>{ESTIMATE_STATUS_LABELS[estimate.status]}</Badge>
          ),
        },
        { id: "expires", header: "Expires", cell: (estimate) => estimate.expiresOn ?? "—" },
        { id: "total", header: "Total", align: "right", cell: (estimate) => formatCents(estimate.totalCents) },
      ]}
    />
  );
}
