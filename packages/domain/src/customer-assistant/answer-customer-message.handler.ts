import type { Prisma } from "@fieldops/db";
import { addDays, dayInTimeZone, startOfDayInTimeZone, utcToZonedWallClock } from "@fieldops/shared/company-time";
import {
  offeredSlotSchema,
  type CustomerAssistantSettings,
  type CustomerIntent,
  type CustomerAssistantStatus,
  type OfferedSlot,
} from "@fieldops/shared/customer-assistant";
import type { ThreadMessageChannel } from "@fieldops/shared/messages";
import { smsKeywordIntent, toE164 } from "@fieldops/shared/phone";
import type { TaskContext, TaskHandler } from "@fieldops/tasks/task-definition";
import { z } from "zod";
import { runInScope } from "../effects/run-in-scope.ts";
import { createCustomerLead } from "../leads/create-lead.ts";
import { companyHasPlanFeature } from "../plans/require-plan-feature.ts";
import { findCustomersByPhone } from "../messages/find-customers-by-phone.ts";
import { messagesChanged } from "../messages/message-events.ts";
import type { TenantScope } from "../tenant-scope.ts";
import { answerCustomerMessageTask } from "./answer-customer-message.task.ts";
import { answerWords, firstNameOf } from "./customer-answer-words.ts";
import { activeCustomerAssistant, CUSTOMER_ASSISTANT_ACTOR } from "./customer-assistant-settings.ts";
import {
  invoicesLookedUp,
  nextVisitOf,
  openInvoicesOf,
  payLinksOf,
  totalOwed,
  visitTimeWords,
} from "./customer-lookups.ts";
import { confirmChosenTime } from "./decide-assistant-action.ts";
import { offerTimes } from "./offer-times.ts";
import { readCustomerMessage, readPick } from "./read-customer-message.ts";
import { readWithModel, type ReadingModel } from "./read-with-model.ts";
import { sendAssistantAnswer } from "./send-assistant-answer.ts";

type Payload = z.infer<typeof answerCustomerMessageTask.schema>;

/** An offer of times, or a question about which property, is answered within this long; later it is a new message. */
const OPEN_QUESTION_MS = 48 * 3600_000;

/** What the assistant decided for a message: its record, and the answer sent now or left as a draft. */
interface Decision {
  intent: CustomerIntent;
  status: CustomerAssistantStatus;
  lookedUp: string;
  reply: string | null;
  /** Send the reply now (else it is the office's draft, or there is none). */
  send: boolean;
  visitId?: string | null;
  offer?: OfferedSlot[];
  chosen?: OfferedSlot | null;
  candidates?: string[];
  pendingText?: string | null;
}

interface Conversation {
  scope: TenantScope;
  settings: CustomerAssistantSettings;
  company: { name: string; timeZone: string };
  thread: { id: string; customerId: string | null };
  channel: ThreadMessageChannel;
  replyTo: string;
  now: Date;
  origin: string | null;
  osrmUrl: string | undefined;
  /** The company's model reads the message where one is configured; the offline reader otherwise. */
  model: ReadingModel | null;
}

/** When the company's answering hours next begin, or null while they are on. */
function nextOpening(settings: CustomerAssistantSettings, timeZone: string, now: Date): Date | null {
  const wall = new Date(utcToZonedWallClock(now, timeZone));
  const minutes = wall.getUTCHours() * 60 + wall.getUTCMinutes();
  const toMinutes = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));
  const from = toMinutes(settings.hours.from);
  if (minutes >= from && minutes < toMinutes(settings.hours.to)) return null;
  const today = dayInTimeZone(now, timeZone);
  const day = minutes < from ? today : addDays(today, 1);
  return new Date(startOfDayInTimeZone(day, timeZone).getTime() + from * 60_000);
}

/**
 * Answers one customer's message, once (its action row is unique per message, written under a lock of the thread, so a
 * task delivered twice, or two messages at once, answer in turn). The customer is the thread's, identified by the
 * number or address they wrote from; a number several customers share asks which property first. What it reads,
 * looks up and answers is the customer's own (`customer-lookups.ts`); changes wait for the office unless the company
 * lets it confirm a reschedule into a free slot on its own.
 */
