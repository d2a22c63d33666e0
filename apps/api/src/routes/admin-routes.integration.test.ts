import { fillPath } from "@fieldops/shared/endpoint";
import { teamEndpoints } from "@fieldops/shared/team";
import { tenantEndpoints } from "@fieldops/shared/tenants";
import { authEndpoints } from "@fieldops/shared/auth";
import { reportEndpoints } from "@fieldops/shared/reports";
import { customerEndpoints } from "@fieldops/shared/customers";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "@fieldops/domain/accounts/passwords";
import { runAssistantTurn } from "@fieldops/domain/assistant/run-assistant-turn";
import { hashInvitationToken } from "@fieldops/domain/team/send-invitation.handler";
import { QUEUE_NAMES } from "@fieldops/tasks/queues";
import {
  COMPANY_SUSPENDED_MESSAGE,
  type AdminOverview,
  type AssistantTranscriptList,
  type PlanFeatureFlags,
  type PlatformResources,
  type TenantDetail,
  adminEndpoints,
} from "@fieldops/shared/admin";
import { SLUG_MESSAGES, SLUG_TAKEN } from "@fieldops/shared/tenant-routes";
import {
  callApi,
  createTestCompany,
  post,
  signIn,
  startTestApp,
  startTestWorkers,
  TEST_PASSWORD,
  type TestApp,
  type TestCompany,
} from "../../../../tests/integration/test-app.ts";
import { PLATFORM_ADMIN_ONLY } from "./admin-routes.ts";

let t: TestApp;
let acme: TestCompany;
let other: TestCompany;
const tokens: Record<string, string> = {};
const listedAdmin = `listed-${randomUUID().slice(0, 8)}@ops.test`;
const adminEmail = `admin-${randomUUID().slice(0, 8)}@ops.test`;

beforeAll(async () => {
  t = await startTestApp({ PLATFORM_ADMIN_EMAILS: listedAdmin });
  acme = await createTestCompany(t.db, { planId: "pro" });
  other = await createTestCompany(t.db, { planId: "growth" });
  const passwordHash = await hashPassword(TEST_PASSWORD);
  await t.db.user.create({
    data: { email: adminEmail, name: "Ada Admin", passwordHash, role: "admin", permissions: ["all"] },
  });
  // A listed address counts as a platform admin whatever its role and company.
  await t.db.user.create({
    data: {
      email: listedAdmin,
      name: "Listed Admin",
      passwordHash,
      role: "owner",
      permissions: ["view", "edit"],
      companyId: other.id,
    },
  });
  for (const role of ["owner", "member", "field_user"] as const)
    tokens[role] = await signIn(t.url, acme.users[role].email);
  tokens.otherOwner = await signIn(t.url, other.users.owner.email);
  tokens.admin = await signIn(t.url, adminEmail);
  tokens.listed = await signIn(t.url, listedAdmin);
});
afterAll(() => t.close());

const call = (method: string, path: string, token: string, body?: unknown) => callApi(t.url, method, path, token, body);
const tenantPath = (template: string, companyId: string) => fillPath(template, { companyId });
const reportPath = `${fillPath(reportEndpoints.get.path, { report: "jobs-by-status" })}?from=2026-01-01&to=2026-01-31`;

