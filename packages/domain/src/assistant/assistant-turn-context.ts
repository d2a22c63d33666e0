import pLimit from "p-limit";
import type { Redis } from "ioredis";
import { withTenant, type Database, type Prisma, type TenantTransaction } from "@fieldops/db";
import { randomUUID } from "node:crypto";
import type { AssistantContext, ModuleProposal, ReadToolCall } from "@fieldops/shared/assistant";
import { ASSISTANT_PLAN_FEATURE, type Answerer } from "@fieldops/shared/chat";
import { trialState, type PlanFeature } from "@fieldops/shared/plans";
import type { Role } from "@fieldops/shared/roles";
import { notFound } from "../errors.ts";
import { assertCompanyWritable } from "../plans/assert-company-writable.ts";
import { readCompanyFeatures } from "../plans/company-features.ts";
import { requirePlanFeature } from "../plans/require-plan-feature.ts";
import { AssistantRun, type EmitAssistantEvents } from "./assistant-run.ts";
import type { AssistantModelConfig } from "./model-config.ts";

/** Who talks to the assistant. */
export interface AssistantUser {
  id: string;
  companyId: string;
  role: Role;
}

export interface AssistantDeps {
  db: Database;
  /** Claims of request ids, so that a message sent again is answered once. */
  redis: Redis;
  /** A configured model answers; without one, the offline planner does. */
  model: AssistantModelConfig | null;
  now?: () => Date;
}

/**
 * At most this many of the assistant's transactions run at once in a process; the others wait here rather than for a
 * pooled connection, which Prisma gives up on after two seconds (50 users sending at once would exceed it).
 */
const ASSISTANT_TRANSACTIONS = 6;
const transactions = pLimit(ASSISTANT_TRANSACTIONS);

/** `work` in a transaction bound to the user's company, one of the assistant's limited share of connections. */
export function inTenant<T>(
  deps: Pick<AssistantDeps, "db">,
  companyId: string,
  work: (tx: TenantTransaction) => Promise<T>,
): Promise<T> {
  return transactions(() => withTenant(deps.db, companyId, work));
}

/**
 * The assistant is a plan feature (AI chat): a company whose plan, with the switches platform administrators set,
 * lacks it is refused (403, naming the plan that has it) before anything is stored or run. `change` also refuses
 * (402) a company whose trial has lapsed, for a turn that changes data (a proposal's decision); a question is not one.
 */
export function assertAssistantAllowed(
  deps: Pick<AssistantDeps, "db">,
  user: AssistantUser,
  options: { change: boolean },
): Promise<void> {
  return inTenant(deps, user.companyId, async (tx) => {
    await requirePlanFeature(tx, ASSISTANT_PLAN_FEATURE);
    if (options.change) await assertCompanyWritable(tx);
  });
}

/** How long a proposal waits for its user's decision. */
export const PROPOSAL_TTL_MS = 15 * 60_000;

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function answererOf(deps: AssistantDeps): Answerer {
  return deps.model ? { kind: "model", model: deps.model.model } : { kind: "offline_planner" };
}

/**
 * Claims the request id for the user: false when it was claimed before, so a message sent again (after a reconnect)
 * never runs the assistant twice. In the caller's transaction, so a refused request does not hold its id.
 */
export async function claimRequest(tx: TenantTransaction, user: AssistantUser, requestId: string): Promise<boolean> {
  const claimed = await tx.assistantRequest.createMany({
    data: [{ companyId: user.companyId, userId: user.id, requestId }],
    skipDuplicates: true,
  });
  return claimed.count === 1;
}

/** How long a claimed request id is remembered in Redis: far longer than any reconnect resends a message. */
const REQUEST_CLAIM_SECONDS = 24 * 60 * 60;
const requestClaimKey = (userId: string, requestId: string) => `assistant-request:${userId}:${requestId}`;

/**
 * Claims the request id for the user in Redis before anything is answered: false when it was claimed before. The
 * turn's transaction claims it again in PostgreSQL (`claimRequest`), the lasting record.
 */
export async function claimRequestFast(
  redis: Redis,
  user: Pick<AssistantUser, "id">,
  requestId: string,
): Promise<boolean> {
  return (await redis.set(requestClaimKey(user.id, requestId), "1", "EX", REQUEST_CLAIM_SECONDS, "NX")) === "OK";
}

/** Gives a claimed request id back, when the turn was refused before it answered anything. */
export async function releaseRequestClaim(
  redis: Redis,
  user: Pick<AssistantUser, "id">,
  requestId: string,
): Promise<void> {
  await redis.del(requestClaimKey(user.id, requestId));
}

/**
 * Conversations whose owner this process has seen (a conversation never changes hands), so that a message in one
 * need not wait for the database to learn it is the sender's. The oldest are forgotten past the limit.
 */
const KNOWN_OWNERS_LIMIT = 10_000;
const knownOwners = new Map<string, string>();

export function rememberConversationOwner(conversationId: string, userId: string): void {
  knownOwners.delete(conversationId);
  knownOwners.set(conversationId, userId);
  if (knownOwners.size > KNOWN_OWNERS_LIMIT) knownOwners.delete(knownOwners.keys().next().value!);
}

