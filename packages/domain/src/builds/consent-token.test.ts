import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { consentKeyFrom, signConsentToken, verifyConsentToken } from "./consent-token.ts";

const key = consentKeyFrom("a".repeat(64));
const claims = {
  proposalId: randomUUID(),
  userId: randomUUID(),
  companyId: randomUUID(),
  expiresAt: new Date(Date.now() + 60_000),
};

describe("consent tokens", () => {
  it("carry their claims when signed by this key", () => {
    expect(verifyConsentToken(key, signConsentToken(key, claims))).toEqual(claims);
  });

  it("refuse another key, an altered body, and malformed tokens", () => {
    const token = signConsentToken(key, claims);
    expect(verifyConsentToken(consentKeyFrom("b".repeat(64)), token)).toBeNull();
    const [body, signature] = token.split(".");
    const altered = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(body!, "base64url").toString()), p: randomUUID() }),
    ).toString("base64url");
    expect(verifyConsentToken(key, `${altered}.${signature}`)).toBeNull();
    expect(verifyConsentToken(key, "nonsense")).toBeNull();
    expect(verifyConsentToken(key, `${token}.x`)).toBeNull();
  });
});
