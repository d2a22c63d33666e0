import { describe, expect, it } from "vitest";
import { hashModuleParams } from "./params-hash.ts";

describe("a module run's parameter hash", () => {
  it("is the same whatever the order of the keys", () => {
    expect(hashModuleParams("create-job", { customerId: "a", title: "b" })).toBe(
      hashModuleParams("create-job", { title: "b", customerId: "a" }),
    );
  });

  it("changes with any value, and with the module", () => {
    const base = hashModuleParams("create-job", { customerId: "a", title: "b" });
    expect(hashModuleParams("create-job", { customerId: "a", title: "c" })).not.toBe(base);
    expect(hashModuleParams("schedule-visit", { customerId: "a", title: "b" })).not.toBe(base);
    expect(hashModuleParams("create-job", { customerId: "a", title: "b", extra: 1 })).not.toBe(base);
  });
});
