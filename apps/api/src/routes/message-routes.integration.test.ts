import { randomBytes, randomInt, randomUUID } from "node:crypto";
import twilio from "twilio";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deliverMessage } from "@fieldops/domain/outbox/deliver-message.handler";
import { startMailCatcher, type MailCatcher } from "@fieldops/domain/outbox/mail-catcher";
import { closeMailTransports } from "@fieldops/domain/outbox/mail-transport";
import { inboundEmailSignature } from "@fieldops/domain/messages/receive-inbound-email";
import { replyAddress } from "@fieldops/domain/messages/reply-address";
import type { Thread, ThreadListResponse, ThreadMessage } from "@fieldops/shared/messages";
import type { TaskContext } from "@fieldops/tasks/task-definition";
import { WEBHOOK_REQUESTS_PER_MINUTE } from "../http/webhook-rate-limit.ts";
import { postAsTwilio } from "../../../../tests/integration/twilio-stand-in.ts";
import {
  callApi,
  createTestCompany,
  postSignedEmailWebhook,
  signIn,
  startTestApp,
  type TestApp,
  type TestCompany,
} from "../../../../tests/integration/test-app.ts";

const AUTH_TOKEN = "test-twilio-auth-token-0123456789";
const PATH = "/api/webhooks/twilio/inbound";

let t: TestApp;
let company: TestCompany;
let other: TestCompany;
const tokens: Record<string, string> = {};
let companyNumber: string;

const sid = (prefix: string) => `${prefix}${randomBytes(16).toString("hex")}`;
const number = () => `+1555${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`;

beforeAll(async () => {
  t = await startTestApp({ TWILIO_AUTH_TOKEN: AUTH_TOKEN });
  company = await createTestCompany(t.db, { planId: "growth" });
  other = await createTestCompany(t.db, { planId: "growth" });
  companyNumber = number();
  await t.db.company.update({ where: { id: company.id }, data: { smsNumber: companyNumber } });
  for (const role of ["owner", "member", "field_user"] as const)
    tokens[role] = await signIn(t.url, company.users[role].email);
  tokens.otherOwner = await signIn(t.url, other.users.owner.email);
});
afterAll(async () => {
  await t?.close();
});

const call = <T>(method: string, path: string, token: string, body?: unknown, base = t.url) =>
  callApi<T>(base, method, path, token, body);

async function customer(companyId: string, fields: { phone?: string; email?: string; name?: string }) {
  return t.db.customer.create({
    data: {
      companyId,
      name: fields.name ?? `Customer ${randomUUID().slice(0, 6)}`,
      phone: fields.phone ?? null,
      email: fields.email ?? null,
      street: "1 Elm St",
      city: "Springfield",
      region: "IL",
      postcode: "62701",
    },
  });
}

/** Twilio's inbound text as it posts it: form-encoded, signed over the URL and every field with the auth token. */
function inboundForm(fields: { From: string; To?: string; Body: string; MessageSid?: string }) {
  return {
    ToCountry: "US",
    SmsMessageSid: fields.MessageSid ?? sid("SM"),
    NumMedia: "0",
    MessageSid: fields.MessageSid ?? sid("SM"),
    AccountSid: sid("AC"),
    From: fields.From,
    To: fields.To ?? companyNumber,
    Body: fields.Body,
    NumSegments: "1",
    ApiVersion: "2010-04-01",
  };
}

function postInbound(
  params: Record<string, string>,
  options: { token?: string; signature?: string; url?: string; headers?: Record<string, string> } = {},
) {
  return postAsTwilio(t.url, PATH, params, {
    authToken: options.token ?? AUTH_TOKEN,
    ...(options.url ? { signedUrl: options.url } : {}),
    ...(options.signature !== undefined ? { signature: options.signature } : {}),
    ...(options.headers ? { headers: options.headers } : {}),
  });
}

const threadOf = (customerId: string) =>
  t.db.messageThread.findUnique({ where: { companyId_key: { companyId: company.id, key: `customer:${customerId}` } } });
const inboundCount = () => t.db.threadMessage.count({ where: { direction: "inbound" } });

