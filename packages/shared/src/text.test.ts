import { describe, expect, it } from "vitest";
import { z } from "zod";
import { signupRequestSchema } from "./auth";
import { UNSTORABLE_TEXT_MESSAGE, isStorableText, text } from "./text";

describe("text()", () => {
  const name = text({ max: 10, trim: true }).min(2, "Too short");

  it("refuses NUL and surrogates without their pair", () => {
    for (const value of ["a\u0000b", "\u0000", "ab\uD800", "\uDC00ab", "a\uDE00\uD83Db", "ab\uDBFF"]) {
      const result = name.safeParse(value);
      expect(result.success, JSON.stringify(value)).toBe(false);
      expect(result.error?.issues.map((i) => i.message)).toContain(UNSTORABLE_TEXT_MESSAGE);
    }
  });

  it("accepts characters outside the Basic Multilingual Plane, written as surrogate pairs", () => {
    expect(name.parse("ok \u{1F600}")).toBe("ok \u{1F600}");
    expect(isStorableText("\uD83D\uDE00")).toBe(true);
    expect(isStorableText("\uD83D")).toBe(false);
  });

  it("trims when asked and then checks the lengths", () => {
    expect(name.parse("  ab  ")).toBe("ab");
    expect(name.safeParse("  a  ").error?.issues[0]?.message).toBe("Too short");
    expect(name.safeParse("x".repeat(11)).success).toBe(false);
    expect(text({ max: 5 }).parse(" a ")).toBe(" a ");
  });

  it("names the field in the issue path inside an object", () => {
    const result = signupRequestSchema.safeParse({
      companyName: "Acme",
      name: "Ann\u0000",
      email: "a@b.co",
      password: "0123456789",
    });
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ["name"], message: UNSTORABLE_TEXT_MESSAGE }),
    ]);
  });

  it("is what the shared request contracts use for their strings", () => {
    const email = z.object({ email: signupRequestSchema.shape.email });
    expect(email.safeParse({ email: "a\u0000@b.co" }).success).toBe(false);
    expect(email.safeParse({ email: `${"a".repeat(250)}@b.co` }).success).toBe(false);
    expect(signupRequestSchema.shape.password.safeParse("0123456789\uD800").success).toBe(false);
  });
});
