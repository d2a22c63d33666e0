import type { QuickBooksSyncEntity, QuickBooksSyncState } from "@fieldops/shared/quickbooks";
import { conflict } from "../errors.ts";
import { requirePlanFeature } from "../plans/require-plan-feature.ts";
import type { TenantScope, UserActor } from "../tenant-scope.ts";
import { liveQuickBooksRealm } from "./quickbooks-connection.ts";
import { queueQuickBooksSync } from "./queue-quickbooks-sync.ts";
import { assertSyncedRecordExists, getQuickBooksSyncState } from "./quickbooks-sync-state.ts";

/** Queues the record's push to QuickBooks again (after a failure, or to bring QuickBooks back in step). */
export async function retryQuickBooksSync(
  scope: TenantScope<UserActor>,
  input: { entity: QuickBooksSyncEntity; id: string },
): Promise<QuickBooksSyncState> {
  await assertSyncedRecordExists(scope.tx, input.entity, input.id);
  await requirePlanFeature(scope.tx, "quickbooks", "QuickBooks sync");
  if (!(await liveQuickBooksRealm(scope.tx))) throw conflict("Connect QuickBooks in Settings → Integrations first");
  await queueQuickBooksSync(scope, input);
  return getQuickBooksSyncState(scope.tx, input);
}