describe("the admin portal's API refuses everyone but platform administrators", () => {
  const routes = () =>
    [
      ["GET", adminEndpoints.overview.path, undefined],
      ["GET", adminEndpoints.listTenants.path, undefined],
      [
        "POST",
        adminEndpoints.createTenant.path,
        {
          companyName: "Nope Co",
          slug: "nope-co",
          industry: "hvac",
          plan: "growth",
          ownerName: "N",
          ownerEmail: "n@nope.test",
        },
      ],
      ["GET", tenantPath(adminEndpoints.getTenant.path, acme.id), undefined],
      ["PUT", tenantPath(adminEndpoints.changeTenantPlan.path, acme.id), { planId: "starter" }],
      [
        "PUT",
        tenantPath(adminEndpoints.setTenantFeatures.path, acme.id),
        { tenantFeatures: [], planFeatureOverrides: {} },
      ],
      ["POST", tenantPath(adminEndpoints.suspendTenant.path, acme.id), { reason: "x" }],
      ["POST", tenantPath(adminEndpoints.restoreTenant.path, acme.id), undefined],
      ["GET", adminEndpoints.features.path, undefined],
      ["PUT", fillPath(adminEndpoints.setPlanFeature.path, { plan: "starter", feature: "reports" }), { enabled: true }],
      ["GET", adminEndpoints.resources.path, undefined],
      ["GET", `${adminEndpoints.assistantTranscripts.path}?companyId=${acme.id}`, undefined],
      ["PUT", fillPath(adminEndpoints.saveMenu.path, { menu: "primary" }), { items: [] }],
      ["DELETE", fillPath(adminEndpoints.resetMenu.path, { menu: "primary" }), undefined],
    ] as const;

  it("answers 401 when nobody is signed in", async () => {
    for (const [method, path, body] of routes()) {
      const response = await fetch(`${t.url}${path}`, {
        method,
        ...(body ? { headers: { "content-type": "application/json" }, body: JSON.stringify(body) } : {}),
      });
      expect(response.status, `${method} ${path}`).toBe(401);
    }
  });

  it("answers 403 to the company's owner, member and field user and to another company's owner, changing nothing", async () => {
    for (const who of ["owner", "member", "field_user", "otherOwner"]) {
      for (const [method, path, body] of routes()) {
        const { status, body: answer } = await call(method, path, tokens[who]!, body);
        expect(status, `${who}: ${method} ${path}`).toBe(403);
        expect(answer).toEqual({ message: PLATFORM_ADMIN_ONLY });
      }
    }
    const company = await t.db.company.findUniqueOrThrow({ where: { id: acme.id } });
    expect(company).toMatchObject({ planId: "pro", suspendedAt: null, features: ["jobs"], featureOverrides: {} });
    expect(await t.db.company.findUnique({ where: { slug: "nope-co" } })).toBeNull();
    expect(await t.db.planFeatureFlag.count()).toBe(0);
    expect(await t.db.navigationMenu.count()).toBe(0);
  });

  it("lets in the admin role and an address of PLATFORM_ADMIN_EMAILS", async () => {
    for (const who of ["admin", "listed"]) {
      expect((await call("GET", tenantPath(adminEndpoints.getTenant.path, acme.id), tokens[who]!)).status, who).toBe(
        200,
      );
      expect((await call("GET", adminEndpoints.features.path, tokens[who]!)).status, who).toBe(200);
    }
  });
});

