import { describe, expect, it } from "vitest";
import { stripeSignature } from "../../../../tests/stand-ins/stripe-api.ts";
import { verifyStripeEvent } from "./receive-stripe-event.ts";

const PLATFORM = "whsec_platform_endpoint";
const CONNECT = "whsec_connect_endpoint";
const body = JSON.stringify({ id: "evt_1", object: "event", type: "account.updated", account: "acct_1", data: {} });

describe("a Stripe event's signature", () => {
  it("is taken from either endpoint's secret: the platform's events and the connected accounts' come signed apart", () => {
    for (const secret of [PLATFORM, CONNECT]) {
      const event = verifyStripeEvent({
        rawBody: body,
        signature: stripeSignature(body, secret),
        secrets: [PLATFORM, CONNECT],
      });
      expect(event.id).toBe("evt_1");
    }
  });

  it("is refused when signed with a secret not configured here, stale, or missing", () => {
    const refused = (signature: string | undefined, secrets: (string | undefined)[] = [PLATFORM, undefined]) =>
      expect(() => verifyStripeEvent({ rawBody: body, signature, secrets })).toThrow("Not signed by Stripe");
    refused(stripeSignature(body, CONNECT));
    refused(stripeSignature(body, "whsec_someone_else"));
    refused(stripeSignature(body, PLATFORM, Math.floor(Date.now() / 1000) - 3600));
    refused(undefined);
    expect(() =>
      verifyStripeEvent({ rawBody: body, signature: stripeSignature(body, PLATFORM), secrets: [undefined] }),
    ).toThrow("not configured here");
  });
});
