import { conflict } from "../errors.ts";
import type { TenantScope, UserActor } from "../tenant-scope.ts";

export type FieldActionKind = "checklist" | "note" | "transition" | "photo" | "signature";

/**
 * Claims the user's Idempotency-Key for an action on a visit, in the action's transaction: true the first time (apply
 * the action), false when the key was already used for the same action (it was applied: answer as now). A concurrent
 * request with the same key waits on the unique index until the first commits, then finds it. A key reused for
 * another action or visit is refused.
 */
export async function claimFieldAction(
  { tx, companyId, actor }: Pick<TenantScope<UserActor>, "tx" | "companyId" | "actor">,
  input: { idempotencyKey: string; kind: FieldActionKind; visitId: string },
): Promise<boolean> {
  const inserted = await tx.$executeRaw`
    INSERT INTO field_actions (id, "companyId", "userId", "idempotencyKey", kind, "visitId")
    VALUES (gen_random_uuid(), ${companyId}::uuid, ${actor.userId}::uuid, ${input.idempotencyKey}, ${input.kind},
      ${input.visitId}::uuid)
    ON CONFLICT ("companyId", "userId", "idempotencyKey") DO NOTHING`;
  if (inserted === 1) return true;
  const earlier = await tx.fieldAction.findUniqueOrThrow({
    where: {
      companyId_userId_idempotencyKey: { companyId, userId: actor.userId, idempotencyKey: input.idempotencyKey },
    },
    select: { kind: true, visitId: true },
  });
  if (earlier.kind !== input.kind || earlier.visitId !== input.visitId) {
    throw conflict("This Idempotency-Key was already used for another action", "Idempotency-Key");
  }
  return false;
}