export const answerCustomerMessage: TaskHandler<typeof answerCustomerMessageTask.schema> = async (payload, context) => {
  const confirm = await runInScope(
    context,
    { companyId: payload.companyId, actor: CUSTOMER_ASSISTANT_ACTOR },
    (scope) => answerInScope(scope, payload, context),
  );
  if (confirm) await confirmChosenTime(context, { companyId: payload.companyId, actionId: confirm, byAssistant: true });
};

/** Answers in the scope; returns an action whose chosen time the assistant may confirm on its own, after the commit. */
async function answerInScope(scope: TenantScope, payload: Payload, context: TaskContext): Promise<string | null> {
  const { tx } = scope;
  const settings = await activeCustomerAssistant(tx, scope.companyId);
  if (!settings) return null;
  const message = await tx.threadMessage.findUnique({
    where: { id: payload.messageId },
    select: { id: true, threadId: true, direction: true, channel: true, body: true, fromAddress: true },
  });
  if (!message || message.direction !== "inbound" || !message.fromAddress) return null;
  await tx.$queryRaw`SELECT id FROM message_threads WHERE id = ${message.threadId}::uuid FOR UPDATE`;
  if (await tx.customerAssistantAction.findUnique({ where: { inboundMessageId: message.id }, select: { id: true } }))
    return null;
  const thread = await tx.messageThread.findUniqueOrThrow({
    where: { id: message.threadId },
    select: { id: true, customerId: true, unplacedReason: true, assistantStoppedAt: true },
  });
  const now = new Date();
  const company = await tx.company.findUniqueOrThrow({
    where: { id: scope.companyId },
    select: { name: true, timeZone: true },
  });
  const record = (decision: Decision, customerId: string | null, outboxMessageId: string | null = null) =>
    tx.customerAssistantAction.create({
      data: {
        companyId: scope.companyId,
        threadId: thread.id,
        inboundMessageId: message.id,
        customerId,
        intent: decision.intent,
        status: decision.status,
        lookedUp: decision.lookedUp,
        reply: decision.reply,
        outboxMessageId,
        visitId: decision.visitId ?? null,
        offer: (decision.offer ?? []) as unknown as Prisma.InputJsonValue,
        chosen: (decision.chosen ?? undefined) as unknown as Prisma.InputJsonValue | undefined,
        candidates: decision.candidates ?? [],
        pendingText: decision.pendingText ?? null,
      },
      select: { id: true },
    });
  const skip = async (lookedUp: string) => {
    await record({ intent: "handoff", status: "skipped", lookedUp, reply: null, send: false }, thread.customerId);
    scope.emit(messagesChanged([thread], { inbound: false }));
    return null;
  };
  if (thread.assistantStoppedAt) return skip("Not answered: the office has taken this conversation over");
  const channel = message.channel as ThreadMessageChannel;
  if (channel === "sms" && smsKeywordIntent(message.body ?? "")) return null;
  const opening = nextOpening(settings, company.timeZone, now);
  if (opening) {
    // Outside the answering hours: answered when they begin (unless the office answers first).
    scope.enqueue(answerCustomerMessageTask, payload, `${message.id}_${opening.getTime()}`, {
      delayMs: opening.getTime() - now.getTime(),
    });
    return null;
  }
  const unreachable = await cannotAnswer(scope, channel, message.fromAddress);
  if (unreachable) return skip(unreachable);

  const conversation: Conversation = {
    scope,
    settings,
    company,
    thread,
    channel,
    replyTo: message.fromAddress,
    now,
    origin: payload.appOrigin ?? (context.env?.PUBLIC_APP_URL ? new URL(context.env.PUBLIC_APP_URL).origin : null),
    osrmUrl: context.osrmUrl,
    model: context.model ?? null,
  };
  let text = message.body ?? "";
  let customerId = thread.customerId;
  if (!customerId && thread.unplacedReason === "ambiguous") {
    const asked = await tx.customerAssistantAction.findFirst({
      where: {
        threadId: thread.id,
        status: "asked_property",
        createdAt: { gte: new Date(now.getTime() - OPEN_QUESTION_MS) },
      },
      orderBy: { createdAt: "desc" },
      select: { candidates: true, pendingText: true },
    });
    const candidates = await sharingCustomers(scope, channel, message.fromAddress);
    const streets = await streetsOf(scope, candidates);
    const picked = asked
      ? readPick(
          text.toLowerCase(),
          asked.candidates.map((id) => streets.get(id) ?? ""),
        )
      : null;
    const chosen = picked !== null ? asked!.candidates[picked - 1] : undefined;
    if (chosen && candidates.includes(chosen)) {
      customerId = chosen;
      text = asked!.pendingText ?? text;
    } else {
      const decision: Decision = {
        intent: "handoff",
        status: "asked_property",
        lookedUp: `This ${channel === "sms" ? "number" : "address"} belongs to ${candidates.length} customers`,
        reply: answerWords.whichProperty(candidates.map((id) => streets.get(id) ?? "another property")),
        send: true,
        candidates,
        pendingText: text.slice(0, 2000),
      };
      return finish(conversation, decision, null, record);
    }
  }
  if (!customerId) {
    const decision: Decision = {
      intent: "handoff",
      status: "handed_off",
      lookedUp: "No customer has this number or address",
      reply: answerWords.handoff(company.name),
      send: settings.onItsOwn.answerQuestions,
    };
    return finish(conversation, decision, null, record);
  }
  if (await capReached(scope, customerId, settings, company.timeZone, now)) {
    return skip(`Not answered: ${settings.dailyCapPerCustomer} automated answers to this customer today already`);
  }
  const decision = await decide(conversation, customerId, text);
  return finish(conversation, decision, customerId, record);
}

