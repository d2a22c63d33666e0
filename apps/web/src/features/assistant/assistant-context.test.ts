import { describe, expect, it } from "vitest";
import { assistantContextSchema } from "@fieldops/shared/assistant";
import { assistantContextFor } from "./assistant-context";

describe("assistantContextFor", () => {
  it.each([
    ["/customers/c-42", "", { path: "/customers/c-42", customerId: "c-42" }],
    ["/jobs/j-7", "", { path: "/jobs/j-7", jobId: "j-7" }],
    ["/schedule", "?view=day&date=2026-12-01", { path: "/schedule", day: "2026-12-01" }],
    ["/schedule", "?date=tomorrow", { path: "/schedule" }],
    ["/customers", "", { path: "/customers" }],
    ["/admin-dashboard", "", { path: "/admin-dashboard" }],
  ])("on %s%s sends %j", (pathname, search, expected) => {
    const context = assistantContextFor(pathname, search);
    expect(context).toEqual(expected);
    expect(assistantContextSchema.parse(context)).toEqual(expected);
  });
});
