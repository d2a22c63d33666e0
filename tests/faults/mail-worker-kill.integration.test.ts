import type { ChildProcess } from "node:child_process";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SMTPServer } from "smtp-server";
import { simpleParser } from "mailparser";
import { SEND_LEASE_MS } from "@fieldops/domain/outbox/deliver-message.handler";
import type { InvoiceDetail } from "@fieldops/shared/invoices";
import { createCompletedJob } from "../integration/billing-fixtures.ts";
import {
  callApi,
  createTestCompany,
  signIn,
  startTestApp,
  type TestApp,
  type TestCompany,
} from "../integration/test-app.ts";
import { exited, spawnPart, waitFor } from "./product.ts";

/**
 * A worker process killed (kill -9) while it is sending an e-mail: the mail server never accepted it, the next
 * worker process sends it, and the customer gets it once.
 */

/**
 * A real SMTP server that, while `hold` is set, takes a mail's data but does not answer it (a slow server in the
 * middle of a send), and otherwise accepts it. `accepted` counts the mails it accepted, by Message-ID.
 */
async function startSlowSmtpServer() {
  const accepted: string[] = [];
  const state = { hold: true, receiving: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["AUTH", "STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      state.receiving += 1;
      // Whether this mail is held is decided when its data starts: the held mail of a sender killed mid-send ends its
      // stream later, after the hold is lifted, and must not count as accepted then.
      const held = state.hold;
      simpleParser(stream).then(
        (mail) => {
          // Held: no answer to DATA, so the sender is mid-send until it gives up or dies.
          if (held) return;
          accepted.push(mail.messageId ?? "");
          callback(null, `Ok: queued as SLOW${accepted.length}`);
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    accepted,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The worker as production runs it (workers/src/main.ts), as a process of its own on the test's database and Redis. */
function startWorkerProcess(t: TestApp): ChildProcess {
  const { env } = t.runtime.context;
  return spawnPart("worker", {
    NODE_ENV: "test",
    LOG_LEVEL: "warn",
    DATABASE_URL: env.DATABASE_URL,
    DATABASE_CONTEXT_KEY: env.DATABASE_CONTEXT_KEY,
    REDIS_URL: env.REDIS_URL,
    SMTP_URL: env.SMTP_URL,
    MAIL_FROM: "FieldOps <mail@fieldops.test>",
  });
}

let smtp: Awaited<ReturnType<typeof startSlowSmtpServer>>;
let t: TestApp;
let company: TestCompany;
let token: string;
const workers: ChildProcess[] = [];

beforeAll(async () => {
  smtp = await startSlowSmtpServer();
  t = await startTestApp({ SMTP_URL: smtp.url });
  company = await createTestCompany(t.db, { planId: "growth" });
  token = await signIn(t.url, company.users.owner.email);
});
afterAll(async () => {
  for (const worker of workers) worker.kill("SIGKILL");
  await Promise.all(workers.map(exited));
  await t.close();
  await smtp.close();
});

describe("a worker killed mid-send", () => {
  it("leaves the e-mail to the next worker, which sends it once", { timeout: 180_000 }, async () => {
    const first = startWorkerProcess(t);
    workers.push(first);
    const job = await createCompletedJob(t.db, company.id);
    const created = await callApi<InvoiceDetail>(t.url, "POST", "/api/invoices", token, { jobId: job.jobId });
    expect(created.status, created.body.message).toBe(201);
    const sent = await callApi(t.url, "POST", `/api/invoices/${created.body.id}/send`, token, { channels: ["email"] });
    expect(sent.status, sent.body.message).toBe(200);

    // The first worker claims the e-mail and is in the middle of sending it when it dies.
    await waitFor("the first worker to be sending the e-mail", async () => smtp.state.receiving === 1, 90_000);
    const message = await t.db.outboxMessage.findFirstOrThrow({ where: { invoiceId: created.body.id } });
    expect(message).toMatchObject({ status: "sending", attempts: 1 });
    first.kill("SIGKILL");
    await exited(first);
    // The claim's lease is what stops a second worker from sending while the first may still be; the first is dead,
    // so the test lets the lease run out rather than wait its two minutes.
    await t.db.outboxMessage.update({
      where: { id: message.id },
      data: { sendingAt: new Date(Date.now() - SEND_LEASE_MS - 1000) },
    });
    smtp.state.hold = false;

    // BullMQ takes the task back from the dead worker (its lock lapses) and the next worker process sends it.
    workers.push(startWorkerProcess(t));
    const delivered = await waitFor(
      "the next worker to send the e-mail",
      async () => {
        const row = await t.db.outboxMessage.findUniqueOrThrow({ where: { id: message.id } });
        return row.status === "sent" ? row : undefined;
      },
      90_000,
    );
    expect(delivered).toMatchObject({ attempts: 2, lastError: null, providerMessageId: "SLOW1" });
    expect(smtp.accepted.filter((id) => id.includes(message.id))).toHaveLength(1);
    // Nothing is left to send it again.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(smtp.accepted).toHaveLength(1);
  });
});