describe("GET /api/admin/overview", () => {
  it("lists tenants with plan, usage against limits, health and last activity; approvals waiting and open tickets of every company", async () => {
    const customer = await t.db.customer.create({
      data: {
        companyId: acme.id,
        name: "Overview Customer",
        street: "1 Main",
        city: "Denver",
        region: "CO",
        postcode: "80202",
      },
    });
    await t.db.moduleRun.create({
      data: {
        companyId: acme.id,
        moduleId: "customers.delete",
        params: { id: customer.id },
        paramsHash: "h",
        status: "awaiting_approval",
        requestedByUserId: acme.users.member.id,
        expiresAt: new Date(Date.now() + 3600_000),
      },
    });
    await t.db.moduleRun.create({
      data: {
        companyId: other.id,
        moduleId: "jobs.create",
        params: {},
        paramsHash: "h2",
        status: "failed",
        error: "Boom",
        requestedByUserId: other.users.member.id,
      },
    });
    await t.db.supportTicket.create({
      data: { companyId: other.id, subject: "Cannot print invoices", status: "open" },
    });

    const { status, body } = await call(
      "GET",
      `${adminEndpoints.overview.path}?q=${encodeURIComponent(acme.slug)}`,
      tokens.admin!,
    );
    expect(status).toBe(200);
    const overview = body as unknown as AdminOverview;
    expect(overview.tenants.total).toBe(1);
    expect(overview.tenants.items[0]).toMatchObject({
      id: acme.id,
      plan: "pro",
      planName: "Pro",
      status: "active",
      usage: { customers: 1, teamMembers: 3, jobsPerMonth: 0, storageGb: 0 },
      limits: { customers: -1, storageGb: 100 },
      pendingApprovals: 1,
      health: { level: "healthy", issues: [] },
    });
    // Signed in during the set-up: the sessions are the company's latest activity.
    expect(overview.tenants.items[0]!.lastActivityAt).not.toBeNull();
    expect(overview.pendingApprovals).toContainEqual(
      expect.objectContaining({ companyId: acme.id, moduleId: "customers.delete" }),
    );
    expect(overview.openTickets).toContainEqual(
      expect.objectContaining({ companyId: other.id, subject: "Cannot print invoices" }),
    );
    expect(overview.alerts).toContainEqual(
      expect.objectContaining({ source: "module_run", companyId: other.id, detail: "Boom" }),
    );

    const otherRow = (await call("GET", `${adminEndpoints.listTenants.path}?q=${other.slug}`, tokens.admin!)).body as {
      items: { health: { level: string; issues: string[] } }[];
    };
    expect(otherRow.items[0]!.health).toEqual({ level: "warning", issues: ["1 failed module run in the last 7 days"] });
  });
});

describe("POST /api/admin/tenants", () => {
  const request = (slug: string, email = `owner-${randomUUID().slice(0, 8)}@new.test`) => ({
    companyName: "Blue Ridge HVAC",
    slug,
    industry: "hvac",
    plan: "growth",
    ownerName: "Rita Ridge",
    ownerEmail: email,
  });

  it("refuses each broken slug rule with its message, naming the field, and creates nothing", async () => {
    const cases: [string, string][] = [
      ["ab", SLUG_MESSAGES.tooShort],
      ["a".repeat(51), SLUG_MESSAGES.tooLong],
      ["Blue_Ridge", SLUG_MESSAGES.badCharacters],
      ["-blue-ridge", SLUG_MESSAGES.edgeHyphen],
      ["admin-dashboard", SLUG_MESSAGES.reserved],
      [acme.slug, SLUG_TAKEN],
    ];
    for (const [slug, message] of cases) {
      const { status, body } = await call("POST", adminEndpoints.createTenant.path, tokens.admin!, request(slug));
      const taken = slug === acme.slug;
      expect(status, slug).toBe(taken ? 409 : 400);
      expect(body, slug).toMatchObject({ message, field: "slug" });
    }
    expect(await t.db.company.count({ where: { name: "Blue Ridge HVAC" } })).toBe(0);
  });

  it("creates the company with its industry's vertical and the plan, invites its owner and records it in its audit log", async () => {
    const slug = `blue-ridge-${randomUUID().slice(0, 6)}`;
    const ownerEmail = `rita-${randomUUID().slice(0, 6)}@blue.test`;
    const { status, body } = await call(
      "POST",
      adminEndpoints.createTenant.path,
      tokens.admin!,
      request(slug, ownerEmail),
    );
    expect(status).toBe(201);
    const detail = body as unknown as TenantDetail;
    expect(detail.tenant).toMatchObject({
      slug,
      name: "Blue Ridge HVAC",
      industry: "hvac",
      plan: "growth",
      status: "active",
    });
    const company = await t.db.company.findUniqueOrThrow({ where: { slug } });
    expect(company).toMatchObject({ verticalId: "hvac", trialEndsAt: null });
    expect(detail.invitations).toEqual([
      expect.objectContaining({ email: ownerEmail, role: "owner", acceptedAt: null }),
    ]);
    expect(detail.recentAudit.map((entry) => entry.summary)).toContain(
      "Platform administrator Ada Admin created Blue Ridge HVAC on the Growth plan",
    );
    const job = await t.runtime.context.queues
      .queue("notifications")
      .getJob(`send-invitation_${detail.invitations[0]!.id}_1`);
    expect(job?.data).toMatchObject({ companyId: company.id });

    // The owner's address is someone's already: refused, and no company is left behind.
    const again = await call(
      "POST",
      adminEndpoints.createTenant.path,
      tokens.admin!,
      request(`${slug}-2`, acme.users.owner.email),
    );
    expect(again).toMatchObject({ status: 409, body: { field: "ownerEmail" } });
    expect(await t.db.company.findUnique({ where: { slug: `${slug}-2` } })).toBeNull();
  });
});

