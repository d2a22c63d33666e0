import { describe, expect, it } from "vitest";
import {
  bounceAddress,
  newAddressToken,
  parseBounceAddress,
  parseReplyAddress,
  replyAddress,
  replyDomain,
} from "./reply-address.ts";
import { replyText } from "./receive-email-reply.ts";

const COMPANY = "3f2b8a1c-5d4e-4f6a-9b7c-0123456789ab";

describe("reply addresses", () => {
  it("name the company and the e-mail's token, within a 64-character local part, and read back", () => {
    const token = newAddressToken();
    const address = replyAddress(COMPANY, token, "fieldops.localhost");
    expect(address.split("@")[0]!.length).toBeLessThanOrEqual(64);
    expect(parseReplyAddress(address)).toEqual({ companyId: COMPANY, token });
    expect(parseReplyAddress(`<${address.toUpperCase()}>`)).toEqual({ companyId: COMPANY, token });
  });

  it("are not read from other addresses", () => {
    expect(parseReplyAddress("office@greenleaf.test")).toBeNull();
    expect(parseReplyAddress("reply+abc.def@x.test")).toBeNull();
    expect(parseReplyAddress(`reply+${COMPANY.replace(/-/g, "")}.short@x.test`)).toBeNull();
  });

  it("have bounce addresses of the same shape that are not reply addresses, nor the other way round", () => {
    const token = newAddressToken();
    const address = bounceAddress(COMPANY, token, "fieldops.localhost");
    expect(address).toBe(`bounce+${COMPANY.replace(/-/g, "")}.${token}@fieldops.localhost`);
    expect(address.split("@")[0]!.length).toBeLessThanOrEqual(64);
    expect(parseBounceAddress(address)).toEqual({ companyId: COMPANY, token });
    expect(parseBounceAddress(`<${address.toUpperCase()}>`)).toEqual({ companyId: COMPANY, token });
    expect(parseReplyAddress(address)).toBeNull();
    expect(parseBounceAddress(replyAddress(COMPANY, token, "fieldops.localhost"))).toBeNull();
  });

  it("go to INBOUND_EMAIL_DOMAIN, else the local catcher's domain, else nowhere", () => {
    const env = { MAIL_FROM: "FieldOps <no-reply@fieldops.localhost>", MAIL_CATCHER_PORT: undefined };
    expect(replyDomain({ ...env, INBOUND_EMAIL_DOMAIN: "in.example.com" })).toBe("in.example.com");
    expect(replyDomain({ ...env, MAIL_CATCHER_PORT: 2525 })).toBe("fieldops.localhost");
    expect(replyDomain(env)).toBeNull();
  });
});

describe("replyText", () => {
  it("keeps the reply's own words, not what it quotes", () => {
    const text = "Tuesday works.\n\nThanks,\nKim\n\nOn Mon, 1 Dec 2026, Greenleaf wrote:\n> Your visit is on Tuesday.";
    expect(replyText(text)).toBe("Tuesday works.\n\nThanks,\nKim");
    expect(replyText("> only quoted")).toBe("> only quoted");
  });
});
