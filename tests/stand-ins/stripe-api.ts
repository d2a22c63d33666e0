import { createHmac, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage } from "node:http";
import { answer, readBody } from "./stand-in-http.ts";

/**
 * A local stand-in for Stripe's API, the parts the product uses, in Stripe's shapes: PaymentIntents (create, retrieve,
 * and confirm with a test payment method, which Stripe.js does in the customer's browser), Refunds, and Connect's
 * connected accounts (accounts, Account Links and an onboarding page of its own). It checks what Stripe checks: the
 * secret key as bearer, form-encoded bodies, amounts; it answers a repeated Idempotency-Key with the first result, and
 * an object made with a Stripe-Account header belongs to that account (another account does not find it). It signs and
 * sends webhooks as Stripe does (`Stripe-Signature: t=…,v1=…`).
 */
export interface StripeStandIn {
  url: string;
  secretKey: string;
  /** The publishable key (`pk_test_…`) Stripe.js reads and confirms an intent with, beside its client secret. */
  publishableKey: string;
  /** The signing secret of the platform account's webhook endpoint (`whsec_…`). */
  webhookSecret: string;
  /**
   * The signing secret of the Connect endpoint: as at Stripe, an event of a connected account (with `account`) is
   * signed with it, not with the platform endpoint's.
   */
  connectWebhookSecret: string;
  /** The product's configuration for Stripe through this stand-in (its keys, its URL, its webhooks' secret). */
  env: {
    STRIPE_SECRET_KEY: string;
    STRIPE_PUBLISHABLE_KEY: string;
    STRIPE_API_BASE: string;
    STRIPE_WEBHOOK_SECRET: string;
    STRIPE_CONNECT_WEBHOOK_SECRET: string;
  };
  intents: Map<string, StandInIntent>;
  accounts: Map<string, StandInAccount>;
  refunds: {
    id: string;
    payment_intent: string;
    amount: number;
    metadata: Record<string, string>;
    account: string | null;
  }[];
  /** Every request's method, path, Idempotency-Key and Stripe-Account header. */
  requests: {
    method: string;
    path: string;
    idempotencyKey: string | null;
    stripeAccount: string | null;
    body: string;
  }[];
  /** Where webhooks go (the app's POST /api/webhooks/stripe). */
  webhookUrl: string | null;
  /** Every event sent to a webhook URL (by `sendWebhook` or as it happened), as sent, with the answer's status. */
  delivered: { event: StripeEvent; status: number }[];
  /**
   * Whether what happens at Stripe (an intent confirmed, an account onboarded) sends its event to webhookUrl at once,
   * as Stripe does; off, a test sends events itself, in the order it chooses.
   */
  sendsEvents: boolean;
  /**
   * Confirms an intent as Stripe.js would after the customer entered a card (pm_card_visa succeeds,
   * pm_card_chargeDeclined is declined) or a bank account (pm_usBankAccount: processing, settled later by `settle`).
   */
  confirm(
    intentId: string,
    paymentMethod?: string,
    options?: { account?: string },
  ): Promise<{ status: number; body: unknown }>;
  /**
   * A PaymentIntent made as the product makes it (form-encoded, with `metadata`, on `account` when given); its id.
   */
  createIntent(input: { amount: number; metadata: Record<string, string>; account?: string }): Promise<string>;
  /** A processing bank debit settles (succeeded) or is refused (failed), as the bank answers days later. */
  settle(intentId: string, outcome: "succeeded" | "failed"): Promise<StripeEvent>;
  /** A refund made in the company's Stripe dashboard (not through the API): its refund.created event (not sent). */
  refundInDashboard(intentId: string, amount: number): StripeEvent;
  /**
   * The customer disputes the intent's charge with their bank: a charge.dispute.* event (not sent) of the intent's one
   * dispute (the same id each time), with the status the bank's process has reached (needs_response, under_review,
   * won, lost …) and the amount disputed (the whole charge unless given).
   */
  dispute(
    intentId: string,
    type: "created" | "updated" | "closed",
    status: string,
    options?: { amount?: number },
  ): StripeEvent;
  /** An event in Stripe's shape (not sent). */
  event(type: string, object: unknown, options?: { account?: string | null }): StripeEvent;
  /** POSTs an event to the webhook URL, signed as Stripe signs it (or with `secret` instead), with `headers` too. */
  sendWebhook(
    event: StripeEvent,
    options?: { account?: string | null; secret?: string; url?: string; headers?: Record<string, string> },
  ): Promise<{ status: number; body: string }>;
  close(): Promise<void>;
}

