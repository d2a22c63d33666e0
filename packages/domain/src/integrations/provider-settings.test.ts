import { describe, expect, it } from "vitest";
import { oauthAuthorizationOrigins, providerSettings, type IntegrationsEnv } from "./provider-settings";

const defaults: IntegrationsEnv = {
  QUICKBOOKS_AUTHORIZE_URL: "https://appcenter.intuit.com/connect/oauth2",
  QUICKBOOKS_TOKEN_URL: "https://oauth.platform.intuit.com/oauth2/v1/tokens/bearer",
  QUICKBOOKS_REVOKE_URL: "https://developer.api.intuit.com/v2/oauth2/tokens/revoke",
  STRIPE_AUTHORIZE_URL: "https://connect.stripe.com/oauth/authorize",
  STRIPE_TOKEN_URL: "https://connect.stripe.com/oauth/token",
  STRIPE_DEAUTHORIZE_URL: "https://connect.stripe.com/oauth/deauthorize",
  TWILIO_AUTHORIZE_URL: "https://www.twilio.com/authorize",
};

describe("oauthAuthorizationOrigins", () => {
  it("is only the app's own origin when no provider is configured (every connection simulated)", () => {
    expect(oauthAuthorizationOrigins(defaults, "https://app.example.com/some/page")).toEqual([
      "https://app.example.com",
    ]);
    expect(oauthAuthorizationOrigins({ ...defaults, PUBLIC_APP_URL: "https://fieldops.example" })).toEqual([
      "https://fieldops.example",
    ]);
  });

  it("adds each configured provider's authorization origin", () => {
    const env = {
      ...defaults,
      QUICKBOOKS_CLIENT_ID: "id",
      QUICKBOOKS_CLIENT_SECRET: "secret",
      STRIPE_CLIENT_ID: "ca_1",
      STRIPE_CLIENT_SECRET: "sk_1",
      TWILIO_CONNECT_APP_SID: "CN1",
      TWILIO_AUTH_TOKEN: "token",
    };
    expect(oauthAuthorizationOrigins(env, "http://127.0.0.1:3000")).toEqual([
      "https://appcenter.intuit.com",
      "https://connect.stripe.com",
      "https://www.twilio.com",
      "http://127.0.0.1:3000",
    ]);
    // A client id without its secret is not a configured provider.
    expect(oauthAuthorizationOrigins({ ...defaults, STRIPE_CLIENT_ID: "ca_1" }, "http://127.0.0.1:3000")).toEqual([
      "http://127.0.0.1:3000",
    ]);
  });

  it("defaults to the providers' real endpoints", () => {
    expect(providerSettings(defaults, "twilio").authorizeUrl).toBe("https://www.twilio.com/authorize/");
    expect(providerSettings({ ...defaults, TWILIO_CONNECT_APP_SID: "CN123" }, "twilio").authorizeUrl).toBe(
      "https://www.twilio.com/authorize/CN123",
    );
    expect(providerSettings(defaults, "quickbooks")).toMatchObject({
      configured: false,
      library: "intuit-oauth",
      pkce: false,
      clientAuth: "basic",
    });
    expect(providerSettings(defaults, "stripe")).toMatchObject({
      configured: false,
      pkce: false,
      clientAuth: "post",
      scope: "read_write",
    });
  });
});