/** Why an answer cannot reach who wrote (texts opted out, the plan has no SMS, an address marked spam), or null. */
async function cannotAnswer(
  scope: TenantScope,
  channel: ThreadMessageChannel,
  address: string,
): Promise<string | null> {
  if (channel === "portal") return null;
  if (channel === "sms") {
    const number = toE164(address);
    if (!number) return "Not answered: the sender's number cannot be texted";
    const out = await scope.tx.smsOptOut.findFirst({ where: { phone: number, optedOut: true }, select: { id: true } });
    if (out) return "Not answered: the customer opted out of texts";
    if (!(await companyHasPlanFeature(scope.tx, "sms"))) return "Not answered: the plan has no text messages";
    return null;
  }
  const suppressed = await scope.tx.emailSuppression.findFirst({
    where: { email: address.toLowerCase() },
    select: { id: true },
  });
  return suppressed ? "Not answered: the address marked our e-mail as spam" : null;
}

/** The customers a shared number or address belongs to. */
async function sharingCustomers(scope: TenantScope, channel: ThreadMessageChannel, address: string): Promise<string[]> {
  const byPhone = channel === "sms" ? await findCustomersByPhone(scope.tx, address) : [];
  // The order the question lists them in stays the same from one message to the next (oldest customer first).
  const customers = await scope.tx.customer.findMany({
    where:
      channel === "sms"
        ? { id: { in: byPhone } }
        : {
            OR: [
              { email: { equals: address, mode: "insensitive" } },
              { contacts: { some: { kind: "email", value: { equals: address, mode: "insensitive" } } } },
            ],
          },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: { id: true },
    take: 5,
  });
  return customers.map((customer) => customer.id);
}

/** Each customer's street, as the question about which property names it (nothing else of them). */
async function streetsOf(scope: TenantScope, ids: readonly string[]): Promise<Map<string, string>> {
  const rows = await scope.tx.customer.findMany({
    where: { id: { in: [...ids] } },
    select: { id: true, street: true },
  });
  return new Map(rows.map((row) => [row.id, row.street || "another property"]));
}

async function capReached(
  scope: TenantScope,
  customerId: string,
  settings: CustomerAssistantSettings,
  timeZone: string,
  now: Date,
): Promise<boolean> {
  const since = startOfDayInTimeZone(dayInTimeZone(now, timeZone), timeZone);
  const answered = await scope.tx.customerAssistantAction.count({
    where: { customerId, createdAt: { gte: since }, status: { not: "waiting" }, reply: { not: null } },
  });
  return answered >= settings.dailyCapPerCustomer;
}

/** The latest offer of times still open in the conversation. */
async function openOffer(scope: TenantScope, threadId: string, now: Date) {
  const offered = await scope.tx.customerAssistantAction.findFirst({
    where: { threadId, createdAt: { gte: new Date(now.getTime() - OPEN_QUESTION_MS) } },
    orderBy: { createdAt: "desc" },
    select: { status: true, offer: true, visitId: true },
  });
  if (offered?.status !== "offered") return null;
  const slots = z.array(offeredSlotSchema).safeParse(offered.offer);
  return slots.success && slots.data.length > 0 ? { slots: slots.data, visitId: offered.visitId } : null;
}

