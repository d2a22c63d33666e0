import { describe, expect, it } from "vitest";
import { ApiError } from "./api";
import { apiErrorMessage, apiFieldError, isStaleVersion, REQUEST_FAILED } from "./api-error";

describe("apiErrorMessage", () => {
  it("tells the server's message when it sent one", () => {
    const error = new ApiError(409, "Conflict", JSON.stringify({ message: "That slug is taken", field: "slug" }));
    expect(apiErrorMessage(error, "Try again.")).toBe("That slug is taken");
  });

  it("tells the spec's STATUS: body of an answer without a readable message", () => {
    expect(apiErrorMessage(new ApiError(502, "Bad Gateway", ""), "Try again.")).toBe("502: Bad Gateway");
    expect(apiErrorMessage(new ApiError(500, "Internal Server Error", "upstream down"))).toBe("500: upstream down");
  });

  it("tells the fallback when no answer came", () => {
    expect(apiErrorMessage(new TypeError("Failed to fetch"), "The job could not be saved.")).toBe(
      "The job could not be saved.",
    );
    expect(apiErrorMessage(new TypeError("Failed to fetch"))).toBe(REQUEST_FAILED);
  });
});

describe("apiFieldError and isStaleVersion", () => {
  const slugTaken = new ApiError(409, "Conflict", JSON.stringify({ message: "That slug is taken", field: "slug" }));
  const stale = new ApiError(409, "Conflict", JSON.stringify({ message: "Changed meanwhile", field: "version" }));

  it("gives the server's message beside the field it refused, and nothing beside another", () => {
    expect(apiFieldError(slugTaken, "slug")).toBe("That slug is taken");
    expect(apiFieldError(slugTaken, "ownerEmail")).toBeNull();
    expect(apiFieldError(new Error("offline"), "slug")).toBeNull();
  });

  it("recognises a refusal because the record changed since it was read", () => {
    expect(isStaleVersion(stale)).toBe(true);
    expect(isStaleVersion(slugTaken)).toBe(false);
  });
});
