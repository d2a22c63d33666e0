import { ASSISTANT_PLAN_FEATURE, CONVERSATIONS_LISTED_MAX, type Conversation } from "@fieldops/shared/chat";
import { requirePlanFeature } from "../plans/require-plan-feature.ts";
import type { TenantScope, UserActor } from "../tenant-scope.ts";

/** The user's own conversations with the assistant, most recently active first (refused without its plan feature). */
export async function listConversations({
  tx,
  actor,
}: Pick<TenantScope<UserActor>, "tx" | "actor">): Promise<{ items: Conversation[] }> {
  await requirePlanFeature(tx, ASSISTANT_PLAN_FEATURE);
  const rows = await tx.assistantConversation.findMany({
    where: { userId: actor.userId },
    orderBy: [{ updatedAt: "desc" }, { id: "desc" }],
    take: CONVERSATIONS_LISTED_MAX,
    select: { id: true, title: true, updatedAt: true },
  });
  return { items: rows.map((row) => ({ id: row.id, title: row.title, updatedAt: row.updatedAt.toISOString() })) };
}
