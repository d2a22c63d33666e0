import type { QuickBooksSyncEntity } from "@fieldops/shared/quickbooks";
import type { TenantScope } from "../tenant-scope.ts";
import { liveQuickBooksRealm } from "./quickbooks-connection.ts";
import { pushToQuickBooksTask } from "./push-to-quickbooks.task.ts";

/**
 * Queues the push of a created or changed record to QuickBooks, when the company has a live QuickBooks connection
 * (otherwise it does nothing). Each call counts one more change on the record's sync row (locking it, so two edits
 * at once take turns) and queues a task for that change; the task finds the record as it is then, so edits in quick
 * succession are pushed together and the later tasks find nothing left to do. A record that came from QuickBooks is
 * not pushed back.
 */
export async function queueQuickBooksSync(
  scope: Pick<TenantScope, "tx" | "companyId" | "enqueue">,
  target: { entity: QuickBooksSyncEntity; id: string },
): Promise<void> {
  await queueQuickBooksSyncOfMany(scope, { entity: target.entity, ids: [target.id] });
}

/** `queueQuickBooksSync` for many records of one kind (a file of imported customers): one statement for them all. */
export async function queueQuickBooksSyncOfMany(
  scope: Pick<TenantScope, "tx" | "companyId" | "enqueue">,
  target: { entity: QuickBooksSyncEntity; ids: readonly string[] },
): Promise<void> {
  if (target.ids.length === 0 || !(await liveQuickBooksRealm(scope.tx))) return;
  const rows = await scope.tx.$queryRaw<{ entityId: string; requestedVersion: number }[]>`
    INSERT INTO quickbooks_syncs (id, "companyId", "entityType", "entityId", status, "requestedVersion", "updatedAt")
    SELECT gen_random_uuid(), ${scope.companyId}::uuid, ${target.entity}, ids.id, 'pending', 1, now()
    FROM unnest(${[...target.ids]}::uuid[]) AS ids(id)
    ON CONFLICT ("companyId", "entityType", "entityId") DO UPDATE
      SET "requestedVersion" = quickbooks_syncs."requestedVersion" + 1, status = 'pending', error = NULL, "updatedAt" = now()
      WHERE quickbooks_syncs.origin = 'fieldops'
    RETURNING "entityId"::text AS "entityId", "requestedVersion"`;
  for (const row of rows) {
    scope.enqueue(
      pushToQuickBooksTask,
      { companyId: scope.companyId, entity: target.entity, id: row.entityId, version: row.requestedVersion },
      `${target.entity}_${row.entityId}_${row.requestedVersion}`,
    );
  }
}
