import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTransport } from "nodemailer";
import { SMTPServer } from "smtp-server";
import { simpleParser, type ParsedMail } from "mailparser";
import type { Env } from "@fieldops/config/env";
import { inboundEmailSignature } from "@fieldops/domain/messages/receive-inbound-email";
import { bounceAddress } from "@fieldops/domain/messages/reply-address";
import { deliverMessage } from "@fieldops/domain/outbox/deliver-message.handler";
import {
  arfComplaint,
  autoReply,
  gmailBounce,
  postfixBounce,
  postfixDelay,
} from "@fieldops/domain/outbox/delivery-report-test-fixtures";
import { startMailCatcher, type MailCatcher } from "@fieldops/domain/outbox/mail-catcher";
import { closeMailTransports } from "@fieldops/domain/outbox/mail-transport";
import type { Customer } from "@fieldops/shared/customers";
import { EMAIL_SUPPRESSED_ERROR, type CaughtMail, type OutboxMessage } from "@fieldops/shared/outbox";
import type { EstimateDetail } from "@fieldops/shared/estimates";
import type { InvoiceDetail } from "@fieldops/shared/invoices";
import type { TaskContext } from "@fieldops/tasks/task-definition";
import type { RunningWorkers } from "@fieldops/worker/run-workers";
import { createCompletedJob } from "../../../../tests/integration/billing-fixtures.ts";
import { pdfText } from "../../../../tests/pdf-text.ts";
import {
  callApi,
  createTestCompany,
  downloadFromApi,
  drainQueues,
  postSignedEmailWebhook,
  signIn,
  startTestApp,
  startTestWorkers,
  type TestApp,
  type TestCompany,
} from "../../../../tests/integration/test-app.ts";

/**
 * A real SMTP server that keeps what it receives (and each mail's envelope sender, by Message-ID), and refuses (451)
 * the next `refuse` mails.
 */
