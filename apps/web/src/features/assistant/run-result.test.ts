import { describe, expect, it } from "vitest";
import { runResult } from "./assistant-provider";

describe("a module run's update as the chat shows it", () => {
  it("tells the requester why an approver denied their request", () => {
    expect(
      runResult({
        runId: "r1",
        moduleId: "export-customers",
        status: "denied",
        success: false,
        error: "Denied: We don't export customer lists this month",
      }),
    ).toEqual({ success: false, error: "Denied: We don't export customer lists this month" });
  });

  it("says who denied it when the update carries no words", () => {
    expect(runResult({ runId: "r1", moduleId: "export-customers", status: "denied", success: false })).toEqual({
      success: false,
      error: "Denied by an administrator",
    });
  });
});
