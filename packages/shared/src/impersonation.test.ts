import { describe, expect, it } from "vitest";
import { formatImpersonationElapsed } from "./impersonation";

describe("formatImpersonationElapsed", () => {
  it("says how long in the banner's words", () => {
    const minute = 60_000;
    expect(formatImpersonationElapsed(0)).toBe("just now");
    expect(formatImpersonationElapsed(minute - 1)).toBe("just now");
    expect(formatImpersonationElapsed(minute)).toBe("1 minute");
    expect(formatImpersonationElapsed(2 * minute - 1)).toBe("1 minute");
    expect(formatImpersonationElapsed(2 * minute)).toBe("2 minutes");
    expect(formatImpersonationElapsed(59 * minute)).toBe("59 minutes");
    expect(formatImpersonationElapsed(60 * minute)).toBe("1 hour");
    expect(formatImpersonationElapsed(119 * minute)).toBe("1 hour");
    expect(formatImpersonationElapsed(120 * minute)).toBe("2 hours");
  });
});
