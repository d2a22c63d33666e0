import { fillPath } from "@fieldops/shared/endpoint";
import { randomBytes, randomUUID } from "node:crypto";
import { rm } from "node:fs/promises";
import { cpus, loadavg } from "node:os";
import { createDatabase } from "@fieldops/db";
import { hashToken } from "@fieldops/domain/accounts/sessions";
import { quoteResponseSchema, buildEndpoints } from "@fieldops/shared/builds";
import { defaultPermissions } from "@fieldops/shared/roles";
import { freePort } from "../scripts/start/free-port.ts";
import { benchEnvironment, ownerUrlOf, startProduct, stopProduct } from "./product.ts";
import { percentile } from "./stats.ts";

/**
 * `npm run bench` (builds section; alone: `npm run bench:builds`):
 * - quote latency: BENCH_QUOTES requests (40) of `POST /api/build-sessions/{id}/quote`, a few at once, each answered
 *   when the quote job in the worker has made the spec and priced it: p50 and p95;
 * - BENCH_BUILD_COMPANIES companies (10), each accepting the quote of a three-entity feature at the same moment: the
 *   time of each build from its acceptance to its preview (generate, the generated checks, deploy to preview), and of
 *   all ten.
 *
 * With DATABASE_URL, DATABASE_OWNER_URL and REDIS_URL set it runs `npm start` on them; otherwise on an embedded
 * PostgreSQL and Redis in .data/bench-builds, removed afterwards.
 */
const quotes = Number(process.env.BENCH_QUOTES ?? 40);
const quoteConcurrency = 4;
const companies = Number(process.env.BENCH_BUILD_COMPANIES ?? 10);
const THREE_ENTITIES =
  "We need to track vehicles for each crew: plate, mileage, status (active, in shop, retired). " +
  "Track repairs for each vehicle: repair date, cost, notes. Track fuel purchases per job: gallons, price, purchase date.";
const EQUIPMENT =
  "I need to track equipment at each customer: make, model, serial number, install date, and see it on the customer page";

async function quote(baseUrl: string, token: string, description: string) {
  const response = await fetch(`${baseUrl}${fillPath(buildEndpoints.quote.path, { sessionId: randomUUID() })}`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ spec: { description } }),
  });
  if (!response.ok) throw new Error(`quote: ${response.status} ${await response.text()}`);
  return quoteResponseSchema.parse(await response.json());
}

