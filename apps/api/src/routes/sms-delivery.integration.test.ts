import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import twilio from "twilio";
import { deliverMessage } from "@fieldops/domain/outbox/deliver-message.handler";
import { recordSmsOptOut } from "@fieldops/domain/outbox/record-sms-opt-out";
import { withTenant } from "@fieldops/db";
import type { Customer } from "@fieldops/shared/customers";
import type { InvoiceDetail } from "@fieldops/shared/invoices";
import type { OutboxMessage } from "@fieldops/shared/outbox";
import type { SmsNumberSettings } from "@fieldops/shared/messages";
import type { TaskContext } from "@fieldops/tasks/task-definition";
import { createCompletedJob } from "../../../../tests/integration/billing-fixtures.ts";
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
  postAsTwilio,
  SERVICE_UNAVAILABLE,
  startTwilioStandIn,
  TOO_MANY_REQUESTS,
  UNSUBSCRIBED,
} from "../../../../tests/integration/twilio-stand-in.ts";

const ACCOUNT = `AC${"1".repeat(32)}`;
const SERVICE = `MG${"2".repeat(32)}`;
const AUTH_TOKEN = "twilio-test-auth-token";
/** A company's own account, connected through Twilio Connect, and its number. */
const CONNECTED = `AC${"3".repeat(32)}`;
const CONNECTED_NUMBER = "+15550123456";
/** Numbers Twilio offers the platform's account, in two area codes. */
const FOR_SALE = ["+13035550101", "+13035550102", "+17205550103"] as const;
/** Another company's own account, with two numbers. */
const OWN_ACCOUNT = `AC${"4".repeat(32)}`;
const OWN_NUMBERS = ["+15550124001", "+15550124002"] as const;
/** The app as the public (and Twilio) reaches it, through a proxy: callbacks are signed for this URL. */
const PUBLIC_URL = "https://fieldops.example.com";

let standIn: Awaited<ReturnType<typeof startTwilioStandIn>>;
let t: TestApp;
let company: TestCompany;
let other: TestCompany;
let starter: TestCompany;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  standIn = await startTwilioStandIn({
    numbers: { [CONNECTED]: [CONNECTED_NUMBER], [OWN_ACCOUNT]: [...OWN_NUMBERS] },
    forSale: [...FOR_SALE],
  });
  t = await startTestApp({
    TWILIO_ACCOUNT_SID: ACCOUNT,
    TWILIO_AUTH_TOKEN: AUTH_TOKEN,
    TWILIO_MESSAGING_SERVICE_SID: SERVICE,
    TWILIO_API_BASE: standIn.url,
    PUBLIC_APP_URL: PUBLIC_URL,
  });
  company = await createTestCompany(t.db, { planId: "growth" });
  other = await createTestCompany(t.db, { planId: "growth" });
  starter = await createTestCompany(t.db, { planId: "starter" });
  tokens.owner = await signIn(t.url, company.users.owner.email);
  tokens.otherOwner = await signIn(t.url, other.users.owner.email);
  tokens.starterOwner = await signIn(t.url, starter.users.owner.email);
});
afterAll(async () => {
  await t.close();
  await standIn.close();
});

const call = <T>(method: string, path: string, token: string, body?: unknown) =>
  callApi<T>(t.url, method, path, token, body);

/** A fresh customer number each time, so that one test's opt-out is not another's. */
const freshNumber = () =>
  `(555) ${String(Math.floor(Math.random() * 900) + 100)}-${String(Math.floor(Math.random() * 9000) + 1000)}`;
const e164 = (typed: string) => `+1${typed.replace(/\D/g, "")}`;

/** A queued text written straight to the outbox, with no task for it: the test runs the dispatcher by hand. */
async function queuedText(companyId = company.id, recipient = freshNumber(), customerId: string | null = null) {
  return t.db.outboxMessage.create({
    data: {
      companyId,
      kind: "test",
      channel: "sms",
      recipient,
      subject: "Your visit",
      body: "Greenleaf Lawns: see you Tuesday at 9.",
      dedupeKey: `test-${randomUUID()}`,
      customerId,
    },
  });
}

function taskContext(env: Record<string, string | undefined> = {}, finalAttempt = false): TaskContext {
  const context = t.runtime.context;
  return {
    db: context.db,
    redis: context.redis,
    queues: context.queues,
    taskId: "test",
    env: { ...context.env, ...env },
    finalAttempt,
  };
}

const row = (id: string) => t.db.outboxMessage.findUniqueOrThrow({ where: { id } });
const textsTo = (number: string) => standIn.received.filter((text) => text.to === number);

