import {
  offeredSlotSchema,
  type CustomerAssistantAction,
  type DecideAssistantActionRequest,
} from "@fieldops/shared/customer-assistant";
import type { ThreadMessageChannel } from "@fieldops/shared/messages";
import { recordAudit } from "../audit/record-audit.ts";
import { runInScope, type EffectsDeps } from "../effects/run-in-scope.ts";
import { conflict, DomainError, notFound } from "../errors.ts";
import { scheduleVisit } from "../jobs/schedule-visit.ts";
import { transitionVisit } from "../jobs/transition-visit.ts";
import { messagesChanged } from "../messages/message-events.ts";
import { actorUserId, type TenantScope, type UserActor } from "../tenant-scope.ts";
import { CUSTOMER_ASSISTANT_ACTOR } from "./customer-assistant-settings.ts";
import { answerWords, firstNameOf } from "./customer-answer-words.ts";
import { visitTimeWords } from "./customer-lookups.ts";
import { sendAssistantAnswer } from "./send-assistant-answer.ts";
import { actionSelect, toAssistantAction, userNames } from "./thread-assistant.ts";

/** The action waiting for a decision, locked, with what sending its answer needs. */
async function lockWaitingAction(scope: TenantScope, id: string) {
  const [locked] = await scope.tx.$queryRaw<{ status: string }[]>`
    SELECT status FROM customer_assistant_actions WHERE id = ${id}::uuid FOR UPDATE`;
  if (!locked) throw notFound("No such request");
  if (locked.status !== "waiting") throw conflict("This request was already decided");
  const action = await scope.tx.customerAssistantAction.findUniqueOrThrow({
    where: { id },
    select: {
      ...actionSelect,
      customer: { select: { name: true } },
      thread: { select: { id: true, customerId: true } },
      inboundMessage: { select: { channel: true, fromAddress: true } },
    },
  });
  const company = await scope.tx.company.findUniqueOrThrow({
    where: { id: scope.companyId },
    select: { name: true, timeZone: true },
  });
  const conversation = {
    scope,
    thread: action.thread,
    channel: action.inboundMessage.channel as ThreadMessageChannel,
    replyTo: action.inboundMessage.fromAddress ?? "",
    company,
  };
  return { action, company, conversation, first: firstNameOf(action.customer?.name ?? "") };
}

type Locked = Awaited<ReturnType<typeof lockWaitingAction>>;

/** Moves the visit to the time the customer chose; answers the words confirming it. Refused if it is no longer free. */
async function moveToChosenTime(scope: TenantScope, { action, company, first }: Locked): Promise<string> {
  const chosen = offeredSlotSchema.safeParse(action.chosen);
  if (!chosen.success || !action.visitId) throw conflict("This request has no time to confirm");
  const visit = await scope.tx.visit.findUnique({
    where: { id: action.visitId },
    select: { version: true, durationMinutes: true },
  });
  if (!visit) throw conflict("The visit was deleted");
  const start = new Date(chosen.data.start);
  await scheduleVisit(scope, {
    visitId: action.visitId,
    crewId: chosen.data.crewId,
    start: start.toISOString(),
    durationMinutes: visit.durationMinutes,
    version: visit.version,
  });
  const end = new Date(start.getTime() + visit.durationMinutes * 60_000);
  return answerWords.rescheduled(first, visitTimeWords({ start, end }, company.timeZone));
}

/** Skips (cancels) the visit the customer asked to skip; answers the words confirming it. */
async function skipVisit(scope: TenantScope<UserActor>, { action, company, first }: Locked): Promise<string | null> {
  if (!action.visitId) return null;
  const visit = await scope.tx.visit.findUnique({
    where: { id: action.visitId },
    select: { version: true, scheduledStart: true, scheduledEnd: true },
  });
  if (!visit?.scheduledStart || !visit.scheduledEnd) throw conflict("The visit is no longer booked");
  await transitionVisit(scope, { visitId: action.visitId, to: "canceled", version: visit.version });
  return answerWords.skipped(
    first,
    visitTimeWords({ start: visit.scheduledStart, end: visit.scheduledEnd }, company.timeZone),
  );
}