export interface StripeEvent {
  id: string;
  object: "event";
  api_version: string;
  type: string;
  account?: string;
  created: number;
  livemode: false;
  pending_webhooks: number;
  request: { id: null; idempotency_key: null };
  data: { object: unknown };
}

interface StandInIntent {
  id: string;
  object: "payment_intent";
  amount: number;
  amount_received: number;
  application_fee_amount: number | null;
  currency: string;
  status: string;
  client_secret: string;
  description: string | null;
  metadata: Record<string, string>;
  /**
   * What the customer may pay it with (read-only, as Stripe computes it): the `allowed_payment_method_types` given that
   * the Dashboard has on, else (dynamic payment methods) all the Dashboard has on: cards and bank debits.
   */
  payment_method_types: string[];
  /** The PaymentMethod a confirmation attached (an id, as Stripe sends it unexpanded). */
  payment_method: string | null;
  last_payment_error: { type: string; code: string; message: string } | null;
  livemode: false;
  refunded: number;
  /** The connected account it was made on (the Stripe-Account header), null for the platform's own. */
  account: string | null;
}

interface StandInAccount {
  id: string;
  object: "account";
  type: "standard";
  email: string | null;
  charges_enabled: boolean;
  payouts_enabled: boolean;
  details_submitted: boolean;
  metadata: Record<string, string>;
  requirements: {
    currently_due: string[];
    eventually_due: string[];
    past_due: string[];
    disabled_reason: string | null;
  };
  created: number;
}

/** The payment methods the stand-in's accounts have on in their Dashboard: what dynamic payment methods offer. */
const DASHBOARD_METHODS = ["card", "us_bank_account"];

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;

const invalid = (message: string) => ({ error: { type: "invalid_request_error", message } });

const now = () => Math.floor(Date.now() / 1000);

/** Stripe's form encoding read back: `metadata[key]=value` becomes `{ metadata: { key: value } }`. */
function readForm(body: string): { fields: Record<string, string>; nested: Record<string, Record<string, string>> } {
  const fields: Record<string, string> = {};
  const nested: Record<string, Record<string, string>> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const match = /^(\w+)\[(\w+)\]$/.exec(key);
    if (match) (nested[match[1]!] ??= {})[match[2]!] = value;
    else fields[key] = value;
  }
  return { fields, nested };
}

/** Stripe's signature header over a payload: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<payload>">`. */
export function stripeSignature(payload: string, secret: string, timestamp = now()): string {
  const v1 = createHmac("sha256", secret).update(`${timestamp}.${payload}`, "utf8").digest("hex");
  return `t=${timestamp},v1=${v1}`;
}

/** What an intent looks like to the API's callers (without the stand-in's own bookkeeping). */
function shown(intent: StandInIntent) {
  const { refunded: _refunded, account: _account, ...visible } = intent;
  return visible;
}

