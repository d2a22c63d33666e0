import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { latestSeq, readEventsAfter } from "@fieldops/events/company-stream";
import type { EstimateDetail, EstimateListResponse } from "@fieldops/shared/estimates";
import type { AppEvent } from "@fieldops/shared/events";
import type { JobDetail } from "@fieldops/shared/jobs";
import type { Lead } from "@fieldops/shared/leads";
import { formatCents } from "@fieldops/shared/money";
import type { RunningWorkers } from "@fieldops/worker/run-workers";
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

let t: TestApp;
let workers: RunningWorkers;
let company: TestCompany;
let other: TestCompany;
let starter: TestCompany;
const tokens: Record<string, string> = {};
let customerId: string;

const call = (method: string, path: string, token: string, body?: unknown) => callApi(t.url, method, path, token, body);

/** The customer's side: no session, the link's token in its header. */
async function review(method: string, path: string, token: string | null, body?: unknown) {
  const response = await fetch(`${t.url}${path}`, {
    method,
    headers: {
      "x-forwarded-for": `198.51.100.${Math.floor(Math.random() * 250) + 1}`,
      ...(token === null ? {} : { "x-review-token": token }),
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as Record<string, unknown> };
}

const tokenOf = (url: string) => url.slice(url.indexOf("#") + 1);

/** An estimate's entries in the audit log: what, by whom, in words. */
async function audited(estimateId: string) {
  const entries = await t.db.auditLog.findMany({
    where: { entityId: estimateId, action: { startsWith: "estimate." } },
    orderBy: { createdAt: "asc" },
  });
  return entries.map((entry) => ({
    action: entry.action,
    actorUserId: entry.actorUserId,
    summary: (entry.metadata as { summary?: string }).summary,
  }));
}

const customerBody = (
  name: string,
  contacts = [
    { kind: "email", value: "pat@example.com" },
    { kind: "phone", value: "+1 555 0100" },
  ],
) => ({
  name,
  contacts,
  properties: [
    { street: "1 Elm St", city: "Denver", region: "CO", postcode: "80202", latitude: 39.74, longitude: -104.99 },
  ],
});

const twoOptions = [
  {
    name: "Good",
    lineItems: [{ description: "Spring cleanup", quantity: 1, unitPriceCents: 20000 }],
  },
  {
    name: "Better",
    description: "Cleanup and mulch",
    lineItems: [
      { description: "Spring cleanup", quantity: 1, unitPriceCents: 20000, taxRatePercent: 8.25 },
      { description: "Mulch (yards)", quantity: 2.5, unitPriceCents: 4500, taxRatePercent: 8.25 },
    ],
  },
];

async function createEstimate(token = tokens.owner!, overrides: Record<string, unknown> = {}): Promise<EstimateDetail> {
  const response = await call("POST", "/api/estimates", token, {
    customerId,
    title: `Cleanup ${randomUUID().slice(0, 6)}`,
    options: twoOptions,
    ...overrides,
  });
  expect(response.status).toBe(201);
  return response.body as unknown as EstimateDetail;
}

async function sendEstimate(
  id: string,
  body: unknown = { email: true, sms: true },
): Promise<{ estimate: EstimateDetail; url: string }> {
  const response = await call("POST", `/api/estimates/${id}/send`, tokens.owner!, body);
  expect(response.status).toBe(200);
  return response.body as unknown as { estimate: EstimateDetail; url: string };
}

/** The lead and estimate events announced while `request` ran (a request's effects are relayed before it answers). */
async function announced<T>(request: () => Promise<T>): Promise<{ result: T; events: AppEvent[] }> {
  const { redis } = t.runtime.context;
  const before = (await latestSeq(redis, company.id)) ?? "0-0";
  const result = await request();
  const events = (await readEventsAfter(redis, company.id, before))
    .map((entry) => entry.event)
    .filter((event) => event.name === "leads.changed" || event.name === "estimates.changed");
  return { result, events };
}

beforeAll(async () => {
  t = await startTestApp();
  workers = startTestWorkers(t);
  company = await createTestCompany(t.db, { planId: "growth" });
  other = await createTestCompany(t.db);
  starter = await createTestCompany(t.db, { planId: "starter" });
  for (const role of ["owner", "member", "field_user"] as const)
    tokens[role] = await signIn(t.url, company.users[role].email);
  tokens.otherOwner = await signIn(t.url, other.users.owner.email);
  tokens.starterOwner = await signIn(t.url, starter.users.owner.email);
  customerId = (
    (await call("POST", "/api/customers", tokens.owner!, customerBody("Pat Rivera"))).body as { id: string }
  ).id;
});
afterAll(async () => {
  await workers.close();
  await t.close();
});

describe("leads", () => {
  it("records a prospect's request and turns it into a draft estimate, creating the customer", async () => {
    const created = await call("POST", "/api/leads", tokens.member!, {
      prospect: {
        name: "Jordan Lee",
        email: "jordan@example.com",
        phone: "555-0101",
        street: "9 Oak Ave",
        city: "Boulder",
        region: "CO",
        postcode: "80301",
        latitude: 40.01,
        longitude: -105.27,
      },
      request: "Weekly mowing for the summer\nBack yard too",
      source: "website",
    });
    expect(created.status).toBe(201);
    const lead = created.body as unknown as Lead;
    expect(lead).toMatchObject({ status: "new", customerId: null, name: "Jordan Lee", estimateId: null });

    const converted = await call("POST", `/api/leads/${lead.id}/estimate`, tokens.member!);
    expect(converted.status).toBe(201);
    const estimate = converted.body as unknown as EstimateDetail;
    expect(estimate).toMatchObject({
      status: "draft",
      title: "Weekly mowing for the summer",
      leadId: lead.id,
      customerName: "Jordan Lee",
      options: [{ name: "Option 1", lineItems: [] }],
    });
    const customer = await call("GET", `/api/customers/${estimate.customerId}`, tokens.owner!);
    expect(customer.body).toMatchObject({
      name: "Jordan Lee",
      contacts: [
        { kind: "email", value: "jordan@example.com" },
        { kind: "phone", value: "555-0101" },
      ],
      properties: [{ street: "9 Oak Ave", latitude: 40.01, locationPrecision: "manual" }],
    });

    const listed = (await call("GET", `/api/leads?customerId=${estimate.customerId}`, tokens.owner!))
      .body as unknown as { items: Lead[] };
    expect(listed.items).toEqual([
      expect.objectContaining({
        id: lead.id,
        status: "estimating",
        customerId: estimate.customerId,
        estimateId: estimate.id,
        estimateNumber: estimate.number,
      }),
    ]);

    const again = await call("POST", `/api/leads/${lead.id}/estimate`, tokens.member!);
    expect(again).toMatchObject({
      status: 409,
      body: { message: `This lead already has estimate #${estimate.number}` },
    });
    expect(await t.db.customer.count({ where: { companyId: company.id, name: "Jordan Lee" } })).toBe(1);
  });

  it("locates a prospect's address, keeps its point while the address is unchanged and locates it again when edited", async () => {
    const created = await call("POST", "/api/leads", tokens.owner!, {
      prospect: { name: "Sam Ortiz", street: "4 Birch Rd", city: "Boulder", region: "CO", postcode: "80301" },
      request: "Sprinkler check",
      source: "phone",
    });
    const lead = created.body as unknown as Lead;
    expect(lead).toMatchObject({ latitude: expect.closeTo(40.05, 1), locationPrecision: "approximate" });

    const renamed = await call("PATCH", `/api/leads/${lead.id}`, tokens.owner!, {
      prospect: { name: "Sam Ortiz Jr", street: "4 Birch Rd", city: "Boulder", region: "CO", postcode: "80301" },
    });
    expect(renamed.body).toMatchObject({
      name: "Sam Ortiz Jr",
      latitude: lead.latitude,
      locationPrecision: "approximate",
    });
    const moved = await call("PATCH", `/api/leads/${lead.id}`, tokens.owner!, {
      prospect: { name: "Sam Ortiz Jr", street: "4 Birch Rd", city: "Denver", region: "CO", postcode: "80202" },
    });
    expect(moved.body).toMatchObject({ latitude: expect.closeTo(39.75, 1), locationPrecision: "approximate" });

    const nullIsland = await call("PATCH", `/api/leads/${lead.id}`, tokens.owner!, {
      prospect: { name: "Sam Ortiz Jr", latitude: 0, longitude: 0 },
    });
    expect(nullIsland).toMatchObject({ status: 400, body: { field: "prospect.latitude" } });
    expect((await t.db.lead.findUniqueOrThrow({ where: { id: lead.id } })).city).toBe("Denver");
  });

  it("estimates a prospect whose address cannot be located: their customer has no location until it is fixed", async () => {
    const lead = (
      await call("POST", "/api/leads", tokens.owner!, {
        prospect: { name: "No Map", street: "2 Pine", city: "Atlantis" },
        request: "Gutter repair",
        source: "phone",
      })
    ).body as unknown as Lead;
    expect(lead).toMatchObject({ latitude: null, longitude: null, locationPrecision: null });
    const converted = await call("POST", `/api/leads/${lead.id}/estimate`, tokens.owner!);
    expect(converted.status).toBe(201);
    const customer = await t.db.customer.findFirstOrThrow({ where: { companyId: company.id, name: "No Map" } });
    expect(customer).toMatchObject({ latitude: null, longitude: null, locationPrecision: null });
  });

  it("refuses to make a customer of a prospect without a street and city, and makes nothing", async () => {
    const lead = (
      await call("POST", "/api/leads", tokens.owner!, {
        prospect: { name: "No Address", phone: "555-0199" },
        request: "Call me back",
        source: "phone",
      })
    ).body as unknown as Lead;
    const refused = await call("POST", `/api/leads/${lead.id}/estimate`, tokens.owner!);
    expect(refused).toMatchObject({ status: 400, body: { field: "street" } });
    expect(await t.db.customer.count({ where: { companyId: company.id, name: "No Address" } })).toBe(0);
    expect(await t.db.estimate.count({ where: { leadId: lead.id } })).toBe(0);
  });

  it("records an existing customer's request, marks a lead lost and reopens it", async () => {
    const lead = (
      await call("POST", "/api/leads", tokens.owner!, { customerId, request: "Aeration", source: "referral" })
    ).body as unknown as Lead;
    expect(lead).toMatchObject({ customerId, name: "Pat Rivera", email: "pat@example.com", street: "1 Elm St" });
    expect((await call("PATCH", `/api/leads/${lead.id}`, tokens.owner!, { lost: true })).body).toMatchObject({
      status: "lost",
    });
    expect((await call("POST", `/api/leads/${lead.id}/estimate`, tokens.owner!)).status).toBe(409);
    expect((await call("PATCH", `/api/leads/${lead.id}`, tokens.owner!, { lost: false })).body).toMatchObject({
      status: "new",
    });
    expect(
      (await call("PATCH", `/api/leads/${lead.id}`, tokens.owner!, { prospect: { name: "Renamed" } })).status,
    ).toBe(409);
    const both = await call("POST", "/api/leads", tokens.owner!, {
      customerId,
      prospect: { name: "X" },
      request: "Both",
      source: "other",
    });
    expect(both.status).toBe(400);
  });
});

describe("estimates", () => {
  it("computes each option's subtotal, tax and total in cents, and the estimate's highest", async () => {
    const estimate = await createEstimate();
    expect(estimate.status).toBe("draft");
    expect(estimate.options.map((o) => [o.name, o.subtotalCents, o.taxCents, o.totalCents])).toEqual([
      ["Good", 20000, 0, 20000],
      // 20000 + 11250 = 31250; tax 1650 + 928 (8.25% of 11250 = 928.125)
      ["Better", 31250, 2578, 33828],
    ]);
    expect(estimate.options[1]!.lineItems[1]).toMatchObject({
      quantity: 2.5,
      taxRatePercent: 8.25,
      totalCents: 11250,
      taxCents: 928,
    });
    expect(estimate.totalCents).toBe(33828);
    expect(estimate.expiresOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it("numbers estimates per company without gaps or duplicates when created at once", async () => {
    const created = await Promise.all(Array.from({ length: 8 }, () => createEstimate()));
    const numbers = created.map((estimate) => estimate.number).sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(8);
    expect(numbers[7]! - numbers[0]!).toBe(7);
    const theirs = (await call("POST", "/api/customers", tokens.otherOwner!, customerBody("Other Co Customer")))
      .body as { id: string };
    const first = await call("POST", "/api/estimates", tokens.otherOwner!, {
      customerId: theirs.id,
      title: "Theirs",
      options: twoOptions,
    });
    expect(first.body).toMatchObject({ number: 1 });
  });

  it("sends by e-mail and text message through the notification job; the estimate shows the messages", async () => {
    const estimate = await createEstimate();
    const sent = await sendEstimate(estimate.id);
    expect(sent.estimate).toMatchObject({ status: "sent" });
    expect(sent.url).toMatch(new RegExp(`/review/estimates/${estimate.id}#[A-Za-z0-9_-]{43}$`));
    await drainQueues(t.runtime.context.queues, ["notifications"]);
    const read = (await call("GET", `/api/estimates/${estimate.id}`, tokens.member!)).body as unknown as EstimateDetail;
    expect(read.messages.map((m) => [m.channel, m.recipient]).sort()).toEqual([
      ["email", "pat@example.com"],
      ["sms", "+1 555 0100"],
    ]);
    const outbox = await t.db.outboxMessage.findMany({ where: { estimateId: estimate.id } });
    expect(outbox.every((message) => message.body.includes(sent.url))).toBe(true);
    // Only the token's hash is stored.
    const links = await t.db.publicLink.findMany({ where: { subjectId: estimate.id } });
    expect(links).toHaveLength(1);
    expect(links[0]!.tokenHash).not.toContain(tokenOf(sent.url));
    expect(t.logs.join("").includes(tokenOf(sent.url))).toBe(false);
  });

  it("refuses to send text messages on a plan without SMS, naming the plan", async () => {
    const theirs = (await call("POST", "/api/customers", tokens.starterOwner!, customerBody("Starter Customer")))
      .body as { id: string };
    const estimate = (
      await call("POST", "/api/estimates", tokens.starterOwner!, {
        customerId: theirs.id,
        title: "Small job",
        options: twoOptions,
      })
    ).body as unknown as EstimateDetail;
    const refused = await call("POST", `/api/estimates/${estimate.id}/send`, tokens.starterOwner!, {
      email: true,
      sms: true,
    });
    expect(refused).toMatchObject({
      status: 403,
      body: { message: "Sending text messages requires the Growth plan or higher." },
    });
    expect((await call("GET", `/api/estimates/${estimate.id}`, tokens.starterOwner!)).body).toMatchObject({
      status: "draft",
    });
    expect(
      (await call("POST", `/api/estimates/${estimate.id}/send`, tokens.starterOwner!, { email: true, sms: false }))
        .status,
    ).toBe(200);
  });

  it("refuses to send an option without lines, or to a customer without the contact asked for", async () => {
    const empty = await createEstimate(tokens.owner, { options: [{ name: "Only", lineItems: [] }] });
    expect(await call("POST", `/api/estimates/${empty.id}/send`, tokens.owner!, {})).toMatchObject({
      status: 400,
      body: { field: "options" },
    });
    const silent = (await call("POST", "/api/customers", tokens.owner!, customerBody("Quiet Person", []))).body as {
      id: string;
    };
    const estimate = await createEstimate(tokens.owner, { customerId: silent.id });
    expect(await call("POST", `/api/estimates/${estimate.id}/send`, tokens.owner!, {})).toMatchObject({
      status: 400,
      body: { message: "Quiet Person has no e-mail address or phone number to send it to" },
    });
    expect((await call("GET", `/api/estimates/${estimate.id}`, tokens.owner!)).body).toMatchObject({ status: "draft" });
  });

  it("editing a sent estimate returns it to draft: the customer sees it being revised and cannot approve it", async () => {
    const estimate = await createEstimate();
    const { url } = await sendEstimate(estimate.id);
    const edited = await call("PATCH", `/api/estimates/${estimate.id}`, tokens.owner!, { title: "Cleanup, revised" });
    expect(edited.body).toMatchObject({ status: "draft", title: "Cleanup, revised" });
    const seen = await review("GET", `/api/review/estimates/${estimate.id}`, tokenOf(url));
    expect(seen.body).toMatchObject({ status: "draft", options: [] });
    const approve = await review("POST", `/api/review/estimates/${estimate.id}/approve`, tokenOf(url), {
      optionId: estimate.options[0]!.id,
      signatureName: "Pat Rivera",
    });
    expect(approve.status).toBe(409);
    // Sent again, the same link works.
    await sendEstimate(estimate.id);
    expect((await review("GET", `/api/review/estimates/${estimate.id}`, tokenOf(url))).body).toMatchObject({
      status: "sent",
      title: "Cleanup, revised",
    });
  });

  it("the customer approves one option with their typed name; the office converts it once into a job with that option's lines", async () => {
    const estimate = await createEstimate();
    const { url } = await sendEstimate(estimate.id);
    const better = estimate.options[1]!;
    const approved = await review("POST", `/api/review/estimates/${estimate.id}/approve`, tokenOf(url), {
      optionId: better.id,
      signatureName: "Pat Rivera",
    });
    expect(approved).toMatchObject({
      status: 200,
      body: { status: "approved", approvedOptionId: better.id, signatureName: "Pat Rivera" },
    });
    expect(await audited(estimate.id)).toEqual([
      {
        action: "estimate.approved",
        actorUserId: null,
        summary: `Pat Rivera approved estimate #${estimate.number} for ${estimate.customerName} on their page: ${better.name}, ${formatCents(better.totalCents)}`,
      },
    ]);
    expect((await call("PATCH", `/api/estimates/${estimate.id}`, tokens.owner!, { title: "Too late" })).status).toBe(
      409,
    );
    expect((await call("POST", `/api/estimates/${estimate.id}/decline`, tokens.owner!)).status).toBe(409);
    expect(
      (
        await review("POST", `/api/review/estimates/${estimate.id}/approve`, tokenOf(url), {
          optionId: better.id,
          signatureName: "Pat Rivera",
        })
      ).status,
    ).toBe(409);

    const jobsBefore = await t.db.job.count({ where: { companyId: company.id } });
    const [first, second] = await Promise.all([
      call("POST", `/api/estimates/${estimate.id}/convert`, tokens.owner!),
      call("POST", `/api/estimates/${estimate.id}/convert`, tokens.member!),
    ]);
    expect(first!.status).toBe(200);
    expect(second!.status).toBe(200);
    expect(first!.body.jobId).toBe(second!.body.jobId);
    expect(await t.db.job.count({ where: { companyId: company.id } })).toBe(jobsBefore + 1);
    expect(first!.body.estimate).toMatchObject({ status: "converted", jobId: first!.body.jobId });
    const job = (await call("GET", `/api/jobs/${first!.body.jobId as string}`, tokens.owner!))
      .body as unknown as JobDetail;
    expect(job).toMatchObject({ title: estimate.title, customerId });
    expect(job.lineItems.map((line) => [line.service, line.quantity, line.unitPriceCents, line.taxable])).toEqual([
      ["Spring cleanup", 1, 20000, true],
      ["Mulch (yards)", 2.5, 4500, true],
    ]);
    expect(job.visits).toHaveLength(1);
  });

  it("a recurring option ('Weekly mowing × 26') becomes a recurring job with those visits, from the first visit the office gives", async () => {
    const estimate = await createEstimate(tokens.owner!, {
      options: [
        {
          name: "Weekly mowing",
          recurrence: { frequency: "weekly", visits: 26 },
          lineItems: [{ description: "Mowing", quantity: 1, unitPriceCents: 4500 }],
        },
      ],
    });
    expect(estimate.options[0]).toMatchObject({
      recurrence: { frequency: "weekly", visits: 26 },
      totalCents: 4500,
      allVisitsTotalCents: 26 * 4500,
    });
    expect(estimate.totalCents).toBe(26 * 4500);
    const { url } = await sendEstimate(estimate.id, { email: true, sms: false });
    const shown = await review("GET", `/api/review/estimates/${estimate.id}`, tokenOf(url));
    expect(shown.body).toMatchObject({ options: [{ recurrence: { frequency: "weekly", visits: 26 } }] });
    expect(
      (
        await review("POST", `/api/review/estimates/${estimate.id}/approve`, tokenOf(url), {
          optionId: estimate.options[0]!.id,
          signatureName: "Pat Rivera",
        })
      ).status,
    ).toBe(200);

    const path = `/api/estimates/${estimate.id}/convert`;
    const firstVisitStart = new Date(Date.now() + 3 * 86_400_000);
    firstVisitStart.setUTCHours(14, 0, 0, 0);
    const body = { firstVisitStart: firstVisitStart.toISOString(), visitDurationMinutes: 45 };
    expect(await call("POST", path, tokens.owner!)).toMatchObject({ status: 400, body: { field: "firstVisitStart" } });
    expect((await call("POST", path, tokens.owner!, { firstVisitStart: "next monday" })).status).toBe(400);
    expect((await call("POST", path, tokens.field_user!, body)).status).toBe(403);
    expect((await call("POST", path, tokens.otherOwner!, body)).status).toBe(404);
    expect(await t.db.estimate.findUniqueOrThrow({ where: { id: estimate.id } })).toMatchObject({
      status: "approved",
      jobId: null,
    });

    const converted = await call("POST", path, tokens.member!, body);
    expect(converted.status).toBe(200);
    const job = (await call("GET", `/api/jobs/${converted.body.jobId as string}`, tokens.owner!))
      .body as unknown as JobDetail;
    expect(job).toMatchObject({
      recurring: true,
      recurrence: { rule: "FREQ=WEEKLY;COUNT=26", start: firstVisitStart.toISOString() },
      visitDurationMinutes: 45,
    });
    // The first eight weeks now (the rolling horizon), each of the option's length, with its lines.
    expect(job.visits).toHaveLength(8);
    expect(job.visits[0]).toMatchObject({ scheduledStart: firstVisitStart.toISOString(), durationMinutes: 45 });
    expect(job.lineItems.map((line) => [line.service, line.unitPriceCents])).toEqual([["Mowing", 4500]]);
  });

  it("refuses to convert an estimate that is not approved", async () => {
    const estimate = await createEstimate();
    expect(await call("POST", `/api/estimates/${estimate.id}/convert`, tokens.owner!)).toMatchObject({
      status: 409,
      body: { message: "Only an approved estimate can become a job; this one is draft" },
    });
  });

  it("the customer asks for changes, then declines; a declined estimate is final", async () => {
    const estimate = await createEstimate();
    const { url } = await sendEstimate(estimate.id);
    const changes = await review("POST", `/api/review/estimates/${estimate.id}/request-changes`, tokenOf(url), {
      message: "Can you do it in May?",
    });
    expect(changes.body).toMatchObject({ status: "changes_requested", customerMessage: "Can you do it in May?" });
    expect((await call("GET", `/api/estimates/${estimate.id}`, tokens.owner!)).body).toMatchObject({
      status: "changes_requested",
      customerMessage: "Can you do it in May?",
    });
    const declined = await review("POST", `/api/review/estimates/${estimate.id}/decline`, tokenOf(url), {
      reason: "Went with a neighbour",
    });
    expect(declined.body).toMatchObject({ status: "declined", customerMessage: "Went with a neighbour" });
    expect(await audited(estimate.id)).toEqual([
      {
        action: "estimate.declined",
        actorUserId: null,
        summary: `The customer declined estimate #${estimate.number} for ${estimate.customerName} on their page: Went with a neighbour`,
      },
    ]);
    expect((await call("PATCH", `/api/estimates/${estimate.id}`, tokens.owner!, { title: "Again" })).status).toBe(409);
    expect((await call("POST", `/api/estimates/${estimate.id}/send`, tokens.owner!, {})).status).toBe(409);
    expect(
      (
        await review("POST", `/api/review/estimates/${estimate.id}/approve`, tokenOf(url), {
          optionId: estimate.options[0]!.id,
          signatureName: "Pat Rivera",
        })
      ).status,
    ).toBe(409);
  });

  it("the office marks an estimate declined; a lead's estimate approved wins the lead, declined loses it", async () => {
    const declinedByOffice = await createEstimate();
    expect((await call("POST", `/api/estimates/${declinedByOffice.id}/decline`, tokens.member!)).body).toMatchObject({
      status: "declined",
    });
    expect(await audited(declinedByOffice.id)).toEqual([
      {
        action: "estimate.declined",
        actorUserId: company.users.member.id,
        summary: expect.stringMatching(new RegExp(`^.+ marked estimate #${declinedByOffice.number} for .+ declined$`)),
      },
    ]);

    const lead = (
      await call("POST", "/api/leads", tokens.owner!, { customerId, request: "Hedge trimming", source: "phone" })
    ).body as unknown as Lead;
    const fromLead = (await call("POST", `/api/leads/${lead.id}/estimate`, tokens.owner!))
      .body as unknown as EstimateDetail;
    await call("PATCH", `/api/estimates/${fromLead.id}`, tokens.owner!, { options: twoOptions });
    const { url } = await sendEstimate(fromLead.id);
    const fresh = (await call("GET", `/api/estimates/${fromLead.id}`, tokens.owner!)).body as unknown as EstimateDetail;
    await review("POST", `/api/review/estimates/${fromLead.id}/approve`, tokenOf(url), {
      optionId: fresh.options[0]!.id,
      signatureName: "Pat Rivera",
    });
    expect((await call("GET", `/api/leads?customerId=${customerId}&status=won`, tokens.owner!)).body.items).toEqual([
      expect.objectContaining({ id: lead.id }),
    ]);

    const lostLead = (
      await call("POST", "/api/leads", tokens.owner!, { customerId, request: "Tree removal", source: "phone" })
    ).body as unknown as Lead;
    const lostEstimate = (await call("POST", `/api/leads/${lostLead.id}/estimate`, tokens.owner!))
      .body as unknown as EstimateDetail;
    await call("POST", `/api/estimates/${lostEstimate.id}/decline`, tokens.owner!);
    expect((await call("GET", `/api/leads?customerId=${customerId}&status=lost`, tokens.owner!)).body.items).toEqual([
      expect.objectContaining({ id: lostLead.id }),
    ]);
  });

  it("an estimate past its last day is expired: listed so, refused approval, and written down by the expiry job", async () => {
    const estimate = await createEstimate();
    const { url } = await sendEstimate(estimate.id);
    await t.db.estimate.update({ where: { id: estimate.id }, data: { expiresAt: new Date(Date.now() - 60_000) } });
    expect((await call("GET", `/api/estimates/${estimate.id}`, tokens.owner!)).body).toMatchObject({
      status: "expired",
    });
    const expired = (await call("GET", "/api/estimates?status=expired&limit=100", tokens.owner!))
      .body as unknown as EstimateListResponse;
    expect(expired.items.map((item) => item.id)).toContain(estimate.id);
    const sentList = (await call("GET", "/api/estimates?status=sent&limit=100", tokens.owner!))
      .body as unknown as EstimateListResponse;
    expect(sentList.items.map((item) => item.id)).not.toContain(estimate.id);
    const approve = await review("POST", `/api/review/estimates/${estimate.id}/approve`, tokenOf(url), {
      optionId: estimate.options[0]!.id,
      signatureName: "Pat Rivera",
    });
    expect(approve).toMatchObject({
      status: 409,
      body: { message: "This estimate has expired. Ask us for a new one." },
    });
    expect((await call("POST", `/api/estimates/${estimate.id}/send`, tokens.owner!, {})).status).toBe(409);

    // The hourly system job hands each company its expiry job, which writes the status down.
    const { expireEstimatesHourlyTask } = await import("@fieldops/domain/estimates/expire-estimates-hourly.task");
    await t.runtime.context.queues
      .queue("notifications")
      .add(expireEstimatesHourlyTask.id, {}, { jobId: `${expireEstimatesHourlyTask.id}_${randomUUID()}` });
    await drainQueues(t.runtime.context.queues, ["notifications"]);
    expect(await t.db.estimate.findUnique({ where: { id: estimate.id }, select: { status: true } })).toEqual({
      status: "expired",
    });

    // Edited with a later date, it is a draft again and may be sent.
    const renewed = await call("PATCH", `/api/estimates/${estimate.id}`, tokens.owner!, { expiresOn: "2099-12-31" });
    expect(renewed.body).toMatchObject({ status: "draft", expiresOn: "2099-12-31" });
    expect(
      (await call("PATCH", `/api/estimates/${estimate.id}`, tokens.owner!, { expiresOn: "2000-01-01" })).status,
    ).toBe(400);
  });

  it("lists by status, customer and search, a page at a time", async () => {
    const estimate = await createEstimate(tokens.owner, { title: "Unusual Zebra Fence" });
    const found = (await call("GET", "/api/estimates?search=zebra", tokens.owner!))
      .body as unknown as EstimateListResponse;
    expect(found.items.map((item) => item.id)).toEqual([estimate.id]);
    expect(
      (
        (await call("GET", `/api/estimates?search=%23${estimate.number}`, tokens.owner!))
          .body as unknown as EstimateListResponse
      ).items.map((item) => item.id),
    ).toEqual([estimate.id]);
    const page = (await call("GET", `/api/estimates?customerId=${customerId}&limit=2`, tokens.owner!))
      .body as unknown as EstimateListResponse;
    expect(page.items).toHaveLength(2);
    const next = (
      await call("GET", `/api/estimates?customerId=${customerId}&limit=2&cursor=${page.nextCursor!}`, tokens.owner!)
    ).body as unknown as EstimateListResponse;
    expect(next.items[0]!.id).not.toBe(page.items[1]!.id);
  });
});

describe("who may sell", () => {
  it("refuses field users every lead and estimate route", async () => {
    const estimate = await createEstimate();
    const lead = (await call("POST", "/api/leads", tokens.owner!, { customerId, request: "Sod", source: "phone" }))
      .body as unknown as Lead;
    const tech = tokens.field_user!;
    const refusals = await Promise.all([
      call("GET", "/api/leads", tech),
      call("POST", "/api/leads", tech, { customerId, request: "x", source: "phone" }),
      call("PATCH", `/api/leads/${lead.id}`, tech, { lost: true }),
      call("POST", `/api/leads/${lead.id}/estimate`, tech),
      call("GET", "/api/estimates", tech),
      call("POST", "/api/estimates", tech, { customerId, title: "x", options: twoOptions }),
      call("GET", `/api/estimates/${estimate.id}`, tech),
      call("PATCH", `/api/estimates/${estimate.id}`, tech, { title: "x" }),
      call("POST", `/api/estimates/${estimate.id}/send`, tech, {}),
      call("POST", `/api/estimates/${estimate.id}/link`, tech),
      call("POST", `/api/estimates/${estimate.id}/decline`, tech),
      call("POST", `/api/estimates/${estimate.id}/convert`, tech),
      call("GET", `/api/customers/${customerId}/portal-link`, tech),
      call("POST", `/api/customers/${customerId}/portal-link`, tech),
      call("DELETE", `/api/customers/${customerId}/portal-link`, tech),
    ]);
    expect(refusals.map((response) => response.status)).toEqual(refusals.map(() => 403));
    expect((await call("GET", `/api/estimates/${estimate.id}`, tokens.owner!)).body).toMatchObject({
      status: "draft",
      title: estimate.title,
    });
  });

  it("hides one company's leads and estimates from another: 404 and nothing changed", async () => {
    const estimate = await createEstimate();
    const lead = (await call("POST", "/api/leads", tokens.owner!, { customerId, request: "Sod", source: "phone" }))
      .body as unknown as Lead;
    const stranger = tokens.otherOwner!;
    expect((await call("GET", `/api/estimates/${estimate.id}`, stranger)).status).toBe(404);
    expect((await call("PATCH", `/api/estimates/${estimate.id}`, stranger, { title: "Mine" })).status).toBe(404);
    expect((await call("POST", `/api/estimates/${estimate.id}/send`, stranger, {})).status).toBe(404);
    expect((await call("POST", `/api/estimates/${estimate.id}/link`, stranger)).status).toBe(404);
    expect((await call("POST", `/api/estimates/${estimate.id}/decline`, stranger)).status).toBe(404);
    expect((await call("POST", `/api/estimates/${estimate.id}/convert`, stranger)).status).toBe(404);
    expect((await call("PATCH", `/api/leads/${lead.id}`, stranger, { lost: true })).status).toBe(404);
    expect((await call("POST", `/api/leads/${lead.id}/estimate`, stranger)).status).toBe(404);
    expect(
      (await call("POST", "/api/estimates", stranger, { customerId, title: "Theirs", options: twoOptions })).status,
    ).toBe(404);
    expect((await call("POST", "/api/leads", stranger, { customerId, request: "x", source: "phone" })).status).toBe(
      404,
    );
    expect((await call("GET", `/api/customers/${customerId}/portal-link`, stranger)).status).toBe(404);
    const theirList = (await call("GET", "/api/estimates?limit=100", stranger)).body as unknown as EstimateListResponse;
    expect(theirList.items.map((item) => item.id)).not.toContain(estimate.id);
    expect(
      await t.db.estimate.findUnique({ where: { id: estimate.id }, select: { title: true, status: true } }),
    ).toEqual({ title: estimate.title, status: "draft" });
    expect(await t.db.lead.findUnique({ where: { id: lead.id }, select: { status: true } })).toEqual({ status: "new" });
  });
});

describe("live events", () => {
  it("announces each change to a lead and its estimate to the screens that show them", async () => {
    const created = await announced(() =>
      call("POST", "/api/leads", tokens.owner!, { customerId, request: "Edging", source: "phone" }),
    );
    const lead = created.result.body as unknown as Lead;
    const leadOnly = [{ name: "leads.changed", payload: { leadIds: [lead.id] } }];
    expect(created.events).toEqual(leadOnly);
    expect(
      (await announced(() => call("PATCH", `/api/leads/${lead.id}`, tokens.owner!, { request: "Edging, trim" })))
        .events,
    ).toEqual(leadOnly);
    const converted = await announced(() => call("POST", `/api/leads/${lead.id}/estimate`, tokens.owner!));
    const estimate = converted.result.body as unknown as EstimateDetail;
    const withLead = [{ name: "estimates.changed", payload: { estimateIds: [estimate.id] } }, ...leadOnly];
    expect(converted.events).toEqual(withLead);
    expect(
      (await announced(() => call("PATCH", `/api/estimates/${estimate.id}`, tokens.owner!, { title: "Edging" })))
        .events,
    ).toEqual(withLead);
    expect(
      (await announced(() => call("POST", `/api/estimates/${estimate.id}/decline`, tokens.owner!))).events,
    ).toEqual(withLead);
    const plain = await announced(() => createEstimate());
    expect(plain.events).toEqual([{ name: "estimates.changed", payload: { estimateIds: [plain.result.id] } }]);
  });
});
