import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readEventsAfter } from "@fieldops/events/company-stream";
import { refreshIntegrationTokenHandler } from "@fieldops/domain/integrations/refresh-integration-token.handler";
import { refreshIntegrationTokensHourly } from "@fieldops/domain/integrations/refresh-integration-tokens-hourly.handler";
import { decryptSecret, DEVELOPMENT_ENCRYPTION_KEY } from "@fieldops/domain/integrations/token-encryption";
import type {
  IntegrationConnection,
  IntegrationListResponse,
  StartIntegrationResponse,
} from "@fieldops/shared/integrations";
import {
  callApi,
  createTestCompany,
  drainQueues,
  signIn,
  startTestApp,
  startTestWorkers,
  type TestApp,
  type TestCompany,
} from "../../../../tests/integration/test-app.ts";
import {
  startOAuthStandIn,
  type OAuthStandIn,
  type StandInClient,
} from "../../../../tests/stand-ins/oauth-provider.ts";

const key = Buffer.from(DEVELOPMENT_ENCRYPTION_KEY, "hex");
const quickbooks: StandInClient = {
  clientId: "qb-client",
  clientSecret: "qb-secret",
  redirectUris: [],
  clientAuth: "basic",
  callbackParams: { realmId: "4620816365" },
};
const stripe: StandInClient = {
  clientId: "ca_stand_in",
  clientSecret: "sk_test_stand_in",
  redirectUris: [],
  clientAuth: "post",
  tokenFields: { stripe_user_id: "acct_standin" },
};
const twilio: StandInClient = {
  clientId: "CNstandin",
  clientSecret: "twilio-auth-token",
  redirectUris: [],
  clientAuth: "post",
};

let provider: OAuthStandIn;
let t: TestApp;
/** The same product without provider credentials: every connection is simulated. */
let offline: TestApp;
let company: TestCompany;
let other: TestCompany;
let starter: TestCompany;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  provider = await startOAuthStandIn([quickbooks, stripe, twilio]);
  t = await startTestApp({
    QUICKBOOKS_CLIENT_ID: quickbooks.clientId,
    QUICKBOOKS_CLIENT_SECRET: quickbooks.clientSecret,
    QUICKBOOKS_AUTHORIZE_URL: `${provider.url}/authorize`,
    QUICKBOOKS_TOKEN_URL: `${provider.url}/token`,
    QUICKBOOKS_REVOKE_URL: `${provider.url}/revoke`,
    STRIPE_CLIENT_ID: stripe.clientId,
    STRIPE_CLIENT_SECRET: stripe.clientSecret,
    STRIPE_AUTHORIZE_URL: `${provider.url}/authorize`,
    STRIPE_TOKEN_URL: `${provider.url}/token`,
    STRIPE_DEAUTHORIZE_URL: `${provider.url}/deauthorize`,
    TWILIO_CONNECT_APP_SID: twilio.clientId,
    TWILIO_AUTH_TOKEN: twilio.clientSecret,
    TWILIO_AUTHORIZE_URL: `${provider.url}/twilio/authorize`,
  });
  offline = await startTestApp();
  for (const [client, name] of [
    [quickbooks, "quickbooks"],
    [stripe, "stripe"],
    [twilio, "twilio"],
  ] as const) {
    client.redirectUris.push(`${t.url}/api/integrations/${name}/callback`);
  }
  company = await createTestCompany(t.db, { planId: "growth" });
  other = await createTestCompany(t.db, { planId: "growth" });
  starter = await createTestCompany(t.db, { planId: "starter" });
  for (const role of ["owner", "member", "field_user"] as const)
    tokens[role] = await signIn(t.url, company.users[role].email);
  tokens.otherOwner = await signIn(t.url, other.users.owner.email);
  tokens.starterOwner = await signIn(t.url, starter.users.owner.email);
});
afterAll(async () => {
  await t.close();
  await offline.close();
  await provider.close();
});

const call = (method: string, path: string, token: string, body?: unknown) => callApi(t.url, method, path, token, body);

/** Follows one redirect as a browser would, without following the next: answers the Location. */
async function visit(url: string, token?: string): Promise<string> {
  const response = await fetch(url, { redirect: "manual", headers: token ? { authorization: `Bearer ${token}` } : {} });
  expect(response.status, await response.clone().text()).toBe(302);
  return response.headers.get("location")!;
}

