import pLimit from "p-limit";
import { modelAllowedFor } from "../hipaa/manage-hipaa-mode.ts";
import type { Redis } from "ioredis";
import { withTenant, type Database, type TenantTransaction } from "@fieldops/db";
import { ASSISTANT_PLAN_FEATURE, type Answerer } from "@fieldops/shared/chat";
import type { Role } from "@fieldops/shared/roles";
import { assertCompanyWritable } from "../plans/assert-company-writable.ts";
import { requirePlanFeature } from "../plans/require-plan-feature.ts";
import type { AssistantModelConfig } from "./model-config.ts";

/*
 * What every turn of the assistant shares: who asks, the dependencies, the tenant's limited transactions and the plan
 * check. The turn's other parts have their own files: request claims (`assistant-request-claims.ts`), the conversation
 * store (`conversation-store.ts`), the company's facts (`company-facts.ts`) and the run (`perform-run.ts`).
 */

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

/**
 * Admits a question turn (see `assertAssistantAllowed`) and answers the deps it may use, in one transaction: in HIPAA
 * mode without a BAA recorded with the model's provider, no model (the offline planner answers, and no company data
 * leaves the product).
 */
export async function admitQuestionTurn<D extends Pick<AssistantDeps, "db" | "model">>(
  deps: D,
  user: Pick<AssistantUser, "companyId">,
): Promise<D> {
  const modelAllowed = await inTenant(deps, user.companyId, async (tx) => {
    await requirePlanFeature(tx, ASSISTANT_PLAN_FEATURE);
    return deps.model ? modelAllowedFor(tx, user.companyId) : true;
  });
  return modelAllowed ? deps : { ...deps, model: null };
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function answererOf(deps: AssistantDeps): Answerer {
  return deps.model ? { kind: "model", model: deps.model.model } : { kind: "offline_planner" };
}
