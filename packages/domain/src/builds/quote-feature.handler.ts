import { withTenant } from "@fieldops/db";
import { modelAllowedFor } from "../hipaa/manage-hipaa-mode.ts";
import type { TaskHandler } from "@fieldops/tasks/task-definition";
import { featureRequestSchema, featureSpecSchema, type FeatureSpec } from "@fieldops/shared/feature-spec";
import { DomainError } from "../errors.ts";
import { readBuildPricing } from "./build-pricing.ts";
import { parseFeatureRequest } from "./parse-feature-request.ts";
import { priceSpec } from "./price-spec.ts";
import type { quoteFeatureTask } from "./quote-feature.task.ts";
import { specWithModel } from "./spec-with-model.ts";

const QUOTE_FAILED = "Failed to generate quote. Please try again.";

/** A refined spec as it is; words through the model when one is configured (the parser if it fails), else the parser. */
async function specOf(
  request: unknown,
  model: Parameters<typeof specWithModel>[0] | null | undefined,
): Promise<{ spec: FeatureSpec; source: string }> {
  const refined = featureSpecSchema.safeParse(request);
  if (refined.success) return { spec: refined.data, source: "refined" };
  const { description } = featureRequestSchema.parse(request);
  if (model) {
    try {
      return { spec: await specWithModel(model, description), source: "model" };
    } catch {
      // The model's answer was unusable or it was unreachable: the parser still gives the owner a quote.
    }
  }
  return { spec: parseFeatureRequest(description), source: "parser" };
}

/**
 * Makes the quote of a proposal still being quoted: its spec, then its price from the platform's price list. The model
 * is asked outside any transaction; the result is stored only while the proposal still waits for it, so a second
 * delivery changes nothing. Words that describe nothing buildable fail the quote with the parser's reason.
 */
export const quoteFeature: TaskHandler<typeof quoteFeatureTask.schema> = async (
  { companyId, proposalId },
  { db, model, finalAttempt = true },
) => {
  const { proposal, modelAllowed } = await withTenant(db, companyId, async (tx) => ({
    proposal: await tx.buildProposal.findUnique({ where: { id: proposalId } }),
    // In HIPAA mode without a BAA with the model's provider, the request's words stay here: the parser quotes it.
    modelAllowed: await modelAllowedFor(tx, companyId),
  }));
  if (!proposal || proposal.status !== "quoting") return;
  let outcome: { spec: FeatureSpec; source: string } | { error: string };
  try {
    outcome = await specOf(proposal.request, modelAllowed ? model : null);
  } catch (error) {
    if (!(error instanceof DomainError) && !finalAttempt) throw error;
    outcome = { error: error instanceof DomainError ? error.message : QUOTE_FAILED };
  }
  await withTenant(db, companyId, async (tx) => {
    if ("error" in outcome) {
      await tx.buildProposal.updateMany({
        where: { id: proposalId, status: "quoting" },
        data: { status: "failed", error: outcome.error },
      });
      return;
    }
    const { pricing } = await readBuildPricing(tx);
    const quote = priceSpec(outcome.spec, pricing);
    await tx.buildProposal.updateMany({
      where: { id: proposalId, status: "quoting" },
      data: {
        status: "quoted",
        spec: outcome.spec,
        specSource: outcome.source,
        priceCents: Math.round(quote.priceUsd * 100),
        etaMinutes: quote.etaMinutes,
        risk: quote.risk,
      },
    });
  });
};