async function startSmtpServer() {
  const received: ParsedMail[] = [];
  const envelopeFrom = new Map<string, string>();
  const state = { refuse: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["AUTH", "STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (mail) => {
          if (state.refuse > 0) {
            state.refuse--;
            return callback(Object.assign(new Error("Try again later"), { responseCode: 451 }));
          }
          received.push(mail);
          if (mail.messageId && session.envelope.mailFrom)
            envelopeFrom.set(mail.messageId, session.envelope.mailFrom.address);
          callback(null, `Ok: queued as TEST${received.length}`);
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    envelopeFrom,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let t: TestApp;
let workers: RunningWorkers;
let company: TestCompany;
let other: TestCompany;
const tokens: Record<string, string> = {};
const COMPANY_EMAIL = "office@greenleaf.test";

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await startTestApp({ SMTP_URL: smtp.url, MAIL_FROM: "FieldOps <mail@fieldops.test>" });
  workers = startTestWorkers(t);
  company = await createTestCompany(t.db, { planId: "growth" });
  other = await createTestCompany(t.db, { planId: "growth" });
  await t.db.company.update({
    where: { id: company.id },
    data: { email: COMPANY_EMAIL, branding: { name: "Greenleaf Lawns", logo: null, primaryColor: "#15803d" } },
  });
  for (const role of ["owner", "member", "field_user"] as const)
    tokens[role] = await signIn(t.url, company.users[role].email);
  tokens.otherOwner = await signIn(t.url, other.users.owner.email);
});
afterAll(async () => {
  await workers.close();
  await t.close();
  closeMailTransports();
  await smtp.close();
});

const call = <T>(method: string, path: string, token: string, body?: unknown) =>
  callApi<T>(t.url, method, path, token, body);

/** Makes and sends an invoice by e-mail, and waits until its e-mail has been handled. */
async function sendInvoice(): Promise<{ invoice: InvoiceDetail; customerEmail: string }> {
  const job = await createCompletedJob(t.db, company.id);
  const created = await call<InvoiceDetail>("POST", "/api/invoices", tokens.owner!, { jobId: job.jobId });
  expect(created.status, created.body.message).toBe(201);
  const sent = await call<InvoiceDetail>("POST", `/api/invoices/${created.body.id}/send`, tokens.owner!, {
    channels: ["email"],
  });
  expect(sent.status, sent.body.message).toBe(200);
  await drainQueues(t.runtime.context.queues, ["notifications", "mail"]);
  await settled(created.body.id);
  const customer = await t.db.customer.findUniqueOrThrow({ where: { id: job.customerId } });
  return { invoice: created.body, customerEmail: customer.email! };
}

/**
 * Waits until the invoice's e-mail has left the queue for good (sent, delivered or failed): a retry's backoff can sit
 * between two looks of drainQueues.
 */
async function settled(invoiceId: string) {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const pending = await t.db.outboxMessage.count({
      where: { invoiceId, channel: "email", status: { in: ["queued", "sending"] } },
    });
    if (pending === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("the invoice's e-mail was not settled within 20 s");
}

const outboxRows = (invoiceId: string) => t.db.outboxMessage.findMany({ where: { invoiceId } });
const mailsTo = (address: string) =>
  smtp.received.filter((mail) => mail.to && "text" in mail.to && mail.to.text === address);

/** A queued e-mail written straight to the outbox, with no task for it: the test runs the dispatcher by hand. */
async function queuedMessage(
  companyId = company.id,
  recipient = `someone-${randomUUID().slice(0, 8)}@example.com`,
  about: { kind: string; invoiceId?: string } = { kind: "test" },
) {
  return t.db.outboxMessage.create({
    data: {
      companyId,
      ...about,
      channel: "email",
      recipient,
      subject: "Your visit is booked",
      body: "Hello,\n\nSee you on Tuesday: https://app.test/portal/abc",
      linkUrl: "https://app.test/portal/abc",
      linkLabel: "Open your page",
      dedupeKey: `test-${randomUUID()}`,
    },
  });
}

function taskContext(smtpUrl = smtp.url, more: Partial<Env> = {}): TaskContext {
  const { db, redis, queues, env } = t.runtime.context;
  return { db, redis, queues, taskId: "test", env: { ...env, SMTP_URL: smtpUrl, ...more }, finalAttempt: false };
}

/** A mail server that refuses every recipient (at RCPT TO) or every mail (at DATA) with `response`. */
async function refusingServer(at: "rcpt" | "data", code: number, response: string) {
  const refuse = (callback: (error?: Error) => void) =>
    callback(Object.assign(new Error(response), { responseCode: code }));
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["AUTH", "STARTTLS"],
    logger: false,
    onRcptTo: (_address, _session, callback) => (at === "rcpt" ? refuse(callback) : callback()),
    onData: (stream, _session, callback) => {
      stream.resume();
      stream.on("end", () => refuse(callback));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe("e-mail delivery", () => {
  it("sends an invoice's e-mail through the mail server, branded, with its link, replies to the company", async () => {
    const { invoice, customerEmail } = await sendInvoice();
    const [message] = await outboxRows(invoice.id);
    expect(message).toMatchObject({ status: "sent", attempts: 1, lastError: null });
    expect(message!.providerMessageId).toMatch(/^TEST\d+$/);
    const [mail, ...more] = mailsTo(customerEmail);
    expect(more).toHaveLength(0);
    const { name } = await t.db.company.findUniqueOrThrow({ where: { id: company.id } });
    expect(mail!.subject).toBe(`Invoice #${invoice.number} from ${name}`);
    expect(mail!.replyTo?.text).toBe(COMPANY_EMAIL);
    expect(mail!.from?.value[0]).toMatchObject({ name: "Greenleaf Lawns", address: "mail@fieldops.test" });
    expect(mail!.messageId).toBe(`<${message!.id}@fieldops.test>`);
    // No reply domain receives mail here: the envelope sender stays MAIL_FROM's address.
    expect(smtp.envelopeFrom.get(mail!.messageId!)).toBe("mail@fieldops.test");
    expect(message!.linkUrl).toMatch(new RegExp(`^${t.url}/review/${invoice.id}`));
    expect(mail!.html).toContain(`href="${message!.linkUrl!.replace(/&/g, "&amp;")}"`);
    expect(mail!.html).toContain("View and pay the invoice");
    expect(mail!.html).toContain("#15803d");
    expect(mail!.text).toContain(message!.linkUrl!);
    // The invoice itself rides along as a PDF, printing the same link to pay.
    expect(mail!.attachments).toHaveLength(1);
    const [pdf] = mail!.attachments;
    expect(pdf).toMatchObject({ filename: `invoice-${invoice.number}.pdf`, contentType: "application/pdf" });
    const printed = await pdfText(new Uint8Array(pdf!.content));
    expect(printed).toContain(`No. ${invoice.number}`);
    expect(printed.replace(/\s+/g, "")).toContain(message!.linkUrl!);

    const outbox = await call<{ items: OutboxMessage[] }>("GET", "/api/outbox", tokens.owner!);
    expect(outbox.body.items.find((item) => item.id === message!.id)).toMatchObject({
      status: "sent",
      caught: false,
    });
    const detail = await call<InvoiceDetail>("GET", `/api/invoices/${invoice.id}`, tokens.owner!);
    expect(detail.body.messages[0]).toMatchObject({ id: message!.id, status: "sent" });
  });

  it("in HIPAA mode, sends an invoice's e-mail with the link alone: no PDF, no name, no amount", async () => {
    await t.db.company.update({ where: { id: company.id }, data: { hipaaMode: true } });
    try {
      const { invoice, customerEmail } = await sendInvoice();
      const [message] = await outboxRows(invoice.id);
      expect(message).toMatchObject({ status: "sent" });
      const [mail] = mailsTo(customerEmail);
      expect(mail!.attachments).toHaveLength(0);
      expect(mail!.text).toContain(message!.linkUrl!);
      expect(`${mail!.subject} ${mail!.text}`).not.toMatch(/invoice #|\$\d/i);
      const customer = await t.db.customer.findFirstOrThrow({ where: { email: customerEmail } });
      expect(`${mail!.subject} ${mail!.text}`).not.toContain(customer.name);
    } finally {
      await t.db.company.update({ where: { id: company.id }, data: { hipaaMode: false } });
    }
  });

  it("sends an estimate's e-mail with the estimate as a PDF, every option in it, and the link to answer", async () => {
    const email = `estimate-${randomUUID().slice(0, 8)}@example.com`;
    const customer = await call<{ id: string }>("POST", "/api/customers", tokens.owner!, {
      name: "Pat Rivera",
      contacts: [{ kind: "email", value: email }],
      properties: [{ street: "1 Elm St", city: "Denver", region: "CO", postcode: "80202" }],
    });
    expect(customer.status, customer.body.message).toBe(201);
    const estimate = await call<EstimateDetail>("POST", "/api/estimates", tokens.owner!, {
      customerId: customer.body.id,
      title: "Spring cleanup",
      options: [
        { name: "Good", lineItems: [{ description: "Spring cleanup", quantity: 1, unitPriceCents: 20000 }] },
        { name: "Better", lineItems: [{ description: "Cleanup and mulch", quantity: 1, unitPriceCents: 31000 }] },
      ],
    });
    expect(estimate.status, estimate.body.message).toBe(201);
    const sent = await call("POST", `/api/estimates/${estimate.body.id}/send`, tokens.owner!, {
      email: true,
      sms: false,
    });
    expect(sent.status, sent.body.message).toBe(200);
    await drainQueues(t.runtime.context.queues, ["notifications", "mail"]);
    const deadline = Date.now() + 20_000;
    while (mailsTo(email).length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));

    const [mail, ...more] = mailsTo(email);
    expect(more).toHaveLength(0);
    expect(mail!.attachments.map((file) => file.filename)).toEqual([`estimate-${estimate.body.number}.pdf`]);
    const printed = await pdfText(new Uint8Array(mail!.attachments[0]!.content));
    expect(printed).toContain("Good");
    expect(printed).toContain("Cleanup and mulch");
    const [message] = await t.db.outboxMessage.findMany({ where: { estimateId: estimate.body.id, channel: "email" } });
    expect(mail!.html).toContain(`href="${message!.linkUrl!.replace(/&/g, "&amp;")}"`);
  });

  it("tries again when the mail server refuses for a while, and delivers once it recovers: one mail", async () => {
    smtp.state.refuse = 2;
    const { invoice, customerEmail } = await sendInvoice();
    const [message] = await outboxRows(invoice.id);
    expect(message).toMatchObject({ status: "sent", attempts: 3, lastError: null });
    expect(mailsTo(customerEmail)).toHaveLength(1);
  });

  it("sends a task delivered twice once, and leaves a message another dispatcher holds to it", async () => {
    const message = await queuedMessage();
    const payload = { companyId: company.id, messageId: message.id };
    await Promise.all([deliverMessage(payload, taskContext()), deliverMessage(payload, taskContext())]);
    await deliverMessage(payload, taskContext());
    expect(mailsTo(message.recipient!)).toHaveLength(1);
    expect(await t.db.outboxMessage.findUniqueOrThrow({ where: { id: message.id } })).toMatchObject({
      status: "sent",
      attempts: 1,
    });

    // Claimed a moment ago by a worker that may still be sending: not sent again now.
    const held = await queuedMessage();
    await t.db.outboxMessage.update({ where: { id: held.id }, data: { status: "sending", sendingAt: new Date() } });
    await deliverMessage({ companyId: company.id, messageId: held.id }, taskContext());
    expect(mailsTo(held.recipient!)).toHaveLength(0);
    // Left "sending" past the lease by a worker that died: sent again, with the same Message-ID.
    await t.db.outboxMessage.update({
      where: { id: held.id },
      data: { sendingAt: new Date(Date.now() - 10 * 60_000), attempts: 1 },
    });
    await deliverMessage({ companyId: company.id, messageId: held.id }, taskContext());
    const [resent] = mailsTo(held.recipient!);
    expect(resent!.messageId).toBe(`<${held.id}@fieldops.test>`);
    expect(await t.db.outboxMessage.findUniqueOrThrow({ where: { id: held.id } })).toMatchObject({
      status: "sent",
      attempts: 2,
    });
  });

  /** Sends a queued e-mail through a server that refuses it (refusingServer); answers the message afterwards. */
  async function refusedBy(...refusal: Parameters<typeof refusingServer>) {
    const message = await queuedMessage();
    const refusing = await refusingServer(...refusal);
    await expect(
      deliverMessage({ companyId: company.id, messageId: message.id }, taskContext(refusing.url)),
    ).rejects.toThrow(refusal[2]);
    closeMailTransports();
    await refusing.close();
    return t.db.outboxMessage.findUniqueOrThrow({ where: { id: message.id } });
  }

  it("bounces a message whose recipient the mail server refuses for good (5xx at RCPT TO), with the server's words", async () => {
    const bounced = await refusedBy("rcpt", 550, "5.1.1 <nobody@example.com>: Recipient address rejected");
    expect(bounced).toMatchObject({
      status: "bounced",
      attempts: 1,
      lastError: "The mail server refused it: 550 5.1.1 <nobody@example.com>: Recipient address rejected",
    });
    expect(bounced.failedAt).not.toBeNull();
    const outbox = await call<{ items: OutboxMessage[] }>("GET", "/api/outbox", tokens.owner!);
    expect(outbox.body.items.find((item) => item.id === bounced.id)).toMatchObject({
      status: "bounced",
      lastError: bounced.lastError,
    });
  });

  it("fails a message the mail server refuses for good after taking its recipient (5xx at DATA)", async () => {
    const failed = await refusedBy("data", 554, "5.7.1 Message rejected as spam");
    expect(failed).toMatchObject({
      status: "failed",
      attempts: 1,
      lastError: "The mail server refused it: 554 5.7.1 Message rejected as spam",
    });
  });

  it("sends a password reset e-mail through the mail server: the link reaches its recipient only", async () => {
    const member = company.users.member.email;
    const asked = await fetch(`${t.url}/api/password-reset/request`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: member }),
    });
    expect(asked.status).toBe(202);
    const deadline = Date.now() + 20_000;
    while (mailsTo(member).length === 0 && Date.now() < deadline) {
      await drainQueues(t.runtime.context.queues, ["mail"]);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const [mail] = mailsTo(member);
    expect(mail?.subject).toBe("Reset your FieldOps password");
    expect(mail?.text).toMatch(/\/reset-password\?token=[\w-]{20,}/);
    const row = await t.db.outboxMessage.findFirstOrThrow({ where: { recipient: member, kind: "password_reset" } });
    expect(row.status).toBe("sent");
  });

  it("sends an invoice's text to the local text catcher without Twilio, never by e-mail", async () => {
    const job = await createCompletedJob(t.db, company.id);
    const created = await call<InvoiceDetail>("POST", "/api/invoices", tokens.owner!, { jobId: job.jobId });
    const before = smtp.received.length;
    await call("POST", `/api/invoices/${created.body.id}/send`, tokens.owner!, { channels: ["sms"] });
    await drainQueues(t.runtime.context.queues, ["notifications", "mail"]);
    const [sms] = await outboxRows(created.body.id);
    expect(sms).toMatchObject({ channel: "sms", status: "delivered", attempts: 1 });
    expect(await t.db.caughtText.count({ where: { outboxMessageId: sms!.id } })).toBe(1);
    expect(smtp.received.length).toBe(before);
    const detail = await call<InvoiceDetail>("GET", `/api/invoices/${created.body.id}`, tokens.owner!);
    expect(detail.body.messages[0]).toMatchObject({ id: sms!.id, status: "delivered", caught: true });
  });
});

describe("the local mail catcher", () => {
  let catcher: MailCatcher;
  beforeAll(async () => {
    catcher = await startMailCatcher({ db: t.runtime.context.db, redis: t.runtime.context.redis });
  });
  afterAll(async () => {
    closeMailTransports();
    await catcher.close();
  });

  it("keeps the mail in the company's outbox, delivered, for the company's owners alone", async () => {
    const message = await queuedMessage();
    await deliverMessage(
      { companyId: company.id, messageId: message.id },
      taskContext(`smtp://127.0.0.1:${catcher.port}`),
    );
    const row = await t.db.outboxMessage.findUniqueOrThrow({ where: { id: message.id } });
    expect(row).toMatchObject({ status: "delivered", lastError: null });
    expect(row.deliveredAt).not.toBeNull();
    expect(row.providerMessageId).not.toBeNull();

    const outbox = await call<{ items: OutboxMessage[] }>("GET", "/api/outbox", tokens.owner!);
    expect(outbox.body.items.find((item) => item.id === message.id)).toMatchObject({
      status: "delivered",
      caught: true,
    });
    const caught = await call<CaughtMail>("GET", `/api/outbox/${message.id}/caught-mail`, tokens.owner!);
    expect(caught.status).toBe(200);
    expect(caught.body).toMatchObject({
      subject: "Your visit is booked",
      to: message.recipient,
      replyTo: COMPANY_EMAIL,
      copies: 1,
    });
    expect(caught.body.html).toContain('href="https://app.test/portal/abc"');
    expect(caught.body.text).toContain("See you on Tuesday");

    expect((await call("GET", `/api/outbox/${message.id}/caught-mail`, tokens.otherOwner!)).status).toBe(404);
    expect((await call("GET", `/api/outbox/${message.id}/caught-mail`, tokens.member!)).status).toBe(403);
    expect((await call("GET", `/api/outbox/${message.id}/caught-mail`, tokens.field_user!)).status).toBe(403);
    expect((await call("GET", "/api/outbox", tokens.member!)).status).toBe(403);
    expect((await call("GET", "/api/outbox/not-a-uuid/caught-mail", tokens.owner!)).status).toBe(400);
  });

  it("keeps an invoice e-mail's PDF, for the company's owners to download", async () => {
    const job = await createCompletedJob(t.db, company.id);
    const created = await call<InvoiceDetail>("POST", "/api/invoices", tokens.owner!, { jobId: job.jobId });
    expect(created.status, created.body.message).toBe(201);
    const message = await queuedMessage(company.id, undefined, { kind: "invoice", invoiceId: created.body.id });
    await deliverMessage(
      { companyId: company.id, messageId: message.id },
      taskContext(`smtp://127.0.0.1:${catcher.port}`),
    );

    const caught = await call<CaughtMail>("GET", `/api/outbox/${message.id}/caught-mail`, tokens.owner!);
    expect(caught.body.attachments).toEqual([
      {
        id: expect.any(String),
        fileName: `invoice-${created.body.number}.pdf`,
        contentType: "application/pdf",
        size: expect.any(Number),
      },
    ]);
    const attachment = caught.body.attachments[0]!;
    const path = `/api/outbox/${message.id}/caught-mail/attachments/${attachment.id}`;
    const download = await downloadFromApi(t.url, path, tokens.owner!);
    expect(download.status).toBe(200);
    expect(download.headers.get("content-disposition")).toBe(`attachment; filename="${attachment.fileName}"`);
    expect(download.bytes.byteLength).toBe(attachment.size);
    expect(await pdfText(download.bytes)).toContain(`No. ${created.body.number}`);

    expect((await downloadFromApi(t.url, path, tokens.otherOwner!)).status).toBe(404);
    expect((await downloadFromApi(t.url, path, tokens.member!)).status).toBe(403);
    expect((await downloadFromApi(t.url, path, tokens.field_user!)).status).toBe(403);
    const elsewhere = `/api/outbox/${(await queuedMessage()).id}/caught-mail/attachments/${attachment.id}`;
    expect((await downloadFromApi(t.url, elsewhere, tokens.owner!)).status).toBe(404);
    expect((await downloadFromApi(t.url, `${path.slice(0, -36)}not-a-uuid`, tokens.owner!)).status).toBe(400);
  });

  it("shows the office that a password reset e-mail arrived, never its link", async () => {
    const message = await t.db.outboxMessage.create({
      data: {
        companyId: company.id,
        kind: "password_reset",
        channel: "email",
        recipient: company.users.member.email,
        subject: "Reset your FieldOps password",
        body: "Set a new password here: https://app.test/reset-password?token=secret-token-value",
        dedupeKey: `password_reset:${randomUUID()}`,
      },
    });
    await deliverMessage(
      { companyId: company.id, messageId: message.id },
      taskContext(`smtp://127.0.0.1:${catcher.port}`),
    );
    const caught = await call<CaughtMail>("GET", `/api/outbox/${message.id}/caught-mail`, tokens.owner!);
    expect(caught.status).toBe(200);
    expect(caught.body.subject).toBe("Reset your FieldOps password");
    expect(JSON.stringify(caught.body)).not.toContain("secret-token-value");
  });

  it("refuses mail it cannot place in the company it names, and keeps nothing of it", async () => {
    const message = await queuedMessage();
    const transport = createTransport({ url: `smtp://127.0.0.1:${catcher.port}` });
    // Another company's header on this company's message: that company has no such message.
    await expect(
      transport.sendMail({
        from: "intruder@example.com",
        to: "someone@example.com",
        subject: "Forged",
        text: "x",
        messageId: `<${message.id}@fieldops.test>`,
        headers: { "X-FieldOps-Company": other.id },
      }),
    ).rejects.toMatchObject({ responseCode: 550 });
    await expect(
      transport.sendMail({ from: "a@example.com", to: "b@example.com", subject: "Stray", text: "x" }),
    ).rejects.toMatchObject({ responseCode: 550 });
    transport.close();
    expect(await t.db.caughtMail.count({ where: { outboxMessageId: message.id } })).toBe(0);
    expect(await t.db.outboxMessage.findUniqueOrThrow({ where: { id: message.id } })).toMatchObject({
      status: "queued",
    });
  });

  describe("bounces and complaints at an e-mail's bounce address", () => {
    /** The dispatcher's context where the catcher is the mail server, so replies and reports go to MAIL_FROM's domain. */
    const viaCatcher = () => taskContext(`smtp://127.0.0.1:${catcher.port}`, { MAIL_CATCHER_PORT: catcher.port });

    /** An e-mail the catcher took (delivered), with the bounce address it was sent from. */
    async function deliveredMessage(companyId = company.id, recipient?: string) {
      const message = await queuedMessage(companyId, recipient);
      await deliverMessage({ companyId, messageId: message.id }, viaCatcher());
      const row = await t.db.outboxMessage.findUniqueOrThrow({ where: { id: message.id } });
      expect(row.status).toBe("delivered");
      return { row, bounceTo: bounceAddress(companyId, row.bounceToken!, "fieldops.test") };
    }

    /** Sends a report to `to` over SMTP, from the null sender as reports come; answers the server's reply. */
    async function report(to: string, raw: string): Promise<string> {
      const transport = createTransport({ url: `smtp://127.0.0.1:${catcher.port}` });
      try {
        const info = (await transport.sendMail({ envelope: { from: "", to: [to] }, raw })) as { response: string };
        return info.response;
      } finally {
        transport.close();
      }
    }

    it("sends each e-mail from its own bounce address where the reply domain receives mail", async () => {
      const message = await queuedMessage();
      await deliverMessage(
        { companyId: company.id, messageId: message.id },
        taskContext(smtp.url, { MAIL_CATCHER_PORT: 2525 }),
      );
      const row = await t.db.outboxMessage.findUniqueOrThrow({ where: { id: message.id } });
      expect(row.bounceToken).toMatch(/^[0-9a-f]{24}$/);
      expect(smtp.envelopeFrom.get(`<${message.id}@fieldops.test>`)).toBe(
        `bounce+${company.id.replace(/-/g, "")}.${row.bounceToken}@fieldops.test`,
      );
    });

    it("marks a delivered e-mail bounced by a bounce to its address, once, with the remote server's words", async () => {
      const { row, bounceTo } = await deliveredMessage();
      const bounce = postfixBounce({ to: bounceTo, recipient: row.recipient! });
      expect(await report(bounceTo, bounce)).toMatch(/Ok: report recorded/);
      const bounced = await t.db.outboxMessage.findUniqueOrThrow({ where: { id: row.id } });
      expect(bounced).toMatchObject({
        status: "bounced",
        lastError: `The recipient's mail server refused it: 550 5.1.1 <${row.recipient}>: Recipient address rejected: User unknown in virtual mailbox table`,
      });
      expect(bounced.failedAt).not.toBeNull();

      // The same report again (a retried delivery of it) changes nothing more.
      expect(await report(bounceTo, bounce)).toMatch(/Ok: report unchanged/);
      expect(await t.db.outboxMessage.findUniqueOrThrow({ where: { id: row.id } })).toEqual(bounced);

      const outbox = await call<{ items: OutboxMessage[] }>("GET", "/api/outbox", tokens.owner!);
      expect(outbox.body.items.find((item) => item.id === row.id)).toMatchObject({
        status: "bounced",
        lastError: bounced.lastError,
      });
    });

    it("leaves an e-mail as it was on a delay warning or an auto-reply; refuses a report for no e-mail of the company", async () => {
      const { row, bounceTo } = await deliveredMessage();
      const sample = { to: bounceTo, recipient: row.recipient! };
      expect(await report(bounceTo, postfixDelay(sample))).toMatch(/Ok: report unchanged/);
      expect(await report(bounceTo, autoReply(sample))).toMatch(/Ok: report ignored/);
      // This company's token under another company's id: that company has no such e-mail.
      const forged = bounceAddress(other.id, row.bounceToken!, "fieldops.test");
      await expect(report(forged, gmailBounce({ ...sample, to: forged }))).rejects.toMatchObject({ responseCode: 550 });
      expect(await t.db.outboxMessage.findUniqueOrThrow({ where: { id: row.id } })).toMatchObject({
        status: "delivered",
        lastError: null,
        complainedAt: null,
      });
    });

    it("marks an e-mail as spam on a complaint, once, and stops e-mailing that address for this company, saying why", async () => {
      const recipient = `kim-${randomUUID().slice(0, 8)}@example.net`;
      const { row, bounceTo } = await deliveredMessage(company.id, recipient);
      const complaint = arfComplaint({ to: bounceTo, recipient });
      expect(await report(bounceTo, complaint)).toMatch(/Ok: report recorded/);
      const marked = await t.db.outboxMessage.findUniqueOrThrow({ where: { id: row.id } });
      expect(marked.status).toBe("delivered");
      expect(marked.complainedAt).not.toBeNull();
      expect(await report(bounceTo, complaint)).toMatch(/Ok: report unchanged/);
      expect(await t.db.outboxMessage.findUniqueOrThrow({ where: { id: row.id } })).toEqual(marked);
      const outbox = await call<{ items: OutboxMessage[] }>("GET", "/api/outbox", tokens.owner!);
      expect(outbox.body.items.find((item) => item.id === row.id)?.complainedAt).toBe(
        marked.complainedAt!.toISOString(),
      );

      // The next e-mail to that address (however it is spelled) is not sent, and says why.
      const next = await queuedMessage(company.id, recipient.toUpperCase());
      await deliverMessage({ companyId: company.id, messageId: next.id }, viaCatcher());
      expect(await t.db.outboxMessage.findUniqueOrThrow({ where: { id: next.id } })).toMatchObject({
        status: "failed",
        attempts: 0,
        lastError: EMAIL_SUPPRESSED_ERROR,
      });
      expect(await t.db.caughtMail.count({ where: { outboxMessageId: next.id } })).toBe(0);

      // The customer's page shows the address stopped.
      const customer = await t.db.customer.create({
        data: {
          companyId: company.id,
          name: "Kim Ortiz",
          email: recipient,
          street: "1 Elm St",
          city: "Springfield",
          region: "IL",
          postcode: "62701",
          contacts: { create: { companyId: company.id, kind: "email", value: recipient, position: 0 } },
        },
      });
      const page = await call<Customer>("GET", `/api/customers/${customer.id}`, tokens.owner!);
      expect(page.body.contacts[0]).toMatchObject({ value: recipient, emailsStopped: true });

      // Another company's list is its own: it still e-mails the address.
      const theirs = await deliveredMessage(other.id, recipient);
      expect(theirs.row.status).toBe("delivered");
    });
  });
});

describe("an e-mail provider's webhooks", () => {
  const SECRET = "email-provider-secret-for-tests";
  const DOMAIN = "in.fieldops.example";
  let provider: TestApp;
  beforeAll(async () => {
    provider = await startTestApp({ INBOUND_EMAIL_SECRET: SECRET, INBOUND_EMAIL_DOMAIN: DOMAIN });
  });
  afterAll(async () => {
    await provider?.close();
  });

  /** An e-mail the mail server took (sent), sent from its bounce address on the provider's inbound domain. */
  async function sentMessage(companyId = company.id) {
    const message = await queuedMessage(companyId);
    await deliverMessage({ companyId, messageId: message.id }, taskContext(smtp.url, { INBOUND_EMAIL_DOMAIN: DOMAIN }));
    const row = await t.db.outboxMessage.findUniqueOrThrow({ where: { id: message.id } });
    expect(row.status).toBe("sent");
    return row;
  }

  const post = (path: string, body: unknown, signature?: string) =>
    postSignedEmailWebhook(provider.url, path, SECRET, body, signature);

  /** Posts the same thing twice, as a provider retrying: recorded the first time, already recorded the second. */
  async function postTwice(path: string, body: unknown) {
    expect(await post(path, body)).toEqual({ status: 202, body: { message: "Recorded" } });
    expect(await post(path, body)).toEqual({ status: 202, body: { message: "Already recorded" } });
  }

  /** Postmark's bounce webhook, as it posts it, for our message. */
  const postmarkBounce = (companyId: string, messageId: string, email: string, type = "HardBounce") => ({
    RecordType: "Bounce",
    ID: 4323372036,
    Type: type,
    TypeCode: type === "HardBounce" ? 1 : 4096,
    Name: type === "HardBounce" ? "Hard bounce" : "Soft bounce",
    Tag: "",
    MessageID: "883953f4-6105-42a2-a16a-77a8eac79483",
    Metadata: { company: companyId, message: messageId },
    ServerID: 23,
    MessageStream: "outbound",
    Description: "The server was unable to deliver your message (ex: unknown user, mailbox not found).",
    Details: "smtp;550 5.1.1 The email account that you tried to reach does not exist.",
    Email: email,
    From: "mail@fieldops.test",
    BouncedAt: "2026-11-28T09:14:07Z",
    DumpAvailable: true,
    Inactive: true,
    CanActivate: true,
    Subject: "Your visit is booked",
  });

  it("moves an e-mail on by the provider's signed events, each once; a wrong signature or another company changes nothing", async () => {
    const row = await sentMessage();
    const bounce = postmarkBounce(company.id, row.id, row.recipient!);
    expect((await post("/api/webhooks/email/events", bounce, "sha256=00")).status).toBe(403);
    expect(
      (
        await post(
          "/api/webhooks/email/events",
          bounce,
          inboundEmailSignature("another-secret-entirely", JSON.stringify(bounce)),
        )
      ).status,
    ).toBe(403);
    // Another company's id with this company's message: not found there.
    expect((await post("/api/webhooks/email/events", postmarkBounce(other.id, row.id, row.recipient!))).status).toBe(
      404,
    );
    // A soft bounce: the provider keeps trying.
    expect(
      await post("/api/webhooks/email/events", postmarkBounce(company.id, row.id, row.recipient!, "SoftBounce")),
    ).toEqual({
      status: 202,
      body: { message: "Ignored: not a delivery report" },
    });
    expect(await t.db.outboxMessage.findUniqueOrThrow({ where: { id: row.id } })).toEqual(row);

    const delivery = {
      RecordType: "Delivery",
      ServerID: 23,
      MessageStream: "outbound",
      MessageID: "883953f4-6105-42a2-a16a-77a8eac79483",
      Recipient: row.recipient,
      Tag: "",
      DeliveredAt: "2026-11-28T09:14:05Z",
      Details: "Test delivery webhook details",
      Metadata: { company: company.id, message: row.id },
    };
    expect(await post("/api/webhooks/email/events", delivery)).toEqual({ status: 202, body: { message: "Recorded" } });
    expect(await post("/api/webhooks/email/events", bounce)).toEqual({ status: 202, body: { message: "Recorded" } });
    const bounced = await t.db.outboxMessage.findUniqueOrThrow({ where: { id: row.id } });
    expect(bounced).toMatchObject({
      status: "bounced",
      lastError:
        "The e-mail provider reported a bounce (HardBounce): The server was unable to deliver your message (ex: unknown user, mailbox not found). smtp;550 5.1.1 The email account that you tried to reach does not exist.",
    });
    // Replayed, and a late delivery event: nothing moves back.
    expect(await post("/api/webhooks/email/events", bounce)).toEqual({
      status: 202,
      body: { message: "Already recorded" },
    });
    expect(await post("/api/webhooks/email/events", delivery)).toEqual({
      status: 202,
      body: { message: "Already recorded" },
    });
    expect(await t.db.outboxMessage.findUniqueOrThrow({ where: { id: row.id } })).toEqual(bounced);
  });

  it("records a provider's spam complaint once and suppresses the address", async () => {
    const row = await sentMessage();
    const complaint = {
      ...postmarkBounce(company.id, row.id, row.recipient!),
      RecordType: "SpamComplaint",
      Type: "SpamComplaint",
      TypeCode: 512,
    };
    await postTwice("/api/webhooks/email/events", complaint);
    const marked = await t.db.outboxMessage.findUniqueOrThrow({ where: { id: row.id } });
    expect(marked.status).toBe("delivered");
    expect(marked.complainedAt).not.toBeNull();
    expect(
      await t.db.emailSuppression.findMany({ where: { companyId: company.id, email: row.recipient! } }),
    ).toMatchObject([{ source: "provider_event", outboxMessageId: row.id }]);
  });

  it("reads a signed inbound mail to a bounce address as a delivery report, once", async () => {
    const row = await sentMessage();
    const to = bounceAddress(company.id, row.bounceToken!, DOMAIN);
    const mail = {
      recipients: [to],
      from: "Mail Delivery Subsystem <mailer-daemon@googlemail.com>",
      subject: "Delivery Status Notification (Failure)",
      text: "** Address not found **",
      messageId: "<6785a2b1.050a0220.1f2b3c.8d4eSMTPIN_ADDED_MISSING@mx.google.com>",
      raw: gmailBounce({ to, recipient: row.recipient!, messageId: `<${row.id}@fieldops.test>` }),
    };
    expect((await post("/api/webhooks/email/inbound", { ...mail, raw: undefined })).status).toBe(400);
    expect((await post("/api/webhooks/email/inbound", mail, "sha256=00")).status).toBe(403);
    expect(await t.db.outboxMessage.findUniqueOrThrow({ where: { id: row.id } })).toEqual(row);
    await postTwice("/api/webhooks/email/inbound", mail);
    const bounced = await t.db.outboxMessage.findUniqueOrThrow({ where: { id: row.id } });
    expect(bounced.status).toBe("bounced");
    expect(bounced.lastError).toMatch(
      /^The recipient's mail server refused it: 550-5.1.1 The email account that you tried to reach does not exist/,
    );
    const forged = bounceAddress(other.id, row.bounceToken!, DOMAIN);
    expect((await post("/api/webhooks/email/inbound", { ...mail, recipients: [forged] })).status).toBe(404);
  });
});