const { env, dataDir, external } = await benchEnvironment("bench-builds", { LOG_LEVEL: "warn" });
const port = await freePort();
const product = startProduct(port, env);
const tag = `bench-builds-${process.pid}-${Date.now()}`;
let ownerDb: ReturnType<typeof createDatabase> | null = null;
try {
  await product.healthy;
  const baseUrl = `http://127.0.0.1:${port}`;
  ownerDb = createDatabase(await ownerUrlOf(dataDir), { max: 4 });
  const db = ownerDb;
  // Companies of their own, each with an owner signed in by a session made here (sign-in limits would slow ten at once).
  const owners: { companyId: string; token: string }[] = [];
  for (let i = 0; i < companies; i++) {
    const company = await db.company.create({
      data: {
        name: `Bench Builds ${i}`,
        slug: `${tag}-${i}`,
        industry: "lawn-care",
        verticalId: "landscaping",
        planId: "pro",
        branding: { name: `Bench Builds ${i}`, logo: null, primaryColor: "#16a34a" },
        features: ["jobs"],
      },
    });
    const user = await db.user.create({
      data: {
        companyId: company.id,
        email: `${tag}-${i}@bench.test`,
        name: `Bench Owner ${i}`,
        passwordHash: "x",
        role: "owner",
        permissions: defaultPermissions("owner"),
      },
    });
    const token = randomBytes(32).toString("base64url");
    await db.session.create({
      data: {
        tokenHash: hashToken(token),
        userId: user.id,
        companyId: company.id,
        ipAddress: "127.0.0.1",
        userAgent: "builds.bench",
        expiresAt: new Date(Date.now() + 86_400_000),
      },
    });
    owners.push({ companyId: company.id, token });
  }

  await quote(baseUrl, owners[0]!.token, EQUIPMENT);
  const latencies: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: quoteConcurrency }, async (_, lane) => {
      while (next < quotes) {
        next += 1;
        const started = performance.now();
        await quote(baseUrl, owners[lane % owners.length]!.token, EQUIPMENT);
        latencies.push(performance.now() - started);
      }
    }),
  );

  const quoted = await Promise.all(
    owners.map(async (owner) => ({ owner, answer: await quote(baseUrl, owner.token, THREE_ENTITIES) })),
  );
  const entities = quoted[0]!.answer.spec.entities.length;
  const started = performance.now();
  const builds = await Promise.all(
    quoted.map(async ({ owner, answer }) => {
      const response = await fetch(`${baseUrl}${buildEndpoints.accept.path}`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${owner.token}`,
          "content-type": "application/json",
          "idempotency-key": randomUUID(),
        },
        body: JSON.stringify({ consentToken: answer.consentToken, instanceId: owner.companyId }),
      });
      if (response.status !== 201) throw new Error(`accept: ${response.status} ${await response.text()}`);
      return ((await response.json()) as { buildId: string }).buildId;
    }),
  );
  const reached = new Map<string, number>();
  const deadline = Date.now() + 10 * 60_000;
  while (reached.size < builds.length) {
    if (Date.now() > deadline) throw new Error("the builds did not reach preview within 10 minutes");
    const rows = await db.build.findMany({
      where: { id: { in: builds } },
      select: { id: true, status: true, error: true, createdAt: true, previewAt: true },
    });
    for (const row of rows) {
      if (row.status === "failed") throw new Error(`build ${row.id} failed: ${row.error ?? ""}`);
      if (row.previewAt && !reached.has(row.id)) reached.set(row.id, row.previewAt.getTime() - row.createdAt.getTime());
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const allMs = performance.now() - started;
  const stages = await db.buildStage.findMany({
    where: { buildId: { in: builds }, stage: { in: ["generate", "test", "preview"] } },
    select: { stage: true, durationMs: true },
  });
  const stageP50 = (stage: string) =>
    percentile(
      stages.filter((row) => row.stage === stage).map((row) => row.durationMs ?? 0),
      50,
    );
  const times = [...reached.values()];

  console.log(`\nbuilds: quotes through the worker, and ${companies} companies' builds at once`);
  console.log(
    `  quote latency (POST → spec and price from the quote job), ${latencies.length} quotes, ${quoteConcurrency} at a time: p50 ${percentile(latencies, 50).toFixed(0)} ms   p95 ${percentile(latencies, 95).toFixed(0)} ms`,
  );
  console.log(
    `  a ${entities}-entity feature, ${companies} builds of different companies at once, acceptance → preview:`,
  );
  console.log(
    `    per build p50 ${percentile(times, 50).toFixed(0)} ms   p95 ${percentile(times, 95).toFixed(0)} ms   max ${Math.max(...times).toFixed(0)} ms; all ${companies} in ${allMs.toFixed(0)} ms`,
  );
  console.log(
    `    stage p50: generate ${stageP50("generate")} ms, run tests and CI ${stageP50("test")} ms, deploy to preview ${stageP50("preview")} ms`,
  );
  console.log(
    `  load average (1, 5, 15 min): ${loadavg()
      .map((n) => n.toFixed(2))
      .join(", ")} on ${cpus().length} CPUs`,
  );

  await db.company.deleteMany({ where: { slug: { startsWith: tag } } });
} finally {
  await ownerDb?.$disconnect();
  await stopProduct(product.child);
  if (dataDir && !external) await rm(dataDir, { recursive: true, force: true });
}