describe("Twilio's inbound text webhook", () => {
  it("files a signed text in the sender's thread, unread, once per MessageSid, and answers empty TwiML", async () => {
    const grace = await customer(company.id, { phone: "(555) 201-7788", name: "Grace Hopper" });
    const form = inboundForm({ From: "+15552017788", Body: "Can you come Tuesday instead?" });
    const first = await postInbound(form);
    expect(first.status).toBe(200);
    expect(first.type).toMatch(/^text\/xml/);
    expect(first.text).toContain("<Response/>");

    const again = await postInbound(form);
    expect(again.status).toBe(200);
    const thread = await threadOf(grace.id);
    expect(thread).toMatchObject({ unreadCount: 1, lastMessagePreview: "Can you come Tuesday instead?" });
    const messages = await t.db.threadMessage.findMany({ where: { threadId: thread!.id } });
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({
      direction: "inbound",
      channel: "sms",
      body: "Can you come Tuesday instead?",
      fromAddress: "+15552017788",
      toAddress: companyNumber,
      providerMessageId: form.MessageSid,
      readAt: null,
    });

    const list = await call<ThreadListResponse>("GET", "/api/messages/threads", tokens.member!);
    expect(list.status).toBe(200);
    expect(list.body.items[0]).toMatchObject({ id: thread!.id, title: "Grace Hopper", unreadCount: 1 });
    expect(list.body.unreadTotal).toBeGreaterThanOrEqual(1);
  });

  it("stops texting a number that texts STOP, and starts again after START, for this company only", async () => {
    await customer(company.id, { phone: "(555) 201-4455", name: "Ada Lovelace" });
    const optedOut = () =>
      t.db.smsOptOut.findUnique({ where: { companyId_phone: { companyId: company.id, phone: "+15552014455" } } });
    expect((await postInbound(inboundForm({ From: "+15552014455", Body: " Stop " }))).status).toBe(200);
    expect(await optedOut()).toMatchObject({ optedOut: true });
    expect(await t.db.smsOptOut.count({ where: { companyId: other.id, phone: "+15552014455" } })).toBe(0);
    expect((await postInbound(inboundForm({ From: "+15552014455", Body: "START" }))).status).toBe(200);
    expect(await optedOut()).toMatchObject({ optedOut: false });
    // A sentence with the word in it is a message, not a keyword.
    expect((await postInbound(inboundForm({ From: "+15552014455", Body: "please stop by tuesday" }))).status).toBe(200);
    expect(await optedOut()).toMatchObject({ optedOut: false });
  });

  it("keeps two first texts that arrive at once in one thread", async () => {
    const eve = await customer(company.id, { phone: "555 710 8080" });
    const answers = await Promise.all(
      ["one", "two", "three"].map((body) => postInbound(inboundForm({ From: "+15557108080", Body: body }))),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    const threads = await t.db.messageThread.findMany({ where: { customerId: eve.id } });
    expect(threads).toHaveLength(1);
    expect(threads[0]!.unreadCount).toBe(3);
  });

  it("refuses a wrong or missing signature with 403 and stores nothing", async () => {
    await customer(company.id, { phone: "555 301 1111" });
    const before = await inboundCount();
    const form = inboundForm({ From: "+15553011111", Body: "forged" });
    expect((await postInbound(form, { token: "not-the-auth-token" })).status).toBe(403);
    expect((await postInbound(form, { signature: "" })).status).toBe(403);
    // Signed for other fields than those posted: a changed Body breaks the signature.
    const signed = twilio.getExpectedTwilioSignature(AUTH_TOKEN, `${t.url}${PATH}`, form);
    expect((await postInbound({ ...form, Body: "changed" }, { signature: signed })).status).toBe(403);
    // Signed for another URL.
    expect((await postInbound(form, { url: `https://elsewhere.example${PATH}` })).status).toBe(403);
    expect(await inboundCount()).toBe(before);
  });

  it("stops a flood of forged requests from one address (429), while other addresses go on", async () => {
    const flooder = { "x-forwarded-for": `10.9.${randomInt(1, 250)}.${randomInt(1, 250)}` };
    const forged = inboundForm({ From: "+15553019999", Body: "flood" });
    const answers = await Promise.all(
      Array.from({ length: WEBHOOK_REQUESTS_PER_MINUTE }, () =>
        postInbound(forged, { signature: "forged", headers: flooder }),
      ),
    );
    expect(new Set(answers.map((answer) => answer.status))).toEqual(new Set([403]));
    const before = await inboundCount();
    await customer(company.id, { phone: "555 301 2222" });
    const real = inboundForm({ From: "+15553012222", Body: "Is Tuesday still on?" });
    const refused = await postInbound(real, { headers: flooder });
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.text)).toMatchObject({ message: expect.stringMatching(/^Too many requests/) });
    expect(await inboundCount()).toBe(before);
    expect((await postInbound(real, { headers: { "x-forwarded-for": "10.8.0.1" } })).status).toBe(200);
    expect(await inboundCount()).toBe(before + 1);
  });

  it("checks the signature over PUBLIC_APP_URL when the app is behind a proxy", async () => {
    const behind = await startTestApp({
      TWILIO_AUTH_TOKEN: AUTH_TOKEN,
      PUBLIC_APP_URL: "https://app.fieldops.example",
    });
    try {
      const someone = await customer(company.id, { phone: "+1 555 401 2222" });
      const form = inboundForm({ From: "+15554012222", Body: "via the proxy" });
      const signature = twilio.getExpectedTwilioSignature(AUTH_TOKEN, `https://app.fieldops.example${PATH}`, form);
      const response = await fetch(`${behind.url}${PATH}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", "x-twilio-signature": signature },
        body: new URLSearchParams(form).toString(),
      });
      expect(response.status).toBe(200);
      expect(await threadOf(someone.id)).toMatchObject({ unreadCount: 1 });
    } finally {
      await behind.close();
    }
  });

  it("puts a number no customer has, and one two customers share, in a thread of that number", async () => {
    const unknown = await postInbound(inboundForm({ From: "+15559990000", Body: "who is this?" }));
    expect(unknown.status).toBe(200);
    const unknownThread = await t.db.messageThread.findUniqueOrThrow({
      where: { companyId_key: { companyId: company.id, key: "sms:+15559990000" } },
    });
    expect(unknownThread).toMatchObject({ customerId: null, unplacedReason: "unknown", unreadCount: 1 });

    const [a, b] = [await customer(company.id, { phone: "555-777-1212" }), await customer(company.id, {})];
    await t.db.customerContact.create({
      data: { companyId: company.id, customerId: b.id, kind: "phone", value: "+1 (555) 777-1212", position: 0 },
    });
    expect((await postInbound(inboundForm({ From: "+15557771212", Body: "it's me" }))).status).toBe(200);
    const shared = await t.db.messageThread.findUniqueOrThrow({
      where: { companyId_key: { companyId: company.id, key: "sms:+15557771212" } },
    });
    expect(shared).toMatchObject({ customerId: null, unplacedReason: "ambiguous" });
    expect(await threadOf(a.id)).toBeNull();
    expect(await threadOf(b.id)).toBeNull();
    const read = await call<Thread>("GET", `/api/messages/threads/${shared.id}`, tokens.owner!);
    expect(read.body).toMatchObject({
      title: "+15557771212",
      unplacedReason: "ambiguous",
      replyTo: { sms: "+15557771212" },
    });
  });

  it("stores nothing for a number no company texts from, and says OK to Twilio", async () => {
    const before = await inboundCount();
    const response = await postInbound(inboundForm({ From: "+15551230000", To: "+15550000001", Body: "hi" }));
    expect(response.status).toBe(200);
    expect(await inboundCount()).toBe(before);
  });

  it("refuses a huge body (413) and a malformed one (400) cleanly, storing nothing", async () => {
    const before = await inboundCount();
    const huge = inboundForm({ From: "+15552017788", Body: "x".repeat(100_000) });
    expect((await postInbound(huge)).status).toBe(413);
    const malformed = await postInbound({ ...inboundForm({ From: "+15552017788", Body: "hi" }), MessageSid: "nope" });
    expect(malformed.status).toBe(400);
    expect(JSON.parse(malformed.text)).toMatchObject({ field: "MessageSid" });
    const notUtf8 = await fetch(`${t.url}${PATH}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "x-twilio-signature": "x" },
      body: "Body=%FF%FE&From=%2B1555",
    });
    expect(notUtf8.status).toBe(400);
    const nul = await fetch(`${t.url}${PATH}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "x-twilio-signature": "x" },
      body: "Body=a%00b",
    });
    expect(nul.status).toBe(400);
    expect(await inboundCount()).toBe(before);
  });
});

describe("the inbox", () => {
  it("opens a thread, marks it read for the office, and lists threads newest first", async () => {
    const ada = await customer(company.id, { phone: "555 610 4040", name: "Ada Lovelace" });
    await postInbound(inboundForm({ From: "+15556104040", Body: "First" }));
    await postInbound(inboundForm({ From: "+15556104040", Body: "Second" }));
    const thread = (await threadOf(ada.id))!;
    const list = await call<ThreadListResponse>("GET", "/api/messages/threads", tokens.owner!);
    expect(list.body.items[0]).toMatchObject({ id: thread.id, unreadCount: 2, lastMessagePreview: "Second" });
    const unreadBefore = list.body.unreadTotal;

    const read = await call<Thread>("GET", `/api/customers/${ada.id}/thread`, tokens.member!);
    expect(read.status).toBe(200);
    expect(read.body.messages.map((message) => message.body)).toEqual(["First", "Second"]);
    expect(read.body.replyTo).toEqual({ sms: "555 610 4040", email: null });

    expect((await call("POST", `/api/messages/threads/${thread.id}/read`, tokens.member!)).status).toBe(204);
    const after = await call<ThreadListResponse>("GET", "/api/messages/threads", tokens.owner!);
    expect(after.body.items.find((item) => item.id === thread.id)?.unreadCount).toBe(0);
    expect(after.body.unreadTotal).toBe(unreadBefore - 2);
    const reread = await call<Thread>("GET", `/api/messages/threads/${thread.id}`, tokens.owner!);
    expect(reread.body.messages.every((message) => message.readAt !== null)).toBe(true);
  });

  it("replies by text and e-mail through the outbox, to the customer's number and address, in the thread", async () => {
    const linus = await customer(company.id, { phone: "555 620 5050", email: "linus@example.com", name: "Linus" });
    await postInbound(inboundForm({ From: "+15556205050", Body: "Is the invoice ready?" }));
    const thread = (await threadOf(linus.id))!;

    const sms = await call<ThreadMessage>("POST", `/api/messages/threads/${thread.id}/replies`, tokens.member!, {
      channel: "sms",
      body: "Yes, sending it now.",
    });
    expect(sms.status, sms.body.message).toBe(201);
    expect(sms.body).toMatchObject({
      direction: "outbound",
      channel: "sms",
      body: "Yes, sending it now.",
      to: "555 620 5050",
    });
    expect(sms.body.delivery).toMatchObject({ status: "queued" });
    const smsRow = await t.db.outboxMessage.findUniqueOrThrow({ where: { id: sms.body.outboxMessageId! } });
    expect(smsRow).toMatchObject({ channel: "sms", recipient: "555 620 5050", customerId: linus.id, kind: "reply" });

    const email = await call<ThreadMessage>("POST", `/api/messages/threads/${thread.id}/replies`, tokens.owner!, {
      channel: "email",
      body: "Attached.",
    });
    expect(email.status, email.body.message).toBe(201);
    const emailRow = await t.db.outboxMessage.findUniqueOrThrow({ where: { id: email.body.outboxMessageId! } });
    expect(emailRow).toMatchObject({ channel: "email", recipient: "linus@example.com", customerId: linus.id });
    expect(emailRow.subject).toMatch(/^A message from /);

    // Replying reads the thread; both replies are in it, linked to their outbox rows, after the customer's text.
    const read = await call<Thread>("GET", `/api/messages/threads/${thread.id}`, tokens.owner!);
    expect(read.body.unreadCount).toBe(0);
    expect(read.body.messages.map((message) => [message.direction, message.channel])).toEqual([
      ["inbound", "sms"],
      ["outbound", "sms"],
      ["outbound", "email"],
    ]);
  });

  it("starts a customer's conversation with the first reply from their page", async () => {
    const quiet = await customer(company.id, { email: "quiet@example.com" });
    const empty = await call<Thread>("GET", `/api/customers/${quiet.id}/thread`, tokens.owner!);
    expect(empty.body).toMatchObject({
      id: quiet.id,
      messages: [],
      replyTo: { sms: null, email: "quiet@example.com" },
    });
    const refused = await call("POST", `/api/messages/threads/${quiet.id}/replies`, tokens.owner!, {
      channel: "sms",
      body: "hello",
    });
    expect(refused).toMatchObject({ status: 400, body: { field: "channel" } });
    const sent = await call<ThreadMessage>("POST", `/api/messages/threads/${quiet.id}/replies`, tokens.owner!, {
      channel: "email",
      body: "Hello from the office",
    });
    expect(sent.status, sent.body.message).toBe(201);
    expect(await threadOf(quiet.id)).not.toBeNull();
  });

  it("keeps an outbound message's subject and delivery in the thread, read from its outbox row", async () => {
    const someone = await customer(company.id, { email: "billing@example.com" });
    const sent = await call<ThreadMessage>("POST", `/api/messages/threads/${someone.id}/replies`, tokens.owner!, {
      channel: "email",
      body: "Your invoice",
      subject: "Invoice #12",
    });
    const read = await call<Thread>("GET", `/api/customers/${someone.id}/thread`, tokens.owner!);
    expect(read.body.messages).toEqual([
      expect.objectContaining({
        id: sent.body.id,
        subject: "Invoice #12",
        delivery: expect.objectContaining({ status: "queued" }),
      }),
    ]);
  });
});

describe("who may read and reply", () => {
  it("refuses field users (403) and another company (404) on every route, and changes nothing", async () => {
    const mine = await customer(company.id, { phone: "555 630 6060", email: "mine@example.com" });
    await postInbound(inboundForm({ From: "+15556306060", Body: "private" }));
    const thread = (await threadOf(mine.id))!;
    const before = await t.db.threadMessage.count();
    const routes: [string, string, unknown?][] = [
      ["GET", "/api/messages/threads"],
      ["GET", `/api/messages/threads/${thread.id}`],
      ["GET", `/api/customers/${mine.id}/thread`],
      ["POST", `/api/messages/threads/${thread.id}/read`],
      ["POST", `/api/messages/threads/${thread.id}/replies`, { channel: "sms", body: "x" }],
      ["GET", "/api/settings/sms-number"],
      ["PUT", "/api/settings/sms-number", { smsNumber: "+15550001111" }],
      ["POST", `/api/outbox/${randomUUID()}/reply-as-customer`, { body: "x" }],
    ];
    for (const [method, path, body] of routes) {
      expect((await call(method, path, tokens.field_user!, body)).status, `${method} ${path}`).toBe(403);
    }
    for (const [method, path, body] of routes.slice(1, 5)) {
      expect((await call(method, path, tokens.otherOwner!, body)).status, `${method} ${path}`).toBe(404);
    }
    const otherList = await call<ThreadListResponse>("GET", "/api/messages/threads", tokens.otherOwner!);
    expect(otherList.body.items.some((item) => item.id === thread.id)).toBe(false);
    expect(await t.db.threadMessage.count()).toBe(before);
    expect((await threadOf(mine.id))!.unreadCount).toBe(1);
  });

  it("lets owners set the texting number, members read it, and keeps a number to one company", async () => {
    const set = await call("PUT", "/api/settings/sms-number", tokens.otherOwner!, { smsNumber: "(555) 640-7070" });
    expect(set).toMatchObject({ status: 200, body: { smsNumber: "+15556407070", canManage: true } });
    const taken = await call("PUT", "/api/settings/sms-number", tokens.owner!, { smsNumber: "+1 555 640 7070" });
    expect(taken).toMatchObject({ status: 409, body: { field: "smsNumber" } });
    expect(await call("PUT", "/api/settings/sms-number", tokens.member!, { smsNumber: "" })).toMatchObject({
      status: 403,
    });
    expect(await call("GET", "/api/settings/sms-number", tokens.member!)).toMatchObject({
      status: 200,
      body: { smsNumber: companyNumber, canManage: false },
    });
    const bad = await call("PUT", "/api/settings/sms-number", tokens.owner!, { smsNumber: "12" });
    expect(bad).toMatchObject({ status: 400, body: { field: "smsNumber" } });
  });
});

describe("replies to e-mails through the local mail catcher", () => {
  let catcher: MailCatcher;
  let local: TestApp;
  beforeAll(async () => {
    catcher = await startMailCatcher({ db: t.runtime.context.db, redis: t.runtime.context.redis });
    // As `npm start` without SMTP_URL: the catcher is the mail server.
    local = await startTestApp({
      MAIL_CATCHER_PORT: String(catcher.port),
      SMTP_URL: `smtp://127.0.0.1:${catcher.port}`,
    });
  });
  afterAll(async () => {
    await local?.close();
    closeMailTransports();
    await catcher?.close();
  });

  function taskContext(): TaskContext {
    const { db, redis, queues, env } = local.runtime.context;
    return { db, redis, queues, taskId: "test", env, finalAttempt: false };
  }

  it("sends e-mails with a reply address of their own; the customer's reply lands in their thread, once", async () => {
    await t.db.company.update({ where: { id: company.id }, data: { email: "office@greenleaf.test" } });
    const kim = await customer(company.id, { email: "kim@example.com", name: "Kim" });
    const sent = await call<ThreadMessage>(
      "POST",
      `/api/messages/threads/${kim.id}/replies`,
      tokens.owner!,
      { channel: "email", body: "Your visit is on Tuesday.", subject: "Your visit" },
      local.url,
    );
    expect(sent.status, sent.body.message).toBe(201);
    const outboxId = sent.body.outboxMessageId!;
    await deliverMessage({ companyId: company.id, messageId: outboxId }, taskContext());

    const caught = await t.db.caughtMail.findUniqueOrThrow({ where: { outboxMessageId: outboxId } });
    // The thread's reply address first, the company's own beside it.
    expect(caught.replyTo).toMatch(/^reply\+[0-9a-f]{32}\.[0-9a-f]{24}@fieldops\.localhost, office@greenleaf\.test$/);
    expect(caught.replyTo).toContain(company.id.replace(/-/g, ""));

    const replied = await call(
      "POST",
      `/api/outbox/${outboxId}/reply-as-customer`,
      tokens.owner!,
      { body: "Tuesday works, thanks!" },
      local.url,
    );
    expect(replied.status, replied.body.message).toBe(202);
    const thread = (await threadOf(kim.id))!;
    const read = await call<Thread>("GET", `/api/messages/threads/${thread.id}`, tokens.owner!);
    expect(read.body.unreadCount).toBe(1);
    expect(read.body.messages.at(-1)).toMatchObject({
      direction: "inbound",
      channel: "email",
      body: "Tuesday works, thanks!",
      subject: "Re: Your visit",
      from: "kim@example.com",
    });

    // The same reply delivered again (its Message-ID) is kept once.
    const { createTransport } = await import("nodemailer");
    const transport = createTransport({ host: "127.0.0.1", port: catcher.port, secure: false, ignoreTLS: true });
    const replyAddress = caught.replyTo!.split(",")[0]!.trim();
    const resent = {
      from: "kim@example.com",
      to: replyAddress,
      subject: "Re: Your visit",
      text: "Once only",
      messageId: "<once@kim.example>",
    };
    await transport.sendMail(resent);
    await transport.sendMail(resent);
    const after = await t.db.threadMessage.findMany({ where: { threadId: thread.id, body: "Once only" } });
    expect(after).toHaveLength(1);

    // Another company's owner cannot reply to this company's mail.
    const foreign = await call(
      "POST",
      `/api/outbox/${outboxId}/reply-as-customer`,
      tokens.otherOwner!,
      { body: "x" },
      local.url,
    );
    expect(foreign.status).toBe(404);
  });

  it("refuses mail to a reply address that names no e-mail of the company (550)", async () => {
    const { createTransport } = await import("nodemailer");
    const transport = createTransport({ host: "127.0.0.1", port: catcher.port, secure: false, ignoreTLS: true });
    const forged = `reply+${other.id.replace(/-/g, "")}.${"0".repeat(24)}@fieldops.localhost`;
    await expect(
      transport.sendMail({ from: "x@example.com", to: forged, subject: "hi", text: "hi" }),
    ).rejects.toMatchObject({ responseCode: 550 });
  });

  it("is refused where the catcher is not the mail server", async () => {
    const response = await call("POST", `/api/outbox/${randomUUID()}/reply-as-customer`, tokens.owner!, { body: "x" });
    expect(response.status).toBe(409);
  });
});

