import { describe, expect, it } from "vitest";
import { ApiError } from "../../lib/api";
import { quoteRefusal, runResult } from "./assistant-provider";

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

describe("quoteRefusal", () => {
  it("is the server's reason for a request it cannot quote, and nothing for a failure of the call", () => {
    const refused = new ApiError(
      400,
      "Bad Request",
      JSON.stringify({ message: "Say what to keep track of", field: "spec" }),
    );
    expect(quoteRefusal(refused)).toBe("Say what to keep track of");
    expect(
      quoteRefusal(new ApiError(503, "Unavailable", JSON.stringify({ message: "Failed to generate quote" }))),
    ).toBeNull();
    expect(quoteRefusal(new TypeError("Failed to fetch"))).toBeNull();
  });
});