async function settle(
  scope: TenantScope,
  locked: Locked,
  outcome: { status: "approved" | "declined" | "handed_off"; reply: string | null },
): Promise<CustomerAssistantAction> {
  const { action, conversation } = locked;
  const sent = outcome.reply
    ? await sendAssistantAnswer(conversation, { actionId: action.id, step: "decision" }, outcome.reply)
    : null;
  const decidedBy = actorUserId(scope.actor);
  const row = await scope.tx.customerAssistantAction.update({
    where: { id: action.id },
    data: {
      status: outcome.status,
      decidedByUserId: decidedBy,
      decidedAt: new Date(),
      ...(outcome.reply ? { reply: outcome.reply } : {}),
      ...(sent?.outboxMessageId ? { outboxMessageId: sent.outboxMessageId } : {}),
      ...(sent?.answerMessageId ? { answerMessageId: sent.answerMessageId } : {}),
    },
    select: actionSelect,
  });
  scope.emit(messagesChanged([action.thread], { inbound: false }));
  return toAssistantAction(row, await userNames(scope.tx, [decidedBy]));
}

/**
 * The office's click on what the assistant waits to do: approve sends its answer (or the office's own words) and makes
 * the change it asks for (moves the visit into the chosen time, skips the visit); decline sends only what the office
 * writes. Decided once (a second click, or two people at once, is 409); audited.
 */
export async function decideAssistantAction(
  scope: TenantScope<UserActor>,
  input: { id: string } & DecideAssistantActionRequest,
): Promise<CustomerAssistantAction> {
  const locked = await lockWaitingAction(scope, input.id);
  const { action } = locked;
  let reply = input.reply ?? null;
  if (input.decision === "approve") {
    if (action.intent === "pick") reply = input.reply ?? (await moveToChosenTime(scope, locked));
    else if (action.intent === "skip") reply = input.reply ?? (await skipVisit(scope, locked));
    else if (action.intent !== "cancel_service" && action.intent !== "reschedule") reply = input.reply ?? action.reply;
  }
  const decided = await settle(scope, locked, {
    status: input.decision === "approve" ? "approved" : "declined",
    reply,
  });
  await recordAudit(scope.tx, {
    companyId: scope.companyId,
    actorUserId: scope.actor.userId,
    action: input.decision === "approve" ? "customer_assistant.approved" : "customer_assistant.declined",
    entityType: "message_thread",
    entityId: action.thread.id,
    summary: `${scope.actor.name} ${input.decision === "approve" ? "approved" : "declined"} the assistant's ${action.intent.replace("_", " ")} for ${action.customer?.name ?? "a customer"}`,
  });
  return decided;
}

/**
 * Confirms on the assistant's own (the company allows it) the time a customer chose: the visit moves if the time is
 * still free; if it was taken meanwhile, the customer is told and the office finds another (in a transaction of its
 * own, as the failed move's was rolled back).
 */
export async function confirmChosenTime(
  deps: EffectsDeps,
  input: { companyId: string; actionId: string; byAssistant: true },
): Promise<void> {
  const options = { companyId: input.companyId, actor: CUSTOMER_ASSISTANT_ACTOR };
  try {
    await runInScope(deps, options, async (scope) => {
      const locked = await lockWaitingAction(scope, input.actionId);
      await settle(scope, locked, { status: "approved", reply: await moveToChosenTime(scope, locked) });
    });
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    await runInScope(deps, options, async (scope) => {
      const locked = await lockWaitingAction(scope, input.actionId);
      await settle(scope, locked, { status: "handed_off", reply: answerWords.slotTaken(locked.first) });
    });
  }
}
