import { crewEndpoints } from "@fieldops/shared/crews";
import { moduleEndpoints } from "@fieldops/shared/modules";
import { customerEndpoints } from "@fieldops/shared/customers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { customerInput } from "@fieldops/domain/customers/customer-test-fixtures";
import { TRIAL_ENDED_MESSAGE, planEndpoints } from "@fieldops/shared/plans";
import {
  callApi,
  createTestCompany,
  signIn,
  startTestApp,
  type TestApp,
  type TestCompany,
} from "../../../../tests/integration/test-app.ts";

let t: TestApp;
const DAY_MS = 24 * 3600 * 1000;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const call = (method: string, path: string, token: string, body?: unknown) => callApi(t.url, method, path, token, body);

async function companyWith(
  planId: "starter" | "growth" | "pro",
  trialEndsAt: Date | null = null,
): Promise<TestCompany & { tokens: Record<string, string> }> {
  const company = await createTestCompany(t.db, { planId });
  if (trialEndsAt) await t.db.company.update({ where: { id: company.id }, data: { trialEndsAt } });
  const tokens: Record<string, string> = {};
  for (const role of ["owner", "member", "field_user"] as const)
    tokens[role] = await signIn(t.url, company.users[role].email);
  return { ...company, tokens };
}

async function addCustomers(companyId: string, count: number) {
  await t.db.customer.createMany({
    data: Array.from({ length: count }, (_, i) => ({
      companyId,
      name: `Filler ${i}`,
      street: "1 Main",
      city: "Denver",
      region: "CO",
      postcode: "80202",
    })),
  });
}

describe("GET /api/company/plan", () => {
  it("shows the company's plan, trial and usage, counting this month's jobs in its time zone and no other company's", async () => {
    const company = await companyWith("growth", new Date(Date.now() + 3 * DAY_MS));
    const other = await companyWith("growth");
    await t.db.company.update({ where: { id: company.id }, data: { timeZone: "Pacific/Kiritimati" } });
    await addCustomers(company.id, 3);
    await addCustomers(other.id, 7);
    const customer = await t.db.customer.findFirstOrThrow({ where: { companyId: company.id } });
    const now = new Date();
    // This month in Kiritimati (UTC+14) began up to 14 hours before it did in UTC: a job 13 hours before the UTC
    // month's start can belong to either month, so the test places them well inside and well outside.
    const monthStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1) - 14 * 3600 * 1000;
    await t.db.job.createMany({
      data: [
        { companyId: company.id, customerId: customer.id, number: 1, title: "This month", createdAt: now },
        {
          companyId: company.id,
          customerId: customer.id,
          number: 2,
          title: "Last month",
          createdAt: new Date(monthStart - 2 * DAY_MS),
        },
      ],
    });

    for (const role of ["owner", "member", "field_user"]) {
      const { status, body } = await call("GET", planEndpoints.overview.path, company.tokens[role]!);
      expect(status).toBe(200);
      expect(body).toMatchObject({
        planId: "growth",
        trialState: "active",
        readOnly: false,
        usage: { jobsPerMonth: 1, teamMembers: 3, customers: 3, storageGb: 0 },
        nouns: { jobs: "jobs", customers: "customers" },
        timeZone: "Pacific/Kiritimati",
      });
    }
    expect((await call("GET", planEndpoints.overview.path, other.tokens.owner!)).body).toMatchObject({
      usage: { customers: 7, jobsPerMonth: 0 },
      trialState: "none",
    });
  });

  it("answers 401 without a session", async () => {
    expect((await fetch(`${t.url}${planEndpoints.overview.path}`)).status).toBe(401);
  });
});

describe("PUT /api/company/plan", () => {
  it("lets the owner only change the plan, at once, recorded in the audit log; the same choice again records nothing", async () => {
    const company = await companyWith("starter");
    for (const role of ["member", "field_user"]) {
      expect((await call("PUT", planEndpoints.overview.path, company.tokens[role]!, { planId: "pro" })).status).toBe(
        403,
      );
    }
    expect((await t.db.company.findUniqueOrThrow({ where: { id: company.id } })).planId).toBe("starter");

    const upgraded = await call("PUT", planEndpoints.overview.path, company.tokens.owner!, { planId: "growth" });
    expect(upgraded).toMatchObject({ status: 200, body: { planId: "growth", trialState: "none", readOnly: false } });
    const again = await call("PUT", planEndpoints.overview.path, company.tokens.owner!, { planId: "growth" });
    expect(again).toMatchObject({ status: 200, body: { planId: "growth" } });
    const entries = await t.db.auditLog.findMany({ where: { companyId: company.id, action: "plan.changed" } });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actorUserId: company.users.owner.id,
      entityId: company.id,
      metadata: { summary: "Changed the plan from Starter to Growth", from: "starter", to: "growth" },
    });
    // Another company's owner changes only their own company.
    const other = await companyWith("starter");
    await call("PUT", planEndpoints.overview.path, other.tokens.owner!, { planId: "pro" });
    expect((await t.db.company.findUniqueOrThrow({ where: { id: company.id } })).planId).toBe("growth");
  });

  it("refuses a downgrade the company's usage does not fit in, naming the limit, and changes nothing", async () => {
    const company = await companyWith("growth");
    await addCustomers(company.id, 101);
    const refused = await call("PUT", planEndpoints.overview.path, company.tokens.owner!, { planId: "starter" });
    expect(refused).toEqual({
      status: 409,
      body: {
        message: "You cannot move to the Starter plan: it allows 100 customers and you have 101 customers.",
        field: "planId",
      },
    });
    expect((await t.db.company.findUniqueOrThrow({ where: { id: company.id } })).planId).toBe("growth");
    expect(await t.db.auditLog.count({ where: { companyId: company.id } })).toBe(0);
  });

  it("refuses an unknown plan with a 400 naming the field", async () => {
    const company = await companyWith("growth");
    expect(await call("PUT", planEndpoints.overview.path, company.tokens.owner!, { planId: "platinum" })).toMatchObject(
      {
        status: 400,
        body: { field: "planId" },
      },
    );
  });
});

