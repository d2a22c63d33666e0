import { Link } from "react-router";
import { PLAN_FEATURE_LABELS, planFeatureSchema, PLANS, type PlanFeature } from "@fieldops/shared/plans";
import { DataTable } from "../../components/data-table";
import { Alert, AlertDescription } from "../../components/ui/alert";
import { Badge } from "../../components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { usePageTitle } from "../../shell/page-title";
import { AdminPageHeader, Loaded, ADMIN_REQUEST_FAILED } from "./admin-parts";
import { useFeatureFlags, useSetPlanFeature } from "./admin-queries";
import { PlatformFeeCard } from "./platform-fee-card";
import { apiErrorMessage } from "../../lib/api-error";

/** The feature flags of every plan (editable: every company on the plan follows) and the tenants with their own. */
export function FeaturesPage() {
  usePageTitle("Features");
  const flags = useFeatureFlags();
  const set = useSetPlanFeature();
  return (
    <div className="grid gap-6">
      <AdminPageHeader
        title="Features"
        description="The feature flags of each plan, and the tenants with switches of their own."
      />
      {set.isError ? (
        <Alert variant="destructive" role="alert">
          <AlertDescription>{apiErrorMessage(set.error, ADMIN_REQUEST_FAILED)}</AlertDescription>
        </Alert>
      ) : null}
      <Loaded query={flags}>
        {(data) => (
          <>
            <Card role="region" aria-label="Plan features">
              <CardHeader>
                <CardTitle className="text-base">Per plan</CardTitle>
                <CardDescription>
                  A change applies at once to every company on the plan; a value that differs from the plan's built-in
                  list is marked.
                </CardDescription>
              </CardHeader>
              <CardContent className="overflow-x-auto">
                <DataTable
                  verticalAlign="top"
                  rows={planFeatureSchema.options}
                  rowKey={(feature) => feature}
                  columns={[
                    {
                      id: "feature",
                      header: "Feature",
                      rowHeader: true,
                      className: "font-normal",
                      cell: (feature: PlanFeature) => PLAN_FEATURE_LABELS[feature],
                    },
                    ...data.plans.map((plan) => ({
                      id: plan.plan,
                      header: plan.planName,
                      cell: (feature: PlanFeature) => {
                        const flag = plan.features.find((f) => f.feature === feature)!;
                        return (
                          <label className="flex items-center gap-1.5">
                            <input
                              type="checkbox"
                              aria-label={`${PLAN_FEATURE_LABELS[feature]} on ${plan.planName}`}
                              checked={flag.enabled}
                              disabled={set.isPending}
                              onChange={(event) =>
                                set.mutate({ plan: plan.plan, feature, enabled: event.target.checked })
                              }
                            />
                            {flag.enabled !== flag.builtIn ? <Badge variant="outline">changed</Badge> : null}
                          </label>
                        );
                      },
                    })),
                  ]}
                />
              </CardContent>
            </Card>
            <Card role="region" aria-label="Tenant features">
              <CardHeader>
                <CardTitle className="text-base">Per tenant</CardTitle>
                <CardDescription>
                  Companies with plan features switched for them alone; change them on the tenant's page.
                </CardDescription>
              </CardHeader>
              <CardContent>
                {data.tenants.length === 0 ? (
                  <p className="text-sm text-muted-foreground">No tenant has switches of its own.</p>
                ) : (
                  <ul className="grid gap-2 text-sm">
                    {data.tenants.map((tenant) => (
                      <li key={tenant.id}>
                        <Link to={`/instance-admin/${tenant.id}`} className="font-medium hover:underline">
                          {tenant.name}
                        </Link>{" "}
                        <span className="text-muted-foreground">
                          ({PLANS[tenant.plan].name}):{" "}
                          {Object.entries(tenant.planFeatureOverrides)
                            .map(
                              ([feature, on]) => `${PLAN_FEATURE_LABELS[feature as PlanFeature]} ${on ? "on" : "off"}`,
                            )
                            .join(", ")}
                        </span>
                      </li>
                    ))}
                  </ul>
                )}
              </CardContent>
            </Card>
          </>
        )}
      </Loaded>
      <PlatformFeeCard />
    </div>
  );
}
