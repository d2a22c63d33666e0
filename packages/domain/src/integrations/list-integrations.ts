import type { TenantTransaction } from "@fieldops/db";
import {
  INTEGRATION_INFO,
  INTEGRATION_PROVIDERS,
  type IntegrationConnection,
  type IntegrationListResponse,
  type IntegrationProvider,
} from "@fieldops/shared/integrations";
import { can } from "@fieldops/shared/permissions";
import { firstPlanWithFeature, type PlanId } from "@fieldops/shared/plans";
import { companyPlan, integrationAvailable } from "./integration-access.ts";
import type { TenantScope, UserActor } from "../tenant-scope.ts";
import { providerSettings, type IntegrationsEnv } from "./provider-settings.ts";

/** The company's integrations as its members see them: what each does, whether connected, and never a token. */
export async function listIntegrations(
  { tx, companyId, actor }: Pick<TenantScope<UserActor>, "tx" | "companyId" | "actor">,
  input: { env: IntegrationsEnv },
): Promise<IntegrationListResponse> {
  const { planId } = await companyPlan(tx, companyId);
  const items = await describeIntegrations(tx, planId, input.env, INTEGRATION_PROVIDERS);
  return { items, canManage: can(actor, "integrations.manage") };
}

/** One integration's view (for the settings pages that show one provider's status). */
export async function describeIntegration(
  tx: TenantTransaction,
  input: { companyId: string; env: IntegrationsEnv; provider: IntegrationProvider },
): Promise<IntegrationConnection> {
  const { planId } = await companyPlan(tx, input.companyId);
  const [item] = await describeIntegrations(tx, planId, input.env, [input.provider]);
  return item!;
}

async function describeIntegrations(
  tx: TenantTransaction,
  planId: PlanId,
  env: IntegrationsEnv,
  providers: readonly IntegrationProvider[],
): Promise<IntegrationConnection[]> {
  const rows = await tx.integrationConnection.findMany({
    where: { provider: { in: [...providers] } },
    select: {
      provider: true,
      simulated: true,
      accountName: true,
      connectedAt: true,
      connectedByUserId: true,
      reconnectNeededAt: true,
    },
  });
  const userIds = rows.flatMap((row) => (row.connectedByUserId ? [row.connectedByUserId] : []));
  const users = userIds.length
    ? await tx.user.findMany({ where: { id: { in: userIds } }, select: { id: true, name: true } })
    : [];
  return providers.map((provider) => {
    const info = INTEGRATION_INFO[provider];
    const row = rows.find((candidate) => candidate.provider === provider);
    return {
      provider,
      name: info.name,
      description: info.description,
      available: integrationAvailable(planId, provider),
      requiredPlan: firstPlanWithFeature(info.feature).name,
      connected: row !== undefined,
      simulated: row ? row.simulated : !providerSettings(env, provider).configured,
      accountName: row?.accountName ?? null,
      connectedAt: row?.connectedAt.toISOString() ?? null,
      connectedBy: users.find((user) => user.id === row?.connectedByUserId)?.name ?? null,
      reconnectNeeded: row?.reconnectNeededAt != null,
    };
  });
}
