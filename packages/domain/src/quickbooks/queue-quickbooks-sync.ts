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
  if (!(await liveQuickBooksRealm(scope.tx))) return;
  const [row] = await scope.tx.$queryRaw<{ requestedVersion: number }[]>`
    INSERT INTO quickbooks_syncs (id, "companyId", "entityType", "entityId", status, "requestedVersion", "updatedAt")
    VALUES (gen_random_uuid(), ${scope.companyId}::uuid, ${target.entity}, ${target.id}::uuid, 'pending', 1, now())
    ON CONFLICT ("companyId", "entityType", "entityId") DO UPDATE
      SET "requestedVersion" = quickbooks_syncs."requestedVersion" + 1, status = 'pending', error = NULL, "updatedAt" = now()
      WHERE quickbooks_syncs.origin = 'fieldops'
    RETURNING "requestedVersion"`;
  if (!row) return;
  scope.enqueue(
    pushToQuickBooksTask,
    { companyId: scope.companyId, entity: target.entity, id: target.id, version: row.requestedVersion },
    `${target.entity}_${target.id}_${row.requestedVersion}`,
  );
}
