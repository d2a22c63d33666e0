import { useId } from "react";
import { DEMO_TIER_FAILED, DEMO_TIER_UPDATED, demoTierSchema } from "@fieldops/shared/demo";
import { PLANS, type PlanId } from "@fieldops/shared/plans";
import { can, type PermissionActor } from "@fieldops/shared/permissions";
import { Badge } from "../../components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Label } from "../../components/ui/label";
import { NativeSelect } from "../../components/ui/native-select";
import { toast } from "../../hooks/use-toast";
import { useCompany } from "../../lib/company";
import { useDemoStatus, useSwitchDemoTier } from "./demo-queries";

/**
 * The demo tier switcher: a demo company's owner (or an administrator in it) puts the demo on any plan's tier to see
 * that plan's features. Shown to nobody else, and only in demo companies.
 */
export function DemoTierCard({ user }: { user: PermissionActor & { companyId: string | null } }) {
  const allowed = user.companyId !== null && can(user, "demo.switch_tier");
  const status = useDemoStatus(allowed);
  const company = useCompany(allowed ? user.companyId : null);
  const switchTier = useSwitchDemoTier();
  const selectId = useId();
  if (!allowed || !status.data?.isDemoCompany || !company.data) return null;
  const current = company.data.planId;

  const choose = (tier: PlanId) =>
    switchTier.mutate(tier, {
      onSuccess: () =>
        toast({ title: DEMO_TIER_UPDATED, description: `The demo now has the ${PLANS[tier].name} plan's features.` }),
      onError: (error) => toast({ title: DEMO_TIER_FAILED, description: error.message, variant: "destructive" }),
    });

  return (
    <Card role="region" aria-labelledby={`${selectId}-title`}>
      <CardHeader>
        <CardTitle id={`${selectId}-title`} className="flex items-center gap-2">
          Demo tier <Badge variant="outline">Demo</Badge>
        </CardTitle>
        <CardDescription>
          Switch this demo company between plans to see what each one offers. The sample data stays as it is.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid max-w-xs gap-2">
        <Label htmlFor={selectId}>Tier</Label>
        <NativeSelect
          id={selectId}
          value={current}
          disabled={switchTier.isPending}
          onChange={(event) => choose(demoTierSchema.parse(event.target.value))}
        >
          {demoTierSchema.options.map((tier) => (
            <option key={tier} value={tier}>
              {PLANS[tier].name}
            </option>
          ))}
        </NativeSelect>
      </CardContent>
    </Card>
  );
}