describe("a tenant's plan and features", () => {
  it("changes the plan, recorded in the company's audit log, and refuses a downgrade its usage does not fit", async () => {
    const company = await createTestCompany(t.db, { planId: "starter" });
    const { status, body } = await call(
      "PUT",
      tenantPath(adminEndpoints.changeTenantPlan.path, company.id),
      tokens.admin!,
      {
        planId: "growth",
      },
    );
    expect(status).toBe(200);
    expect((body as unknown as TenantDetail).tenant.plan).toBe("growth");
    const entry = await t.db.auditLog.findFirstOrThrow({ where: { companyId: company.id, action: "plan.changed" } });
    expect(entry.metadata).toMatchObject({
      summary: "Changed the plan from Starter to Growth (platform administrator Ada Admin)",
      from: "starter",
      to: "growth",
    });

    await t.db.customer.createMany({
      data: Array.from({ length: 101 }, (_, i) => ({
        companyId: company.id,
        name: `C${i}`,
        street: "1",
        city: "D",
        region: "CO",
        postcode: "1",
      })),
    });
    const down = await call("PUT", tenantPath(adminEndpoints.changeTenantPlan.path, company.id), tokens.admin!, {
      planId: "starter",
    });
    expect(down.status).toBe(409);
    expect((await t.db.company.findUniqueOrThrow({ where: { id: company.id } })).planId).toBe("growth");
  });

  it("switches tenant features (its config follows) and plan features for the company alone (the server enforces them)", async () => {
    const company = await createTestCompany(t.db, { planId: "pro" });
    const owner = await signIn(t.url, company.users.owner.email);
    expect((await call("GET", reportPath, owner)).status).toBe(200);

    const { status, body } = await call(
      "PUT",
      tenantPath(adminEndpoints.setTenantFeatures.path, company.id),
      tokens.admin!,
      {
        tenantFeatures: ["jobs", "leads", "estimator"],
        planFeatureOverrides: { reports: false, white_label: true },
      },
    );
    expect(status).toBe(200);
    const detail = body as unknown as TenantDetail;
    expect(detail.config.effectiveFeatures).not.toContain("reports");
    expect(detail.config.effectiveFeatures).toContain("white_label");
    expect((await call("GET", reportPath, owner)).status).toBe(403);
    const config = await call("GET", fillPath(tenantEndpoints.config.path, { tenantId: company.slug }), owner);
    expect(config.body.features).toEqual(["jobs", "leads", "estimator"]);
    const entry = await t.db.auditLog.findFirstOrThrow({
      where: { companyId: company.id, action: "company.features_changed" },
    });
    expect(entry.metadata).toMatchObject({
      changes: { planFeatureOverrides: { from: {}, to: { reports: false, white_label: true } } },
    });

    // No other company is touched.
    expect((await call("GET", reportPath, tokens.owner!)).status).toBe(200);
  });

  it("lists and switches a plan's features for every company on it; back to the built-in value removes the switch", async () => {
    const flags = (await call("GET", adminEndpoints.features.path, tokens.admin!)).body as unknown as PlanFeatureFlags;
    expect(
      flags.plans.find((plan) => plan.plan === "starter")!.features.find((f) => f.feature === "phone_support"),
    ).toEqual({
      feature: "phone_support",
      label: "Phone support",
      builtIn: false,
      enabled: false,
    });
    const starter = await createTestCompany(t.db, { planId: "starter" });
    const path = fillPath(adminEndpoints.setPlanFeature.path, { plan: "starter", feature: "phone_support" });
    try {
      const on = (await call("PUT", path, tokens.admin!, { enabled: true })).body as unknown as PlanFeatureFlags;
      expect(
        on.plans.find((plan) => plan.plan === "starter")!.features.find((f) => f.feature === "phone_support")!.enabled,
      ).toBe(true);
      const detail = (await call("GET", tenantPath(adminEndpoints.getTenant.path, starter.id), tokens.admin!))
        .body as unknown as TenantDetail;
      expect(detail.config.effectiveFeatures).toContain("phone_support");
    } finally {
      await call("PUT", path, tokens.admin!, { enabled: false });
    }
    expect(await t.db.planFeatureFlag.count({ where: { planId: "starter" } })).toBe(0);
  });
});