describe("an inbound mail provider's webhook", () => {
  const SECRET = "inbound-email-secret-for-tests";
  let provider: TestApp;
  beforeAll(async () => {
    provider = await startTestApp({ INBOUND_EMAIL_SECRET: SECRET, INBOUND_EMAIL_DOMAIN: "in.fieldops.example" });
  });
  afterAll(async () => {
    await provider?.close();
  });

  const postMail = (mail: Record<string, unknown>, signature?: string) =>
    postSignedEmailWebhook(provider.url, "/api/webhooks/email/inbound", SECRET, mail, signature);

  it("files a signed reply in the thread of the e-mail its address names, once; refuses what is not signed", async () => {
    const ray = await customer(company.id, { email: "ray@example.com", name: "Ray" });
    const sent = await call<ThreadMessage>("POST", `/api/messages/threads/${ray.id}/replies`, tokens.owner!, {
      channel: "email",
      body: "Quote attached",
      subject: "Your quote",
    });
    const { replyToken } = await t.db.threadMessage.findUniqueOrThrow({ where: { id: sent.body.id } });
    const address = replyAddress(company.id, replyToken!, "in.fieldops.example");
    const mail = {
      recipients: [address],
      from: "Ray <ray@example.com>",
      subject: "Re: Your quote",
      text: "Looks good, go ahead.\n\nOn Tue, the company wrote:\n> Quote attached",
      messageId: `<${randomUUID()}@example.com>`,
    };
    const before = await inboundCount();
    expect((await postMail(mail, "sha256=00")).status).toBe(403);
    expect((await postMail(mail, inboundEmailSignature("another-secret-entirely", JSON.stringify(mail)))).status).toBe(
      403,
    );
    expect(await inboundCount()).toBe(before);

    expect(await postMail(mail)).toMatchObject({ status: 202 });
    expect(await postMail(mail)).toMatchObject({ status: 202 });
    const thread = (await threadOf(ray.id))!;
    const inbound = await t.db.threadMessage.findMany({ where: { threadId: thread.id, direction: "inbound" } });
    expect(inbound).toHaveLength(1);
    expect(inbound[0]).toMatchObject({ channel: "email", body: "Looks good, go ahead.", subject: "Re: Your quote" });

    // A token of this company under another company's id finds nothing.
    const forged = replyAddress(other.id, replyToken!, "in.fieldops.example");
    expect((await postMail({ ...mail, recipients: [forged], messageId: "<x@example.com>" })).status).toBe(404);
    expect((await postMail({ ...mail, recipients: ["office@greenleaf.test"] })).status).toBe(404);
  });

  it("refuses every request where no secret is configured", async () => {
    const mail = { recipients: ["reply+x.y@in.fieldops.example"], from: "a@b.c", subject: "", text: "hi" };
    const response = await fetch(`${t.url}/api/webhooks/email/inbound`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-fieldops-signature": inboundEmailSignature(SECRET, JSON.stringify(mail)),
      },
      body: JSON.stringify(mail),
    });
    expect(response.status).toBe(403);
  });
});

