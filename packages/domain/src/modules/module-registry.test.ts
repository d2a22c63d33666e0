import { describe, expect, it } from "vitest";
import { MODULE_IDS } from "@fieldops/shared/modules";
import { moduleDefinition } from "./module-registry.ts";

describe("the module registry", () => {
  it("finds the handlers of every module of the catalog in its <id>.module.ts file", () => {
    for (const id of MODULE_IDS) {
      expect(moduleDefinition(id).id).toBe(id);
      expect(typeof moduleDefinition(id).run).toBe("function");
    }
  });
});