describe("suspending and restoring a tenant", () => {
  it("signs its users out and refuses them with a clear message until it is restored; both are in its audit log", async () => {
    const company = await createTestCompany(t.db, { planId: "growth" });
    const ownerToken = await signIn(t.url, company.users.owner.email);
    expect((await call("GET", customerEndpoints.list.path, ownerToken)).status).toBe(200);

    const suspended = await call("POST", tenantPath(adminEndpoints.suspendTenant.path, company.id), tokens.admin!, {
      reason: "Unpaid invoices",
    });
    expect(suspended.status).toBe(200);
    expect((suspended.body as unknown as TenantDetail).tenant).toMatchObject({
      status: "suspended",
      suspendedReason: "Unpaid invoices",
      health: { level: "critical" },
    });

    // The session in hand reads nothing any more, and says why (the open page signs out with the reason); signing in
    // again is refused with the reason.
    for (const path of [customerEndpoints.list.path, authEndpoints.user.path]) {
      const refused = await call("GET", path, ownerToken);
      expect(refused.status, path).toBe(401);
      expect(refused.body, path).toEqual({ message: COMPANY_SUSPENDED_MESSAGE });
    }
    // A token that never was a session learns nothing of the suspension.
    expect((await call("GET", authEndpoints.user.path, `never-a-session-${randomUUID()}`)).body).toEqual({
      message: "Not signed in",
    });
    const login = await post(`${t.url}${authEndpoints.login.path}`, {
      username: company.users.member.email,
      password: TEST_PASSWORD,
    });
    expect(login.status).toBe(403);
    expect(await login.json()).toEqual({ message: COMPANY_SUSPENDED_MESSAGE });
    // A wrong password learns nothing about the suspension.
    const wrong = await post(`${t.url}${authEndpoints.login.path}`, {
      username: company.users.member.email,
      password: "not-the-password",
    });
    expect(wrong.status).toBe(401);
    // Another company is not affected.
    expect((await call("GET", customerEndpoints.list.path, tokens.owner!)).status).toBe(200);
    // Nobody joins it through an invitation meanwhile.
    const inviteToken = `invite-${randomUUID()}`;
    await t.db.invitation.create({
      data: {
        companyId: company.id,
        email: `late-${randomUUID().slice(0, 6)}@test.example`,
        name: "Late Joiner",
        role: "member",
        tokenHash: hashInvitationToken(inviteToken),
        expiresAt: new Date(Date.now() + 3600_000),
      },
    });
    const joining = await post(`${t.url}${teamEndpoints.acceptInvitation.path}`, {
      token: inviteToken,
      name: "Late Joiner",
      password: "a-long-password",
    });
    expect(joining.status).toBe(403);
    expect(await joining.json()).toEqual({ message: COMPANY_SUSPENDED_MESSAGE });
    expect(await t.db.user.count({ where: { companyId: company.id, name: "Late Joiner" } })).toBe(0);

    // Suspending again changes nothing.
    await call("POST", tenantPath(adminEndpoints.suspendTenant.path, company.id), tokens.admin!, { reason: "Again" });
    expect(await t.db.auditLog.count({ where: { companyId: company.id, action: "company.suspended" } })).toBe(1);

    const restored = await call("POST", tenantPath(adminEndpoints.restoreTenant.path, company.id), tokens.admin!);
    expect((restored.body as unknown as TenantDetail).tenant.status).toBe("active");
    // The session the suspension ended stays ended: restoring signs nobody back in.
    const stale = await call("GET", authEndpoints.user.path, ownerToken);
    expect([stale.status, stale.body]).toEqual([401, { message: "Not signed in" }]);
    expect(await t.db.session.count({ where: { user: { companyId: company.id }, endedAt: { not: null } } })).toBe(0);
    const token = await signIn(t.url, company.users.owner.email);
    expect((await call("GET", customerEndpoints.list.path, token)).status).toBe(200);
    const actions = (
      await t.db.auditLog.findMany({ where: { companyId: company.id }, orderBy: { createdAt: "asc" } })
    ).map((row) => row.action);
    expect(actions).toEqual(["company.suspended", "company.restored"]);
  });

  it("answers 404 for a company that does not exist", async () => {
    const { status } = await call("POST", tenantPath(adminEndpoints.suspendTenant.path, randomUUID()), tokens.admin!, {
      reason: "x",
    });
    expect(status).toBe(404);
  });
});

