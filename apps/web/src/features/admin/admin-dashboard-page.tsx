import { useState } from "react";
import { Link } from "react-router";
import type { AdminOverview } from "@fieldops/shared/admin";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Input } from "../../components/ui/input";
import { usePageTitle } from "../../shell/page-title";
import { AdminPageHeader, tenantQuery, formatWhen, Loaded, TenantTable } from "./admin-parts";
import { useAdminOverview } from "./admin-queries";
import { CreateTenantDialog } from "./tenant-actions";

const PAGE_SIZE = 25;

function Totals({ overview }: { overview: AdminOverview }) {
  const figures = [
    { label: "Tenants", value: overview.totals.tenants },
    { label: "Suspended", value: overview.totals.suspended },
    { label: "In or past a free trial", value: overview.totals.trials },
    { label: "Approvals waiting", value: overview.pendingApprovals.length },
    { label: "Open tickets", value: overview.openTickets.length },
  ];
  return (
    <div className="grid gap-3 sm:grid-cols-3 lg:grid-cols-5">
      {figures.map((figure) => (
        <Card key={figure.label}>
          <CardHeader>
            <CardDescription>{figure.label}</CardDescription>
            <CardTitle className="text-2xl tabular-nums">{figure.value}</CardTitle>
          </CardHeader>
        </Card>
      ))}
    </div>
  );
}

function ListCard({
  title,
  empty,
  children,
  count,
}: {
  title: string;
  empty: string;
  count: number;
  children: React.ReactNode;
}) {
  return (
    <Card role="region" aria-label={title}>
      <CardHeader>
        <CardTitle className="text-base">{title}</CardTitle>
      </CardHeader>
      <CardContent>
        {count === 0 ? (
          <p className="text-sm text-muted-foreground">{empty}</p>
        ) : (
          <ul className="grid gap-2 text-sm">{children}</ul>
        )}
      </CardContent>
    </Card>
  );
}

/** The platform administrator's dashboard: every tenant with its health, and what waits for attention across them. */
export function AdminDashboardPage() {
  usePageTitle("Admin Dashboard");
  const [search, setSearch] = useState("");
  const [offset, setOffset] = useState(0);
  const [creating, setCreating] = useState(false);
  const overview = useAdminOverview(tenantQuery(search, PAGE_SIZE, offset));
  return (
    <div className="grid gap-6">
      <AdminPageHeader
        title="Admin Dashboard"
        description="Every tenant on the platform with its plan, usage, health and last activity."
        actions={<Button onClick={() => setCreating(true)}>Create tenant</Button>}
      />
      {creating ? <CreateTenantDialog onClose={() => setCreating(false)} /> : null}
      <Loaded query={overview}>
        {(data) => (
          <>
            <Totals overview={data} />
            <Card role="region" aria-label="Tenants">
              <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-3">
                <CardTitle className="text-base">Tenants</CardTitle>
                <Input
                  type="search"
                  aria-label="Search tenants"
                  placeholder="Search by name or slug"
                  className="max-w-xs"
                  value={search}
                  onChange={(event) => {
                    setSearch(event.target.value);
                    setOffset(0);
                  }}
                />
              </CardHeader>
              <CardContent className="grid gap-3">
                {data.tenants.items.length === 0 ? (
                  <p className="text-sm text-muted-foreground">No tenant matches.</p>
                ) : (
                  <TenantTable tenants={data.tenants.items} />
                )}
                <div className="flex items-center justify-between text-sm text-muted-foreground">
                  <span>
                    {data.tenants.total === 0 ? 0 : offset + 1}–{offset + data.tenants.items.length} of{" "}
                    {data.tenants.total}
                  </span>
                  <span className="flex gap-2">
                    <Button
                      size="sm"
                      variant="outline"
                      disabled={offset === 0}
                      onClick={() => setOffset(Math.max(0, offset - PAGE_SIZE))}
                    >
                      Previous
                    </Button>
                    <Button
                      size="sm"
                      variant="outline"
                      disabled={offset + PAGE_SIZE >= data.tenants.total}
                      onClick={() => setOffset(offset + PAGE_SIZE)}
                    >
                      Next
                    </Button>
                  </span>
                </div>
              </CardContent>
            </Card>
            <div className="grid gap-4 lg:grid-cols-3">
              <ListCard
                title="Pending approvals"
                empty="No module run waits for an approval."
                count={data.pendingApprovals.length}
              >
                {data.pendingApprovals.map((approval) => (
                  <li key={approval.runId}>
                    <Link to={`/instance-admin/${approval.companyId}`} className="font-medium hover:underline">
                      {approval.companyName}
                    </Link>{" "}
                    <span className="text-muted-foreground">
                      {approval.moduleId}, asked {formatWhen(approval.requestedAt)}
                    </span>
                  </li>
                ))}
              </ListCard>
              <ListCard title="Open support tickets" empty="No ticket is open." count={data.openTickets.length}>
                {data.openTickets.map((ticket) => (
                  <li key={ticket.id}>
                    <Link to="/support" className="font-medium hover:underline">
                      {ticket.subject}
                    </Link>{" "}
                    <span className="text-muted-foreground">
                      {ticket.companyName} · {ticket.status}
                      {ticket.priority ? " · priority" : ""}
                    </span>
                  </li>
                ))}
              </ListCard>
              <ListCard title="Recent alerts" empty="Nothing failed recently." count={data.alerts.length}>
                {data.alerts.map((alert, index) => (
                  <li key={`${alert.at}-${index}`}>
                    <span className="font-medium">{alert.title}</span>
                    <div className="text-xs text-muted-foreground">
                      {alert.companyName ?? "Platform"} · {formatWhen(alert.at)} · {alert.detail}
                    </div>
                  </li>
                ))}
              </ListCard>
            </div>
          </>
        )}
      </Loaded>
    </div>
  );
}