/** What to do with the customer's words: read them, look up what they ask, and answer as the settings allow. */
async function decide(conversation: Conversation, customerId: string, text: string): Promise<Decision> {
  const { scope, settings, company, now } = conversation;
  const { tx } = scope;
  const customer = await tx.customer.findUniqueOrThrow({ where: { id: customerId }, select: { name: true } });
  const first = firstNameOf(customer.name);
  const offer = await openOffer(scope, conversation.thread.id, now);
  const readingContext = { now, timeZone: company.timeZone, offered: offer?.slots.map((slot) => slot.label) };
  const read =
    (conversation.model ? await readWithModel(conversation.model, text, readingContext) : null) ??
    readCustomerMessage(text, readingContext);
  // Whoever read it, only a pick among times really offered, and a service in plain words, are taken.
  const reading =
    read.intent === "pick" && (!offer || read.option === null || read.option > offer.slots.length)
      ? { ...read, intent: "handoff" as const }
      : { ...read, service: plainWords(read.service) };
  const question = (intent: CustomerIntent, lookedUp: string, reply: string): Decision => ({
    intent,
    status: settings.onItsOwn.answerQuestions ? "answered" : "waiting",
    lookedUp,
    reply,
    send: settings.onItsOwn.answerQuestions,
  });
  switch (reading.intent) {
    case "next_visit": {
      const visit = await nextVisitOf(tx, customerId, now);
      if (!visit) return question("next_visit", "Next visit: none booked", answerWords.noVisit(first));
      const when = visitTimeWords(visit, company.timeZone);
      return {
        ...question(
          "next_visit",
          `Next visit: ${visit.jobTitle}, ${when}${visit.crewName ? `, ${visit.crewName}` : ""}`,
          answerWords.nextVisit(first, visit.jobTitle, when, visit.crewName),
        ),
        visitId: visit.id,
      };
    }
    case "balance":
    case "pay_link": {
      const invoices = await openInvoicesOf(tx, customerId);
      const lookedUp = invoicesLookedUp(invoices, company.timeZone);
      if (invoices.length === 0) return question(reading.intent, lookedUp, answerWords.nothingOwed(first));
      const said = answerWords.balance(first, totalOwed(invoices), invoices.length);
      if (!conversation.origin) return question(reading.intent, lookedUp, said);
      const links = await payLinksOf(tx, scope.companyId, invoices, conversation.origin);
      const reply = `${said} ${answerWords.payLinks(links)}`;
      const onItsOwn = settings.onItsOwn.sendPayLinks && settings.onItsOwn.answerQuestions;
      return { intent: reading.intent, status: onItsOwn ? "answered" : "waiting", lookedUp, reply, send: onItsOwn };
    }
    case "reschedule":
      return offerNewTimes(conversation, customerId, first, reading);
    case "pick": {
      const chosen = offer!.slots[reading.option! - 1]!;
      return {
        intent: "pick",
        status: "waiting",
        lookedUp: `Chose ${chosen.label} of the times offered`,
        reply: settings.onItsOwn.confirmReschedules ? null : answerWords.askingOffice(first, chosen.label),
        send: !settings.onItsOwn.confirmReschedules,
        visitId: offer!.visitId,
        chosen,
      };
    }
    case "skip": {
      const visit = await nextVisitOf(tx, customerId, now);
      const when = visit ? visitTimeWords(visit, company.timeZone) : null;
      return {
        intent: "skip",
        status: "waiting",
        lookedUp: visit ? `Next visit: ${visit.jobTitle}, ${when}` : "Next visit: none booked",
        reply: visit ? answerWords.skipRequested(first, when!) : answerWords.noVisitToMove(first),
        send: true,
        visitId: visit?.id ?? null,
      };
    }
    case "cancel_service":
      return {
        intent: "cancel_service",
        status: "waiting",
        lookedUp: "A request to cancel the service, for the office",
        reply: answerWords.cancelRequested(first),
        send: true,
      };
    case "quote": {
      const lead = await createCustomerLead(scope, {
        customerId,
        request: reading.service ? `Quote: ${reading.service}` : "Quote requested by the customer",
        source: conversation.channel === "email" ? "email" : "phone",
        notes: `In the customer's words: ${text.slice(0, 1000)}`,
      });
      return {
        intent: "quote",
        status: "answered",
        lookedUp: `Recorded lead ${lead.id.slice(0, 8)} for the office${reading.service ? `: ${reading.service}` : ""}`,
        reply: answerWords.quoteRequested(first, reading.service),
        send: true,
      };
    }
    case "handoff":
      return {
        intent: "handoff",
        status: "handed_off",
        lookedUp: "Nothing the assistant answers: for the office",
        reply: answerWords.handoff(company.name),
        send: settings.onItsOwn.answerQuestions && !(await answeredHandoffToday(conversation)),
      };
  }
}

