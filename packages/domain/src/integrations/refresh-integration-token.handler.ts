import { withTenant } from "@fieldops/db";
import { publishEvent } from "@fieldops/events/company-stream";
import type { TaskHandler } from "@fieldops/tasks/task-definition";
import { providerSettings } from "./provider-settings.ts";
import { refreshIntegrationToken } from "./refresh-integration-token.ts";
import type { refreshIntegrationTokenTask } from "./refresh-integration-token.task.ts";
import { integrationsEncryptionKey } from "./token-encryption.ts";

export const refreshIntegrationTokenHandler: TaskHandler<typeof refreshIntegrationTokenTask.schema> = async (
  { companyId, provider },
  { db, redis, env },
) => {
  if (!env) throw new Error("The worker was started without its configuration");
  const outcome = await withTenant(db, companyId, (tx) =>
    refreshIntegrationToken(tx, {
      provider,
      settings: providerSettings(env, provider),
      key: integrationsEncryptionKey(env),
    }),
  );
  if (outcome === "reconnect_needed") {
    await publishEvent(redis, { name: "integrations.changed", payload: { provider } }, { companyId, requestId: null });
  }
};
