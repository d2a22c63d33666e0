import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage } from "node:http";
import { answer, readBody } from "./stand-in-http.ts";

/**
 * A local stand-in for Stripe's API, the parts the product uses: PaymentIntents (create, retrieve, and confirm with a
 * test payment method, which Stripe.js does in the customer's browser) and Refunds. It checks what Stripe checks: the
 * secret key as bearer, form-encoded bodies, amounts, and it answers a repeated Idempotency-Key with the first result.
 */
export interface StripeStandIn {
  url: string;
  secretKey: string;
  intents: Map<string, StandInIntent>;
  refunds: { id: string; payment_intent: string; amount: number }[];
  /** Every request's method, path and Idempotency-Key. */
  requests: { method: string; path: string; idempotencyKey: string | null; body: string }[];
  /** Confirms an intent as Stripe.js would after the customer entered a card (pm_card_visa succeeds). */
  confirm(intentId: string, paymentMethod?: string): Promise<{ status: number; body: unknown }>;
  close(): Promise<void>;
}

interface StandInIntent {
  id: string;
  object: "payment_intent";
  amount: number;
  amount_received: number;
  currency: string;
  status: string;
  client_secret: string;
  description: string | null;
  metadata: Record<string, string>;
  refunded: number;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;

const invalid = (message: string) => ({ error: { type: "invalid_request_error", message } });

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

export async function startStripeStandIn(
  secretKey = `sk_test_${randomBytes(8).toString("hex")}`,
): Promise<StripeStandIn> {
  const intents = new Map<string, StandInIntent>();
  const refunds: StripeStandIn["refunds"] = [];
  const requests: StripeStandIn["requests"] = [];
  const idempotent = new Map<string, { status: number; body: unknown }>();

  const handle = async (request: IncomingMessage, body: string): Promise<{ status: number; body: unknown }> => {
    const url = new URL(request.url ?? "/", "http://stand-in");
    if (request.headers.authorization !== `Bearer ${secretKey}`)
      return { status: 401, body: invalid("Invalid API Key provided") };
    if (request.method === "POST" && request.headers["content-type"] !== "application/x-www-form-urlencoded") {
      return { status: 400, body: invalid("Bodies are form-encoded") };
    }
    const { fields, nested } = readForm(body);
    if (request.method === "POST" && url.pathname === "/v1/payment_intents") {
      const amount = Number(fields.amount);
      if (!Number.isInteger(amount) || amount < 50)
        return { status: 400, body: invalid("Amount must be at least 50 cents") };
      if (fields.currency !== "usd") return { status: 400, body: invalid("Unsupported currency") };
      const intentId = id("pi");
      const intent: StandInIntent = {
        id: intentId,
        object: "payment_intent",
        amount,
        amount_received: 0,
        currency: fields.currency,
        status: "requires_payment_method",
        client_secret: `${intentId}_secret_${randomBytes(8).toString("hex")}`,
        description: fields.description ?? null,
        metadata: nested.metadata ?? {},
        refunded: 0,
      };
      intents.set(intentId, intent);
      return { status: 200, body: intent };
    }
    const intentPath = /^\/v1\/payment_intents\/(pi_\w+)(\/confirm)?$/.exec(url.pathname);
    if (intentPath) {
      const intent = intents.get(intentPath[1]!);
      if (!intent) return { status: 404, body: invalid("No such payment_intent") };
      if (request.method === "GET" && !intentPath[2]) return { status: 200, body: intent };
      if (request.method === "POST" && intentPath[2]) {
        if (fields.payment_method === "pm_card_chargeDeclined") {
          return {
            status: 402,
            body: { error: { type: "card_error", code: "card_declined", message: "Your card was declined." } },
          };
        }
        intent.status = "succeeded";
        intent.amount_received = intent.amount;
        return { status: 200, body: intent };
      }
    }
    if (request.method === "POST" && url.pathname === "/v1/refunds") {
      const intent = intents.get(fields.payment_intent ?? "");
      if (!intent || intent.status !== "succeeded") return { status: 400, body: invalid("No such charge to refund") };
      const amount = fields.amount ? Number(fields.amount) : intent.amount_received - intent.refunded;
      if (amount > intent.amount_received - intent.refunded)
        return { status: 400, body: invalid("Refund amount is greater than the unrefunded amount") };
      intent.refunded += amount;
      const refund = { id: id("re"), object: "refund", payment_intent: intent.id, amount, status: "succeeded" };
      refunds.push(refund);
      return { status: 200, body: refund };
    }
    return { status: 404, body: invalid(`Unrecognized request URL (${request.method}: ${url.pathname})`) };
  };

  const server = createServer((request, response) => {
    void readBody(request).then(async (body) => {
      const key = typeof request.headers["idempotency-key"] === "string" ? request.headers["idempotency-key"] : null;
      requests.push({ method: request.method ?? "", path: request.url ?? "", idempotencyKey: key, body });
      const cached = key ? idempotent.get(key) : undefined;
      const result = cached ?? (await handle(request, body));
      if (key && request.method === "POST" && result.status < 500) idempotent.set(key, result);
      answer(response, result.status, result.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  return {
    url,
    secretKey,
    intents,
    refunds,
    requests,
    async confirm(intentId, paymentMethod = "pm_card_visa") {
      const response = await fetch(`${url}/v1/payment_intents/${intentId}/confirm`, {
        method: "POST",
        headers: { authorization: `Bearer ${secretKey}`, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ payment_method: paymentMethod }).toString(),
      });
      return { status: response.status, body: await response.json() };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
