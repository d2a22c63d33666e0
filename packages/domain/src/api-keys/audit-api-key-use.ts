import { recordAudit } from "../audit/record-audit.ts";
import type { TenantScope, UserActor } from "../tenant-scope.ts";

/**
 * Audits a change made with an API key, in the change's own transaction (a refused or failed request leaves none):
 * which key, the method and the route.
 */
export async function auditApiKeyUse(
  { tx, companyId, actor }: TenantScope<UserActor>,
  key: { id: string; name: string },
  request: { method: string; routeOptions: { url?: string | undefined } },
): Promise<void> {
  const route = `${request.method} ${request.routeOptions.url ?? ""}`;
  await recordAudit(tx, {
    companyId,
    actorUserId: actor.userId,
    action: "api_key.used",
    entityType: "api_key",
    entityId: key.id,
    summary: `The API key "${key.name}" called ${route}`,
    details: { route },
  });
}