/** The user's own conversation; another user's does not exist for them. */
export async function findOwnConversation(
  tx: TenantTransaction,
  user: Pick<AssistantUser, "id">,
  conversationId: string,
) {
  const conversation = UUID.test(conversationId)
    ? await tx.assistantConversation.findFirst({ where: { id: conversationId, userId: user.id } })
    : null;
  if (!conversation) throw notFound("Conversation not found");
  rememberConversationOwner(conversation.id, user.id);
  return conversation;
}

/** Refuses a conversation that is not the user's, asking the database only when this process has not seen it. */
export async function checkOwnConversation(
  deps: Pick<AssistantDeps, "db">,
  user: AssistantUser,
  conversationId: string,
): Promise<void> {
  if (knownOwners.get(conversationId) === user.id) return;
  await inTenant(deps, user.companyId, (tx) => findOwnConversation(tx, user, conversationId));
}

/**
 * What shapes the assistant's answers: the company's plan features, its time zone, and whether its free trial has
 * lapsed (`readOnly`: it may still ask questions, while whatever would change data is answered with the trial message).
 */
export type CompanyFacts = { features: readonly PlanFeature[]; timeZone: string; readOnly: boolean };

export async function companyFacts(tx: TenantTransaction): Promise<CompanyFacts> {
  const company = await tx.company.findFirstOrThrow({ select: { timeZone: true, trialEndsAt: true } });
  return {
    features: await readCompanyFeatures(tx),
    timeZone: company.timeZone,
    readOnly: trialState(company.trialEndsAt) === "ended",
  };
}

/**
 * How long the planner may use a company's plan and time zone read earlier. They only shape what it offers: every
 * read and module checks the plan again when it runs.
 */
const COMPANY_FACTS_TTL_MS = 5_000;
const recentFacts = new Map<string, { readAt: number; facts: Promise<CompanyFacts> }>();

/** The company's facts, read at most once per few seconds per process, so that a message need not wait for them. */
export function recentCompanyFacts(deps: Pick<AssistantDeps, "db">, companyId: string): Promise<CompanyFacts> {
  const now = Date.now();
  const known = recentFacts.get(companyId);
  if (known && now - known.readAt < COMPANY_FACTS_TTL_MS) return known.facts;
  const facts = inTenant(deps, companyId, companyFacts);
  recentFacts.set(companyId, { readAt: now, facts });
  facts.catch(() => recentFacts.delete(companyId));
  return facts;
}

export type ChatSendInput = {
  requestId: string;
  conversationId: string | null;
  text: string;
  context: AssistantContext;
  /** A card's button asks for this read by ids; then the text is only its label (see `chat.send`). */
  read?: ReadToolCall | undefined;
};

/** Where a failed run is reported (the API passes its logger). */
export type RunLog = { error(details: object, message: string): void };

export type TurnOutcome = { status: "ran"; conversationId: string; runId: string } | { status: "duplicate" };

export const RUN_FAILED_MESSAGE = "The assistant could not answer. Try again in a moment.";

/** What a run stores once it has answered: by default its answer; a turn that stored nothing yet stores its question too. */
export type StoreRun = (tx: TenantTransaction, run: AssistantRun) => Promise<void>;

/**
 * Runs `answer` as one AG-UI run of the conversation: started (with who answers), then the answer, stored with its
 * events, then finished; a failure ends the run with RUN_ERROR and a message that tells nothing of its cause.
 */
export async function performRun(
  deps: AssistantDeps,
  user: AssistantUser,
  conversationId: string,
  emit: EmitAssistantEvents,
  answer: (run: AssistantRun) => Promise<void>,
  log?: RunLog,
  store: StoreRun = (tx, run) => storeAnswer(tx, user, run),
): Promise<TurnOutcome> {
  const run = new AssistantRun(conversationId, emit);
  try {
    await run.start(answererOf(deps));
    await answer(run);
    await run.endText();
    await inTenant(deps, user.companyId, (tx) => store(tx, run));
    await run.finish();
  } catch (error) {
    log?.error({ err: error, runId: run.runId }, "assistant run failed");
    await run.fail(RUN_FAILED_MESSAGE).catch(() => undefined);
  }
  return { status: "ran", conversationId, runId: run.runId };
}

/** Stores the assistant's side of a run, its AG-UI events included, so that a reloaded chat shows the same run. */
export async function storeAnswer(tx: TenantTransaction, user: AssistantUser, run: AssistantRun): Promise<void> {
  await tx.assistantMessage.create({
    data: {
      companyId: user.companyId,
      conversationId: run.conversationId,
      role: "assistant",
      text: run.storedText(),
      runId: run.runId,
      events: run.events as unknown as Prisma.InputJsonValue,
    },
  });
  await tx.assistantConversation.update({ where: { id: run.conversationId }, data: { updatedAt: new Date() } });
}

/** Stores a proposal bound to its user, conversation, module and parameters, with an expiry; its id. */
export async function storeProposal(
  tx: TenantTransaction,
  input: { user: AssistantUser; conversationId: string; proposal: ModuleProposal; now: Date },
): Promise<string> {
  const id = randomUUID();
  const { proposal } = input;
  await tx.assistantProposal.create({
    data: {
      id,
      companyId: input.user.companyId,
      userId: input.user.id,
      conversationId: input.conversationId,
      moduleId: proposal.moduleId,
      params: proposal.params as Prisma.InputJsonValue,
      summary: proposal.summary,
      action: proposal.action as Prisma.InputJsonValue,
      expiresAt: new Date(input.now.getTime() + PROPOSAL_TTL_MS),
    },
  });
  return id;
}
