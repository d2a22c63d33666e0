import { describe, expect, it } from "vitest";
import { ApiError } from "../../lib/api";
import { quoteRefusal } from "./assistant-provider";

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