describe("GET /api/admin/resources", () => {
  it("reports every queue's counts and workers, the database and Redis", async () => {
    const workers = startTestWorkers(t);
    let resources: PlatformResources;
    try {
      await Promise.all(workers.workers.map((worker) => worker.waitUntilReady()));
      const { status, body } = await call("GET", adminEndpoints.resources.path, tokens.admin!);
      expect(status).toBe(200);
      resources = body as unknown as PlatformResources;
    } finally {
      await workers.close();
    }
    expect(resources.queues.map((queue) => queue.name)).toEqual([...QUEUE_NAMES]);
    for (const queue of resources.queues) expect(queue.workers, queue.name).toBeGreaterThan(0);
    expect(new Set(resources.workers.map((worker) => worker.queue))).toEqual(new Set(QUEUE_NAMES));
    expect(resources.database).toMatchObject({ ok: true });
    expect(resources.database.connections).toBeGreaterThan(0);
    expect(resources.database.sizeBytes).toBeGreaterThan(0);
    expect(resources.redis).toMatchObject({ ok: true });
    expect(resources.redis.usedMemoryBytes).toBeGreaterThan(0);
  });
});

describe("GET /api/admin/brain-packets", () => {
  it("shows each question with what the assistant was given, its answer and the UI actions it sent", async () => {
    const conversation = await t.db.assistantConversation.create({
      data: { companyId: acme.id, userId: acme.users.member.id, title: "Open the jobs" },
    });
    const packet = {
      role: "member",
      context: { path: "/userdash" },
      features: ["jobs"],
      timeZone: "America/New_York",
      answerer: "offline",
    };
    await t.db.assistantMessage.create({
      data: {
        companyId: acme.id,
        conversationId: conversation.id,
        role: "user",
        text: "Open the jobs",
        packet,
        createdAt: new Date(Date.now() - 1000),
      },
    });
    await t.db.assistantMessage.create({
      data: {
        companyId: acme.id,
        conversationId: conversation.id,
        role: "assistant",
        text: "Opening Jobs.",
        events: [
          { type: "CUSTOM", name: "fieldops.answerer", value: { kind: "offline_planner" } },
          { type: "TOOL_CALL_START", toolCallId: "c1", toolCallName: "ui_action" },
          {
            type: "TOOL_CALL_ARGS",
            toolCallId: "c1",
            delta: JSON.stringify({ id: "a1", type: "navigate", target: "/jobs" }),
          },
        ],
      },
    });
    const { status, body } = await call(
      "GET",
      `${adminEndpoints.assistantTranscripts.path}?companyId=${acme.id}`,
      tokens.admin!,
    );
    expect(status).toBe(200);
    const found = (body as unknown as AssistantTranscriptList).items.find((item) => item.id === conversation.id)!;
    expect(found).toMatchObject({ companyName: expect.any(String), title: "Open the jobs" });
    expect(found.turns).toEqual([
      expect.objectContaining({
        question: "Open the jobs",
        given: packet,
        answer: "Opening Jobs.",
        answerer: "offline planner",
        uiActions: [{ type: "navigate", target: "/jobs" }],
      }),
    ]);
    // Only the company asked for.
    const others = (
      await call("GET", `${adminEndpoints.assistantTranscripts.path}?companyId=${other.id}`, tokens.admin!)
    ).body as unknown as AssistantTranscriptList;
    expect(others.items.find((item) => item.id === conversation.id)).toBeUndefined();
  });

  it("keeps what the assistant was given with each question a user asks", async () => {
    const member = acme.users.member;
    const outcome = await runAssistantTurn(
      { db: t.runtime.context.db, redis: t.runtime.context.redis, model: null },
      { id: member.id, companyId: acme.id, role: "member" },
      {
        requestId: randomUUID(),
        conversationId: null,
        text: "open the customers",
        context: { path: "/schedule", day: "2026-03-02" },
      },
      async () => {},
    );
    expect(outcome.status).toBe("ran");
    const conversationId = outcome.status === "ran" ? outcome.conversationId : "";
    const packets = (
      await call("GET", `${adminEndpoints.assistantTranscripts.path}?companyId=${acme.id}`, tokens.admin!)
    ).body as unknown as AssistantTranscriptList;
    const turn = packets.items.find((item) => item.id === conversationId)!.turns[0]!;
    expect(turn.given).toEqual({
      role: "member",
      context: { path: "/schedule", day: "2026-03-02" },
      features: expect.arrayContaining(["reports", "ai_chat"]),
      timeZone: "America/New_York",
      answerer: "offline",
    });
    expect(turn.answerer).toBe("offline planner");
    expect(turn.uiActions).toEqual([{ type: "navigate", target: "/customers" }]);
  });
});

