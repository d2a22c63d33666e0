import { rm } from "node:fs/promises";
import { cpus, loadavg } from "node:os";
import { createDatabase, type Database } from "@fieldops/db";
import { readContextKey } from "@fieldops/db/runtime-role";
import { DEMO_COMPANIES } from "@fieldops/db/seed-demo-world";
import { fillPath } from "@fieldops/shared/endpoint";
import { invoiceEndpoints, type InvoiceDetail } from "@fieldops/shared/invoices";
import { freePort } from "../scripts/start/free-port.ts";
import { createCompletedJob } from "../tests/integration/billing-fixtures.ts";
import { busiestDay } from "./demo-busiest-day.ts";
import { cleanUpOnce, embeddedEnvironment, freshDataDir, ownerUrlOf, startProduct, stopProduct } from "./product.ts";
import { signUpBenchCompany } from "./bench-company.ts";
import { percentile } from "./stats.ts";

/**
 * `npm run bench` (messaging section; alone: `npm run bench:messaging`): BENCH_MESSAGING_COMPANIES companies (50),
 * each with BENCH_MESSAGING_INVOICES invoices (10) to customers with e-mail addresses, all at once, each pressing Send
 * (POST /api/invoices/:id/send, e-mail, as its owner) on its invoices one after another. The e-mails take the path of
 * `npm start` without SMTP_URL: the API queues the send, the notifications worker writes the outbox message, the mail
 * queue's dispatcher sends it over SMTP with nodemailer to the local mail catcher, which keeps it. Prints
 * - e-mails per second reaching the catcher, from the first Send to the last mail caught;
 * - p50, p95 and max from each Send to its message being "delivered" or "sent", and to "sent" as the dispatcher
 *   records it, from the outbox rows' timestamps;
 * - that every e-mail arrived exactly once: the catcher counts each Message-ID's copies (duplicates and losses must
 *   be 0; the bench fails otherwise);
 * beside references (the issue sets no goal), with the load average and core count before and after.
 *
 * It always runs `npm start` on its own embedded PostgreSQL and Redis in a fresh folder of .data/, which it removes
 * with everything it started, also when it fails.
 */
const companyCount = Number(process.env.BENCH_MESSAGING_COMPANIES ?? 50);
const invoicesPerCompany = Number(process.env.BENCH_MESSAGING_INVOICES ?? 10);
/** How long the e-mails may take to settle after the last Send before the bench reports them lost. */
const settleTimeoutMs = Number(process.env.BENCH_MESSAGING_TIMEOUT_SECONDS ?? 180) * 1000;
/** Amazon SES's sending rate in its sandbox, where every new account starts (docs.aws.amazon.com/ses/latest/dg/quotas.html). */
const SES_SANDBOX_PER_SECOND = 1;

interface Sender {
  companyId: string;
  token: string;
  invoiceIds: string[];
}

interface SendRecord {
  invoiceId: string;
  /** When the bench sent the request, by the machine's clock (the outbox timestamps use the same one). */
  at: number;
  answeredMs: number;
}

async function callApi<T>(baseUrl: string, token: string, method: string, path: string, body: unknown): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** A new Growth company (invoicing), signed up as a person would be, with its owner's session and draft invoices. */
async function createSender(db: Database, baseUrl: string, index: number, tag: string): Promise<Sender> {
  const { company, token } = await signUpBenchCompany(db, {
    companyName: `Bench Mail ${tag} ${index}`,
    ownerName: `Owner ${index}`,
    email: `owner-${tag}-${index}@bench.test`,
    userAgent: "messaging.bench",
  });
  const invoiceIds: string[] = [];
  for (let number = 1; number <= invoicesPerCompany; number++) {
    // A customer with an e-mail address and a completed job of theirs, invoiced through the API.
    const { jobId } = await createCompletedJob(db, company.id, { jobNumber: number });
    const invoice = await callApi<InvoiceDetail>(baseUrl, token, "POST", invoiceEndpoints.create.path, { jobId });
    invoiceIds.push(invoice.id);
  }
  return { companyId: company.id, token, invoiceIds };
}

