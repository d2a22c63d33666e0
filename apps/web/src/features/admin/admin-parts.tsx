import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";
import type { AdminTenant, AdminTenantQuery, TenantStatus } from "@fieldops/shared/admin";
import { UNLIMITED } from "@fieldops/shared/plans";
import { DataTable } from "../../components/data-table";
import { Alert, AlertDescription } from "../../components/ui/alert";
import { Badge } from "../../components/ui/badge";
import { Skeleton } from "../../components/ui/skeleton";
import { apiErrorMessage } from "../../lib/api-error";
import { cn } from "../../lib/utils";

/** The admin portal's own pages, beyond the sidebar's four items. */
const PORTAL_PAGES = [
  { title: "Dashboard", url: "/admin-dashboard" },
  { title: "Tenants", url: "/admin/tenants" },
  { title: "Features", url: "/admin/features" },
  { title: "Resources", url: "/admin/resources" },
  { title: "Brain Packets", url: "/admin/brain-packets" },
  { title: "Primary Menu", url: "/menu/primary" },
  { title: "Secondary Menu", url: "/menu/secondary" },
] as const;

/** The admin portal's page heading with the links between its pages. */
export function AdminPageHeader({
  title,
  description,
  actions,
}: {
  title: string;
  description: string;
  actions?: ReactNode;
}) {
  const { pathname } = useLocation();
  return (
    <div className="grid gap-3">
      <nav aria-label="Admin portal" className="flex flex-wrap gap-1 text-sm">
        {PORTAL_PAGES.map((page) => {
          const current = pathname === page.url;
          return (
            <Link
              key={page.url}
              to={page.url}
              aria-current={current ? "page" : undefined}
              className={cn("rounded-md px-2.5 py-1 hover:bg-muted", current && "bg-muted font-medium")}
            >
              {page.title}
            </Link>
          );
        })}
      </nav>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
          <p className="text-sm text-muted-foreground">{description}</p>
        </div>
        {actions}
      </div>
    </div>
  );
}

const STATUS_LABELS: Record<TenantStatus, string> = {
  active: "Active",
  trial: "Free trial",
  trial_ended: "Trial ended",
  suspended: "Suspended",
};

/** A badge that warns, readable in both themes. */
const WARNING_BADGE = "border-destructive/50 text-destructive";

export function StatusBadge({ status }: { status: TenantStatus }) {
  return (
    <Badge
      variant={status === "active" ? "secondary" : "outline"}
      className={status === "suspended" ? WARNING_BADGE : undefined}
      data-testid="tenant-status"
    >
      {STATUS_LABELS[status]}
    </Badge>
  );
}

export function HealthBadge({ tenant }: { tenant: Pick<AdminTenant, "health"> }) {
  const { level, issues } = tenant.health;
  const label = level === "healthy" ? "Healthy" : level === "warning" ? "Warning" : "Critical";
  return (
    <span className="grid gap-0.5">
      <Badge
        variant={level === "healthy" ? "secondary" : "outline"}
        className={level === "critical" ? WARNING_BADGE : undefined}
      >
        {label}
      </Badge>
      {issues.map((issue) => (
        <span key={issue} className="text-xs text-muted-foreground">
          {issue}
        </span>
      ))}
    </span>
  );
}

/** "12 / 100" or "12 / unlimited"; storage in GB with one decimal. */
export function usageText(used: number, limit: number, unit = ""): string {
  const shown = unit ? used.toFixed(1) : used.toLocaleString("en-US");
  return `${shown}${unit} / ${limit === UNLIMITED ? "unlimited" : `${limit.toLocaleString("en-US")}${unit}`}`;
}

/** The query of a page of tenants, searched by name or slug. */
export function tenantQuery(search: string, limit: number, offset = 0): AdminTenantQuery {
  return { ...(search.trim() ? { q: search.trim() } : {}), offset, limit };
}

/** What an admin screen says when its request got no answer. */
export const ADMIN_REQUEST_FAILED = "The request failed. Try again.";

export function formatWhen(iso: string | null): string {
  return iso ? new Date(iso).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" }) : "Never";
}

/** A query's loading and failure states around its content. */
export function Loaded<T>({
  query,
  children,
}: {
  query: { data: T | undefined; isError: boolean; error: unknown };
  children: (data: T) => ReactNode;
}) {
  if (query.isError) {
    return (
      <Alert variant="destructive" role="alert">
        <AlertDescription>{apiErrorMessage(query.error, ADMIN_REQUEST_FAILED)}</AlertDescription>
      </Alert>
    );
  }
  if (query.data === undefined) return <Skeleton className="h-32 w-full" />;
  return children(query.data);
}

/** Tenants with plan, status, usage against the plan's limits, health and last activity; `actions` adds a column. */
export function TenantTable({
  tenants,
  actions,
}: {
  tenants: readonly AdminTenant[];
  actions?: (tenant: AdminTenant) => ReactNode;
}) {
  return (
    <div className="overflow-x-auto">
      <DataTable
        aria-label="Tenants"
        verticalAlign="top"
        rows={tenants}
        rowKey={(tenant) => tenant.id}
        rowProps={(tenant) => ({ "data-testid": `tenant-row-${tenant.slug}` })}
        columns={[
          {
            id: "company",
            header: "Company",
            cell: (tenant) => (
              <>
                <Link to={`/instance-admin/${tenant.id}`} className="font-medium underline-offset-4 hover:underline">
                  {tenant.name}
                </Link>
                <div className="text-xs text-muted-foreground">
                  /{tenant.slug} · {tenant.industry}
                </div>
              </>
            ),
          },
          { id: "plan", header: "Plan", cell: (tenant) => <span data-testid="tenant-plan">{tenant.planName}</span> },
          { id: "status", header: "Status", cell: (tenant) => <StatusBadge status={tenant.status} /> },
          {
            id: "usage",
            header: "Usage",
            className: "text-xs tabular-nums",
            cell: (tenant) => (
              <>
                <div>Seats {usageText(tenant.usage.teamMembers, tenant.limits.teamMembers)}</div>
                <div>Customers {usageText(tenant.usage.customers, tenant.limits.customers)}</div>
                <div>Jobs this month {usageText(tenant.usage.jobsPerMonth, tenant.limits.jobsPerMonth)}</div>
                <div>Storage {usageText(tenant.usage.storageGb, tenant.limits.storageGb, " GB")}</div>
              </>
            ),
          },
          { id: "health", header: "Health", cell: (tenant) => <HealthBadge tenant={tenant} /> },
          {
            id: "last-activity",
            header: "Last activity",
            className: "text-xs",
            cell: (tenant) => formatWhen(tenant.lastActivityAt),
          },
          actions && { id: "actions", header: "Actions", cell: actions },
        ]}
      />
    </div>
  );
}
