import { setTimeout as sleep } from "node:timers/promises";
import { withTenant, type Database } from "@fieldops/db";
import type { TaskQueues } from "@fieldops/tasks/enqueue";
import { CONSENT_TOKEN_TTL_MS, type QuoteRequest, type QuoteResponse } from "@fieldops/shared/builds";
import { featureSpecSchema } from "@fieldops/shared/feature-spec";
import { conflict, forbidden, invalidInput, notFound, unavailable } from "../errors.ts";
import type { TenantScope, UserActor } from "../tenant-scope.ts";
import { signConsentToken } from "./consent-token.ts";
import { quoteFeatureTask } from "./quote-feature.task.ts";

/** How long a request waits for its quote job before answering that it could not quote. */
export const QUOTE_WAIT_MS = 60_000;
/** Refining has a bound: past it, a new request starts a new session. */
export const MAX_QUOTES_PER_SESSION = 50;
const POLL_MS = 25;

/**
 * Stores a quote request in its build session (made on first use, the asking user's own) for the quote job. A session
 * of another user is refused; one of another company is not found.
 */
export async function createQuoteRequest(
  { tx, companyId, actor }: TenantScope<UserActor>,
  input: { sessionId: string; request: QuoteRequest },
): Promise<{ proposalId: string }> {
  await tx.buildSession.createMany({
    data: [{ id: input.sessionId, companyId, userId: actor.userId }],
    skipDuplicates: true,
  });
  const session = await tx.buildSession.findUnique({ where: { id: input.sessionId } });
  if (!session) throw notFound("Build session not found");
  if (session.userId !== actor.userId) throw forbidden("This build session is someone else's");
  if ((await tx.buildProposal.count({ where: { sessionId: session.id } })) >= MAX_QUOTES_PER_SESSION) {
    throw conflict("This request has been quoted too many times: ask the assistant again to start over");
  }
  const proposal = await tx.buildProposal.create({
    data: {
      companyId,
      sessionId: input.sessionId,
      requestedByUserId: actor.userId,
      request: input.request.spec,
    },
  });
  return { proposalId: proposal.id };
}

export interface QuoteDeps {
  db: Database;
  queues: TaskQueues;
  consentKey: Buffer;
}

/**
 * Hands a stored request to the quote job and waits for its answer, then issues the consent token of that quote: signed,
 * bound to the proposal and the user who asked, and good until its expiry (once: the build marks it used).
 */
export async function quoteFeatureRequest(
  deps: QuoteDeps,
  input: { companyId: string; userId: string; proposalId: string; waitMs?: number },
): Promise<QuoteResponse> {
  await deps.queues.enqueue(
    quoteFeatureTask,
    { companyId: input.companyId, proposalId: input.proposalId },
    input.proposalId,
  );
  const deadline = Date.now() + (input.waitMs ?? QUOTE_WAIT_MS);
  for (;;) {
    const answered = await withTenant(deps.db, input.companyId, async (tx) => {
      const proposal = await tx.buildProposal.findUnique({ where: { id: input.proposalId } });
      if (!proposal) throw notFound("Quote not found");
      if (proposal.status === "quoting") return null;
      if (proposal.status === "failed")
        throw invalidInput(proposal.error ?? "Failed to generate quote. Please try again.", "spec");
      const expiresAt = new Date(Date.now() + CONSENT_TOKEN_TTL_MS);
      await tx.buildProposal.update({ where: { id: proposal.id }, data: { consentExpiresAt: expiresAt } });
      return {
        proposalId: proposal.id,
        sessionId: proposal.sessionId,
        quote: { priceUsd: proposal.priceCents! / 100, etaMinutes: proposal.etaMinutes!, risk: proposal.risk! },
        spec: featureSpecSchema.parse(proposal.spec),
        specSource: proposal.specSource ?? "parser",
        consentToken: signConsentToken(deps.consentKey, {
          proposalId: proposal.id,
          userId: input.userId,
          companyId: input.companyId,
          expiresAt,
        }),
      };
    });
    if (answered) return answered;
    if (Date.now() > deadline) throw unavailable("Failed to generate quote. Please try again.", 5);
    await sleep(POLL_MS);
  }
}
