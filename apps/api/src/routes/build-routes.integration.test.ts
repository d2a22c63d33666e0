import { fillPath } from "@fieldops/shared/endpoint";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withTenant, type TenantTransaction } from "@fieldops/db";
import { createCustomRecord } from "@fieldops/domain/custom-objects/create-custom-record";
import { hashPassword } from "@fieldops/domain/accounts/passwords";
import { runBuildStage } from "@fieldops/domain/builds/build-stage.handler";
import { consentKeyFrom, signConsentToken } from "@fieldops/domain/builds/consent-token";
import { MAX_QUOTES_PER_SESSION } from "@fieldops/domain/builds/request-quote";
import { systemActor } from "@fieldops/domain/tenant-scope";
import { readEventsAfter } from "@fieldops/events/company-stream";
import {
  DEFAULT_BUILD_PRICING,
  type BuildStatus,
  type BuildView,
  type QuoteResponse,
  buildEndpoints,
} from "@fieldops/shared/builds";
import type { FeatureSpec } from "@fieldops/shared/feature-spec";
import { defaultPermissions } from "@fieldops/shared/roles";
import type { RunningWorkers } from "@fieldops/worker/run-workers";
import {
  callApi,
  createTestCompany,
  drainQueues,
  signIn,
  startTestApp,
  startTestWorkers,
  TEST_PASSWORD,
  type TestApp,
  type TestCompany,
} from "../../../../tests/integration/test-app.ts";

const EQUIPMENT =
  "I need to track equipment at each customer: make, model, serial number, install date, and see it on the customer page";

/** The test's records are made as the system; their events are not listened to. */
const seeding = (tx: TenantTransaction) => ({ tx, actor: systemActor("test"), emit: () => undefined });

let t: TestApp;
let workers: RunningWorkers;
let company: TestCompany;
let other: TestCompany;
const tokens: Record<string, string> = {};

const call = (method: string, path: string, as: string, body?: unknown) =>
  callApi(t.url, method, path, tokens[as]!, body);

async function quote(as: string, spec: unknown, sessionId: string = randomUUID()) {
  return call("POST", fillPath(buildEndpoints.quote.path, { sessionId }), as, { spec });
}