/** A service named by the customer, repeated in the answer only as plain words (no link, no markup). */
function plainWords(service: string | null): string | null {
  if (!service) return null;
  const words = service.trim().slice(0, 60);
  return /^[\p{L}\p{N} '&/-]{2,60}$/u.test(words) && !/\b(?:https?|www)\b/i.test(words) ? words : null;
}

/** One "someone will reply" a day per conversation is enough. */
async function answeredHandoffToday(conversation: Conversation): Promise<boolean> {
  const { scope, company, now } = conversation;
  const since = startOfDayInTimeZone(dayInTimeZone(now, company.timeZone), company.timeZone);
  const sent = await scope.tx.customerAssistantAction.count({
    where: {
      threadId: conversation.thread.id,
      intent: "handoff",
      reply: { not: null },
      createdAt: { gte: since },
    },
  });
  return sent > 0;
}

async function offerNewTimes(
  conversation: Conversation,
  customerId: string,
  first: string,
  reading: ReturnType<typeof readCustomerMessage>,
): Promise<Decision> {
  const { scope, company, now } = conversation;
  const visit = await nextVisitOf(scope.tx, customerId, now);
  if (!visit) {
    return {
      intent: "reschedule",
      status: "handed_off",
      lookedUp: "Next visit: none booked",
      reply: answerWords.noVisitToMove(first),
      send: true,
    };
  }
  const lookedUpVisit = `Visit to move: ${visit.jobTitle}, ${visitTimeWords(visit, company.timeZone)}`;
  const slots = await offerTimes(scope.tx, {
    visitId: visit.id,
    currentStart: visit.start,
    day: reading.day,
    partOfDay: reading.partOfDay,
    hour: reading.time?.hour ?? null,
    timeZone: company.timeZone,
    now,
    osrmUrl: conversation.osrmUrl,
  });
  if (slots.length === 0) {
    return {
      intent: "reschedule",
      status: "waiting",
      lookedUp: `${lookedUpVisit}; no free time found${reading.day ? ` near ${reading.day}` : ""}`,
      reply: answerWords.noTimes(first),
      send: true,
      visitId: visit.id,
    };
  }
  return {
    intent: "reschedule",
    status: "offered",
    lookedUp: `${lookedUpVisit}; free: ${slots.map((slot) => slot.label).join("; ")}`,
    reply: answerWords.offer(first, slots),
    send: true,
    visitId: visit.id,
    offer: slots,
  };
}

/** Records the decision and sends its answer (once: keyed by the action), telling the inbox. */
async function finish(
  conversation: Conversation,
  decision: Decision,
  customerId: string | null,
  record: (decision: Decision, customerId: string | null, outboxMessageId?: string | null) => Promise<{ id: string }>,
): Promise<string | null> {
  const { scope } = conversation;
  // An answer not sent and not waiting for the office (a second "someone will reply" today) is no answer at all.
  const kept = decision.send || decision.status === "waiting" ? decision : { ...decision, reply: null };
  const action = await record(kept, customerId);
  if (decision.send && decision.reply) {
    const sent = await sendAssistantAnswer(conversation, { actionId: action.id, step: "answer" }, decision.reply);
    await scope.tx.customerAssistantAction.update({ where: { id: action.id }, data: sent });
  }
  scope.emit(messagesChanged([conversation.thread], { inbound: false }));
  const confirmsOnItsOwn =
    decision.intent === "pick" && decision.chosen && conversation.settings.onItsOwn.confirmReschedules;
  return confirmsOnItsOwn ? action.id : null;
}