/** Waits until every send's e-mail is written and has left the dispatcher (sent, or failed for good), or the timeout. */
async function settle(db: Database, invoiceIds: string[]): Promise<boolean> {
  const deadline = Date.now() + settleTimeoutMs;
  while (Date.now() < deadline) {
    const where = { invoiceId: { in: invoiceIds }, channel: "email" };
    const [written, pending] = await Promise.all([
      db.outboxMessage.count({ where }),
      db.outboxMessage.count({ where: { ...where, sentAt: null, status: { notIn: ["failed", "bounced"] } } }),
    ]);
    if (written >= invoiceIds.length && pending === 0) return true;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return false;
}

/** The demo company with the most visits on its busiest day, and that day. */
async function busiestDemoDay(db: Database) {
  let busiest: { name: string; date: string; visits: number } | null = null;
  for (const demo of DEMO_COMPANIES) {
    const company = await db.company.findUnique({ where: { slug: demo.slug }, select: { id: true } });
    const day = company ? await busiestDay(db, company.id) : null;
    if (day && day.visits > (busiest?.visits ?? 0)) busiest = { name: demo.name, date: day.date, visits: day.visits };
  }
  return busiest;
}

const load = () =>
  `${loadavg()
    .map((n) => n.toFixed(2))
    .join(", ")} (1, 5, 15 min) on ${cpus().length} cores`;
const ms = (values: number[]) =>
  values.length === 0
    ? "none"
    : `p50 ${percentile(values, 50).toFixed(0)} ms   p95 ${percentile(values, 95).toFixed(0)} ms   max ${Math.max(...values).toFixed(0)} ms`;

const loadAtStart = load();
const dataDir = await freshDataDir("bench-messaging-");
const port = await freePort();
// No SMTP_URL: npm start runs the local mail catcher in the worker and sends the e-mails to it.
const product = startProduct(
  port,
  embeddedEnvironment(dataDir, { LOG_LEVEL: "warn", SMTP_URL: undefined, MAIL_CATCHER_PORT: undefined }),
);
let db: Database | null = null;
const cleanUp = cleanUpOnce(async () => {
  await db?.$disconnect().catch(() => {});
  await stopProduct(product.child);
  await rm(dataDir, { recursive: true, force: true });
});

try {
  const startMs = await product.healthy;
  const baseUrl = `http://127.0.0.1:${port}`;
  const ownerUrl = await ownerUrlOf(dataDir);
  // The owner's client, signing contexts with the database's key: sign-up and sessions run in the system context.
  db = createDatabase(ownerUrl, { max: 8, contextKey: await readContextKey(ownerUrl) });
  const owner = db;
  const tag = String(process.pid);
  const setupStarted = performance.now();
  const senders = await Promise.all(
    Array.from({ length: companyCount }, (_, index) => createSender(owner, baseUrl, index + 1, tag)),
  );
  const setupMs = performance.now() - setupStarted;

  const loadBefore = load();
  const loads: number[] = [];
  const sampler = setInterval(() => loads.push(loadavg()[0]!), 1000);
  const firstSend = Date.now();
  const sends: SendRecord[] = (
    await Promise.all(
      senders.map(async (sender) => {
        const records: SendRecord[] = [];
        for (const invoiceId of sender.invoiceIds) {
          const at = Date.now();
          const started = performance.now();
          await callApi(baseUrl, sender.token, "POST", fillPath(invoiceEndpoints.send.path, { id: invoiceId }), {
            channels: ["email"],
          });
          records.push({ invoiceId, at, answeredMs: performance.now() - started });
        }
        return records;
      }),
    )
  ).flat();
  const lastSend = Date.now();
  const invoiceIds = sends.map((send) => send.invoiceId);
  const settled = await settle(owner, invoiceIds);
  clearInterval(sampler);
  const loadAfter = load();

  const rows = await owner.outboxMessage.findMany({
    where: { invoiceId: { in: invoiceIds }, channel: "email" },
    select: {
      invoiceId: true,
      status: true,
      attempts: true,
      createdAt: true,
      sentAt: true,
      deliveredAt: true,
      caughtMail: { select: { copies: true, receivedAt: true } },
    },
  });
  const byInvoice = new Map<string, typeof rows>();
  for (const row of rows) byInvoice.set(row.invoiceId!, [...(byInvoice.get(row.invoiceId!) ?? []), row]);
  const toWritten: number[] = [];
  const toFirst: number[] = [];
  const toSent: number[] = [];
  let duplicates = 0;
  let losses = 0;
  let failed = 0;
  for (const send of sends) {
    const [row, ...extra] = byInvoice.get(send.invoiceId) ?? [];
    // A second outbox row for one Send would be a second e-mail.
    duplicates += extra.length;
    if (!row?.caughtMail) losses++;
    if (row?.status === "failed" || row?.status === "bounced") failed++;
    if (!row) continue;
    duplicates += Math.max(0, (row.caughtMail?.copies ?? 0) - 1);
    toWritten.push(row.createdAt.getTime() - send.at);
    const times = [row.sentAt, row.deliveredAt].filter((time) => time !== null).map((time) => time.getTime());
    if (times.length > 0) toFirst.push(Math.min(...times) - send.at);
    if (row.sentAt) toSent.push(row.sentAt.getTime() - send.at);
  }
  const caught = rows.filter((row) => row.caughtMail);
  const lastCaught = Math.max(firstSend, ...caught.map((row) => row.caughtMail!.receivedAt.getTime()));
  const caughtSeconds = (lastCaught - firstSend) / 1000;
  const perSecond = caught.length === 0 ? 0 : caught.length / caughtSeconds;
  const attempts = rows.reduce((sum, row) => sum + row.attempts, 0);
  const demoDay = await busiestDemoDay(owner);

  console.log(
    `\nmessaging: ${companyCount} companies at once, each pressing Send (e-mail) on ${invoicesPerCompany} invoices one after another: ${sends.length} e-mails`,
  );
  console.log(
    "  the path of npm start without SMTP_URL: API → notifications worker (send_invoice: outbox row) → mail queue (deliver_message) → nodemailer → the local mail catcher (SMTP, in the worker)",
  );
  console.log(
    `  npm start healthy in ${(startMs / 1000).toFixed(1)} s; ${companyCount} companies with ${sends.length} invoices made in ${(setupMs / 1000).toFixed(1)} s`,
  );
  console.log(`  load average at the bench's start: ${loadAtStart}`);
  console.log(`  load average before the sends:   ${loadBefore}`);
  console.log(
    `  the Sends took ${((lastSend - firstSend) / 1000).toFixed(1)} s; the answer to Send (invoice marked sent, its task queued): ${ms(sends.map((send) => send.answeredMs))}`,
  );
  if (!settled)
    console.log(`  NOT SETTLED: e-mails still queued or sending ${settleTimeoutMs / 1000} s after the last Send`);
  console.log(
    `\n  e-mails per second reaching the catcher: ${perSecond.toFixed(1)}/s (${caught.length} caught, ${caughtSeconds.toFixed(1)} s from the first Send to the last mail caught)`,
  );
  console.log(
    `    reference (no goal in the issue): Amazon SES in its sandbox, where every account starts, sends ${SES_SANDBOX_PER_SECOND} e-mail/s; out of it SES sets each account's rate`,
  );
  if (demoDay && perSecond > 0)
    console.log(
      `    reference: ${demoDay.name}, the busiest demo company, has ${demoDay.visits} visits on its busiest day (${demoDay.date}); invoicing each by e-mail at once takes ${(demoDay.visits / perSecond).toFixed(1)} s at this rate`,
    );
  console.log(
    `\n  Send → "delivered" or "sent", whichever came first: ${ms(toFirst)}   (${toFirst.length} e-mails; no goal in the issue)`,
  );
  console.log(`  Send → "sent" as the dispatcher recorded it:       ${ms(toSent)}`);
  console.log(`    of which Send → its outbox row written (queued): ${ms(toWritten)}`);
  console.log(
    "    from the outbox rows: createdAt (the notifications worker), deliveredAt (the catcher, while it answers the dispatcher) and sentAt (the dispatcher, after the answer); Send is the bench's clock as it sent the request, on the same machine",
  );
  const exactlyOnce = duplicates === 0 && losses === 0;
  console.log(
    `\n  exactly once: ${exactlyOnce ? "yes" : "NO"}: duplicates ${duplicates}, losses ${losses} (failed ${failed}); ${attempts} dispatcher attempts for ${rows.length} outbox messages`,
  );
  console.log(
    "    duplicates: copies beyond the first the catcher counted per Message-ID (the message's id), and outbox rows beyond one per Send; losses: Sends whose e-mail the catcher did not keep",
  );
  console.log(
    `  load average after: ${loadAfter}; 1-minute load during the sends: max ${Math.max(...loads, 0).toFixed(2)}`,
  );
  if (!exactlyOnce || !settled) process.exitCode = 1;
} finally {
  await cleanUp();
}
