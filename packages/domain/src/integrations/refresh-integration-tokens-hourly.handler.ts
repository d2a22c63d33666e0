import { withSystem } from "@fieldops/db";
import type { SystemTaskHandler } from "@fieldops/tasks/task-definition";
import { INTEGRATION_PROVIDERS, type IntegrationProvider } from "@fieldops/shared/integrations";
import { REFRESH_AHEAD_MS } from "./refresh-integration-token.ts";
import { refreshIntegrationTokenTask } from "./refresh-integration-token.task.ts";
import type { refreshIntegrationTokensHourlyTask } from "./refresh-integration-tokens-hourly.task.ts";

/**
 * Hands each connection that is due a refresh job of its own, keyed by company, provider and hour: a second run in
 * the same hour adds nothing, and one company's unreachable provider delays no other company.
 */
export const refreshIntegrationTokensHourly: SystemTaskHandler<
  typeof refreshIntegrationTokensHourlyTask.schema
> = async (_payload, { db, queues }) => {
  const now = new Date();
  const due = await withSystem(db, (tx) =>
    tx.integrationConnection.findMany({
      where: {
        simulated: false,
        reconnectNeededAt: null,
        refreshTokenEncrypted: { not: null },
        tokenExpiresAt: { lte: new Date(now.getTime() + REFRESH_AHEAD_MS) },
      },
      select: { companyId: true, provider: true },
    }),
  );
  const hour = now.toISOString().slice(0, 13).replace(/\D/g, "");
  await Promise.all(
    due
      .filter((connection): connection is { companyId: string; provider: IntegrationProvider } =>
        (INTEGRATION_PROVIDERS as readonly string[]).includes(connection.provider),
      )
      .map((connection) =>
        queues.enqueue(
          refreshIntegrationTokenTask,
          connection,
          `${connection.companyId}_${connection.provider}_${hour}`,
        ),
      ),
  );
};
