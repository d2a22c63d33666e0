import type { TenantTransaction } from "@fieldops/db";
import {
  offeredSlotSchema,
  type CustomerAssistantAction,
  type CustomerIntent,
  type CustomerAssistantStatus,
  type ThreadAssistant,
} from "@fieldops/shared/customer-assistant";
import { z } from "zod";
import { notFound } from "../errors.ts";
import { messagesChanged } from "../messages/message-events.ts";
import type { TenantScope, UserActor } from "../tenant-scope.ts";
import { activeCustomerAssistant } from "./customer-assistant-settings.ts";

/** The most of the assistant's actions a conversation shows (its latest). */
const ACTIONS_SHOWN = 50;

const offerSchema = z.array(offeredSlotSchema);

export const actionSelect = {
  id: true,
  inboundMessageId: true,
  intent: true,
  status: true,
  lookedUp: true,
  reply: true,
  outboxMessageId: true,
  answerMessageId: true,
  visitId: true,
  offer: true,
  chosen: true,
  decidedAt: true,
  createdAt: true,
  decidedByUserId: true,
} as const;

type ActionRow = {
  id: string;
  inboundMessageId: string;
  intent: string;
  status: string;
  lookedUp: string;
  reply: string | null;
  outboxMessageId: string | null;
  answerMessageId: string | null;
  visitId: string | null;
  offer: unknown;
  chosen: unknown;
  decidedAt: Date | null;
  createdAt: Date;
  decidedByUserId: string | null;
};

export function toAssistantAction(row: ActionRow, names: ReadonlyMap<string, string>): CustomerAssistantAction {
  const offer = offerSchema.safeParse(row.offer);
  const chosen = offeredSlotSchema.safeParse(row.chosen);
  return {
    id: row.id,
    inboundMessageId: row.inboundMessageId,
    intent: row.intent as CustomerIntent,
    status: row.status as CustomerAssistantStatus,
    lookedUp: row.lookedUp,
    reply: row.reply,
    outboxMessageId: row.outboxMessageId,
    answerMessageId: row.answerMessageId,
    visitId: row.visitId,
    offer: offer.success ? offer.data : [],
    chosen: chosen.success ? chosen.data : null,
    decidedBy: row.decidedByUserId ? (names.get(row.decidedByUserId) ?? "A former user") : null,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function userNames(tx: TenantTransaction, ids: readonly (string | null)[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map();
  const users = await tx.user.findMany({ where: { id: { in: wanted } }, select: { id: true, name: true } });
  return new Map(users.map((user) => [user.id, user.name]));
}

/** The assistant's part of a conversation: whether it answers there, and what it did (oldest first). */
export async function readThreadAssistant(
  tx: TenantTransaction,
  companyId: string,
  thread: { id: string; assistantStoppedAt: Date | null },
): Promise<ThreadAssistant> {
  const rows = await tx.customerAssistantAction.findMany({
    where: { threadId: thread.id },
    orderBy: { createdAt: "desc" },
    take: ACTIONS_SHOWN,
    select: actionSelect,
  });
  const names = await userNames(
    tx,
    rows.map((row) => row.decidedByUserId),
  );
  const on = (await activeCustomerAssistant(tx, companyId)) !== null;
  return {
    active: on && thread.assistantStoppedAt === null,
    stoppedAt: thread.assistantStoppedAt?.toISOString() ?? null,
    actions: rows.reverse().map((row) => toAssistantAction(row, names)),
  };
}

/** A person of the office answers in the conversation: the assistant stops answering there (once; kept until handed back). */
export async function stopAssistantInThread(scope: TenantScope<UserActor>, threadId: string): Promise<void> {
  await scope.tx.messageThread.updateMany({
    where: { id: threadId, assistantStoppedAt: null },
    data: { assistantStoppedAt: new Date(), assistantStoppedByUserId: scope.actor.userId },
  });
}

/** Takes a conversation over from the assistant (`active: false`) or hands it back (`true`). */
export async function setThreadAssistant(
  scope: TenantScope<UserActor>,
  input: { id: string; active: boolean },
): Promise<ThreadAssistant> {
  const { tx } = scope;
  const thread = await tx.messageThread.findUnique({ where: { id: input.id }, select: { id: true, customerId: true } });
  if (!thread) throw notFound("No such conversation");
  if (input.active) {
    await tx.messageThread.update({
      where: { id: thread.id },
      data: { assistantStoppedAt: null, assistantStoppedByUserId: null },
    });
  } else {
    await stopAssistantInThread(scope, thread.id);
  }
  scope.emit(messagesChanged([thread], { inbound: false }));
  const after = await tx.messageThread.findUniqueOrThrow({
    where: { id: thread.id },
    select: { id: true, assistantStoppedAt: true },
  });
  return readThreadAssistant(tx, scope.companyId, after);
}
