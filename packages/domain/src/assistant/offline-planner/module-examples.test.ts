import { describe, expect, it } from "vitest";
import { ASSISTANT_MODULE_IDS, MODULE_CATALOG } from "@fieldops/shared/modules";
import { planMessage } from "./plan-message.ts";
import { outcomeOf, plannerInput } from "./planner-test-fixtures.ts";

/**
 * Each module the assistant may propose says, in its catalog entry, what an office types for it: the offline planner
 * must read every such example as a proposal of that module. A new module is not done until its examples pass.
 */
const examples = ASSISTANT_MODULE_IDS.flatMap((moduleId) => {
  const assistant = MODULE_CATALOG[moduleId].assistant;
  return assistant === false ? [] : assistant.examples.map((example) => ({ moduleId, example }));
});

describe("the catalog's examples of each module", () => {
  it("cover every module the assistant may propose", () => {
    expect(new Set(examples.map((row) => row.moduleId))).toEqual(new Set(ASSISTANT_MODULE_IDS));
  });

  it.each(examples)("$moduleId: $example", async ({ moduleId, example }) => {
    const plan = await planMessage(plannerInput(example));
    expect(outcomeOf(plan)).toBe(`module:${moduleId}`);
  });

  it("are offered in the assistant's help", async () => {
    const plan = await planMessage(plannerInput("what can you do"));
    for (const moduleId of ASSISTANT_MODULE_IDS) {
      const assistant = MODULE_CATALOG[moduleId].assistant;
      if (assistant !== false) expect(plan.reply).toContain(assistant.help);
    }
  });
});