describe("plan features and limits on the server", () => {
  it("refuses a Starter company's CSV export naming the Growth plan, and lets it through once on Growth", async () => {
    const company = await companyWith("starter");
    const refused = await call("GET", customerEndpoints.export.path, company.tokens.owner!);
    expect(refused).toEqual({
      status: 403,
      body: { message: "CSV export requires the Growth plan or higher.", requiredPlan: "growth" },
    });
    await call("PUT", planEndpoints.overview.path, company.tokens.owner!, { planId: "growth" });
    const response = await fetch(`${t.url}${customerEndpoints.export.path}`, {
      headers: { authorization: `Bearer ${company.tokens.owner}` },
    });
    expect(response.status).toBe(200);
  });

  it("refuses the 101st customer of a Starter company naming the plan that allows more", async () => {
    const company = await companyWith("starter");
    await addCustomers(company.id, 100);
    const refused = await call("POST", customerEndpoints.list.path, company.tokens.owner!, customerInput());
    expect(refused).toEqual({
      status: 403,
      body: {
        message: "Your Starter plan allows 100 customers and you have 100. The Growth plan allows 500 customers.",
        requiredPlan: "growth",
      },
    });
    expect(await t.db.customer.count({ where: { companyId: company.id } })).toBe(100);
  });
});

describe("the free trial", () => {
  it("lets a company in its trial make changes", async () => {
    const company = await companyWith("growth", new Date(Date.now() + DAY_MS));
    expect((await call("POST", customerEndpoints.list.path, company.tokens.owner!, customerInput())).status).toBe(201);
  });

  it("once ended without a plan, keeps reads and refuses every change (routes, modules) with 402 until a plan is chosen", async () => {
    const company = await companyWith("growth", new Date(Date.now() - 1000));
    await addCustomers(company.id, 2);

    // Reads work.
    expect((await call("GET", customerEndpoints.list.path, company.tokens.member!)).status).toBe(200);
    expect((await call("GET", planEndpoints.overview.path, company.tokens.owner!)).body).toMatchObject({
      trialState: "ended",
      readOnly: true,
    });

    // Writes of every kind are refused and change nothing.
    const refusal = { status: 402, body: { message: TRIAL_ENDED_MESSAGE } };
    expect(await call("POST", customerEndpoints.list.path, company.tokens.owner!, customerInput())).toEqual(refusal);
    expect(
      await call("POST", crewEndpoints.list.path, company.tokens.owner!, { name: "Crew Z", color: "#2563eb" }),
    ).toEqual(refusal);
    expect(
      await call("POST", moduleEndpoints.execute.path, company.tokens.owner!, {
        moduleId: "export-customers",
        params: {},
      }),
    ).toEqual(refusal);
    expect(await t.db.customer.count({ where: { companyId: company.id } })).toBe(2);
    expect(await t.db.moduleRun.count({ where: { companyId: company.id } })).toBe(0);

    // Only the owner may choose a plan, and choosing one lifts the refusal.
    expect((await call("PUT", planEndpoints.overview.path, company.tokens.member!, { planId: "growth" })).status).toBe(
      403,
    );
    const chosen = await call("PUT", planEndpoints.overview.path, company.tokens.owner!, { planId: "growth" });
    expect(chosen).toMatchObject({
      status: 200,
      body: { planId: "growth", trialEndsAt: null, trialState: "none", readOnly: false },
    });
    expect(await t.db.auditLog.findFirst({ where: { companyId: company.id, action: "plan.changed" } })).toMatchObject({
      metadata: { summary: "Chose the Growth plan, ending the free trial" },
    });
    expect((await call("POST", customerEndpoints.list.path, company.tokens.member!, customerInput())).status).toBe(201);
  });
});
