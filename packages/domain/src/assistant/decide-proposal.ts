import { uiActionSchema } from "@fieldops/shared/ui-actions";
import { notFound } from "../errors.ts";
import type { EmitAssistantEvents } from "./assistant-run.ts";
import {
  UUID,
  assertAssistantAllowed,
  inTenant,
  type AssistantDeps,
  type AssistantUser,
} from "./assistant-turn-context.ts";
import { claimRequest } from "./assistant-request-claims.ts";
import { findOwnConversation } from "./conversation-store.ts";
import { performRun, type RunLog, type TurnOutcome } from "./perform-run.ts";

export type DecideProposalInput = {
  requestId: string;
  conversationId: string;
  proposalId: string;
  decision: "confirm" | "cancel";
};

type Decided =
  | { outcome: "confirmed"; summary: string; action: unknown }
  | { outcome: "cancelled" }
  | { outcome: "already"; status: string };

const ALREADY: Record<string, string> = {
  confirmed: "That proposal was already confirmed; it runs only once.",
  cancelled: "That proposal was already cancelled. Ask me again if you want it after all.",
  expired: "That proposal has expired. Ask me again if you still want it.",
};

/**
 * The user's decision on a proposal of theirs. Confirming sends its executeModule action exactly once (the pending
 * proposal is taken in one update, so a second confirmation, or one after the expiry, sends nothing); cancelling
 * answers in words. A company without the assistant's plan feature, or whose trial has lapsed, is refused.
 */
export async function decideProposal(
  deps: AssistantDeps,
  user: AssistantUser,
  input: DecideProposalInput,
  emit: EmitAssistantEvents,
  log?: RunLog,
): Promise<TurnOutcome> {
  await assertAssistantAllowed(deps, user, { change: true });
  const now = deps.now?.() ?? new Date();
  const decided = await inTenant(deps, user.companyId, async (tx): Promise<Decided | null> => {
    if (!(await claimRequest(tx, user, input.requestId))) return null;
    await findOwnConversation(tx, user, input.conversationId);
    const where = { id: input.proposalId, userId: user.id, conversationId: input.conversationId };
    const proposal = UUID.test(input.proposalId) ? await tx.assistantProposal.findFirst({ where }) : null;
    if (!proposal) throw notFound("Proposal not found");
    const status = input.decision === "confirm" ? "confirmed" : "cancelled";
    const taken = await tx.assistantProposal.updateMany({
      where: { ...where, status: "pending", expiresAt: { gt: now } },
      data: { status, decidedAt: now },
    });
    if (taken.count === 0) {
      if (proposal.status === "pending")
        await tx.assistantProposal.updateMany({ where: { ...where, status: "pending" }, data: { status: "expired" } });
      return { outcome: "already", status: proposal.status === "pending" ? "expired" : proposal.status };
    }
    return status === "confirmed"
      ? { outcome: "confirmed", summary: proposal.summary, action: proposal.action }
      : { outcome: "cancelled" };
  });
  if (decided === null) return { status: "duplicate" };

  return performRun(
    deps,
    user,
    input.conversationId,
    emit,
    async (run) => {
      if (decided.outcome === "confirmed") {
        await run.proposalDecided({ proposalId: input.proposalId, decision: "confirm" });
        await run.say(`Running it now: ${decided.summary}`);
        const action = uiActionSchema.parse(decided.action);
        await run.uiAction({ ...action, params: { ...action.params, proposalId: input.proposalId } });
      } else if (decided.outcome === "cancelled") {
        await run.proposalDecided({ proposalId: input.proposalId, decision: "cancel" });
        await run.say("Cancelled. Nothing was changed.");
      } else {
        await run.say(ALREADY[decided.status] ?? ALREADY.expired!);
      }
    },
    log,
  );
}