export async function startStripeStandIn(
  secretKey = `sk_test_${randomBytes(8).toString("hex")}`,
  options: { webhookSecret?: string; connectWebhookSecret?: string; webhookUrl?: string } = {},
): Promise<StripeStandIn> {
  const intents = new Map<string, StandInIntent>();
  const paymentMethods = new Map<string, { id: string; object: string; type: string; account: string | null }>();
  const accounts = new Map<string, StandInAccount>();
  const refunds: StripeStandIn["refunds"] = [];
  const disputeIds: Record<string, string> = {};
  const requests: StripeStandIn["requests"] = [];
  const delivered: StripeStandIn["delivered"] = [];
  const idempotent = new Map<string, { status: number; body: unknown }>();
  /** Account Links not yet followed: their one use marks the account onboarded. */
  const links = new Map<string, { account: string; returnUrl: string; refreshUrl: string; expires: number }>();
  const webhookSecret = options.webhookSecret ?? `whsec_${randomBytes(16).toString("hex")}`;
  const connectWebhookSecret = options.connectWebhookSecret ?? `whsec_${randomBytes(16).toString("hex")}`;
  const publishableKey = `pk_test_${randomBytes(8).toString("hex")}`;
  let url = "";

  const event = (type: string, object: unknown, eventOptions: { account?: string | null } = {}): StripeEvent => ({
    id: id("evt"),
    object: "event",
    api_version: "2026-10-28.endive",
    type,
    ...(eventOptions.account ? { account: eventOptions.account } : {}),
    created: now(),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object },
  });

  const sendWebhook: StripeStandIn["sendWebhook"] = async (sent, sendOptions = {}) => {
    const target = sendOptions.url ?? standIn.webhookUrl;
    if (!target) throw new Error("No webhook URL is set");
    const withAccount =
      sendOptions.account === undefined
        ? sent
        : { ...sent, ...(sendOptions.account ? { account: sendOptions.account } : {}) };
    const payload = JSON.stringify(withAccount);
    const response = await fetch(target, {
      method: "POST",
      headers: {
        "content-type": "application/json; charset=utf-8",
        "user-agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
        "stripe-signature": stripeSignature(
          payload,
          sendOptions.secret ??
            ("account" in withAccount && withAccount.account ? connectWebhookSecret : webhookSecret),
        ),
        ...sendOptions.headers,
      },
      body: payload,
    });
    delivered.push({ event: withAccount, status: response.status });
    return { status: response.status, body: await response.text() };
  };

  const makeRefund = (intent: StandInIntent, amount: number, metadata: Record<string, string>) => {
    intent.refunded += amount;
    const refund = {
      id: id("re"),
      object: "refund" as const,
      payment_intent: intent.id,
      amount,
      currency: intent.currency,
      status: "succeeded",
      metadata,
      created: now(),
    };
    refunds.push({ ...refund, account: intent.account });
    return refund;
  };

  const emit = async (type: string, intent: StandInIntent) => {
    if (standIn.sendsEvents) await sendWebhook(event(type, shown(intent), { account: intent.account }));
  };

  const handle = async (
    request: IncomingMessage,
    body: string,
    headerAccount: string | null,
  ): Promise<{ status: number; body: unknown }> => {
    const requestUrl = new URL(request.url ?? "/", "http://stand-in");
    const path = requestUrl.pathname;
    if (
      request.method === "POST" &&
      !/^application\/x-www-form-urlencoded\b/.test(request.headers["content-type"] ?? "")
    ) {
      return { status: 400, body: invalid("Bodies are form-encoded") };
    }
    const { fields, nested } = readForm(body);
    // Stripe.js, in the customer's browser, reads and confirms an intent with the publishable key and the intent's
    // client secret (in the body or the query, with `_stripe_account` for a connected account); all else needs the
    // secret key.
    const client = request.method === "POST" ? fields : Object.fromEntries(requestUrl.searchParams);
    const fromBrowser =
      client.key === publishableKey && /^\/v1\/payment_intents\/pi_\w+(\/confirm)?$/.test(path) && client.client_secret;
    if (!fromBrowser && request.headers.authorization !== `Bearer ${secretKey}`)
      return { status: 401, body: invalid("Invalid API Key provided") };
    const account = fromBrowser ? (client._stripe_account ?? null) : headerAccount;
    if (account && !accounts.has(account))
      return {
        status: 403,
        body: invalid(`The provided key does not have access to account '${account}' (or that account does not exist)`),
      };
    if (request.method === "POST" && path === "/v1/payment_intents") {
      const amount = Number(fields.amount);
      if (!Number.isInteger(amount) || amount < 50)
        return { status: 400, body: invalid("Amount must be at least 50 cents") };
      if (fields.currency !== "usd") return { status: 400, body: invalid("Unsupported currency") };
      const fee = fields.application_fee_amount ? Number(fields.application_fee_amount) : null;
      // As Stripe's API since 2026-09-30.endive: payment_method_types is read-only; allowed_payment_method_types
      // excludes dynamic payment methods and is filtered to what the account takes.
      if (nested.payment_method_types)
        return {
          status: 400,
          body: {
            error: {
              type: "invalid_request_error",
              code: "payment_method_types_no_longer_supported",
              message: "payment_method_types is no longer supported: use allowed_payment_method_types.",
            },
          },
        };
      const named = nested.allowed_payment_method_types ? Object.values(nested.allowed_payment_method_types) : null;
      if (named && (nested.automatic_payment_methods || nested.excluded_payment_method_types))
        return {
          status: 400,
          body: invalid(
            "You may only specify one of these parameters: allowed_payment_method_types, automatic_payment_methods, excluded_payment_method_types.",
          ),
        };
      if (fee !== null && !account)
        return { status: 400, body: invalid("application_fee_amount needs a Stripe-Account header") };
      const intentId = id("pi");
      const intent: StandInIntent = {
        id: intentId,
        object: "payment_intent",
        amount,
        amount_received: 0,
        application_fee_amount: fee,
        currency: fields.currency,
        status: "requires_payment_method",
        client_secret: `${intentId}_secret_${randomBytes(8).toString("hex")}`,
        description: fields.description ?? null,
        metadata: nested.metadata ?? {},
        payment_method_types: named ? DASHBOARD_METHODS.filter((type) => named.includes(type)) : DASHBOARD_METHODS,
        payment_method: null,
        last_payment_error: null,
        livemode: false,
        refunded: 0,
        account,
      };
      intents.set(intentId, intent);
      return { status: 200, body: shown(intent) };
    }
    const intentPath = /^\/v1\/payment_intents\/(pi_\w+)(\/confirm)?$/.exec(path);
    if (intentPath) {
      const intent = intents.get(intentPath[1]!);
      // An intent is found on the account it was made on only.
      if (!intent || intent.account !== account || (fromBrowser && client.client_secret !== intent.client_secret))
        return { status: 404, body: invalid(`No such payment_intent: '${intentPath[1]}'`) };
      if (request.method === "GET" && !intentPath[2]) return { status: 200, body: shown(intent) };
      if (request.method === "POST" && intentPath[2]) {
        if (fields.payment_method === "pm_card_chargeDeclined") {
          const error = { type: "card_error", code: "card_declined", message: "Your card was declined." };
          intent.last_payment_error = error;
          await emit("payment_intent.payment_failed", intent);
          return { status: 402, body: { error } };
        }
        const type = fields.payment_method === "pm_usBankAccount" ? "us_bank_account" : "card";
        if (!intent.payment_method_types.includes(type))
          return {
            status: 400,
            body: invalid(
              `The PaymentMethod provided (${type}) is not allowed for this PaymentIntent. Please attach a PaymentMethod of one of the following types: ${intent.payment_method_types.join(", ")}.`,
            ),
          };
        const attached = { id: id("pm"), object: "payment_method", type, account };
        paymentMethods.set(attached.id, attached);
        intent.payment_method = attached.id;
        if (fields.payment_method === "pm_usBankAccount") {
          intent.status = "processing";
          await emit("payment_intent.processing", intent);
          return { status: 200, body: shown(intent) };
        }
        intent.status = "succeeded";
        intent.amount_received = intent.amount;
        await emit("payment_intent.succeeded", intent);
        return { status: 200, body: shown(intent) };
      }
    }
    const methodPath = /^\/v1\/payment_methods\/(pm_\w+)$/.exec(path);
    if (request.method === "GET" && methodPath) {
      const found = paymentMethods.get(methodPath[1]!);
      if (!found || found.account !== account)
        return { status: 404, body: invalid(`No such PaymentMethod: '${methodPath[1]}'`) };
      const { account: _onAccount, ...visible } = found;
      return { status: 200, body: { ...visible, livemode: false, created: now() } };
    }
    if (request.method === "POST" && path === "/v1/refunds") {
      const intent = intents.get(fields.payment_intent ?? "");
      if (!intent || intent.account !== account || intent.status !== "succeeded")
        return { status: 400, body: invalid("No such charge to refund") };
      const amount = fields.amount ? Number(fields.amount) : intent.amount_received - intent.refunded;
      if (amount > intent.amount_received - intent.refunded)
        return { status: 400, body: invalid("Refund amount is greater than the unrefunded amount") };
      const refund = makeRefund(intent, amount, nested.metadata ?? {});
      if (standIn.sendsEvents) await sendWebhook(event("refund.created", refund, { account: intent.account }));
      return { status: 200, body: refund };
    }
    if (request.method === "POST" && path === "/v1/accounts" && !account) {
      const made: StandInAccount = {
        id: `acct_${randomBytes(8).toString("hex")}`,
        object: "account",
        type: "standard",
        email: fields.email ?? null,
        charges_enabled: false,
        payouts_enabled: false,
        details_submitted: false,
        metadata: nested.metadata ?? {},
        requirements: {
          currently_due: ["business_profile.url", "external_account", "tos_acceptance.date"],
          eventually_due: [],
          past_due: [],
          disabled_reason: "requirements.past_due",
        },
        created: now(),
      };
      accounts.set(made.id, made);
      return { status: 200, body: made };
    }
    const accountPath = /^\/v1\/accounts\/(acct_\w+)$/.exec(path);
    if (request.method === "GET" && accountPath) {
      const found = accounts.get(accountPath[1]!);
      if (!found) return { status: 404, body: invalid(`No such account: '${accountPath[1]}'`) };
      return { status: 200, body: found };
    }
    if (request.method === "POST" && path === "/v1/account_links" && !account) {
      const linked = accounts.get(fields.account ?? "");
      if (!linked) return { status: 400, body: invalid(`No such account: '${fields.account}'`) };
      if (fields.type !== "account_onboarding" && fields.type !== "account_update")
        return { status: 400, body: invalid("Invalid type") };
      for (const field of ["refresh_url", "return_url"] as const)
        if (!fields[field] || !/^https?:\/\//.test(fields[field]))
          return { status: 400, body: invalid(`Invalid URL: ${field}`) };
      const code = randomBytes(12).toString("hex");
      const expires = now() + 300;
      links.set(code, { account: linked.id, returnUrl: fields.return_url!, refreshUrl: fields.refresh_url!, expires });
      return {
        status: 200,
        body: { object: "account_link", created: now(), expires_at: expires, url: `${url}/setup/s/${code}` },
      };
    }
    return { status: 404, body: invalid(`Unrecognized request URL (${request.method}: ${path})`) };
  };

  /**
   * The onboarding page an Account Link opens: a button that "submits" the company's details, which marks the
   * account onboarded (charges enabled, nothing due), sends account.updated, and goes back to return_url. A link used
   * or expired goes to refresh_url, as Stripe's does.
   */
  const onboardingPage = async (request: IncomingMessage, code: string) => {
    const link = links.get(code);
    if (!link || link.expires < now()) return { redirect: link?.refreshUrl ?? null, html: null };
    if (request.method === "POST") {
      links.delete(code);
      const account = accounts.get(link.account)!;
      account.charges_enabled = true;
      account.payouts_enabled = true;
      account.details_submitted = true;
      account.requirements = { currently_due: [], eventually_due: [], past_due: [], disabled_reason: null };
      if (standIn.sendsEvents) await sendWebhook(event("account.updated", account, { account: account.id }));
      return { redirect: link.returnUrl, html: null };
    }
    return {
      redirect: null,
      html: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Stripe onboarding (stand-in)</title></head>
<body><main><h1>Set up payments with Stripe</h1><p>Account ${link.account}</p>
<form method="post"><button type="submit">Submit details</button></form></main></body></html>`,
    };
  };

  const server = createServer((request, response) => {
    void readBody(request).then(async (body) => {
      const pathname = new URL(request.url ?? "/", "http://stand-in").pathname;
      const setup = /^\/setup\/s\/(\w+)$/.exec(pathname);
      if (setup) {
        const page = await onboardingPage(request, setup[1]!);
        if (page.redirect) response.writeHead(303, { location: page.redirect }).end();
        else if (page.html) response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(page.html);
        else response.writeHead(404).end("This link has expired");
        return;
      }
      const key = typeof request.headers["idempotency-key"] === "string" ? request.headers["idempotency-key"] : null;
      const account = typeof request.headers["stripe-account"] === "string" ? request.headers["stripe-account"] : null;
      requests.push({
        method: request.method ?? "",
        path: request.url ?? "",
        idempotencyKey: key,
        stripeAccount: account,
        body,
      });
      const cacheKey = key ? `${account ?? ""}:${key}` : null;
      const cached = cacheKey ? idempotent.get(cacheKey) : undefined;
      const result = cached ?? (await handle(request, body, account));
      if (cacheKey && request.method === "POST" && result.status < 500) idempotent.set(cacheKey, result);
      answer(response, result.status, result.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  const standIn: StripeStandIn = {
    url,
    secretKey,
    publishableKey,
    webhookSecret,
    connectWebhookSecret,
    env: {
      STRIPE_SECRET_KEY: secretKey,
      STRIPE_PUBLISHABLE_KEY: publishableKey,
      STRIPE_API_BASE: url,
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_CONNECT_WEBHOOK_SECRET: connectWebhookSecret,
    },
    intents,
    accounts,
    refunds,
    requests,
    webhookUrl: options.webhookUrl ?? null,
    delivered,
    sendsEvents: Boolean(options.webhookUrl),
    async confirm(intentId, paymentMethod = "pm_card_visa", confirmOptions = {}) {
      const response = await fetch(`${url}/v1/payment_intents/${intentId}/confirm`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${secretKey}`,
          "content-type": "application/x-www-form-urlencoded",
          ...(confirmOptions.account ? { "stripe-account": confirmOptions.account } : {}),
        },
        body: new URLSearchParams({ payment_method: paymentMethod }).toString(),
      });
      return { status: response.status, body: await response.json() };
    },
    async createIntent({ amount, metadata, account }) {
      const form = new URLSearchParams({ amount: String(amount), currency: "usd" });
      for (const [key, value] of Object.entries(metadata)) form.set(`metadata[${key}]`, value);
      const response = await fetch(`${url}/v1/payment_intents`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${secretKey}`,
          "content-type": "application/x-www-form-urlencoded",
          ...(account ? { "stripe-account": account } : {}),
        },
        body: form.toString(),
      });
      if (response.status !== 200) throw new Error(`The stand-in refused the intent: ${await response.text()}`);
      return ((await response.json()) as { id: string }).id;
    },
    async settle(intentId, outcome) {
      const intent = intents.get(intentId);
      if (!intent || intent.status !== "processing") throw new Error(`${intentId} is not processing`);
      if (outcome === "succeeded") {
        intent.status = "succeeded";
        intent.amount_received = intent.amount;
      } else {
        intent.status = "requires_payment_method";
        intent.last_payment_error = {
          type: "invalid_request_error",
          code: "payment_method_insufficient_funds",
          message: "The customer's account has insufficient funds to cover this payment.",
        };
      }
      const type = outcome === "succeeded" ? "payment_intent.succeeded" : "payment_intent.payment_failed";
      return event(type, shown(intent), { account: intent.account });
    },
    refundInDashboard(intentId, amount) {
      const intent = intents.get(intentId);
      if (!intent || intent.status !== "succeeded") throw new Error(`${intentId} has not succeeded`);
      return event("refund.created", makeRefund(intent, amount, {}), { account: intent.account });
    },
    dispute(intentId, type, status, disputeOptions = {}) {
      const intent = intents.get(intentId);
      if (!intent || intent.status !== "succeeded") throw new Error(`${intentId} has not succeeded`);
      const disputeId = (disputeIds[intentId] ??= id("du"));
      const dispute = {
        id: disputeId,
        object: "dispute" as const,
        amount: disputeOptions.amount ?? intent.amount_received,
        currency: intent.currency,
        charge: `ch_${intentId.slice(3)}`,
        payment_intent: intentId,
        reason: "fraudulent",
        status,
        is_charge_refundable: false,
        metadata: {},
        created: now(),
        livemode: false,
      };
      return event(`charge.dispute.${type}`, dispute, { account: intent.account });
    },
    event,
    sendWebhook,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return standIn;
}