async function accept(as: string, consentToken: string, instanceId: string, key: string = randomUUID()) {
  const response = await fetch(`${t.url}${buildEndpoints.accept.path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${tokens[as]}`, "content-type": "application/json", "idempotency-key": key },
    body: JSON.stringify({ consentToken, instanceId }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function quoted(as: string, spec: unknown = { description: EQUIPMENT }): Promise<QuoteResponse> {
  const answer = await quote(as, spec);
  expect(answer.status).toBe(200);
  return answer.body as unknown as QuoteResponse;
}

async function buildOf(as: string, buildId: string): Promise<BuildView> {
  const answer = await call("GET", fillPath(buildEndpoints.get.path, { id: buildId }), as);
  expect(answer.status).toBe(200);
  return answer.body as unknown as BuildView;
}

async function waitForStatus(as: string, buildId: string, statuses: BuildStatus[]): Promise<BuildView> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const build = await buildOf(as, buildId);
    if (statuses.includes(build.status)) return build;
    if (Date.now() > deadline) throw new Error(`build ${buildId} is ${build.status}, not ${statuses.join(" or ")}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function startedBuild(as = "owner", target: TestCompany = company, spec?: unknown) {
  const answer = await quoted(as, spec);
  const started = await accept(as, answer.consentToken, target.id);
  expect(started.status).toBe(201);
  return { quote: answer, buildId: started.body.buildId as string };
}

beforeAll(async () => {
  t = await startTestApp();
  workers = startTestWorkers(t);
  company = await createTestCompany(t.db, { name: "Build Lawns" });
  other = await createTestCompany(t.db, { name: "Other Lawns" });
  const passwordHash = await hashPassword(TEST_PASSWORD);
  const secondOwner = await t.db.user.create({
    data: {
      companyId: company.id,
      email: `owner2-${randomUUID().slice(0, 8)}@test.example`,
      name: "Second Owner",
      passwordHash,
      role: "owner",
      permissions: defaultPermissions("owner"),
    },
  });
  const platformAdmin = await t.db.user.create({
    data: {
      companyId: null,
      email: `platform-${randomUUID().slice(0, 8)}@test.example`,
      name: "Platform Admin",
      passwordHash,
      role: "admin",
      permissions: defaultPermissions("admin"),
    },
  });
  const signed = await Promise.all([
    signIn(t.url, company.users.owner.email),
    signIn(t.url, company.users.member.email),
    signIn(t.url, company.users.field_user.email),
    signIn(t.url, secondOwner.email),
    signIn(t.url, other.users.owner.email),
    signIn(t.url, platformAdmin.email),
  ]);
  [tokens.owner, tokens.member, tokens.field, tokens.secondOwner, tokens.otherOwner, tokens.platform] = signed;
}, 180_000);

afterAll(async () => {
  await workers.close();
  await t.close();
});

describe("quotes", () => {
  it("turns the equipment request into a spec, prices it from the price list and issues a consent token", async () => {
    const answer = await quoted("owner");
    expect(answer.spec.featureName).toBe("Equipment Tracking");
    expect(answer.spec.entities[0]).toMatchObject({
      key: "equipment",
      showOn: ["customer"],
      relations: [{ target: "customer" }],
    });
    expect(answer.spec.entities[0]!.fields.map((field) => field.type)).toEqual(["text", "text", "text", "date"]);
    expect(answer.spec.routes).toHaveLength(5);
    expect(answer.quote).toEqual({ priceUsd: 354, etaMinutes: 18, risk: "medium" });
    expect(answer.specSource).toBe("parser");
    expect(answer.consentToken).toMatch(/^[\w-]+\.[\w-]+$/);
    const proposal = await t.db.buildProposal.findUniqueOrThrow({ where: { id: answer.proposalId } });
    expect(proposal).toMatchObject({
      companyId: company.id,
      status: "quoted",
      requestedByUserId: company.users.owner.id,
      priceCents: 35400,
    });
  });

  it("re-quotes a refined spec: a field added costs more and takes longer", async () => {
    const first = await quoted("owner");
    const refined: FeatureSpec = structuredClone(first.spec);
    refined.entities[0]!.fields.push({ key: "warranty_until", label: "Warranty Until", type: "date", required: false });
    refined.entities[0]!.fields[0]!.label = "Manufacturer";
    const second = await quote("owner", refined, first.sessionId);
    expect(second.status).toBe(200);
    const answer = second.body as unknown as QuoteResponse;
    expect(answer.sessionId).toBe(first.sessionId);
    expect(answer.specSource).toBe("refined");
    expect(answer.spec.entities[0]!.fields[0]!.label).toBe("Manufacturer");
    expect(answer.quote.priceUsd).toBe(first.quote.priceUsd + DEFAULT_BUILD_PRICING.perFieldUsd);
    expect(answer.quote.etaMinutes).toBe(first.quote.etaMinutes + DEFAULT_BUILD_PRICING.minutesPerField);
  });

  it("quotes a trade's requests: a treatment per visit with units and a visit section, two kinds of notes per customer", async () => {
    const treatment = await quote("owner", {
      description: "record each pest treatment per visit: product, dose in ml, target pest, re-entry interval",
    });
    expect(treatment.status).toBe(200);
    const [entity] = (treatment.body as unknown as QuoteResponse).spec.entities;
    expect(entity!.fields.map((field) => [field.label, field.type, field.unit ?? null])).toEqual([
      ["Product", "text", null],
      ["Dose", "number", "ml"],
      ["Target Pest", "text", null],
      ["Re-Entry Interval", "number", "hours"],
    ]);
    expect(entity).toMatchObject({ relations: [{ target: "visit" }], showOn: ["visit"] });
    const notes = await quote("owner", {
      description: "I need two kinds of notes per customer: access notes and pet notes",
    });
    expect(notes.status).toBe(200);
    expect((notes.body as unknown as QuoteResponse).spec.entities).toMatchObject([
      {
        key: "customer_note",
        showOn: ["customer"],
        fields: [{ key: "note" }, { key: "kind", options: ["Access", "Pet"] }],
      },
    ]);
  });

  it("answers words that describe nothing buildable with 400 and the reason", async () => {
    const answer = await quote("owner", { description: "make everything better" });
    expect(answer.status).toBe(400);
    expect(String(answer.body.message)).toMatch(/Say what to keep track of/);
  });

  it("bounds the quotes of one session", async () => {
    const first = await quoted("owner");
    await t.db.buildProposal.createMany({
      data: Array.from({ length: MAX_QUOTES_PER_SESSION - 1 }, () => ({
        companyId: company.id,
        sessionId: first.sessionId,
        requestedByUserId: company.users.owner.id,
        request: { description: "x" },
        status: "failed" as const,
      })),
    });
    const refused = await quote("owner", { description: EQUIPMENT }, first.sessionId);
    expect(refused.status).toBe(409);
    expect(await t.db.buildProposal.count({ where: { sessionId: first.sessionId } })).toBe(MAX_QUOTES_PER_SESSION);
    expect((await quote("owner", { description: EQUIPMENT })).status).toBe(200);
  });

  it("refuses members, field users, another user's session and another company's session", async () => {
    expect((await quote("member", { description: EQUIPMENT })).status).toBe(403);
    expect((await quote("field", { description: EQUIPMENT })).status).toBe(403);
    const mine = await quoted("owner");
    expect((await quote("secondOwner", { description: EQUIPMENT }, mine.sessionId)).status).toBe(403);
    expect((await quote("otherOwner", { description: EQUIPMENT }, mine.sessionId)).status).toBe(404);
    expect((await quote("owner", { description: "" })).status).toBe(400);
  });
});

describe("consent", () => {
  const key = () => consentKeyFrom(t.runtime.context.env.DATABASE_CONTEXT_KEY);

  it("refuses a token altered, of another user, expired, for another company, or used once already", async () => {
    const answer = await quoted("owner");
    const [body, signature] = answer.consentToken.split(".");
    expect((await accept("owner", `${body}.${signature!.slice(1)}x`, company.id)).status).toBe(403);
    expect((await accept("secondOwner", answer.consentToken, company.id)).status).toBe(403);
    expect((await accept("otherOwner", answer.consentToken, other.id)).status).toBe(403);
    expect((await accept("owner", answer.consentToken, other.id)).status).toBe(403);
    const expired = signConsentToken(key(), {
      proposalId: answer.proposalId,
      userId: company.users.owner.id,
      companyId: company.id,
      expiresAt: new Date(Date.now() - 1000),
    });
    const refused = await accept("owner", expired, company.id);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/expired/);
    expect((await accept("member", answer.consentToken, company.id)).status).toBe(403);
    expect(await t.db.build.count({ where: { proposalId: answer.proposalId } })).toBe(0);

    expect((await accept("owner", answer.consentToken, company.slug)).status).toBe(201);
    const again = await accept("owner", answer.consentToken, company.id);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("This quote has already been accepted");
    expect(await t.db.build.count({ where: { proposalId: answer.proposalId } })).toBe(1);
  });
});

// Builds run through the real workers: a machine busy with other work makes them slow, never wrong.
describe("idempotency", { timeout: 120_000 }, () => {
  it("starts one build for concurrent requests with one key, and answers each with it", async () => {
    const answer = await quoted("owner");
    const idempotencyKey = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => accept("owner", answer.consentToken, company.id, idempotencyKey)),
    );
    const buildIds = new Set(answers.map((each) => each.body.buildId));
    expect(buildIds.size).toBe(1);
    expect(answers.filter((each) => each.status === 201)).toHaveLength(1);
    expect(answers.filter((each) => each.status === 200)).toHaveLength(5);
    expect(answers.every((each) => each.body.etaMinutes === answer.quote.etaMinutes)).toBe(true);
    expect(await t.db.build.count({ where: { companyId: company.id, idempotencyKey } })).toBe(1);
    // Later, the same key still answers with the same build, and starts nothing more.
    const later = await accept("owner", answer.consentToken, company.id, idempotencyKey);
    expect(later).toEqual({ status: 200, body: { buildId: [...buildIds][0], etaMinutes: answer.quote.etaMinutes } });
    await waitForStatus("owner", [...buildIds][0] as string, ["preview"]);
  });
});

describe("the pipeline", { timeout: 120_000 }, () => {
  it("queues a build whose jobs were lost after its acceptance when the request is sent again", async () => {
    const answer = await quoted("owner", { description: "track hoses for each crew: length, diameter" });
    const key = randomUUID();
    await workers.close();
    const started = await accept("owner", answer.consentToken, company.id, key);
    expect(started.status).toBe(201);
    // As if Redis had lost the jobs between the commit and the answer.
    await t.runtime.context.queues.queue("builds").obliterate({ force: true });
    workers = startTestWorkers(t);
    const again = await accept("owner", answer.consentToken, company.id, key);
    expect(again).toEqual({ status: 200, body: started.body });
    expect((await waitForStatus("owner", started.body.buildId as string, ["preview", "failed"])).status).toBe(
      "preview",
    );
  });

  it("generates, tests and deploys to preview, waits for the owner's promotion, then charges once in production", async () => {
    const { quote: answer, buildId } = await startedBuild();
    const preview = await waitForStatus("owner", buildId, ["preview", "failed"]);
    expect(preview.status).toBe("preview");
    expect(preview.acceptedBy.id).toBe(company.users.owner.id);
    const [generate, test, deploy, production] = preview.stages;
    for (const stage of [generate, test, deploy]) {
      expect(stage).toMatchObject({ status: "passed", attempts: 1 });
      expect(stage!.durationMs).toBeGreaterThanOrEqual(0);
      expect(stage!.log.at(-1)!.message).toMatch(/passed$/);
    }
    expect(production).toMatchObject({ status: "pending", attempts: 0 });
    expect(generate!.log.map((line) => line.message).join("\n")).toMatch(
      /Installed Equipment \(4 fields, 1 relations\) at \/api\/custom\/equipment/,
    );
    expect(test!.checks!.length).toBeGreaterThan(5);
    expect(test!.checks!.every((check) => check.passed)).toBe(true);
    expect(test!.checks!.some((check) => /another company/i.test(check.name))).toBe(true);
    expect((await t.db.company.findUniqueOrThrow({ where: { id: company.id } })).betaMode).toBe(true);
    expect(
      await t.db.customObjectDefinition.findFirst({ where: { companyId: company.id, key: "equipment" } }),
    ).toMatchObject({ buildId, stage: "preview" });
    expect(await t.db.companyCharge.count({ where: { buildId } })).toBe(0);

    const events = (await readEventsAfter(t.runtime.context.redis, company.id, "0-0")).flatMap((entry) =>
      entry.event.name === "build.updated" && entry.event.payload.buildId === buildId ? [entry.event.payload] : [],
    );
    expect(events.some((event) => event.stage === "test" && event.line?.startsWith("✓"))).toBe(true);
    expect(events.at(-1)).toMatchObject({ status: "preview", stage: "preview", stageStatus: "passed" });

    expect((await call("POST", fillPath(buildEndpoints.promote.path, { id: buildId }), "member")).status).toBe(403);
    expect((await call("POST", fillPath(buildEndpoints.promote.path, { id: buildId }), "otherOwner")).status).toBe(404);
    const promoted = await call("POST", fillPath(buildEndpoints.promote.path, { id: buildId }), "owner");
    expect(promoted.status).toBe(200);
    const live = await waitForStatus("owner", buildId, ["production", "failed"]);
    expect(live.status).toBe("production");
    expect(live.stages[3]).toMatchObject({ status: "passed", attempts: 1 });
    expect(
      await t.db.customObjectDefinition.findFirst({ where: { companyId: company.id, key: "equipment" } }),
    ).toMatchObject({ buildId, stage: "production" });
    // The company stays in beta mode exactly while something of it is still in preview.
    const stillInPreview = await t.db.customObjectDefinition.count({
      where: { companyId: company.id, stage: "preview" },
    });
    expect((await t.db.company.findUniqueOrThrow({ where: { id: company.id } })).betaMode).toBe(stillInPreview > 0);
    const charges = await t.db.companyCharge.findMany({ where: { buildId } });
    expect(charges).toEqual([
      expect.objectContaining({
        companyId: company.id,
        amountCents: Math.round(answer.quote.priceUsd * 100),
        kind: "feature_build",
      }),
    ]);

    // A second delivery of a passed stage (a worker that died after committing) changes nothing.
    const context = {
      db: t.runtime.context.db,
      redis: t.runtime.context.redis,
      queues: t.runtime.context.queues,
      taskId: "again",
    };
    const build = await t.db.build.findUniqueOrThrow({ where: { id: buildId } });
    await Promise.all([
      runBuildStage({ companyId: company.id, buildId, run: build.run, stage: "production" }, context),
      runBuildStage({ companyId: company.id, buildId, run: build.run, stage: "generate" }, context),
    ]);
    expect(await t.db.companyCharge.count({ where: { buildId } })).toBe(1);
    expect(await t.db.customObjectDefinition.count({ where: { buildId } })).toBe(1);
    expect((await buildOf("owner", buildId)).stages.map((stage) => stage.attempts)).toEqual([1, 1, 1, 1]);
  });

  it("resumes a stage a killed worker left running, with its effects once", async () => {
    const { buildId } = await startedBuild("otherOwner", other, { description: "track suppliers: name, phone, email" });
    const live = await waitForStatus("otherOwner", buildId, ["production", "failed"]);
    expect(live.status).toBe("production");
    // As if the worker had died mid-stage: the stage is running again and its job delivered anew.
    await t.db.buildStage.update({
      where: { buildId_stage: { buildId, stage: "production" } },
      data: { status: "running" },
    });
    const build = await t.db.build.update({ where: { id: buildId }, data: { status: "promoting" } });
    const context = {
      db: t.runtime.context.db,
      redis: t.runtime.context.redis,
      queues: t.runtime.context.queues,
      taskId: "resumed",
    };
    await runBuildStage({ companyId: other.id, buildId, run: build.run, stage: "production" }, context);
    expect((await buildOf("otherOwner", buildId)).status).toBe("production");
    expect(await t.db.companyCharge.count({ where: { buildId } })).toBe(1);
    expect(await t.db.customObjectDefinition.count({ where: { buildId } })).toBe(1);
  });

  it("promotes a low-risk build to production by itself", async () => {
    const { quote: answer, buildId } = await startedBuild("owner", company, {
      description: "track suppliers: name, phone, email",
    });
    expect(answer.quote.risk).toBe("low");
    const live = await waitForStatus("owner", buildId, ["production", "failed"]);
    expect(live.status).toBe("production");
    expect(live.stages.every((stage) => stage.status === "passed")).toBe(true);
    expect(await t.db.companyCharge.count({ where: { buildId } })).toBe(1);
  });

  it("fails a stage that cannot pass, and retries it from that stage once it can", async () => {
    const answer = await quoted("owner", {
      description: "track trailers for each crew: plate, capacity, last inspection date",
    });
    const spec = answer.spec;
    // The stored spec is broken before the workers see it: the generate stage refuses it.
    await workers.close();
    const started = await accept("owner", answer.consentToken, company.id);
    const buildId = started.body.buildId as string;
    await t.db.build.update({ where: { id: buildId }, data: { spec: { featureName: "Broken" } } });
    workers = startTestWorkers(t);
    const failed = await waitForStatus("owner", buildId, ["failed", "preview"]);
    expect(failed.status).toBe("failed");
    expect(failed.stages[0]).toMatchObject({ stage: "generate", status: "failed", attempts: 1 });
    expect(failed.stages[0]!.error).toMatch(/spec is not valid/);
    expect(failed.stages.slice(1).every((stage) => stage.status === "pending")).toBe(true);
    expect(await t.db.customObjectDefinition.count({ where: { buildId } })).toBe(0);

    expect((await call("POST", fillPath(buildEndpoints.retry.path, { id: buildId }), "member")).status).toBe(403);
    expect((await call("POST", fillPath(buildEndpoints.promote.path, { id: buildId }), "owner")).status).toBe(409);
    await t.db.build.update({ where: { id: buildId }, data: { spec } });
    const retried = await call("POST", fillPath(buildEndpoints.retry.path, { id: buildId }), "owner");
    expect(retried.status).toBe(200);
    const preview = await waitForStatus("owner", buildId, ["preview", "failed"]);
    expect(preview.status).toBe("preview");
    expect(preview.stages[0]).toMatchObject({ status: "passed", attempts: 2 });
    expect(preview.stages[0]!.log.map((line) => line.message)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/failed: The build's spec/),
        expect.stringMatching(/retry requested/),
      ]),
    );
    expect((await call("POST", fillPath(buildEndpoints.retry.path, { id: buildId }), "owner")).status).toBe(409);
  });

  it("runs two companies' builds side by side: one failing holds up nothing of the other's", async () => {
    const broken = await quoted("owner", { description: "track ladders for each crew: length, weight" });
    const healthy = await quoted("otherOwner", { description: "track mowers for each crew: brand, hours" });
    await workers.close();
    const [a, b] = await Promise.all([
      accept("owner", broken.consentToken, company.id),
      accept("otherOwner", healthy.consentToken, other.id),
    ]);
    await t.db.build.update({ where: { id: a.body.buildId as string }, data: { spec: { featureName: "Broken" } } });
    workers = startTestWorkers(t);
    const [failed, preview] = await Promise.all([
      waitForStatus("owner", a.body.buildId as string, ["failed", "preview"]),
      waitForStatus("otherOwner", b.body.buildId as string, ["preview", "failed"]),
    ]);
    expect(failed.status).toBe("failed");
    expect(preview.status).toBe("preview");
    expect(preview.stages.slice(0, 3).every((stage) => stage.status === "passed" && stage.attempts === 1)).toBe(true);
  });

  it("builds nothing of a build rolled back before its stages ran", async () => {
    const answer = await quoted("owner", { description: "track sprayers for each crew: brand, tank gallons" });
    await workers.close();
    const started = await accept("owner", answer.consentToken, company.id);
    const buildId = started.body.buildId as string;
    const rolledBack = await call("POST", fillPath(buildEndpoints.rollback.path, { id: buildId }), "owner");
    workers = startTestWorkers(t);
    expect(rolledBack.body.status).toBe("rolled_back");
    await drainQueues(t.runtime.context.queues, ["builds"]);
    const build = await buildOf("owner", buildId);
    expect(build.status).toBe("rolled_back");
    expect(build.stages.every((stage) => stage.status === "pending" && stage.attempts === 0)).toBe(true);
    expect(await t.db.customObjectDefinition.count({ where: { buildId } })).toBe(0);
  });

  it("rolls a build back: the feature leaves the app, its records stay", async () => {
    const { buildId } = await startedBuild("owner", company, {
      description: "track generators at each customer: brand, kilowatts, serial number",
    });
    await waitForStatus("owner", buildId, ["preview"]);
    const definition = await t.db.customObjectDefinition.findFirstOrThrow({ where: { buildId } });
    const customer = await t.db.customer.create({
      data: {
        companyId: company.id,
        name: "Generator Owner",
        street: "1 Main St",
        city: "Denver",
        region: "CO",
        postcode: "80202",
        latitude: 39.7,
        longitude: -104.9,
      },
    });
    await withTenant(t.runtime.context.db, company.id, (tx) =>
      createCustomRecord(seeding(tx), {
        objectKey: definition.key,
        access: { role: "owner" },
        values: { brand: "Generac", kilowatts: 22, serial_number: "G-1", customer: customer.id },
      }),
    );
    expect((await call("POST", fillPath(buildEndpoints.rollback.path, { id: buildId }), "member")).status).toBe(403);
    const rolledBack = await call("POST", fillPath(buildEndpoints.rollback.path, { id: buildId }), "owner");
    expect(rolledBack.status).toBe(200);
    expect(rolledBack.body.status).toBe("rolled_back");
    expect(await t.db.customObjectDefinition.findUniqueOrThrow({ where: { id: definition.id } })).toMatchObject({
      stage: "rolled_back",
    });
    expect(await t.db.customObjectRecord.count({ where: { definitionId: definition.id } })).toBe(1);
    expect(await t.db.companyCharge.count({ where: { buildId } })).toBe(0);
    expect((await call("POST", fillPath(buildEndpoints.promote.path, { id: buildId }), "owner")).status).toBe(409);
  });
});

describe("who sees builds", () => {
  it("shows a company its own builds only, and the platform's monitor and price list to platform admins only", async () => {
    const mine = await call("GET", buildEndpoints.list.path, "owner");
    expect(mine.status).toBe(200);
    const items = (mine.body as unknown as { items: BuildView[] }).items;
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((build) => build.companyId === company.id)).toBe(true);
    expect((await call("GET", buildEndpoints.list.path, "member")).status).toBe(403);
    expect((await call("GET", fillPath(buildEndpoints.get.path, { id: items[0]!.id }), "otherOwner")).status).toBe(404);

    expect((await call("GET", buildEndpoints.adminList.path, "owner")).status).toBe(403);
    const monitor = await call("GET", buildEndpoints.adminList.path, "platform");
    expect(monitor.status).toBe(200);
    const all = (monitor.body as unknown as { items: BuildView[] }).items;
    expect(new Set(all.map((build) => build.companyId))).toEqual(expect.objectContaining({ size: expect.any(Number) }));
    expect(all.some((build) => build.companyId === other.id && build.companyName === "Other Lawns")).toBe(true);
    expect(
      all.some((build) => build.companyId === company.id && build.acceptedBy.email === company.users.owner.email),
    ).toBe(true);
  });

  it("lets platform admins edit the price list, which later quotes use", async () => {
    expect((await call("GET", buildEndpoints.pricing.path, "owner")).status).toBe(403);
    expect((await call("PUT", buildEndpoints.savePricing.path, "owner", DEFAULT_BUILD_PRICING)).status).toBe(403);
    expect(
      (await call("PUT", buildEndpoints.savePricing.path, "platform", { ...DEFAULT_BUILD_PRICING, baseUsd: -1 }))
        .status,
    ).toBe(400);
    const changed = await call("PUT", buildEndpoints.savePricing.path, "platform", {
      ...DEFAULT_BUILD_PRICING,
      baseUsd: 1049,
    });
    expect(changed.status).toBe(200);
    expect((await call("GET", buildEndpoints.pricing.path, "platform")).body).toMatchObject({
      pricing: { baseUsd: 1049 },
    });
    try {
      expect((await quoted("owner")).quote.priceUsd).toBe(1354);
    } finally {
      await call("PUT", buildEndpoints.savePricing.path, "platform", DEFAULT_BUILD_PRICING);
    }
  });
});
