import { describe, expect, it } from "vitest";
import {
  createPublicLinkToken,
  hashPublicLinkToken,
  isPublicLinkToken,
  publicLinkUrl,
  verifyPublicLinkToken,
} from "./public-link-token.ts";

describe("public link tokens", () => {
  it("are 32 random bytes in base64url, different every time, stored as their SHA-256", () => {
    const a = createPublicLinkToken();
    const b = createPublicLinkToken();
    expect(a.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(a.token, "base64url")).toHaveLength(32);
    expect(a.token).not.toBe(b.token);
    expect(a.tokenHash).toBe(hashPublicLinkToken(a.token));
    expect(a.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(a.tokenHash).not.toContain(a.token);
  });

  it("verify the token a hash was made from and nothing else", () => {
    const { token, tokenHash } = createPublicLinkToken();
    expect(verifyPublicLinkToken(token, tokenHash)).toBe(true);
    expect(verifyPublicLinkToken(createPublicLinkToken().token, tokenHash)).toBe(false);
    expect(verifyPublicLinkToken(token, "abc")).toBe(false);
    expect(verifyPublicLinkToken(token, "")).toBe(false);
  });

  it("refuse strings without a token's shape", () => {
    expect(isPublicLinkToken(createPublicLinkToken().token)).toBe(true);
    expect(isPublicLinkToken("")).toBe(false);
    expect(isPublicLinkToken("a".repeat(44))).toBe(false);
    expect(isPublicLinkToken(`${"a".repeat(42)}=`)).toBe(false);
  });

  it("put the token in the URL's fragment", () => {
    expect(publicLinkUrl("https://app.example", "/review/estimates/42", "tok")).toBe(
      "https://app.example/review/estimates/42#tok",
    );
  });
});
