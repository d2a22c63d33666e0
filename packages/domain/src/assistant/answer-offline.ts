import { randomUUID } from "node:crypto";
import type { Prisma, TenantTransaction } from "@fieldops/db";
import type { AssistantContext, AssistantPlan } from "@fieldops/shared/assistant";
import type { AssistantCard } from "@fieldops/shared/chat";
import type { AssistantRun } from "./assistant-run.ts";
import { PROPOSAL_TTL_MS, companyFacts, type AssistantUser } from "./assistant-turn-context.ts";
import { createPlannerLookup } from "./create-planner-lookup.ts";
import { planMessage } from "./offline-planner/plan-message.ts";
import { runReadTool } from "./run-read-tool.ts";

type Planned = { plan: AssistantPlan; cards: AssistantCard[]; proposalId: string | null };

/**
 * The offline planner's plan for the message, with its reads run and its proposal stored, in the user's tenant and
 * role. The text of the company's data only ever fills in cards: nothing in it becomes an action.
 */
export async function planOffline(
  tx: TenantTransaction,
  input: { user: AssistantUser; conversationId: string; message: string; context: AssistantContext; now: Date },
): Promise<Planned> {
  const { user, now } = input;
  const { features, timeZone } = await companyFacts(tx);
  const plan = await planMessage({
    message: input.message,
    role: user.role,
    features,
    context: input.context,
    now,
    timeZone,
    lookup: createPlannerLookup(tx, { now, timeZone }),
  });
  const cards: AssistantCard[] = [];
  if (plan.kind === "read") {
    for (const call of plan.reads) cards.push(await runReadTool(tx, call, { actor: { userId: user.id, role: user.role }, features, now, timeZone }));
  }
  let proposalId: string | null = null;
  if (plan.kind === "confirm") {
    proposalId = randomUUID();
    await tx.assistantProposal.create({
      data: {
        id: proposalId,
        companyId: user.companyId,
        userId: user.id,
        conversationId: input.conversationId,
        moduleId: plan.proposal.moduleId,
        params: plan.proposal.params as Prisma.InputJsonValue,
        summary: plan.proposal.summary,
        action: plan.proposal.action as Prisma.InputJsonValue,
        expiresAt: new Date(now.getTime() + PROPOSAL_TTL_MS),
      },
    });
  }
  return { plan, cards, proposalId };
}

/** The plan as AG-UI events: its reply, then its UI actions, read results or proposal. */
export async function emitPlan(run: AssistantRun, { plan, cards, proposalId }: Planned): Promise<void> {
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
      await run.proposal({ ...proposal, proposalId: proposalId! });
      return;
    }
    default:
      return;
  }
}