describe("moving an unknown or shared number's conversation onto a customer", () => {
  const unplacedOf = (address: string) =>
    t.db.messageThread.findUnique({ where: { companyId_key: { companyId: company.id, key: `sms:${address}` } } });
  const contactsOf = (customerId: string) =>
    t.db.customerContact.findMany({ where: { customerId }, orderBy: { position: "asc" } });
  const move = (threadId: string, body: unknown, token = tokens.member!) =>
    call<Thread>("POST", `/api/messages/threads/${threadId}/customer`, token, body);

  it("moves an unknown number's texts into the customer's conversation, unread kept; their next text lands there", async () => {
    // Made as the customer page makes one, with an e-mail address and a property.
    const { body: grace } = await call<{ id: string }>("POST", "/api/customers", tokens.owner!, {
      name: "Grace Moved",
      contacts: [{ kind: "email", value: "grace.moved@example.com" }],
      properties: [
        { street: "1 Elm St", city: "Springfield", region: "IL", postcode: "62701", latitude: 39.8, longitude: -89.6 },
      ],
    });
    const sent = await call<ThreadMessage>("POST", `/api/messages/threads/${grace.id}/replies`, tokens.owner!, {
      channel: "email",
      body: "Your estimate is attached.",
    });
    expect(sent.status, sent.body.message).toBe(201);
    const from = number();
    await postInbound(inboundForm({ From: from, Body: "Hi, it's Grace from my new phone" }));
    await postInbound(inboundForm({ From: from, Body: "Tuesday is fine" }));
    const unplaced = (await unplacedOf(from))!;
    expect(unplaced).toMatchObject({ customerId: null, unplacedReason: "unknown", unreadCount: 2 });
    const unreadBefore = (await call<ThreadListResponse>("GET", "/api/messages/threads", tokens.owner!)).body
      .unreadTotal;

    const moved = await move(unplaced.id, { customerId: grace.id, saveContact: true });
    expect(moved.status, moved.body.message).toBe(200);
    const target = (await threadOf(grace.id))!;
    expect(moved.body).toMatchObject({
      id: target.id,
      customerId: grace.id,
      title: "Grace Moved",
      unplacedReason: null,
      unreadCount: 2,
      lastMessagePreview: "Tuesday is fine",
      replyTo: { sms: from, email: "grace.moved@example.com" },
    });
    expect(moved.body.messages.map((message) => [message.direction, message.body, message.readAt])).toEqual([
      ["outbound", "Your estimate is attached.", expect.any(String)],
      ["inbound", "Hi, it's Grace from my new phone", null],
      ["inbound", "Tuesday is fine", null],
    ]);
    expect(await unplacedOf(from)).toBeNull();
    expect((await contactsOf(grace.id)).map(({ kind, value }) => ({ kind, value }))).toEqual([
      { kind: "email", value: "grace.moved@example.com" },
      { kind: "phone", value: from },
    ]);
    const list = await call<ThreadListResponse>("GET", "/api/messages/threads", tokens.owner!);
    expect(list.body.unreadTotal).toBe(unreadBefore);
    expect(list.body.items.some((item) => item.id === unplaced.id)).toBe(false);
    const audit = await t.db.auditLog.findFirstOrThrow({
      where: { companyId: company.id, action: "messages.thread_assigned", entityId: grace.id },
    });
    expect(audit.actorUserId).toBe(company.users.member.id);
    expect(JSON.stringify(audit.metadata)).toContain(`Moved the conversation with ${from} (2 messages) to Grace Moved`);

    // The number is the customer's now: the next text goes straight to their conversation.
    expect((await postInbound(inboundForm({ From: from, Body: "See you then" }))).status).toBe(200);
    expect(await unplacedOf(from)).toBeNull();
    expect(await threadOf(grace.id)).toMatchObject({ unreadCount: 3, lastMessagePreview: "See you then" });
  });

  it("moves a shared number's text onto one of its customers without adding the number they already have", async () => {
    const from = number();
    const national = `(${from.slice(2, 5)}) ${from.slice(5, 8)}-${from.slice(8)}`;
    const first = await customer(company.id, { phone: national, name: "Shared One" });
    const second = await customer(company.id, { name: "Shared Two" });
    await t.db.customerContact.create({
      data: { companyId: company.id, customerId: second.id, kind: "phone", value: national, position: 0 },
    });
    await postInbound(inboundForm({ From: from, Body: "This is Two" }));
    const shared = (await unplacedOf(from))!;
    expect(shared).toMatchObject({ unplacedReason: "ambiguous" });

    const moved = await move(shared.id, { customerId: second.id, saveContact: true }, tokens.owner!);
    expect(moved.status, moved.body.message).toBe(200);
    expect(moved.body).toMatchObject({ customerId: second.id, unreadCount: 1, lastMessagePreview: "This is Two" });
    // The number is on the customer already (compared by digits): it is not added a second time.
    expect((await contactsOf(second.id)).map((contact) => contact.value)).toEqual([national]);
    expect(await contactsOf(first.id)).toEqual([]);
    expect(await threadOf(first.id)).toBeNull();
    expect(await unplacedOf(from)).toBeNull();

    // Without saving: nothing is added to the customer, and the next text from the number is unplaced again.
    const other = number();
    await postInbound(inboundForm({ From: other, Body: "no name" }));
    const unknown = (await unplacedOf(other))!;
    expect((await move(unknown.id, { customerId: first.id, saveContact: false })).status).toBe(200);
    expect(await contactsOf(first.id)).toEqual([]);
    await postInbound(inboundForm({ From: other, Body: "again" }));
    expect(await unplacedOf(other)).toMatchObject({ unplacedReason: "unknown", unreadCount: 1 });
  });

  it("refuses a customer's own thread (409), another company's thread or customer (404), field users (403), and bad input, changing nothing", async () => {
    const kept = await customer(company.id, { phone: "555 650 1010", name: "Kept" });
    await postInbound(inboundForm({ From: "+15556501010", Body: "mine" }));
    const placed = (await threadOf(kept.id))!;
    const taken = await move(placed.id, { customerId: kept.id, saveContact: true });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toMatch(/already with a customer/);

    const from = number();
    await postInbound(inboundForm({ From: from, Body: "whose?" }));
    const unplaced = (await unplacedOf(from))!;
    const foreign = await customer(other.id, { name: "Foreign" });
    const refusals: [unknown, string, number][] = [
      [{ customerId: kept.id, saveContact: true }, tokens.field_user!, 403],
      [{ customerId: kept.id, saveContact: true }, tokens.otherOwner!, 404],
      [{ customerId: foreign.id, saveContact: true }, tokens.owner!, 404],
      [{ customerId: randomUUID(), saveContact: true }, tokens.owner!, 404],
      [{ customerId: "not-a-customer", saveContact: true }, tokens.owner!, 400],
      [{ saveContact: true }, tokens.owner!, 400],
    ];
    for (const [body, token, status] of refusals) {
      const answer = await move(unplaced.id, body, token);
      expect(answer.status, JSON.stringify(body)).toBe(status);
      expect(answer.body.message).toEqual(expect.any(String));
    }
    expect((await move(randomUUID(), { customerId: kept.id })).status).toBe(404);
    expect(await unplacedOf(from)).toMatchObject({ id: unplaced.id, unreadCount: 1 });
    expect(await t.db.threadMessage.count({ where: { threadId: unplaced.id } })).toBe(1);
    expect(await contactsOf(kept.id)).toEqual([]);
    expect(await t.db.messageThread.count({ where: { customerId: foreign.id } })).toBe(0);
  });
});

