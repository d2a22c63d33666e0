import type { TenantTransaction } from "@fieldops/db";
import type { AssistantContext, AssistantPlan, ReadToolCall } from "@fieldops/shared/assistant";
import type { AssistantCard } from "@fieldops/shared/chat";
import type { AssistantRun } from "./assistant-run.ts";
import { companyFacts, type CompanyFacts } from "./company-facts.ts";
import { storeProposal } from "./conversation-store.ts";
import { type AssistantUser } from "./assistant-turn-context.ts";
import { createPlannerLookup } from "./create-planner-lookup.ts";
import { planMessage } from "./offline-planner/plan-message.ts";
import { withinTrial } from "./offline-planner/planner-policy.ts";
import type { PlannerLookup } from "./offline-planner/planner-input.ts";
import { readRefusal, runReadTool } from "./run-read-tool.ts";

type Planned = {
  plan: AssistantPlan;
  cards: AssistantCard[];
  proposalId: string | null;
  /** The company's time zone, for a proposal's times. */
  timeZone?: string;
};

/**
 * The offline planner's plan for the message, with its reads run and its proposal stored, in the user's tenant and
 * role (a company whose trial has lapsed gets no proposal: the trial message instead). The text of the company's data only ever fills in cards: nothing in it becomes an action.
 */
export async function planOffline(
  tx: TenantTransaction,
  input: { user: AssistantUser; conversationId: string; message: string; context: AssistantContext; now: Date },
): Promise<Planned> {
  const { user, now } = input;
  const { features, timeZone, readOnly } = await companyFacts(tx);
  const plan = withinTrial(
    await planMessage({
      message: input.message,
      role: user.role,
      features,
      context: input.context,
      now,
      timeZone,
      lookup: createPlannerLookup(tx, { now, timeZone }, { role: user.role }),
    }),
    readOnly,
  );
  const cards: AssistantCard[] = [];
  if (plan.kind === "read") {
    for (const call of plan.reads)
      cards.push(await runReadTool(tx, call, { actor: { userId: user.id, role: user.role }, features, now, timeZone }));
  }
  const proposalId =
    plan.kind === "confirm"
      ? await storeProposal(tx, { user, conversationId: input.conversationId, proposal: plan.proposal, now })
      : null;
  return { plan, cards, proposalId, timeZone };
}

/**
 * The answer to a card's button: the read it asked for, by ids, run as it is in the user's tenant and role (refused in
 * words when they may not). Nothing is planned from the message's text, which is only the button's label.
 */
export async function planRequestedRead(
  tx: TenantTransaction,
  input: { user: AssistantUser; read: ReadToolCall; now: Date },
): Promise<Planned> {
  const { user, read, now } = input;
  const { features, timeZone } = await companyFacts(tx);
  const scope = { actor: { userId: user.id, role: user.role }, features, now, timeZone };
  const refusal = readRefusal(read, scope);
  if (refusal) return { plan: refusal, cards: [], proposalId: null };
  const card = await runReadTool(tx, read, scope);
  return { plan: { kind: "read", reply: "Here you are.", reads: [read] }, cards: [card], proposalId: null };
}

class NeedsCompanyData extends Error {}

const needsCompanyData = (): Promise<never> => Promise.reject(new NeedsCompanyData());
const noLookup: PlannerLookup = {
  findCustomers: needsCompanyData,
  customerById: needsCompanyData,
  listCrews: needsCompanyData,
  findJobs: needsCompanyData,
  upcomingVisits: needsCompanyData,
  invoiceByNumber: needsCompanyData,
  openInvoices: needsCompanyData,
  countPastDueInvoices: needsCompanyData,
  count: needsCompanyData,
  topCustomers: needsCompanyData,
  customerMoney: needsCompanyData,
  previewBatchInvoice: needsCompanyData,
  listCustomObjects: needsCompanyData,
};

/**
 * The offline planner's plan when it needs none of the company's data (no lookup, no read, no proposal to store):
 * going somewhere, opening something, asking back or refusing. Null when it does.
 */
export async function planWithoutData(input: {
  user: AssistantUser;
  message: string;
  context: AssistantContext;
  now: Date;
  facts: CompanyFacts;
}): Promise<AssistantPlan | null> {
  const { user, facts, now } = input;
  try {
    const plan = await planMessage({
      message: input.message,
      role: user.role,
      features: facts.features,
      context: input.context,
      now,
      timeZone: facts.timeZone,
      lookup: noLookup,
    });
    return plan.kind === "read" || plan.kind === "confirm" ? null : withinTrial(plan, facts.readOnly);
  } catch (error) {
    if (error instanceof NeedsCompanyData) return null;
    throw error;
  }
}

/** The plan as AG-UI events: its reply, then its UI actions, read results or proposal. */
export async function emitPlan(run: AssistantRun, { plan, cards, proposalId, timeZone }: Planned): Promise<void> {
  await run.say(plan.reply);
  switch (plan.kind) {
    case "actions":
      for (const action of plan.actions) await run.uiAction(action);
      return;
    case "read":
      for (const [index, call] of plan.reads.entries()) {
        const { tool, ...args } = call;
        await run.readResult(tool, args, cards[index]!);
      }
      return;
    case "confirm": {
      const { action: _action, ...proposal } = plan.proposal;
      await run.proposal({ ...proposal, proposalId: proposalId!, ...(timeZone ? { timeZone } : {}) });
      return;
    }
    default:
      return;
  }
}