async function start(name: string, token = tokens.owner!, app = t): Promise<StartIntegrationResponse> {
  const response = await callApi(app.url, "POST", `/api/integrations/${name}/connect`, token);
  expect(response.status).toBe(200);
  return response.body as unknown as StartIntegrationResponse;
}

/** The owner's browser at the provider and back: answers where the app's callback sends it. */
async function connect(name: string, token = tokens.owner!): Promise<string> {
  const { authorizationUrl } = await start(name, token);
  const callback = await visit(authorizationUrl);
  return visit(callback, token);
}

async function listed(name: string, token = tokens.owner!, app = t): Promise<IntegrationConnection> {
  const response = await callApi(app.url, "GET", "/api/integrations", token);
  expect(response.status).toBe(200);
  return (response.body as unknown as IntegrationListResponse).items.find((item) => item.provider === name)!;
}

const resultOf = (location: string) => Object.fromEntries(new URL(location, "http://app").searchParams);

describe("connecting an integration through the provider", () => {
  it("connects QuickBooks through Intuit's OAuth client, stores the tokens encrypted, and shows who connected it", async () => {
    expect(await listed("quickbooks")).toMatchObject({ connected: false, simulated: false, available: true });
    const { authorizationUrl, simulated } = await start("quickbooks");
    expect(simulated).toBe(false);
    const asked = new URL(authorizationUrl);
    expect(asked.origin).toBe(provider.url);
    expect(Object.fromEntries(asked.searchParams)).toMatchObject({
      response_type: "code",
      client_id: "qb-client",
      redirect_uri: `${t.url}/api/integrations/quickbooks/callback`,
      scope: "com.intuit.quickbooks.accounting",
    });
    // Intuit's authorization server has no PKCE, and Intuit's client sends none.
    expect(asked.searchParams.get("code_challenge")).toBeNull();
    const location = await visit(await visit(authorizationUrl), tokens.owner);
    expect(location).toBe("/settings/integrations?provider=quickbooks&result=connected");

    const connection = await listed("quickbooks", tokens.member);
    expect(connection).toMatchObject({
      connected: true,
      simulated: false,
      accountName: "QuickBooks Online 4620816365",
    });
    expect(connection.connectedBy).toBe(`owner ${company.users.owner.email.split("@")[0]!.slice("owner-".length)}`);
    expect(JSON.stringify(connection)).not.toMatch(/at-|rt-/);

    const row = await t.db.integrationConnection.findUniqueOrThrow({
      where: { companyId_provider: { companyId: company.id, provider: "quickbooks" } },
    });
    const issued = provider.issuedAccessTokens.at(-1)!;
    expect(row.accessTokenEncrypted).not.toContain(issued);
    expect(decryptSecret(key, row.accessTokenEncrypted!)).toBe(issued);
    expect(decryptSecret(key, row.refreshTokenEncrypted!)).toMatch(/^rt-/);
    expect(row.accountId).toBe("4620816365");
  });

  it("connects Stripe with the secret in the form (no PKCE) and Twilio through Connect's AccountSid", async () => {
    const stripeStart = await start("stripe");
    expect(new URL(stripeStart.authorizationUrl).searchParams.get("code_challenge")).toBeNull();
    expect(resultOf(await visit(await visit(stripeStart.authorizationUrl), tokens.owner))).toEqual({
      provider: "stripe",
      result: "connected",
    });
    expect(await listed("stripe")).toMatchObject({ connected: true, accountName: "Stripe acct_standin" });

    expect(resultOf(await connect("twilio"))).toEqual({ provider: "twilio", result: "connected" });
    const twilioConnection = await listed("twilio");
    expect(twilioConnection).toMatchObject({ connected: true, simulated: false });
    expect(twilioConnection.accountName).toMatch(/^Twilio account AC/);
  });

  it("refuses a state that is missing, unknown, another user's, used or expired, and a code the provider refuses", async () => {
    const callbackUrl = `${t.url}/api/integrations/stripe/callback`;
    expect(resultOf(await visit(`${callbackUrl}?code=x`, tokens.owner)).result).toBe("invalid_state");
    expect(resultOf(await visit(`${callbackUrl}?code=x&state=forged`, tokens.owner)).result).toBe("invalid_state");

    // Another company's owner, and a member of the same company, cannot finish this owner's authorization.
    const stolen = await visit((await start("stripe")).authorizationUrl);
    expect(resultOf(await visit(stolen, tokens.otherOwner)).result).toBe("invalid_state");
    expect(resultOf(await visit(stolen, tokens.member)).result).toBe("not_allowed");
    // Refused attempts did not use it up: its owner still can, once.
    expect(resultOf(await visit(stolen, tokens.owner)).result).toBe("connected");
    expect(resultOf(await visit(stolen, tokens.owner)).result).toBe("used");

    const late = await visit((await start("stripe")).authorizationUrl);
    await t.db.oAuthState.updateMany({
      where: { companyId: company.id, usedAt: null },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect(resultOf(await visit(late, tokens.owner)).result).toBe("expired");

    const { authorizationUrl } = await start("quickbooks");
    const state = new URL(authorizationUrl).searchParams.get("state")!;
    const refusedBefore = provider.refusals.length;
    const forgedCode = `${t.url}/api/integrations/quickbooks/callback?state=${state}&code=not-issued`;
    expect(resultOf(await visit(forgedCode, tokens.owner)).result).toBe("exchange_failed");
    expect(provider.refusals.slice(refusedBefore)).toEqual(["unknown or used code"]);
  });

  it("logs the callback without its OAuth state, its code or a bearer-like parameter, keeping harmless ones", async () => {
    const { authorizationUrl } = await start("stripe");
    const state = new URL(authorizationUrl).searchParams.get("state")!;
    const callback = new URL(await visit(authorizationUrl));
    const code = callback.searchParams.get("code")!;
    expect(code).toBeTruthy();
    callback.searchParams.set("Bearer", "leaked-bearer-value");
    callback.searchParams.set("lang", "kept-lang-value");
    expect(resultOf(await visit(callback.toString(), tokens.owner)).result).toBe("connected");
    const logs = t.logs.join("");
    expect(logs).toContain("/api/integrations/stripe/callback?");
    expect(logs).toContain("Bearer=[redacted]");
    expect(logs).toContain("lang=kept-lang-value");
    for (const secret of [state, code, "leaked-bearer-value"]) expect(logs).not.toContain(secret);
  });

  it("says the user refused at the provider, and the state cannot be used again", async () => {
    const { authorizationUrl } = await start("stripe");
    const denied = await visit(`${authorizationUrl}&deny=1`);
    expect(new URL(denied).searchParams.get("error")).toBe("access_denied");
    expect(resultOf(await visit(denied, tokens.owner)).result).toBe("denied");
    expect(resultOf(await visit(denied, tokens.owner)).result).toBe("used");
  });

  it("lets owners manage, members only look, and field users and other companies see nothing of it", async () => {
    expect((await call("POST", "/api/integrations/quickbooks/connect", tokens.member!)).status).toBe(403);
    expect((await call("DELETE", "/api/integrations/quickbooks", tokens.member!)).status).toBe(403);
    expect((await call("GET", "/api/integrations", tokens.field_user!)).status).toBe(403);
    const member = await call("GET", "/api/integrations", tokens.member!);
    expect(member).toMatchObject({ status: 200, body: { canManage: false } });
    expect((await call("GET", "/api/integrations", tokens.owner!)).body).toMatchObject({ canManage: true });
    // Another company's list knows nothing of this company's connections.
    expect((await callApi(t.url, "GET", "/api/integrations", tokens.otherOwner!)).body).toMatchObject({
      items: [{ connected: false }, { connected: false }, { connected: false }],
    });
  });

  it("keeps integrations to the Growth plan and above on the server", async () => {
    const refused = await call("POST", "/api/integrations/quickbooks/connect", tokens.starterOwner!);
    expect(refused).toEqual({
      status: 403,
      body: { message: "QuickBooks Online requires the Growth plan or higher.", requiredPlan: "growth" },
    });
    expect(await listed("twilio", tokens.starterOwner)).toMatchObject({
      available: false,
      requiredPlan: "Growth",
      connected: false,
    });
    expect(await t.db.oAuthState.count({ where: { companyId: starter.id } })).toBe(0);
  });

  it("disconnects, revoking the refresh token at the provider and deleting the tokens, and disconnecting again succeeds", async () => {
    await connect("quickbooks");
    const row = await t.db.integrationConnection.findUniqueOrThrow({
      where: { companyId_provider: { companyId: company.id, provider: "quickbooks" } },
    });
    const refreshToken = decryptSecret(key, row.refreshTokenEncrypted!);
    expect(provider.liveRefreshTokens.has(refreshToken)).toBe(true);
    expect((await call("DELETE", "/api/integrations/quickbooks", tokens.owner!)).status).toBe(204);
    expect(provider.revoked).toContain(refreshToken);
    expect(provider.liveRefreshTokens.has(refreshToken)).toBe(false);
    expect(await t.db.integrationConnection.count({ where: { companyId: company.id, provider: "quickbooks" } })).toBe(
      0,
    );
    expect((await call("DELETE", "/api/integrations/quickbooks", tokens.owner!)).status).toBe(204);
    expect(await listed("quickbooks")).toMatchObject({ connected: false, accountName: null, connectedAt: null });
  });

  it("deauthorizes a Stripe account at Stripe on disconnect, and disconnects all the same when the provider cannot be reached, saying so", async () => {
    await connect("stripe");
    expect((await call("DELETE", "/api/integrations/stripe", tokens.owner!)).status).toBe(204);
    expect(provider.revoked).toContain("acct_standin");

    const unreachable = await startTestApp({
      QUICKBOOKS_CLIENT_ID: quickbooks.clientId,
      QUICKBOOKS_CLIENT_SECRET: quickbooks.clientSecret,
      QUICKBOOKS_TOKEN_URL: `${provider.url}/token`,
      QUICKBOOKS_REVOKE_URL: "http://127.0.0.1:9/revoke",
    });
    try {
      await connect("quickbooks");
      const response = await callApi(unreachable.url, "DELETE", "/api/integrations/quickbooks", tokens.owner!);
      expect(response.status).toBe(204);
      expect(await t.db.integrationConnection.count({ where: { companyId: company.id, provider: "quickbooks" } })).toBe(
        0,
      );
      const entry = await t.db.auditLog.findFirstOrThrow({
        where: { companyId: company.id, action: "integration.disconnected" },
        orderBy: { createdAt: "desc" },
      });
      expect(entry.metadata).toMatchObject({
        summary: expect.stringContaining("QuickBooks Online could not be reached to revoke the access"),
      });
    } finally {
      await unreachable.close();
    }
  });

  it("refuses a provider it does not know", async () => {
    expect((await call("POST", "/api/integrations/zapier/connect", tokens.owner!)).status).toBe(400);
  });
});

describe("keeping a connection alive", () => {
  it("refreshes tokens about to expire (the provider rotating the refresh token), and asks for a new connection when the provider refuses", async () => {
    const workers = startTestWorkers(t);
    const { db, redis, queues, env } = t.runtime.context;
    const where = { companyId_provider: { companyId: company.id, provider: "quickbooks" } };
    const decrypted = (row: { accessTokenEncrypted: string | null; refreshTokenEncrypted: string | null }) => ({
      access: decryptSecret(key, row.accessTokenEncrypted!),
      refresh: decryptSecret(key, row.refreshTokenEncrypted!),
    });
    try {
      await connect("quickbooks");
      const fresh = decrypted(await t.db.integrationConnection.findUniqueOrThrow({ where }));
      // Another company's connection, not due for an hour and a half, is left alone by the same pass.
      await connect("quickbooks", tokens.otherOwner);
      const otherWhere = { companyId_provider: { companyId: other.id, provider: "quickbooks" } };
      await t.db.integrationConnection.update({
        where: otherWhere,
        data: { tokenExpiresAt: new Date(Date.now() + 90 * 60_000) },
      });
      const otherBefore = decrypted(await t.db.integrationConnection.findUniqueOrThrow({ where: otherWhere }));

      await t.db.integrationConnection.update({ where, data: { tokenExpiresAt: new Date(Date.now() + 10 * 60_000) } });
      await refreshIntegrationTokensHourly({}, { db, redis, queues, env, taskId: "refresh-pass" });
      await drainQueues(queues, ["notifications"]);
      const row = await t.db.integrationConnection.findUniqueOrThrow({ where });
      const refreshed = decrypted(row);
      expect(refreshed.access).not.toBe(fresh.access);
      expect(refreshed.refresh).not.toBe(fresh.refresh);
      expect(provider.liveRefreshTokens.has(fresh.refresh)).toBe(false);
      expect(row.tokenExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 50 * 60_000);
      expect(row.reconnectNeededAt).toBeNull();
      expect(decrypted(await t.db.integrationConnection.findUniqueOrThrow({ where: otherWhere }))).toEqual(otherBefore);

      // A moment's outage at Intuit: Intuit's client tries again and the refresh goes through.
      provider.outage.tokenRequests = 1;
      await t.db.integrationConnection.update({ where, data: { tokenExpiresAt: new Date(Date.now() - 60_000) } });
      await refreshIntegrationTokenHandler(
        { companyId: company.id, provider: "quickbooks" },
        { db, redis, queues, env, taskId: "refresh-after-outage" },
      );
      expect(provider.outage.tokenRequests).toBe(0);
      const afterOutage = await t.db.integrationConnection.findUniqueOrThrow({ where });
      expect(decrypted(afterOutage).refresh).not.toBe(refreshed.refresh);
      expect(afterOutage.reconnectNeededAt).toBeNull();
      refreshed.refresh = decrypted(afterOutage).refresh;

      // Revoked at QuickBooks' end: the refresh is refused, the connection says so, and the company's screens hear of it.
      provider.liveRefreshTokens.delete(refreshed.refresh);
      await t.db.integrationConnection.update({ where, data: { tokenExpiresAt: new Date(Date.now() - 60_000) } });
      await refreshIntegrationTokenHandler(
        { companyId: company.id, provider: "quickbooks" },
        { db, redis, queues, env, taskId: "refresh-refused" },
      );
      expect(await listed("quickbooks", tokens.member)).toMatchObject({ connected: true, reconnectNeeded: true });
      const events = await readEventsAfter(redis, company.id, "0-0");
      expect(
        events.some(
          (entry) => entry.event.name === "integrations.changed" && entry.event.payload.provider === "quickbooks",
        ),
      ).toBe(true);
      // A connection that needs reconnecting is not tried again.
      const refusedBefore = provider.refusals.length;
      await refreshIntegrationTokenHandler(
        { companyId: company.id, provider: "quickbooks" },
        { db, redis, queues, env, taskId: "refresh-again" },
      );
      expect(provider.refusals.length).toBe(refusedBefore);
    } finally {
      await workers.close();
      await call("DELETE", "/api/integrations/quickbooks", tokens.owner!);
      await call("DELETE", "/api/integrations/quickbooks", tokens.otherOwner!);
    }
  });
});

describe("without provider credentials", () => {
  it("sends the browser to the app's own simulated consent page, and the callback stores a simulated connection", async () => {
    const owner = await signIn(offline.url, company.users.owner.email);
    await callApi(offline.url, "DELETE", "/api/integrations/twilio", owner);
    expect(await listed("twilio", owner, offline)).toMatchObject({ connected: false, simulated: true });
    const { authorizationUrl, simulated } = await start("twilio", owner, offline);
    expect(simulated).toBe(true);
    const page = new URL(authorizationUrl);
    expect(`${page.origin}${page.pathname}`).toBe(`${offline.url}/integrations/simulated-authorize`);
    expect(page.searchParams.get("provider")).toBe("twilio");
    const state = page.searchParams.get("state")!;
    const location = await visit(
      `${offline.url}/api/integrations/twilio/callback?state=${state}&code=simulated`,
      owner,
    );
    expect(resultOf(location).result).toBe("connected");
    expect(await listed("twilio", owner, offline)).toMatchObject({
      connected: true,
      simulated: true,
      accountName: "Simulated Twilio account",
    });
    const row = await offline.db.integrationConnection.findUniqueOrThrow({
      where: { companyId_provider: { companyId: company.id, provider: "twilio" } },
    });
    expect(row.accessTokenEncrypted).toBeNull();
  });
});

describe("payment and communication settings", () => {
  it("stores the accepted methods and default terms, for owners to change and members to read", async () => {
    const initial = await call("GET", "/api/settings/payments", tokens.member!);
    expect(initial).toMatchObject({
      status: 200,
      body: {
        acceptedMethods: ["card", "ach"],
        defaultTermsDays: 30,
        canManage: false,
        stripe: { provider: "stripe" },
      },
    });
    const changed = await call("PUT", "/api/settings/payments", tokens.owner!, {
      acceptedMethods: ["check", "card"],
      defaultTermsDays: 15,
    });
    expect(changed).toMatchObject({
      status: 200,
      body: { acceptedMethods: ["card", "check"], defaultTermsDays: 15, canManage: true },
    });
    expect((await call("GET", "/api/settings/payments", tokens.member!)).body).toMatchObject({
      acceptedMethods: ["card", "check"],
      defaultTermsDays: 15,
    });
    // Audited once with what changed; saving the same again records nothing.
    expect(
      (
        await call("PUT", "/api/settings/payments", tokens.owner!, {
          acceptedMethods: ["card", "check"],
          defaultTermsDays: 15,
        })
      ).status,
    ).toBe(200);
    const audited = await t.db.auditLog.findMany({
      where: { companyId: company.id, action: "payments.settings_changed" },
    });
    expect(audited).toEqual([
      expect.objectContaining({
        actorUserId: company.users.owner.id,
        metadata: expect.objectContaining({
          summary: expect.stringContaining(
            "accepted methods from Card, Bank transfer (ACH) to Card, Check; default terms from net 30 to net 15",
          ),
          changes: {
            acceptedMethods: { from: ["card", "ach"], to: ["card", "check"] },
            defaultTermsDays: { from: 30, to: 15 },
          },
        }),
      }),
    ]);

    expect(
      (await call("PUT", "/api/settings/payments", tokens.member!, { acceptedMethods: ["cash"], defaultTermsDays: 0 }))
        .status,
    ).toBe(403);
    expect((await call("GET", "/api/settings/payments", tokens.field_user!)).status).toBe(403);
    expect(
      await call("PUT", "/api/settings/payments", tokens.owner!, { acceptedMethods: [], defaultTermsDays: 15 }),
    ).toMatchObject({
      status: 400,
      body: { field: "acceptedMethods" },
    });
    expect(
      (await call("PUT", "/api/settings/payments", tokens.owner!, { acceptedMethods: ["card"], defaultTermsDays: 12 }))
        .status,
    ).toBe(400);
    expect((await callApi(t.url, "GET", "/api/settings/payments", tokens.otherOwner!)).body).toMatchObject({
      acceptedMethods: ["card", "ach"],
      defaultTermsDays: 30,
    });
  });

  it("stores the e-mail sender name and reply-to address", async () => {
    const initial = await call("GET", "/api/settings/communications", tokens.owner!);
    expect(initial).toMatchObject({
      status: 200,
      body: { emailSenderName: "", emailReplyTo: "", twilio: { provider: "twilio" } },
    });
    const changed = await call("PUT", "/api/settings/communications", tokens.owner!, {
      emailSenderName: " Green Crew ",
      emailReplyTo: "Office@Example.com",
    });
    expect(changed).toMatchObject({
      status: 200,
      body: { emailSenderName: "Green Crew", emailReplyTo: "office@example.com" },
    });
    expect(
      await call("PUT", "/api/settings/communications", tokens.owner!, {
        emailSenderName: "",
        emailReplyTo: "not an address",
      }),
    ).toMatchObject({
      status: 400,
      body: { field: "emailReplyTo" },
    });
    expect(
      (await call("PUT", "/api/settings/communications", tokens.member!, { emailSenderName: "x", emailReplyTo: "" }))
        .status,
    ).toBe(403);
    expect((await call("GET", "/api/settings/communications", tokens.field_user!)).status).toBe(403);
    expect((await callApi(t.url, "GET", "/api/settings/communications", tokens.otherOwner!)).body).toMatchObject({
      emailSenderName: "",
    });
  });
});
