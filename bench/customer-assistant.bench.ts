import { randomBytes } from "node:crypto";
import { rm } from "node:fs/promises";
import { cpus, loadavg } from "node:os";
import twilio from "twilio";
import { createDatabase } from "@fieldops/db";
import { DEMO_COMPANIES } from "@fieldops/db/seed-demo-world";
import { CUSTOMER_MESSAGES } from "@fieldops/domain/customer-assistant/golden/customer-messages.golden";
import { HOSTILE_MESSAGES } from "@fieldops/domain/customer-assistant/golden/customer-messages.hostile";
import { SEED_CUSTOMER_MESSAGES } from "@fieldops/domain/customer-assistant/golden/customer-messages.seed";
import { judgeCustomerReading } from "@fieldops/domain/customer-assistant/golden/judge-customer-reading";
import { DEFAULT_CUSTOMER_ASSISTANT_SETTINGS } from "@fieldops/shared/customer-assistant";
import { freePort } from "../scripts/start/free-port.ts";
import { embeddedEnvironment, freshDataDir, ownerUrlOf, startProduct, stopProduct } from "./product.ts";
import { percentile } from "./stats.ts";

/**
 * `npm run bench` (customer assistant; alone: `npm run bench:customer-assistant`):
 * - the offline reader over the golden tables of customers' messages (`customer-assistant/golden/`: the first table,
 *   the one written blind — 169 of 209 when first read —, and the hostile messages), the share it reads right per
 *   intent and overall, beside the goal of 95%, and each miss;
 * - with `npm start` on an embedded PostgreSQL and Redis in a fresh folder (removed afterwards): BENCH_CA_CUSTOMERS
 *   customers (30) of the Pro demo company, each with a visit booked, texting the company's number at once, each its
 *   BENCH_CA_MESSAGES messages (4: next visit, balance, a move to another day, a quote) one after another, signed as
 *   Twilio signs them; p50/p95/max from the webhook's post to the answer being sent (the local text catcher's
 *   delivery), beside the goal (the issue names none: 5 s, a text's own delivery time, is the reference).
 */
const GOAL = 0.95;
const customerCount = Number(process.env.BENCH_CA_CUSTOMERS ?? 30);
const messagesPerCustomer = Number(process.env.BENCH_CA_MESSAGES ?? 4);
const REFERENCE_P95_MS = 5000;
const AUTH_TOKEN = `bench-${randomBytes(12).toString("hex")}`;
const MESSAGES = [
  "when are you coming next?",
  "how much do I owe?",
  "can you come thursday instead?",
  "I need a quote for gutter cleaning",
];

console.log(
  `\nCustomer assistant (${cpus().length} cores, load ${loadavg()
    .map((n) => n.toFixed(2))
    .join(" ")})`,
);
for (const [name, rows] of [
  ["first table", SEED_CUSTOMER_MESSAGES],
  ["written blind", CUSTOMER_MESSAGES],
  ["hostile", HOSTILE_MESSAGES],
] as const) {
  const byIntent = new Map<string, { right: number; total: number }>();
  const misses: string[] = [];
  for (const row of rows) {
    const { right, got } = judgeCustomerReading(row);
    const tally = byIntent.get(row.intent) ?? { right: 0, total: 0 };
    tally.total += 1;
    if (right) tally.right += 1;
    else misses.push(`    ${row.intent} read as ${got}: ${JSON.stringify(row.text).slice(0, 100)}`);
    byIntent.set(row.intent, tally);
  }
  const right = [...byIntent.values()].reduce((sum, tally) => sum + tally.right, 0);
  console.log(
    `  reading, ${name}: ${right}/${rows.length} (${((100 * right) / rows.length).toFixed(1)}%; goal ${GOAL * 100}%) — ${[
      ...byIntent,
    ]
      .map(([intent, tally]) => `${intent} ${tally.right}/${tally.total}`)
      .join(", ")}`,
  );
  for (const miss of misses) console.log(miss);
}

