import { randomUUID } from "node:crypto";
import { rm } from "node:fs/promises";
import { cpus, loadavg } from "node:os";
import { createDatabase, type Database } from "@fieldops/db";
import { readContextKey } from "@fieldops/db/runtime-role";

import { DEVELOPMENT_ENCRYPTION_KEY, encryptSecret } from "@fieldops/domain/integrations/token-encryption";
import { fillPath } from "@fieldops/shared/endpoint";
import { invoiceEndpoints, type InvoiceDetail } from "@fieldops/shared/invoices";
import { freePort } from "../scripts/start/free-port.ts";
import { createCompletedJob } from "../tests/integration/billing-fixtures.ts";
import { startQuickBooksStandIn } from "../tests/stand-ins/quickbooks-api.ts";
import { cleanUpOnce, embeddedEnvironment, freshDataDir, ownerUrlOf, startProduct, stopProduct } from "./product.ts";
import { messagesSettled, signUpBenchCompany } from "./bench-company.ts";
import { percentile } from "./stats.ts";

/**
 * `npm run bench` (QuickBooks section; alone: `npm run bench:quickbooks`): BENCH_QUICKBOOKS_COMPANIES companies (10),
 * each connected to a QuickBooks realm of its own in the local QuickBooks stand-in, each with
 * BENCH_QUICKBOOKS_INVOICES sent invoices (5), already in QuickBooks. Every owner then records a cash payment of each
 * invoice's balance (POST /api/invoices/:id/payments), all companies at once. The payment takes the path of
 * `npm start`: the use case queues the push through the outbox, the quickbooks worker pushes it to the stand-in's
 * `/v3/company/{realm}/payment` and marks it synced. Prints p50, p95 and max from each payment's request to its
 * "synced to QuickBooks" (the sync row's lastSyncedAt), payments per second, and that each payment is in its realm
 * exactly once (the bench fails otherwise), with the load average.
 *
 * It runs `npm start` on its own embedded PostgreSQL and Redis in a fresh folder of .data/, removed with everything it
 * started, also when it fails.
 */
const companyCount = Number(process.env.BENCH_QUICKBOOKS_COMPANIES ?? 10);
const invoicesPerCompany = Number(process.env.BENCH_QUICKBOOKS_INVOICES ?? 5);
const settleTimeoutMs = Number(process.env.BENCH_QUICKBOOKS_TIMEOUT_SECONDS ?? 120) * 1000;
const ACCESS_TOKEN = `bench-${randomUUID()}`;

interface Company {
  id: string;
  realmId: string;
  token: string;
  invoices: InvoiceDetail[];
}