describe("the navigation menus", () => {
  it("are read by every signed-in user and changed only by platform administrators", async () => {
    const path = fillPath(adminEndpoints.menu.path, { menu: "primary" });
    expect((await call("GET", path, tokens.member!)).body).toEqual({ menu: "primary", items: [], customized: false });
    const items = [
      { url: "/reports", title: "Insights", hidden: false },
      { url: "/crews", title: "Crews", hidden: true },
    ];
    const saved = await call("PUT", fillPath(adminEndpoints.saveMenu.path, { menu: "primary" }), tokens.admin!, {
      items,
    });
    expect(saved).toMatchObject({ status: 200, body: { customized: true, items } });
    expect((await call("GET", path, tokens.field_user!)).body).toEqual({ menu: "primary", items, customized: true });
    expect(
      (
        await call("PUT", fillPath(adminEndpoints.saveMenu.path, { menu: "primary" }), tokens.admin!, {
          items: [{ url: "javascript:alert(1)", title: "x", hidden: false }],
        })
      ).status,
    ).toBe(400);
    await call("DELETE", fillPath(adminEndpoints.resetMenu.path, { menu: "primary" }), tokens.admin!);
    expect((await call("GET", path, tokens.owner!)).body).toMatchObject({ customized: false });
    expect((await fetch(`${t.url}${path}`)).status).toBe(401);
  });
});
