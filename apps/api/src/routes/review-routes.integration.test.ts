import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EstimateDetail } from "@fieldops/shared/estimates";
import type { JobDetail } from "@fieldops/shared/jobs";
import type { Portal } from "@fieldops/shared/review";
import { REVIEW_REQUESTS_PER_MINUTE } from "@fieldops/shared/review";
import { withSystem, withTenant } from "@fieldops/db";
import {
  callApi,
  createTestCompany,
  signIn,
  startTestApp,
  type TestApp,
  type TestCompany,
} from "../../../../tests/integration/test-app.ts";

let t: TestApp;
let company: TestCompany;
let other: TestCompany;
let owner: string;
let otherOwner: string;
let customerId: string;
let neighbourId: string;
let address = 0;

const call = (method: string, path: string, token: string, body?: unknown) => callApi(t.url, method, path, token, body);
/** Each test speaks from its own client address, so the per-address limit is only met where it is tested. */
const nextAddress = () => `203.0.113.${++address}`;

async function review(
  method: string,
  path: string,
  token: string | null,
  body?: unknown,
  from = nextAddress(),
  extra: Record<string, string> = {},
) {
  const response = await fetch(`${t.url}${path}`, {
    method,
    headers: {
      "x-forwarded-for": from,
      ...(token === null ? {} : { "x-review-token": token }),
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...extra,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as Record<string, unknown> };
}

const tokenOf = (url: string) => url.slice(url.indexOf("#") + 1);
const options = [
  { name: "Good", lineItems: [{ description: "Drain cleaning", quantity: 1, unitPriceCents: 15000 }] },
  {
    name: "Best",
    lineItems: [{ description: "Drain cleaning and camera", quantity: 1, unitPriceCents: 32000, taxRatePercent: 5 }],
  },
];

async function customer(token: string, name: string): Promise<string> {
  const response = await call("POST", "/api/customers", token, {
    name,
    contacts: [{ kind: "email", value: `${name.toLowerCase().replace(/\W/g, "")}@example.com` }],
    properties: [
      { street: "5 Main St", city: "Austin", region: "TX", postcode: "78701", latitude: 30.27, longitude: -97.74 },
    ],
  });
  return (response.body as { id: string }).id;
}

async function sentEstimate(
  forCustomer = customerId,
  token = owner,
): Promise<{ estimate: EstimateDetail; token: string }> {
  const created = (
    await call("POST", "/api/estimates", token, {
      customerId: forCustomer,
      title: `Drains ${randomUUID().slice(0, 6)}`,
      options,
    })
  ).body as unknown as EstimateDetail;
  const sent = await call("POST", `/api/estimates/${created.id}/send`, token, { email: true, sms: false });
  return { estimate: created, token: tokenOf((sent.body as { url: string }).url) };
}

beforeAll(async () => {
  t = await startTestApp();
  company = await createTestCompany(t.db, { planId: "growth" });
  other = await createTestCompany(t.db, { planId: "growth" });
  await t.db.company.update({
    where: { id: company.id },
    data: { branding: { name: "Rooter Bros", logo: "https://cdn.example/logo.png", primaryColor: "#1d4ed8" } },
  });
  owner = await signIn(t.url, company.users.owner.email);
  otherOwner = await signIn(t.url, other.users.owner.email);
  customerId = await customer(owner, "Casey Morgan");
  neighbourId = await customer(owner, "Neighbour Nguyen");
});
afterAll(() => t.close());

describe("the estimate review link", () => {
  it("shows the estimate with the company's branding to the holder of its token, without a session", async () => {
    const { estimate, token } = await sentEstimate();
    const seen = await review("GET", `/api/review/estimates/${estimate.id}`, token);
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({
      company: { branding: { name: "Rooter Bros", logo: "https://cdn.example/logo.png", primaryColor: "#1d4ed8" } },
      id: estimate.id,
      number: estimate.number,
      customerName: "Casey Morgan",
      status: "sent",
      options: [
        { name: "Good", totalCents: 15000 },
        { name: "Best", subtotalCents: 32000, taxCents: 1600, totalCents: 33600 },
      ],
    });
    // Nothing of the office's: no messages, no lead, no job, no customer contacts.
    expect(Object.keys(seen.body).sort()).toEqual(
      [
        "approvedAt",
        "approvedOptionId",
        "company",
        "customerMessage",
        "customerName",
        "expiresOn",
        "id",
        "message",
        "number",
        "options",
        "signatureName",
        "status",
        "title",
      ].sort(),
    );
  });

  it("answers a wrong, missing, malformed or another estimate's token exactly as a missing estimate", async () => {
    const { estimate, token } = await sentEstimate();
    const { estimate: second, token: secondToken } = await sentEstimate();
    const missing = await review("GET", `/api/review/estimates/${randomUUID()}`, token);
    expect(missing.status).toBe(404);
    const answers = await Promise.all([
      review("GET", `/api/review/estimates/${estimate.id}`, null),
      review("GET", `/api/review/estimates/${estimate.id}`, ""),
      review("GET", `/api/review/estimates/${estimate.id}`, "not-a-token"),
      review("GET", `/api/review/estimates/${estimate.id}`, `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`),
      review("GET", `/api/review/estimates/${estimate.id}`, secondToken),
      review("GET", `/api/review/estimates/${second.id}`, token),
      review("POST", `/api/review/estimates/${estimate.id}/approve`, secondToken, {
        optionId: estimate.options[0]!.id,
        signatureName: "Casey Morgan",
      }),
      review("POST", `/api/review/estimates/${estimate.id}/decline`, null, {}),
    ]);
    for (const answer of answers) expect(answer).toEqual(missing);
    expect(await t.db.estimate.findUnique({ where: { id: estimate.id }, select: { status: true } })).toEqual({
      status: "sent",
    });
  });

  it("opens nothing else of the company: not the office's API, not another estimate, not the customer's portal", async () => {
    const { estimate, token } = await sentEstimate();
    const { estimate: neighbours } = await sentEstimate(neighbourId);
    const asBearer = { authorization: `Bearer ${token}` };
    expect((await review("GET", "/api/customers", token, undefined, nextAddress(), asBearer)).status).toBe(401);
    expect(
      (await review("GET", `/api/estimates/${estimate.id}`, token, undefined, nextAddress(), asBearer)).status,
    ).toBe(401);
    expect((await review("GET", `/api/customers/${customerId}`, token)).status).toBe(401);
    expect((await review("GET", "/api/jobs", token)).status).toBe(401);
    expect((await review("GET", `/api/review/estimates/${neighbours.id}`, token)).status).toBe(404);
    expect((await review("GET", `/api/review/portal/${customerId}`, token)).status).toBe(404);
    expect((await review("GET", `/api/review/estimates/${neighbours.id}`, `${customerId}.${token}`)).status).toBe(404);
    // Another company's office cannot reach it either.
    expect((await call("GET", `/api/estimates/${estimate.id}`, otherOwner)).status).toBe(404);
  });

  it("limits each client address's requests a minute; another address is unaffected", async () => {
    const { estimate, token } = await sentEstimate();
    const from = nextAddress();
    const statuses: number[] = [];
    for (let i = 0; i < REVIEW_REQUESTS_PER_MINUTE + 1; i++)
      statuses.push(
        (await review("GET", `/api/review/estimates/${estimate.id}`, i % 2 ? token : "guess", undefined, from)).status,
      );
    expect(statuses.slice(0, REVIEW_REQUESTS_PER_MINUTE).every((status) => status === 200 || status === 404)).toBe(
      true,
    );
    expect(statuses.at(-1)).toBe(429);
    expect((await review("GET", `/api/review/estimates/${estimate.id}`, token, undefined, nextAddress())).status).toBe(
      200,
    );
  });

  it("a copied link opens the estimate beside the sent one; only hashes are stored and no token reaches the logs", async () => {
    const { estimate, token } = await sentEstimate();
    const copied = await call("POST", `/api/estimates/${estimate.id}/link`, owner);
    expect(copied.status).toBe(201);
    const copiedToken = tokenOf((copied.body as { url: string }).url);
    expect(copiedToken).not.toBe(token);
    expect((await review("GET", `/api/review/estimates/${estimate.id}`, copiedToken)).status).toBe(200);
    expect((await review("GET", `/api/review/estimates/${estimate.id}`, token)).status).toBe(200);
    const stored = JSON.stringify(await t.db.publicLink.findMany({ where: { subjectId: estimate.id } }));
    expect(stored.includes(token) || stored.includes(copiedToken)).toBe(false);
    const logs = t.logs.join("");
    expect(logs.includes(token) || logs.includes(copiedToken)).toBe(false);
  });
});

describe("customers' links in the database", () => {
  it("are a company's rows: another company sees none, the system context reads them but cannot make or delete one", async () => {
    const { estimate } = await sentEstimate();
    const app = t.runtime.context.db;
    expect(await withTenant(app, company.id, (tx) => tx.publicLink.count({ where: { subjectId: estimate.id } }))).toBe(
      1,
    );
    expect(await withTenant(app, other.id, (tx) => tx.publicLink.count())).toBe(0);
    expect(await withSystem(app, (tx) => tx.publicLink.count({ where: { subjectId: estimate.id } }))).toBe(1);
    await expect(
      withSystem(app, (tx) =>
        tx.publicLink.create({
          data: { companyId: company.id, kind: "estimate", subjectId: estimate.id, tokenHash: "f".repeat(64) },
        }),
      ),
    ).rejects.toThrow();
    expect(await withSystem(app, (tx) => tx.publicLink.deleteMany({ where: { subjectId: estimate.id } }))).toEqual({
      count: 0,
    });
    expect(await t.db.publicLink.count({ where: { subjectId: estimate.id } })).toBe(1);
  });
});

describe("the customer portal", () => {
  it("is refused on a plan without it, naming the plan", async () => {
    const starter = await createTestCompany(t.db, { planId: "starter" });
    const starterOwner = await signIn(t.url, starter.users.owner.email);
    const theirs = await customer(starterOwner, "Starter Sam");
    const refused = await call("POST", `/api/customers/${theirs}/portal-link`, starterOwner);
    expect(refused).toMatchObject({
      status: 403,
      body: { message: "The customer portal requires the Growth plan or higher." },
    });
    expect(
      (await call("POST", `/api/customers/${theirs}/portal-link/send`, starterOwner, { email: true, sms: false }))
        .status,
    ).toBe(403);
    expect(await t.db.publicLink.count({ where: { companyId: starter.id } })).toBe(0);
  });

  it("shows the customer's upcoming visits, estimates to approve and unpaid invoices, and nothing of other customers", async () => {
    const link = await call("POST", `/api/customers/${customerId}/portal-link`, owner);
    expect(link.status).toBe(201);
    const url = (link.body as { url: string }).url;
    expect(url).toMatch(new RegExp(`/review/portal/${customerId}#[A-Za-z0-9_-]{43}$`));
    const token = tokenOf(url);

    const job = (await call("POST", "/api/jobs", owner, { customerId, title: "Water heater flush" }))
      .body as unknown as JobDetail;
    const start = new Date(Date.now() + 2 * 86_400_000);
    await t.db.visit.update({
      where: { id: job.visits[0]!.id },
      data: { status: "scheduled", scheduledStart: start, scheduledEnd: new Date(start.getTime() + 3_600_000) },
    });
    const neighbourJob = (
      await call("POST", "/api/jobs", owner, { customerId: neighbourId, title: "Neighbour's sink" })
    ).body as unknown as JobDetail;
    await t.db.visit.update({
      where: { id: neighbourJob.visits[0]!.id },
      data: { status: "scheduled", scheduledStart: start, scheduledEnd: new Date(start.getTime() + 3_600_000) },
    });
    const { estimate } = await sentEstimate();
    await sentEstimate(neighbourId);
    const draft = (await call("POST", "/api/estimates", owner, { customerId, title: "Not yet sent", options }))
      .body as unknown as EstimateDetail;
    const base = 900_000 + Math.floor(Math.random() * 90_000);
    await t.db.invoice.createMany({
      data: [
        {
          companyId: company.id,
          customerId,
          number: base,
          status: "sent",
          totalCents: 50000,
          paidCents: 0,
          dueAt: new Date(Date.now() - 10 * 86_400_000),
        },
        {
          companyId: company.id,
          customerId,
          number: base + 1,
          status: "partially_paid",
          totalCents: 30000,
          paidCents: 10000,
          dueAt: new Date(Date.now() + 10 * 86_400_000),
        },
        { companyId: company.id, customerId, number: base + 2, status: "paid", totalCents: 9000, paidCents: 9000 },
        {
          companyId: company.id,
          customerId: neighbourId,
          number: base + 3,
          status: "sent",
          totalCents: 7000,
          paidCents: 0,
        },
      ],
    });

    const portal = await review("GET", `/api/review/portal/${customerId}`, token);
    expect(portal.status).toBe(200);
    const body = portal.body as unknown as Portal;
    expect(body).toMatchObject({
      customerName: "Casey Morgan",
      company: { branding: { name: "Rooter Bros", primaryColor: "#1d4ed8" } },
    });
    expect(body.visits.map((visit) => visit.jobTitle)).toEqual(["Water heater flush"]);
    expect(body.estimates.map((e) => e.id)).toContain(estimate.id);
    expect(body.estimates.map((e) => e.id)).not.toContain(draft.id);
    expect(body.estimates.find((e) => e.id === estimate.id)).toMatchObject({ totalCents: 33600, status: "sent" });
    expect(body.invoices.map((invoice) => [invoice.number, invoice.balanceCents, invoice.pastDue])).toEqual([
      [base, 50000, true],
      [base + 1, 20000, false],
    ]);

    // From the portal, the customer opens and approves their estimate with the portal's link, not another's.
    const viaPortal = `${customerId}.${token}`;
    expect((await review("GET", `/api/review/estimates/${estimate.id}`, viaPortal)).body).toMatchObject({
      id: estimate.id,
      status: "sent",
    });
    const approved = await review("POST", `/api/review/estimates/${estimate.id}/approve`, viaPortal, {
      optionId: estimate.options[0]!.id,
      signatureName: "Casey Morgan",
    });
    expect(approved.body).toMatchObject({ status: "approved" });
    expect((await review("GET", `/api/review/portal/${neighbourId}`, token)).status).toBe(404);
    expect((await review("GET", `/api/review/portal/${customerId}`, null)).status).toBe(404);
  });

  it("is one link per customer: a new one revokes the old, revoking ends it, and a plan without the portal closes it", async () => {
    const first = tokenOf(
      ((await call("POST", `/api/customers/${neighbourId}/portal-link`, owner)).body as { url: string }).url,
    );
    const sent = await call("POST", `/api/customers/${neighbourId}/portal-link/send`, owner, {
      email: true,
      sms: false,
    });
    expect(sent.status).toBe(201);
    const second = tokenOf((sent.body as { url: string }).url);
    expect((await review("GET", `/api/review/portal/${neighbourId}`, first)).status).toBe(404);
    expect((await review("GET", `/api/review/portal/${neighbourId}`, second)).status).toBe(200);
    expect((await call("GET", `/api/customers/${neighbourId}/portal-link`, owner)).body).toMatchObject({
      active: true,
    });

    await t.db.company.update({ where: { id: company.id }, data: { planId: "starter" } });
    expect((await review("GET", `/api/review/portal/${neighbourId}`, second)).status).toBe(404);
    await t.db.company.update({ where: { id: company.id }, data: { planId: "growth" } });

    expect((await call("DELETE", `/api/customers/${neighbourId}/portal-link`, owner)).status).toBe(204);
    expect((await call("DELETE", `/api/customers/${neighbourId}/portal-link`, owner)).status).toBe(204);
    expect((await review("GET", `/api/review/portal/${neighbourId}`, second)).status).toBe(404);
    expect((await call("GET", `/api/customers/${neighbourId}/portal-link`, owner)).body).toMatchObject({
      active: false,
      createdAt: null,
    });
  });

  it("another company cannot make, read or revoke this customer's link", async () => {
    expect((await call("POST", `/api/customers/${customerId}/portal-link`, otherOwner)).status).toBe(404);
    expect((await call("DELETE", `/api/customers/${customerId}/portal-link`, otherOwner)).status).toBe(404);
    expect((await call("GET", `/api/customers/${customerId}/portal-link`, otherOwner)).status).toBe(404);
  });
});