async function callApi<T>(
  baseUrl: string,
  token: string,
  method: string,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Waits until every row of the entity for these ids is synced (or failed), or the timeout. */
async function settle(db: Database, entityType: string, ids: string[]): Promise<boolean> {
  const deadline = Date.now() + settleTimeoutMs;
  while (Date.now() < deadline) {
    const done = await db.quickBooksSync.count({
      where: { entityType, entityId: { in: ids }, status: { in: ["synced", "failed"] } },
    });
    if (done >= ids.length) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

const load = () =>
  `${loadavg()
    .map((n) => n.toFixed(2))
    .join(", ")} (1, 5, 15 min) on ${cpus().length} cores`;

const quickbooks = await startQuickBooksStandIn({ acceptsToken: (token) => token === ACCESS_TOKEN });
const dataDir = await freshDataDir("bench-quickbooks-");
const port = await freePort();
const env = embeddedEnvironment(dataDir, { LOG_LEVEL: "warn", QUICKBOOKS_API_BASE: quickbooks.url });
const key = Buffer.from(env.INTEGRATIONS_ENCRYPTION_KEY ?? DEVELOPMENT_ENCRYPTION_KEY, "hex");
const product = startProduct(port, env);
let db: Database | null = null;
const cleanUp = cleanUpOnce(async () => {
  await db?.$disconnect().catch(() => {});
  await stopProduct(product.child);
  await quickbooks.close();
  await rm(dataDir, { recursive: true, force: true });
});

try {
  await product.healthy;
  const baseUrl = `http://127.0.0.1:${port}`;
  const ownerUrl = await ownerUrlOf(dataDir);
  db = createDatabase(ownerUrl, { max: 8, contextKey: await readContextKey(ownerUrl) });
  const owner = db;
  const tag = String(process.pid);

  // Companies connected to QuickBooks (the connection as the OAuth callback stores it), with sent invoices.
  const companies: Company[] = await Promise.all(
    Array.from({ length: companyCount }, async (_, index) => {
      const { company, token } = await signUpBenchCompany(owner, {
        companyName: `Bench Books ${tag} ${index + 1}`,
        ownerName: `Owner ${index + 1}`,
        email: `books-${tag}-${index + 1}@bench.test`,
        userAgent: "quickbooks.bench",
      });
      const realmId = String(9_000_000_000 + index);
      await owner.integrationConnection.create({
        data: {
          companyId: company.id,
          provider: "quickbooks",
          accountId: realmId,
          accountName: `QuickBooks Online ${realmId}`,
          accessTokenEncrypted: encryptSecret(key, ACCESS_TOKEN),
          refreshTokenEncrypted: encryptSecret(key, `bench-refresh-${realmId}`),
          tokenExpiresAt: new Date(Date.now() + 24 * 3600_000),
        },
      });
      const invoices: InvoiceDetail[] = [];
      for (let number = 1; number <= invoicesPerCompany; number++) {
        const { jobId } = await createCompletedJob(owner, company.id, { jobNumber: number });
        const created = await callApi<InvoiceDetail>(baseUrl, token, "POST", invoiceEndpoints.create.path, { jobId });
        invoices.push(
          await callApi<InvoiceDetail>(
            baseUrl,
            token,
            "POST",
            fillPath(invoiceEndpoints.send.path, { id: created.id }),
            {
              channels: ["email"],
            },
          ),
        );
      }
      return { id: company.id, realmId, token, invoices };
    }),
  );
  const invoiceIds = companies.flatMap((company) => company.invoices.map((invoice) => invoice.id));
  if (!(await settle(owner, "invoice", invoiceIds))) throw new Error("The invoices did not reach QuickBooks");
  // Their e-mails (a PDF each) leave first too: the clock measures the payments' sync alone.
  if (!(await messagesSettled(owner, invoiceIds))) throw new Error("The invoices' e-mails did not leave");

  const loadBefore = load();
  const firstPayment = Date.now();
  const paid: { invoiceId: string; at: number }[] = (
    await Promise.all(
      companies.map(async (company) => {
        const records: { invoiceId: string; at: number }[] = [];
        for (const invoice of company.invoices) {
          const at = Date.now();
          await callApi(
            baseUrl,
            company.token,
            "POST",
            fillPath(invoiceEndpoints.recordPayment.path, { id: invoice.id }),
            { method: "cash", amountCents: invoice.totalCents - invoice.paidCents },
            { "idempotency-key": randomUUID() },
          );
          records.push({ invoiceId: invoice.id, at });
        }
        return records;
      }),
    )
  ).flat();
  const payments = await owner.payment.findMany({
    where: { invoiceId: { in: invoiceIds } },
    select: { id: true, invoiceId: true },
  });
  const settled = await settle(
    owner,
    "payment",
    payments.map((payment) => payment.id),
  );
  const rows = await owner.quickBooksSync.findMany({
    where: { entityType: "payment", entityId: { in: payments.map((payment) => payment.id) } },
  });
  const requestedAt = new Map(paid.map((record) => [record.invoiceId, record.at]));
  const latencies = payments.flatMap((payment) => {
    const row = rows.find((candidate) => candidate.entityId === payment.id);
    return row?.status === "synced" && row.lastSyncedAt
      ? [row.lastSyncedAt.getTime() - requestedAt.get(payment.invoiceId)!]
      : [];
  });
  const lastSynced = Math.max(...rows.map((row) => row.lastSyncedAt?.getTime() ?? 0));
  const inQuickBooks = companies.map(
    (company) =>
      quickbooks
        .list(company.realmId, "Payment")
        .filter((row) => String(row.PrivateNote).startsWith("FieldOps payment")).length,
  );
  const exactlyOnce = inQuickBooks.every((count) => count === invoicesPerCompany);

  console.log(`QuickBooks sync: ${companyCount} companies × ${invoicesPerCompany} payments`);
  console.log(
    `  payment → synced to QuickBooks: p50 ${percentile(latencies, 50).toFixed(0)} ms   p95 ${percentile(latencies, 95).toFixed(0)} ms   max ${Math.max(...latencies, 0).toFixed(0)} ms (${latencies.length} of ${paid.length} synced)`,
  );
  console.log(
    `  throughput: ${(latencies.length / Math.max(0.001, (lastSynced - firstPayment) / 1000)).toFixed(1)} payments synced per second`,
  );
  console.log(
    `  exactly once: ${exactlyOnce ? "yes" : "NO"} (payments per realm in the stand-in: ${[...new Set(inQuickBooks)].join(", ")}; want ${invoicesPerCompany})`,
  );
  console.log(`  load average before: ${loadBefore}; after: ${load()}`);
  if (!settled || !exactlyOnce) process.exitCode = 1;
} finally {
  await cleanUp();
}
