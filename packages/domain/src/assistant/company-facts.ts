import type { TenantTransaction } from "@fieldops/db";
import { trialState, type PlanFeature } from "@fieldops/shared/plans";
import { readCompanyFeatures } from "../plans/company-features.ts";
import { inTenant, type AssistantDeps } from "./assistant-turn-context.ts";

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
