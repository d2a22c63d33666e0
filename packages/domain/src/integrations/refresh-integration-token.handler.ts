import { withTenant } from "@fieldops/db";
import { publishEvent } from "@fieldops/events/company-stream";
import type { JobHandler } from "@fieldops/jobs/job-definition";
import { providerSettings } from "./provider-settings.ts";
import { refreshIntegrationToken } from "./refresh-integration-token.ts";
import type { refreshIntegrationTokenJob } from "./refresh-integration-token.job.ts";
import { integrationsEncryptionKey } from "./token-encryption.ts";

export const refreshIntegrationTokenHandler: JobHandler<typeof refreshIntegrationTokenJob.schema> = async (
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