describe("paging and filtering the inbox", () => {
  let pager: TestCompany;
  let token: string;
  beforeAll(async () => {
    pager = await createTestCompany(t.db, { planId: "growth" });
    token = await signIn(t.url, pager.users.member.email);
  });

  const page = (query: string) => call<ThreadListResponse>("GET", `/api/messages/threads${query}`, token);

  async function allPages(query: string) {
    const pages: ThreadListResponse[] = [];
    let cursor: string | null = null;
    do {
      const answer = await page(`${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
      expect(answer.status, answer.body.message).toBe(200);
      pages.push(answer.body);
      cursor = answer.body.nextCursor;
    } while (cursor !== null && pages.length < 10);
    return pages;
  }

  it("walks every thread newest first, a page at a time, with no duplicate or gap where threads share an instant", async () => {
    const base = Date.UTC(2026, 10, 20, 9);
    // Seven threads, four of them at one instant; every other one unread.
    const minutes = [0, 5, 5, 5, 5, 9, 12];
    const threads = await Promise.all(
      minutes.map((minute, i) =>
        t.db.messageThread.create({
          data: {
            companyId: pager.id,
            key: `sms:+1555300000${i}`,
            address: `+1555300000${i}`,
            unplacedReason: "unknown",
            lastMessageAt: new Date(base + minute * 60_000),
            lastMessagePreview: `message ${i}`,
            unreadCount: i % 2 === 0 ? 2 : 0,
          },
        }),
      ),
    );
    const newestFirst = [...threads]
      .sort((a, b) => b.lastMessageAt.getTime() - a.lastMessageAt.getTime() || (a.id < b.id ? 1 : -1))
      .map((thread) => thread.id);

    const pages = await allPages("?limit=3");
    expect(pages.map((p) => p.items.length)).toEqual([3, 3, 1]);
    expect(pages.flatMap((p) => p.items.map((item) => item.id))).toEqual(newestFirst);
    expect(pages.at(-1)!.nextCursor).toBeNull();
    // The badge's count is every thread's, whatever the page.
    expect(new Set(pages.map((p) => p.unreadTotal))).toEqual(new Set([8]));

    const unread = await allPages("?limit=2&unread=true");
    expect(unread.map((p) => p.items.length)).toEqual([2, 2]);
    expect(unread.flatMap((p) => p.items.map((item) => item.id))).toEqual(
      newestFirst.filter((id) => threads.find((thread) => thread.id === id)!.unreadCount > 0),
    );
    expect(unread.every((p) => p.items.every((item) => item.unreadCount > 0))).toBe(true);

    // Without a limit, one page holds them all.
    expect((await page("")).body).toMatchObject({ nextCursor: null, unreadTotal: 8 });
    expect((await page("")).body.items).toHaveLength(7);
  });

  it("refuses a cursor it did not make and a page size out of range (400)", async () => {
    for (const query of ["?cursor=bm9wZQ", "?cursor=%00", "?limit=0", "?limit=101", "?unread=maybe"]) {
      const answer = await page(query);
      expect(answer.status, query).toBe(400);
      expect(answer.body.message).toEqual(expect.any(String));
    }
  });
});