/** Posts a status callback as Twilio does: form-encoded, signed over the public URL with the auth token. */
async function statusCallback(
  query: { company: string; message: string },
  params: Record<string, string>,
  options: { token?: string; signature?: string | null } = {},
) {
  const path = `/api/webhooks/twilio/status?company=${query.company}&message=${query.message}`;
  const signature =
    options.signature === undefined
      ? twilio.getExpectedTwilioSignature(options.token ?? AUTH_TOKEN, `${PUBLIC_URL}${path}`, params)
      : options.signature;
  const response = await fetch(`${t.url}${path}`, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      ...(signature === null ? {} : { "x-twilio-signature": signature }),
    },
    body: new URLSearchParams(params).toString(),
  });
  return response.status;
}

const callbackParams = (sid: string, status: string, extra: Record<string, string> = {}) => ({
  AccountSid: ACCOUNT,
  ApiVersion: "2010-04-01",
  From: "+15550100000",
  MessageSid: sid,
  MessageStatus: status,
  MessagingServiceSid: SERVICE,
  SmsSid: sid,
  SmsStatus: status,
  To: "+15552010000",
  ...extra,
});

describe("sending texts through Twilio", () => {
  it("sends an invoice by text through the workers: Twilio's 503, then sent once, with the invoice showing it", async () => {
    const workers = startTestWorkers(t);
    try {
      const job = await createCompletedJob(t.db, company.id);
      const created = await call<InvoiceDetail>("POST", "/api/invoices", tokens.owner!, { jobId: job.jobId });
      expect(created.status, created.body.message).toBe(201);
      standIn.refuse.push(SERVICE_UNAVAILABLE);
      const sent = await call("POST", `/api/invoices/${created.body.id}/send`, tokens.owner!, { channels: ["sms"] });
      expect(sent.status, sent.body.message).toBe(200);
      const deadline = Date.now() + 20_000;
      while ((await t.db.outboxMessage.findFirst({ where: { invoiceId: created.body.id } }))?.status !== "sent") {
        if (Date.now() > deadline) throw new Error("the invoice's text was not sent within 20 s");
        await drainQueues(t.runtime.context.queues, ["notifications", "mail"]);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const [message] = await t.db.outboxMessage.findMany({ where: { invoiceId: created.body.id } });
      expect(message).toMatchObject({ channel: "sms", status: "sent", attempts: 2 });
      const texts = standIn.received.filter((text) => text.sid === message!.providerMessageId);
      expect(texts).toHaveLength(1);
      expect(texts[0]!.body).toContain(`/review/${created.body.id}`);
      const detail = await call<InvoiceDetail>("GET", `/api/invoices/${created.body.id}`, tokens.owner!);
      expect(detail.body.messages[0]).toMatchObject({ id: message!.id, status: "sent" });
    } finally {
      await workers.close();
    }
  });

  it("sends a text once, from the messaging service, with a signed status callback of its own", async () => {
    const message = await queuedText();
    const payload = { companyId: company.id, messageId: message.id };
    await Promise.all([deliverMessage(payload, taskContext()), deliverMessage(payload, taskContext())]);
    await deliverMessage(payload, taskContext());
    const [text, ...more] = textsTo(e164(message.recipient!));
    expect(more).toHaveLength(0);
    expect(text).toMatchObject({
      accountSid: ACCOUNT,
      username: ACCOUNT,
      password: AUTH_TOKEN,
      body: "Greenleaf Lawns: see you Tuesday at 9.",
      messagingServiceSid: SERVICE,
      from: null,
      statusCallback: `${PUBLIC_URL}/api/webhooks/twilio/status?company=${company.id}&message=${message.id}`,
    });
    expect(await row(message.id)).toMatchObject({
      status: "sent",
      attempts: 1,
      providerMessageId: text!.sid,
      lastError: null,
    });
    const outbox = await call<{ items: OutboxMessage[] }>("GET", "/api/outbox", tokens.owner!);
    expect(outbox.body.items.find((item) => item.id === message.id)).toMatchObject({ status: "sent", caught: false });
  });

  it("sends a company's texts on its connected Twilio account, from its own number, and says so", async () => {
    const own = await createTestCompany(t.db, { planId: "growth" });
    const ownToken = await signIn(t.url, own.users.owner.email);
    const settings = async () =>
      (await call<{ textsGoThrough: string }>("GET", "/api/settings/communications", ownToken)).body.textsGoThrough;
    expect(await settings()).toBe("platform_twilio");
    await t.db.integrationConnection.create({
      data: { companyId: own.id, provider: "twilio", accountId: CONNECTED, accountName: `Twilio account ${CONNECTED}` },
    });
    expect(await settings()).toBe("your_twilio_account");
    const message = await queuedText(own.id);
    await deliverMessage({ companyId: own.id, messageId: message.id }, taskContext());
    expect(textsTo(e164(message.recipient!))[0]).toMatchObject({
      accountSid: CONNECTED,
      username: CONNECTED,
      password: AUTH_TOKEN,
      from: CONNECTED_NUMBER,
      messagingServiceSid: null,
    });
    expect(await row(message.id)).toMatchObject({ status: "sent" });
  });

  it("leaves a text another dispatcher holds to it, and sends again one a dead worker left past the lease", async () => {
    const held = await queuedText();
    await t.db.outboxMessage.update({
      where: { id: held.id },
      data: { status: "sending", sendingAt: new Date(), attempts: 1 },
    });
    await deliverMessage({ companyId: company.id, messageId: held.id }, taskContext());
    expect(textsTo(e164(held.recipient!))).toHaveLength(0);
    await t.db.outboxMessage.update({
      where: { id: held.id },
      data: { sendingAt: new Date(Date.now() - 10 * 60_000) },
    });
    await deliverMessage({ companyId: company.id, messageId: held.id }, taskContext());
    expect(textsTo(e164(held.recipient!))).toHaveLength(1);
    expect(await row(held.id)).toMatchObject({ status: "sent", attempts: 2 });

    // The first send's callback came before the lease ended: the text is past "sending", and is not sent again.
    const reported = await queuedText();
    await t.db.outboxMessage.update({
      where: { id: reported.id },
      data: { status: "sending", sendingAt: new Date(Date.now() - 10 * 60_000), attempts: 1 },
    });
    const sid = `SM${"e".repeat(32)}`;
    expect(await statusCallback({ company: company.id, message: reported.id }, callbackParams(sid, "sent"))).toBe(204);
    await deliverMessage({ companyId: company.id, messageId: reported.id }, taskContext());
    expect(textsTo(e164(reported.recipient!))).toHaveLength(0);
    expect(await row(reported.id)).toMatchObject({ status: "sent", providerMessageId: sid, attempts: 1 });
  });

  it("sends from TWILIO_FROM when the platform has no messaging service", async () => {
    const message = await queuedText();
    await deliverMessage(
      { companyId: company.id, messageId: message.id },
      taskContext({ TWILIO_MESSAGING_SERVICE_SID: undefined, TWILIO_FROM: "+15550109999" }),
    );
    expect(textsTo(e164(message.recipient!))[0]).toMatchObject({ from: "+15550109999", messagingServiceSid: null });
  });

  it("tries again after Twilio's 503, 429 and no answer, then sends it once", async () => {
    const message = await queuedText();
    const payload = { companyId: company.id, messageId: message.id };
    standIn.refuse.push(SERVICE_UNAVAILABLE, TOO_MANY_REQUESTS);
    await expect(deliverMessage(payload, taskContext())).rejects.toThrow(/503/);
    expect(await row(message.id)).toMatchObject({ status: "queued", attempts: 1 });
    expect((await row(message.id)).lastError).toMatch(/^Twilio refused it: 503 \(error 20503\)/);
    await expect(deliverMessage(payload, taskContext())).rejects.toThrow(/429/);
    // No answer at all (nothing listens there): tried again, the error in words without the URL or a credential.
    await expect(deliverMessage(payload, taskContext({ TWILIO_API_BASE: "http://127.0.0.1:9" }))).rejects.toThrow();
    expect(await row(message.id)).toMatchObject({
      status: "queued",
      attempts: 3,
      lastError: "Twilio could not be reached (ECONNREFUSED)",
    });
    await deliverMessage(payload, taskContext());
    expect(textsTo(e164(message.recipient!))).toHaveLength(1);
    expect(await row(message.id)).toMatchObject({ status: "sent", attempts: 4, lastError: null });
  });

  it("fails a text after its last try, and one Twilio refuses for good at once", async () => {
    const message = await queuedText();
    standIn.refuse.push(SERVICE_UNAVAILABLE);
    await expect(
      deliverMessage({ companyId: company.id, messageId: message.id }, taskContext({}, true)),
    ).rejects.toThrow();
    expect(await row(message.id)).toMatchObject({ status: "failed", attempts: 1 });

    const invalid = await queuedText();
    standIn.refuse.push({ status: 400, code: 21211, message: "Invalid 'To' Phone Number" });
    await expect(deliverMessage({ companyId: company.id, messageId: invalid.id }, taskContext())).rejects.toThrow(
      /21211/,
    );
    const failed = await row(invalid.id);
    expect(failed.status).toBe("failed");
    expect(failed.lastError).toBe("Twilio refused it: 400 (error 21211) Invalid 'To' Phone Number");
    expect(failed.lastError).not.toContain(AUTH_TOKEN);
  });

  it("on 21610 fails the text, records the number opted out, shows it on the customer, and sends it nothing more", async () => {
    const job = await createCompletedJob(t.db, company.id);
    const phone = freshNumber();
    await t.db.customerContact.create({
      data: { companyId: company.id, customerId: job.customerId, kind: "phone", value: phone, position: 0 },
    });
    const message = await queuedText(company.id, phone, job.customerId);
    standIn.refuse.push(UNSUBSCRIBED);
    await expect(deliverMessage({ companyId: company.id, messageId: message.id }, taskContext())).rejects.toThrow();
    expect(await row(message.id)).toMatchObject({ status: "failed", lastError: "The customer opted out of texts" });
    expect(
      await t.db.smsOptOut.findUniqueOrThrow({
        where: { companyId_phone: { companyId: company.id, phone: e164(phone) } },
      }),
    ).toMatchObject({ optedOut: true, source: "twilio_21610" });

    const customer = await call<Customer>("GET", `/api/customers/${job.customerId}`, tokens.owner!);
    expect(customer.body.contacts.find((contact) => contact.value === phone)).toMatchObject({ textsStopped: true });

    const before = standIn.requests();
    const next = await queuedText(company.id, phone);
    await deliverMessage({ companyId: company.id, messageId: next.id }, taskContext());
    expect(standIn.requests()).toBe(before);
    expect(await row(next.id)).toMatchObject({ status: "failed", lastError: "The customer opted out of texts" });
    const outbox = await call<{ items: OutboxMessage[] }>("GET", "/api/outbox", tokens.owner!);
    expect(outbox.body.items.find((item) => item.id === next.id)).toMatchObject({ status: "failed" });

    // The same number in another company is that company's customer: it is still texted there.
    const elsewhere = await queuedText(other.id, phone);
    await deliverMessage({ companyId: other.id, messageId: elsewhere.id }, taskContext());
    expect(await row(elsewhere.id)).toMatchObject({ status: "sent" });
  });

  it("stops texting a number that texted STOP and starts again after START (recordSmsOptOut)", async () => {
    const phone = freshNumber();
    const stopped = await withTenant(t.runtime.context.db, company.id, (tx) =>
      recordSmsOptOut(tx, company.id, `+1 ${phone}`, true),
    );
    expect(stopped).toEqual({ phone: e164(phone), changed: true });
    expect(
      await withTenant(t.runtime.context.db, company.id, (tx) => recordSmsOptOut(tx, company.id, phone, true)),
    ).toEqual({ phone: e164(phone), changed: false });
    const refused = await queuedText(company.id, phone);
    await deliverMessage({ companyId: company.id, messageId: refused.id }, taskContext());
    expect(await row(refused.id)).toMatchObject({ status: "failed", lastError: "The customer opted out of texts" });

    await withTenant(t.runtime.context.db, company.id, (tx) => recordSmsOptOut(tx, company.id, phone, false));
    const sent = await queuedText(company.id, phone);
    await deliverMessage({ companyId: company.id, messageId: sent.id }, taskContext());
    expect(await row(sent.id)).toMatchObject({ status: "sent" });
    expect(
      await withTenant(t.runtime.context.db, company.id, (tx) => recordSmsOptOut(tx, company.id, "not a number", true)),
    ).toBeNull();
  });

  it("sends no text for a company whose plan has no SMS", async () => {
    const message = await queuedText(starter.id);
    const before = standIn.requests();
    await deliverMessage({ companyId: starter.id, messageId: message.id }, taskContext());
    expect(standIn.requests()).toBe(before);
    expect(await row(message.id)).toMatchObject({
      status: "failed",
      lastError: "Not sent: text messages need the Growth plan or higher",
    });
  });

  it("keeps texts in the local text catcher without Twilio credentials, delivered there", async () => {
    const message = await queuedText();
    const before = standIn.requests();
    const payload = { companyId: company.id, messageId: message.id };
    await deliverMessage(payload, taskContext({ TWILIO_ACCOUNT_SID: undefined }));
    await deliverMessage(payload, taskContext({ TWILIO_ACCOUNT_SID: undefined }));
    expect(standIn.requests()).toBe(before);
    expect(await row(message.id)).toMatchObject({ status: "delivered", attempts: 1 });
    expect(await t.db.caughtText.findUniqueOrThrow({ where: { outboxMessageId: message.id } })).toMatchObject({
      companyId: company.id,
      toNumber: e164(message.recipient!),
      body: message.body,
      copies: 1,
    });
    const outbox = await call<{ items: OutboxMessage[] }>("GET", "/api/outbox", tokens.owner!);
    expect(outbox.body.items.find((item) => item.id === message.id)).toMatchObject({
      status: "delivered",
      caught: true,
      body: message.body,
    });
    const elsewhere = await call<{ items: OutboxMessage[] }>("GET", "/api/outbox", tokens.otherOwner!);
    expect(elsewhere.body.items.find((item) => item.id === message.id)).toBeUndefined();
  });
});

describe("replies to the company's texts", () => {
  /** The platform's Messaging Service sends from a pool of numbers no company has; this is one of them. */
  const SHARED_SENDER = "+15550100000";
  const reply = (from: string, to: string, body: string) =>
    postAsTwilio(
      t.url,
      "/api/webhooks/twilio/inbound",
      { MessageSid: `SM${randomUUID().replace(/-/g, "")}`, AccountSid: ACCOUNT, From: from, To: to, Body: body },
      { authToken: AUTH_TOKEN, signedUrl: `${PUBLIC_URL}/api/webhooks/twilio/inbound` },
    );
  const inboundIn = (companyId: string, body: string) =>
    t.db.threadMessage.findMany({ where: { companyId, direction: "inbound", body } });

  it("come back from the platform's shared sender to the one company that texted the number, and to no company when two did", async () => {
    const typed = freshNumber();
    const customer = await t.db.customer.create({
      data: {
        companyId: company.id,
        name: `Reply Customer ${randomUUID().slice(0, 6)}`,
        phone: typed,
        street: "4 Elm St",
        city: "Denver",
        region: "CO",
        postcode: "80202",
      },
    });
    const message = await queuedText(company.id, typed, customer.id);
    await deliverMessage({ companyId: company.id, messageId: message.id }, taskContext());
    expect(textsTo(e164(typed))[0]).toMatchObject({ messagingServiceSid: SERVICE });

    expect((await reply(e164(typed), SHARED_SENDER, "Yes, Tuesday works")).status).toBe(200);
    const [placed] = await inboundIn(company.id, "Yes, Tuesday works");
    const thread = await t.db.messageThread.findUniqueOrThrow({ where: { id: placed!.threadId } });
    expect(thread).toMatchObject({ customerId: customer.id, unreadCount: 1 });

    // Another company texts the same number from the same shared sender: a reply could be either's, so it is neither's.
    const elsewhere = await queuedText(other.id, typed);
    await deliverMessage({ companyId: other.id, messageId: elsewhere.id }, taskContext());
    expect((await reply(e164(typed), SHARED_SENDER, "Who is this?")).status).toBe(200);
    expect(await inboundIn(company.id, "Who is this?")).toHaveLength(0);
    expect(await inboundIn(other.id, "Who is this?")).toHaveLength(0);
  });

  it("come back to a company's own number: texting from its connected account makes that number its texting number", async () => {
    const own = await createTestCompany(t.db, { planId: "growth" });
    await t.db.integrationConnection.create({
      data: {
        companyId: own.id,
        provider: "twilio",
        accountId: OWN_ACCOUNT,
        accountName: `Twilio account ${OWN_ACCOUNT}`,
      },
    });
    const typed = freshNumber();
    await deliverMessage({ companyId: own.id, messageId: (await queuedText(own.id, typed)).id }, taskContext());
    const { smsNumber } = await t.db.company.findUniqueOrThrow({ where: { id: own.id } });
    expect(smsNumber).toBe(OWN_NUMBERS[0]);
    expect((await reply(e164(typed), OWN_NUMBERS[0], "Thanks!")).status).toBe(200);
    expect(await inboundIn(own.id, "Thanks!")).toHaveLength(1);

    // A company whose texting number is another of its account's numbers texts from that one.
    await t.db.company.update({ where: { id: own.id }, data: { smsNumber: OWN_NUMBERS[1] } });
    const second = freshNumber();
    await deliverMessage({ companyId: own.id, messageId: (await queuedText(own.id, second)).id }, taskContext());
    expect(textsTo(e164(second))[0]).toMatchObject({ accountSid: OWN_ACCOUNT, from: OWN_NUMBERS[1] });
  });
});

describe("a texting number from the platform", () => {
  const settings = (token: string) => call<SmsNumberSettings>("GET", "/api/settings/sms-number", token);
  const provision = (token: string, body: unknown = {}) =>
    call<SmsNumberSettings>("POST", "/api/settings/sms-number/provision", token, body);
  const release = (token: string) => call<SmsNumberSettings>("DELETE", "/api/settings/sms-number/provisioned", token);
  const ownedBy = async (companyId: string) => {
    const response = await fetch(
      `${standIn.url}/2010-04-01/Accounts/${ACCOUNT}/IncomingPhoneNumbers.json?FriendlyName=fieldops:${companyId}`,
    );
    return ((await response.json()) as { incoming_phone_numbers: { phone_number: string; sms_url: string }[] })
      .incoming_phone_numbers;
  };

  it("buys the company a number near its area code, once; its texts go out from it and replies come back to it", async () => {
    const shop = await createTestCompany(t.db, { planId: "growth" });
    const owner = await signIn(t.url, shop.users.owner.email);
    expect((await settings(owner)).body).toMatchObject({
      smsNumber: "",
      provisioned: false,
      provisionUnavailable: null,
    });

    const noneThere = await provision(owner, { areaCode: "212" });
    expect(noneThere.status).toBe(400);
    expect(noneThere.body.message).toMatch(/no texting number in area code 212/);
    const bought = await provision(owner, { areaCode: "303" });
    expect(bought.status, bought.body.message).toBe(200);
    expect(bought.body).toMatchObject({ smsNumber: "+13035550101", provisioned: true });
    expect(await ownedBy(shop.id)).toEqual([
      expect.objectContaining({ phone_number: "+13035550101", sms_url: `${PUBLIC_URL}/api/webhooks/twilio/inbound` }),
    ]);
    expect((await provision(owner, { areaCode: "303" })).status).toBe(409);
    const typed = await call("PUT", "/api/settings/sms-number", owner, { smsNumber: "+1 555 010 7777" });
    expect(typed.status).toBe(409);

    // Its texts go out on the platform's account from its own number, not the shared sender.
    const to = freshNumber();
    await deliverMessage({ companyId: shop.id, messageId: (await queuedText(shop.id, to)).id }, taskContext());
    expect(textsTo(e164(to))[0]).toMatchObject({
      accountSid: ACCOUNT,
      from: "+13035550101",
      messagingServiceSid: null,
    });
    const reply = await postAsTwilio(
      t.url,
      "/api/webhooks/twilio/inbound",
      {
        MessageSid: `SM${randomUUID().replace(/-/g, "")}`,
        AccountSid: ACCOUNT,
        From: e164(to),
        To: "+13035550101",
        Body: "ok!",
      },
      { authToken: AUTH_TOKEN, signedUrl: `${PUBLIC_URL}/api/webhooks/twilio/inbound` },
    );
    expect(reply.status).toBe(200);
    expect(await t.db.threadMessage.count({ where: { companyId: shop.id, body: "ok!" } })).toBe(1);

    // Given back: Twilio no longer has it for the company, and texts go out from the shared sender again.
    const released = await release(owner);
    expect(released.body).toMatchObject({ smsNumber: "", provisioned: false });
    expect(await ownedBy(shop.id)).toEqual([]);
    expect((await release(owner)).status).toBe(404);
    const after = freshNumber();
    await deliverMessage({ companyId: shop.id, messageId: (await queuedText(shop.id, after)).id }, taskContext());
    expect(textsTo(e164(after))[0]).toMatchObject({ messagingServiceSid: SERVICE, from: null });
  });

  it("buys one number when the owner clicks twice at once", async () => {
    const shop = await createTestCompany(t.db, { planId: "growth" });
    const owner = await signIn(t.url, shop.users.owner.email);
    const answers = await Promise.all([provision(owner), provision(owner)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(await ownedBy(shop.id)).toHaveLength(1);
    expect((await release(owner)).status).toBe(200);
  });

  it("finds a number bought before whose answer was lost, rather than buying a second", async () => {
    const shop = await createTestCompany(t.db, { planId: "growth" });
    const owner = await signIn(t.url, shop.users.owner.email);
    const first = await provision(owner);
    expect(first.status, first.body.message).toBe(200);
    // As if the purchase went through at Twilio but the company's row never recorded it.
    await t.db.company.update({ where: { id: shop.id }, data: { smsNumber: null, smsNumberSid: null } });
    const again = await provision(owner);
    expect(again.body).toMatchObject({ smsNumber: first.body.smsNumber, provisioned: true });
    expect(await ownedBy(shop.id)).toHaveLength(1);
    expect((await release(owner)).status).toBe(200);
  });

  it("is for owners of companies with texts on their plan, whose texts go through the platform", async () => {
    const member = await signIn(t.url, company.users.member.email);
    expect((await provision(member)).status).toBe(403);
    expect((await release(member)).status).toBe(403);
    expect((await provision(tokens.starterOwner!)).status).toBe(403);
    expect(await ownedBy(starter.id)).toEqual([]);
    // A company on its own Twilio account has its account's number.
    const own = await createTestCompany(t.db, { planId: "growth" });
    await t.db.integrationConnection.create({
      data: { companyId: own.id, provider: "twilio", accountId: CONNECTED, accountName: `Twilio account ${CONNECTED}` },
    });
    const ownOwner = await signIn(t.url, own.users.owner.email);
    expect((await settings(ownOwner)).body.provisionUnavailable).toMatch(/your own Twilio account/);
    const refused = await provision(ownOwner);
    expect(refused.status).toBe(503);
    expect(await ownedBy(own.id)).toEqual([]);
  });
});

describe("Twilio's status callbacks", () => {
  async function sentText(companyId = company.id) {
    const message = await queuedText(companyId);
    await deliverMessage({ companyId, messageId: message.id }, taskContext());
    const sent = await row(message.id);
    expect(sent.status).toBe("sent");
    return sent;
  }

  it("moves a text to delivered, once, and never back", async () => {
    const message = await sentText();
    const query = { company: company.id, message: message.id };
    expect(await statusCallback(query, callbackParams(message.providerMessageId!, "delivered"))).toBe(204);
    const delivered = await row(message.id);
    expect(delivered).toMatchObject({ status: "delivered" });
    expect(await statusCallback(query, callbackParams(message.providerMessageId!, "delivered"))).toBe(204);
    // Twilio's "sent" arriving after its "delivered": the text stays delivered.
    expect(await statusCallback(query, callbackParams(message.providerMessageId!, "sent"))).toBe(204);
    expect(await row(message.id)).toMatchObject({ status: "delivered", deliveredAt: delivered.deliveredAt });
    const outbox = await call<{ items: OutboxMessage[] }>("GET", "/api/outbox", tokens.owner!);
    expect(outbox.body.items.find((item) => item.id === message.id)).toMatchObject({ status: "delivered" });
  });

  it("fails an undelivered text with Twilio's error code", async () => {
    const message = await sentText();
    const query = { company: company.id, message: message.id };
    const params = callbackParams(message.providerMessageId!, "undelivered", { ErrorCode: "30003" });
    expect(await statusCallback(query, params)).toBe(204);
    const failed = await row(message.id);
    expect(failed).toMatchObject({ status: "failed" });
    expect(failed.lastError).toBe("Not delivered: Twilio reported the text undelivered (error 30003)");
    expect(await statusCallback(query, callbackParams(message.providerMessageId!, "delivered"))).toBe(204);
    expect(await row(message.id)).toMatchObject({ status: "failed" });
  });

  it("refuses a callback with a wrong or missing signature, or signed for another URL, and changes nothing", async () => {
    const message = await sentText();
    const query = { company: company.id, message: message.id };
    const params = callbackParams(message.providerMessageId!, "delivered");
    expect(await statusCallback(query, params, { token: "not-the-auth-token" })).toBe(403);
    expect(await statusCallback(query, params, { signature: null })).toBe(403);
    expect(await statusCallback(query, params, { signature: "bm90IGEgc2lnbmF0dXJl" })).toBe(403);
    // Signed for this message, replayed against another: the URL is part of what is signed.
    const otherMessage = await sentText();
    const signed = twilio.getExpectedTwilioSignature(
      AUTH_TOKEN,
      `${PUBLIC_URL}/api/webhooks/twilio/status?company=${company.id}&message=${otherMessage.id}`,
      params,
    );
    expect(await statusCallback(query, params, { signature: signed })).toBe(403);
    expect(await row(message.id)).toMatchObject({ status: "sent", deliveredAt: null });
  });

  it("leaves another company's text alone when a callback names the wrong company", async () => {
    const message = await sentText(other.id);
    const query = { company: company.id, message: message.id };
    expect(await statusCallback(query, callbackParams(message.providerMessageId!, "delivered"))).toBe(204);
    expect(await row(message.id)).toMatchObject({ status: "sent" });
  });

  it("applies a callback that comes before the send was recorded, which then keeps the state", async () => {
    const message = await queuedText();
    await t.db.outboxMessage.update({
      where: { id: message.id },
      data: { status: "sending", sendingAt: new Date(), attempts: 1 },
    });
    const query = { company: company.id, message: message.id };
    expect(await statusCallback(query, callbackParams("SM" + "f".repeat(32), "delivered"))).toBe(204);
    expect(await row(message.id)).toMatchObject({ status: "delivered", providerMessageId: "SM" + "f".repeat(32) });
  });
});

describe("On my way", () => {
  /** A visit later today of a crew with the company's field user on it, for a customer with a phone. */
  async function visitOfCrew(of: TestCompany, start = new Date(Date.now() + 2 * 3600_000)) {
    const job = await createCompletedJob(t.db, of.id);
    const phone = freshNumber();
    await t.db.customer.update({ where: { id: job.customerId }, data: { phone } });
    let crew = await t.db.crew.findFirst({
      where: { companyId: of.id, members: { some: { userId: of.users.field_user.id } } },
    });
    if (!crew) {
      crew = await t.db.crew.create({
        data: { companyId: of.id, name: `Crew ${randomUUID().slice(0, 4)}`, color: "#16a34a", skills: [] },
      });
      await t.db.crewMember.create({ data: { crewId: crew.id, userId: of.users.field_user.id, companyId: of.id } });
    }
    const visit = await t.db.visit.create({
      data: {
        companyId: of.id,
        jobId: job.jobId,
        crewId: crew.id,
        status: "dispatched",
        scheduledStart: start,
        scheduledEnd: new Date(start.getTime() + 3600_000),
      },
    });
    return { visit, phone, customerId: job.customerId };
  }

  it("texts the customer once from the visit's crew, with the company's name and the arrival time", async () => {
    const fieldToken = await signIn(t.url, company.users.field_user.email);
    const { visit, phone } = await visitOfCrew(company, new Date(Date.now() + 5 * 60_000));
    const first = await call<{ sentAt: string; alreadySent: boolean; text: string }>(
      "POST",
      `/api/visits/${visit.id}/on-my-way`,
      fieldToken,
    );
    expect(first.status, first.body.message).toBe(200);
    const { name } = await t.db.user.findUniqueOrThrow({ where: { id: company.users.field_user.id } });
    const branding = (await t.db.company.findUniqueOrThrow({ where: { id: company.id } })).branding as { name: string };
    expect(first.body).toMatchObject({ alreadySent: false });
    expect(first.body.text).toMatch(
      new RegExp(`^${branding.name}: ${name.split(" ")[0]} is on the way, arriving around \\d{1,2}:\\d{2} [AP]M\\.$`),
    );
    const second = await call<{ sentAt: string; alreadySent: boolean }>(
      "POST",
      `/api/visits/${visit.id}/on-my-way`,
      fieldToken,
    );
    expect(second.body).toMatchObject({ alreadySent: true, sentAt: first.body.sentAt });
    const messages = await t.db.outboxMessage.findMany({
      where: { companyId: company.id, kind: "on_my_way", recipient: phone },
    });
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ channel: "sms", body: first.body.text });

    const day = await call<{ crews: { visits: { id: string; onMyWay: { sentAt: string | null } }[] }[] }>(
      "GET",
      "/api/userdash",
      fieldToken,
    );
    const shown = day.body.crews.flatMap((crew) => crew.visits).find((item) => item.id === visit.id);
    expect(shown?.onMyWay.sentAt).toBe(first.body.sentAt);
  });

  it("is not found for another company, refused to whoever is not on the visit's crew, and to a plan without SMS", async () => {
    const { visit } = await visitOfCrew(company);
    expect((await call("POST", `/api/visits/${visit.id}/on-my-way`, tokens.otherOwner!)).status).toBe(404);
    const otherField = await signIn(t.url, other.users.field_user.email);
    expect((await call("POST", `/api/visits/${visit.id}/on-my-way`, otherField)).status).toBe(404);
    // The owner is not on the crew: only the crew texts that it is on the way.
    expect((await call("POST", `/api/visits/${visit.id}/on-my-way`, tokens.owner!)).status).toBe(403);
    const member = await signIn(t.url, company.users.member.email);
    expect((await call("POST", `/api/visits/${visit.id}/on-my-way`, member)).status).toBe(403);
    expect((await call("POST", `/api/visits/not-a-uuid/on-my-way`, tokens.owner!)).status).toBe(400);

    const starterVisit = await visitOfCrew(starter);
    const starterField = await signIn(t.url, starter.users.field_user.email);
    const refused = await call("POST", `/api/visits/${starterVisit.visit.id}/on-my-way`, starterField);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe("On my way texts requires the Growth plan or higher.");
    expect(await t.db.outboxMessage.count({ where: { companyId: starter.id, kind: "on_my_way" } })).toBe(0);
  });

  it("says when the customer has opted out, and sends nothing", async () => {
    const fieldToken = await signIn(t.url, company.users.field_user.email);
    const { visit, phone } = await visitOfCrew(company);
    await withTenant(t.runtime.context.db, company.id, (tx) => recordSmsOptOut(tx, company.id, phone, true));
    const refused = await call("POST", `/api/visits/${visit.id}/on-my-way`, fieldToken);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe("The customer opted out of texts");
  });
});
