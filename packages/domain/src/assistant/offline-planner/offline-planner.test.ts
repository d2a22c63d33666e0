import { describe, expect, it } from "vitest";
import { NAVIGATE_TARGETS, OPEN_MODAL_TARGETS } from "@fieldops/shared/ui-actions";
import { planMessage } from "./plan-message.ts";
import { GOLDEN } from "./planner-golden.ts";
import { judgeRow } from "./planner-judge.ts";
import { plannerInput } from "./planner-test-fixtures.ts";

describe("the offline planner over the golden table", () => {
  it("holds at least 400 phrasings", () => {
    expect(GOLDEN.length).toBeGreaterThanOrEqual(400);
  });

  it.each(GOLDEN.map((row) => [row.message, row.expected, row.options?.role ?? "owner", row] as const))(
    "%j -> %s (%s)",
    async (_message, expected, _role, row) => {
      const { right, got, plan: result } = await judgeRow(row);
      // The bench's judgement, so the two cannot disagree; on a miss, what the planner gave instead.
      expect(right ? expected : got).toBe(expected);
      if (result.kind === "refuse" || result.kind === "clarify" || result.kind === "answer")
        expect(result).not.toHaveProperty("actions");
      for (const action of result.kind === "actions" ? result.actions : []) {
        if (action.type === "navigate") expect(NAVIGATE_TARGETS).toContain(action.target);
        if (action.type === "openModal") expect(OPEN_MODAL_TARGETS).toContain(action.target);
      }
    },
  );
});

describe("the planner's reads of the company's data", () => {
  it("asks each question once per message, however many rules read the same customer", async () => {
    // The terse rule finds the customer at the start, then scheduling reads the same words again.
    const input = plannerInput("acme water heater install thursday at 4 w/ crew b");
    const asked: string[] = [];
    const findCustomers = input.lookup.findCustomers;
    const plan = await planMessage({
      ...input,
      lookup: {
        ...input.lookup,
        findCustomers: (query) => {
          asked.push(query);
          return findCustomers(query);
        },
      },
    });
    expect(plan).toMatchObject({ kind: "confirm", proposal: { moduleId: "schedule-visit" } });
    expect(asked.length).toBeGreaterThan(0);
    expect(new Set(asked).size).toBe(asked.length);
  });
});