const dataDir = await freshDataDir("bench-customer-assistant-");
const port = await freePort();
const product = startProduct(port, embeddedEnvironment(dataDir, { LOG_LEVEL: "warn", TWILIO_AUTH_TOKEN: AUTH_TOKEN }));
let db: ReturnType<typeof createDatabase> | null = null;
try {
  await product.healthy;
  db = createDatabase(await ownerUrlOf(dataDir), { max: 4 });
  const demo = DEMO_COMPANIES.find((company) => company.planId === "pro")!;
  const company = await db.company.findUniqueOrThrow({ where: { slug: demo.slug }, select: { id: true } });
  const companyNumber = `+1555${String(Date.now() % 1e7).padStart(7, "0")}`;
  await db.company.update({
    where: { id: company.id },
    data: {
      smsNumber: companyNumber,
      customerAssistant: {
        ...DEFAULT_CUSTOMER_ASSISTANT_SETTINGS,
        enabled: true,
        hours: { from: "00:00", to: "23:59" },
      },
    },
  });
  const visits = await db.visit.findMany({
    where: { companyId: company.id, status: "scheduled", scheduledStart: { gt: new Date() } },
    orderBy: { scheduledStart: "asc" },
    select: { job: { select: { customerId: true } } },
  });
  const customerIds = [...new Set(visits.map((visit) => visit.job.customerId))].slice(0, customerCount);
  const phones = customerIds.map((_, i) => `+1444${String(1_000_000 + i).padStart(7, "0")}`);
  for (const [i, id] of customerIds.entries()) await db.customer.update({ where: { id }, data: { phone: phones[i] } });

  const url = `http://127.0.0.1:${port}/api/webhooks/twilio/inbound`;
  const latencies: number[] = [];
  const byMessage = new Map<string, number[]>();
  let unanswered = 0;
  const started = performance.now();
  await Promise.all(
    phones.map(async (phone) => {
      for (let n = 0; n < messagesPerCustomer; n++) {
        const form = {
          MessageSid: `SM${randomBytes(16).toString("hex")}`,
          AccountSid: `AC${randomBytes(16).toString("hex")}`,
          From: phone,
          To: companyNumber,
          Body: MESSAGES[n % MESSAGES.length]!,
          NumMedia: "0",
        };
        const sentAt = Date.now();
        const posted = await fetch(url, {
          method: "POST",
          headers: {
            "content-type": "application/x-www-form-urlencoded",
            "x-twilio-signature": twilio.getExpectedTwilioSignature(AUTH_TOKEN, url, form),
          },
          body: new URLSearchParams(form).toString(),
        });
        if (!posted.ok) throw new Error(`inbound text: ${posted.status} ${await posted.text()}`);
        const answeredAt = await answerTime(phone, n + 1);
        if (answeredAt === null) unanswered += 1;
        else {
          latencies.push(answeredAt - sentAt);
          byMessage.set(form.Body, [...(byMessage.get(form.Body) ?? []), answeredAt - sentAt]);
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const total = customerIds.length * messagesPerCustomer;
  console.log(
    `  answers: ${latencies.length}/${total} texts answered in ${seconds.toFixed(1)} s (${customerIds.length} customers at once), ` +
      `inbound → answer sent p50 ${percentile(latencies, 50).toFixed(0)} ms, p95 ${percentile(latencies, 95).toFixed(0)} ms ` +
      `(reference < ${REFERENCE_P95_MS} ms), max ${Math.max(...latencies).toFixed(0)} ms; unanswered ${unanswered}`,
  );
  for (const [body, times] of byMessage)
    console.log(
      `    "${body}": p50 ${percentile(times, 50).toFixed(0)} ms, p95 ${percentile(times, 95).toFixed(0)} ms`,
    );
  console.log(
    `  load after: ${loadavg()
      .map((n) => n.toFixed(2))
      .join(" ")}`,
  );

  /** When the customer's `count`th answer was delivered (the text catcher's time), polling up to 30 s; null if never. */
  async function answerTime(phone: string, count: number): Promise<number | null> {
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      const answers = await db!.outboxMessage.findMany({
        where: { recipient: phone, kind: "assistant_reply", deliveredAt: { not: null } },
        orderBy: { createdAt: "asc" },
        select: { deliveredAt: true },
      });
      if (answers.length >= count) return answers[count - 1]!.deliveredAt!.getTime();
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    return null;
  }
} finally {
  await db?.$disconnect();
  await stopProduct(product.child);
  await rm(dataDir, { recursive: true, force: true });
}
