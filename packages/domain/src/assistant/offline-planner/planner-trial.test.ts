import { describe, expect, it } from "vitest";
import { TRIAL_ENDED_MESSAGE } from "@fieldops/shared/plans";
import { planMessage } from "./plan-message.ts";
import { withinTrial } from "./planner-policy.ts";
import { outcomeOf, plannerInput } from "./planner-test-fixtures.ts";

const planLapsed = async (message: string) => withinTrial(await planMessage(plannerInput(message)), true);

describe("the planner for a company whose free trial has lapsed", () => {
  it.each([
    ["show me the overdue invoices", "read:listUnpaidInvoices"],
    ["what's on the schedule today?", "read:daySchedule"],
    ["take me to my jobs", "navigate:/jobs"],
    ["open settings", "navigate:/settings"],
    ["hello", "answer"],
  ])("answers %j as usual (%s)", async (message, outcome) => {
    expect(outcomeOf(await planLapsed(message))).toBe(outcome);
  });

  it.each([
    'create a job for Acme Plumbing: "Fix the sink"',
    "send payment reminders for past-due invoices",
    "connect quickbooks",
    "export customers",
  ])("answers %j, a change, with the trial message", async (message) => {
    expect(await planLapsed(message)).toEqual({ kind: "refuse", reply: TRIAL_ENDED_MESSAGE });
  });

  it("changes nothing for a company whose trial has not lapsed", async () => {
    const plan = await planMessage(plannerInput("connect quickbooks"));
    expect(withinTrial(plan, false)).toBe(plan);
    expect(outcomeOf(plan)).toBe("openModal:integrations.quickbooks");
  });
});
