import { useState } from "react";
import { Link, useParams } from "react-router";
import type { FeatureOverrides, TenantDetail } from "@fieldops/shared/admin";
import { PLAN_FEATURE_LABELS, planFeatureSchema, type PlanFeature } from "@fieldops/shared/plans";
import { TENANT_FEATURES, type TenantFeature } from "@fieldops/shared/verticals";
import { DataTable } from "../../components/data-table";
import { Alert, AlertDescription } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { NativeSelect } from "../../components/ui/native-select";
import { usePageTitle } from "../../shell/page-title";
import {
  AdminPageHeader,
  formatWhen,
  HealthBadge,
  Loaded,
  StatusBadge,
  usageText,
  ADMIN_REQUEST_FAILED,
} from "./admin-parts";
import { useTenantAction, useTenantDetail } from "./admin-queries";
import { ChangePlanButton, SuspendOrRestoreButton } from "./tenant-actions";
import { apiErrorMessage } from "../../lib/api-error";

/** The tenant features its pages show, and plan features switched for it alone (plan default, on, off). */
function FeaturesEditor({ detail }: { detail: TenantDetail }) {
  const action = useTenantAction(detail.tenant.id);
  const [tenantFeatures, setTenantFeatures] = useState<string[]>(detail.config.tenantFeatures);
  const [overrides, setOverrides] = useState<FeatureOverrides>(detail.config.planFeatureOverrides);
  const toggle = (feature: TenantFeature) =>
    setTenantFeatures((current) =>
      current.includes(feature) ? current.filter((f) => f !== feature) : [...current, feature],
    );
  const setOverride = (feature: PlanFeature, value: string) =>
    setOverrides((current) => {
      const others = Object.entries(current).filter(([key]) => key !== feature);
      return Object.fromEntries(
        value === "default" ? others : [...others, [feature, value === "on"]],
      ) as FeatureOverrides;
    });
  const save = () =>
    action.mutate({
      kind: "features",
      request: {
        tenantFeatures: TENANT_FEATURES.filter((feature) => tenantFeatures.includes(feature)),
        planFeatureOverrides: overrides,
      },
    });
  return (
    <Card role="region" aria-label="Features">
      <CardHeader>
        <CardTitle className="text-base">Features</CardTitle>
        <CardDescription>
          Tenant features decide the tenant's pages and sidebar; plan features can be switched on or off for this
          company over its plan. Now in effect:{" "}
          {detail.config.effectiveFeatures.map((feature) => PLAN_FEATURE_LABELS[feature]).join(", ") || "none"}.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium">Tenant features</legend>
          <div className="flex flex-wrap gap-x-4 gap-y-2">
            {TENANT_FEATURES.map((feature) => (
              <label key={feature} className="flex items-center gap-2 text-sm">
                <input type="checkbox" checked={tenantFeatures.includes(feature)} onChange={() => toggle(feature)} />
                {feature}
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium">Plan features for this company</legend>
          <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
            {planFeatureSchema.options.map((feature) => (
              <label key={feature} className="flex items-center justify-between gap-2 text-sm">
                <span>{PLAN_FEATURE_LABELS[feature]}</span>
                <NativeSelect
                  className="w-32"
                  aria-label={`${PLAN_FEATURE_LABELS[feature]} for this company`}
                  value={overrides[feature] === undefined ? "default" : overrides[feature] ? "on" : "off"}
                  onChange={(event) => setOverride(feature, event.target.value)}
                >
                  <option value="default">Plan default</option>
                  <option value="on">On</option>
                  <option value="off">Off</option>
                </NativeSelect>
              </label>
            ))}
          </div>
        </fieldset>
        {action.isError ? (
          <Alert variant="destructive" role="alert">
            <AlertDescription>{apiErrorMessage(action.error, ADMIN_REQUEST_FAILED)}</AlertDescription>
          </Alert>
        ) : null}
        <div>
          <Button onClick={save} disabled={action.isPending}>
            {action.isPending ? "Saving..." : "Save features"}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

function Summary({ detail }: { detail: TenantDetail }) {
  const { tenant, config } = detail;
  const rows: [string, string][] = [
    ["Slug", `/${tenant.slug}`],
    ["Industry", tenant.industry],
    ["Plan", tenant.planName],
    ["Seats", usageText(tenant.usage.teamMembers, tenant.limits.teamMembers)],
    ["Customers", usageText(tenant.usage.customers, tenant.limits.customers)],
    ["Jobs this month", usageText(tenant.usage.jobsPerMonth, tenant.limits.jobsPerMonth)],
    ["Storage", usageText(tenant.usage.storageGb, tenant.limits.storageGb, " GB")],
    ["Time zone", config.timeZone],
    ["Home path", config.homePath],
    ["Beta mode", config.betaMode ? "On" : "Off"],
    ["Created", formatWhen(tenant.createdAt)],
    ["Last activity", formatWhen(tenant.lastActivityAt)],
  ];
  return (
    <Card role="region" aria-label="Configuration">
      <CardHeader className="flex flex-row flex-wrap items-center gap-3">
        <CardTitle className="text-base">Configuration and usage</CardTitle>
        <StatusBadge status={tenant.status} />
        <HealthBadge tenant={tenant} />
      </CardHeader>
      <CardContent>
        {tenant.suspendedReason ? (
          <p className="mb-3 text-sm text-destructive">Suspended: {tenant.suspendedReason}</p>
        ) : null}
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2 lg:grid-cols-3">
          {rows.map(([label, value]) => (
            <div key={label} className="flex justify-between gap-2 border-b py-1">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="font-medium">{value}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}

function People({ detail }: { detail: TenantDetail }) {
  const people = [
    ...detail.users.map((user) => ({
      id: user.id,
      name: user.name,
      email: user.email,
      role: user.role.replace("_", " "),
      lastSeen: formatWhen(user.lastSeenAt),
      invited: false,
    })),
    ...detail.invitations
      .filter((invitation) => invitation.acceptedAt === null)
      .map((invitation) => ({
        id: invitation.id,
        name: invitation.name,
        email: invitation.email,
        role: `${invitation.role.replace("_", " ")} (invited)`,
        lastSeen: `Invitation until ${formatWhen(invitation.expiresAt)}`,
        invited: true,
      })),
  ];
  return (
    <Card role="region" aria-label="Users">
      <CardHeader>
        <CardTitle className="text-base">Users and invitations</CardTitle>
      </CardHeader>
      <CardContent className="overflow-x-auto">
        <DataTable
          verticalAlign="top"
          rows={people}
          rowKey={(person) => person.id}
          rowProps={(person) => ({ className: person.invited ? "text-muted-foreground" : undefined })}
          columns={[
            { id: "name", header: "Name", cell: (person) => person.name },
            { id: "email", header: "Email", cell: (person) => person.email },
            { id: "role", header: "Role", cell: (person) => person.role },
            { id: "last-seen", header: "Last seen", cell: (person) => person.lastSeen },
          ]}
        />
      </CardContent>
    </Card>
  );
}

function RecentAudit({ detail }: { detail: TenantDetail }) {
  return (
    <Card role="region" aria-label="Recent audit log">
      <CardHeader>
        <CardTitle className="text-base">Recent audit log</CardTitle>
      </CardHeader>
      <CardContent>
        {detail.recentAudit.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nothing recorded yet.</p>
        ) : (
          <ul className="grid gap-1.5 text-sm">
            {detail.recentAudit.map((entry) => (
              <li key={entry.id}>
                <span className="text-muted-foreground">{formatWhen(entry.createdAt)}</span> · {entry.summary}{" "}
                <span className="text-xs text-muted-foreground">({entry.actorName})</span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

/** One tenant's page: its configuration, users, usage and recent audit log, with the platform's actions on it. */
export function InstanceAdminPage() {
  const { companyId = "" } = useParams();
  const detail = useTenantDetail(companyId);
  usePageTitle(detail.data ? `${detail.data.tenant.name} · Instance Admin` : "Instance Admin");
  return (
    <div className="grid gap-6">
      <AdminPageHeader
        title={detail.data?.tenant.name ?? "Instance Admin"}
        description="One tenant's configuration, users, usage and recent audit log."
        actions={
          detail.data ? (
            <div className="flex flex-wrap gap-2">
              <ChangePlanButton tenant={detail.data.tenant} />
              <SuspendOrRestoreButton tenant={detail.data.tenant} />
              <Button size="sm" variant="outline" asChild>
                <Link to={`/${detail.data.tenant.slug}`}>Open tenant</Link>
              </Button>
            </div>
          ) : null
        }
      />
      <Loaded query={detail}>
        {(data) => (
          <>
            <Summary detail={data} />
            <FeaturesEditor
              key={JSON.stringify([data.config.tenantFeatures, data.config.planFeatureOverrides])}
              detail={data}
            />
            <People detail={data} />
            <RecentAudit detail={data} />
          </>
        )}
      </Loaded>
    </div>
  );
}
