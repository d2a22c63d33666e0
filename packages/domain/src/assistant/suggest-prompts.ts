import { ASSISTANT_PLAN_FEATURE } from "@fieldops/shared/chat";
import { addDays, dayInTimeZone, startOfDayInTimeZone } from "@fieldops/shared/company-time";
import { requirePlanFeature } from "../plans/require-plan-feature.ts";
import type { TenantScope, UserActor } from "../tenant-scope.ts";
import { companyFacts } from "./company-facts.ts";
import { createPlannerLookup } from "./create-planner-lookup.ts";
import { CAPABILITIES, refusalFor, type AssistantAbility } from "./offline-planner/planner-policy.ts";

export type Suggestion = { label: string; prompt: string };

const MAX_SUGGESTIONS = 6;
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * Prompts for an empty chat that fit the company's state now (invoices past due, unassigned visits tomorrow, no jobs
 * yet) and what the user's role and plan allow, most pressing first; no changes once the company's trial has lapsed.
 * Each is a phrasing the offline planner answers. Refused (403) without the assistant's plan feature.
 */
export async function suggestPrompts(
  { tx, actor }: Pick<TenantScope<UserActor>, "tx" | "actor">,
  input: { now: Date },
): Promise<Suggestion[]> {
  await requirePlanFeature(tx, ASSISTANT_PLAN_FEATURE);
  const { features, timeZone, readOnly } = await companyFacts(tx);
  const may = (capability: AssistantAbility) => refusalFor(capability, actor.role, features) === null;
  const mayChange = (capability: AssistantAbility) => !readOnly && may(capability);
  const today = dayInTimeZone(input.now, timeZone);
  const tomorrowStart = startOfDayInTimeZone(addDays(today, 1), timeZone);
  const dayAfter = startOfDayInTimeZone(addDays(today, 2), timeZone);
  const [pastDue, unassignedTomorrow, jobs, visitsToday] = await Promise.all([
    may(CAPABILITIES.seeInvoices)
      ? createPlannerLookup(tx, { now: input.now, timeZone }, { role: actor.role }).countPastDueInvoices()
      : 0,
    tx.visit.count({ where: { crewId: null, scheduledStart: { gte: tomorrowStart, lt: dayAfter } } }),
    tx.job.count({ take: 1 }),
    tx.visit.count({ where: { scheduledStart: { gte: startOfDayInTimeZone(today, timeZone), lt: tomorrowStart } } }),
  ]);
  const suggestions: Suggestion[] = [];
  const add = (allowed: boolean, label: string, prompt: string) => allowed && suggestions.push({ label, prompt });
  add(pastDue > 0, `${plural(pastDue, "invoice", "invoices")} past due`, "Show me the past-due invoices");
  add(
    pastDue > 0 && mayChange(CAPABILITIES.sendReminders),
    "Remind customers who owe",
    "Send payment reminders for past-due invoices",
  );
  add(
    unassignedTomorrow > 0 && may(CAPABILITIES.seeSchedule),
    `${plural(unassignedTomorrow, "unassigned visit", "unassigned visits")} tomorrow`,
    "Show tomorrow's schedule",
  );
  add(jobs === 0 && mayChange(CAPABILITIES.createJob), "No jobs yet: create the first", "Create a new job");
  add(visitsToday > 0, `${plural(visitsToday, "visit", "visits")} today`, "What's on the schedule today?");
  add(may(CAPABILITIES.seeRevenue), "Revenue this month", "What's our revenue this month?");
  add(mayChange(CAPABILITIES.connectQuickbooks), "Connect QuickBooks", "Connect QuickBooks");
  add(true, "Open jobs", "Take me to my jobs");
  return suggestions.slice(0, MAX_SUGGESTIONS);
}
