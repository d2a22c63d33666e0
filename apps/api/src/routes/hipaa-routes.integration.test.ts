import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { admitQuestionTurn } from "@fieldops/domain/assistant/assistant-turn-context";
import { writeOutboxMessages } from "@fieldops/domain/outbox/write-outbox-messages";
import { HIPAA_EXPORT_MESSAGE, type HipaaSettings } from "@fieldops/shared/hipaa";
import {
  callApi,
  createTestCompany,
  downloadFromApi,
  signIn,
  startTestApp,
  type TestApp,
  type TestCompany,
} from "../../../../tests/integration/test-app.ts";
import { runAsOwner } from "../../../../tests/integration/use-case-fixtures.ts";

let t: TestApp;
let company: TestCompany;
let other: TestCompany;
let growth: TestCompany;
let tokens: Record<"owner" | "member" | "field" | "otherOwner" | "growthOwner", string>;

const call = <T = Record<string, unknown>>(method: string, path: string, token: string, body?: unknown) =>
  callApi<T>(t.url, method, path, token, body);
const MODEL = { apiKey: "sk-test", model: "gpt-test" };

async function turnOn(token = tokens.owner) {
  const on = await call<HipaaSettings>("PUT", "/api/settings/hipaa", token, { enabled: true, acknowledgeBaa: true });
  expect(on.status, JSON.stringify(on.body)).toBe(200);
  return on.body;
}
const turnOff = () => call("PUT", "/api/settings/hipaa", tokens.owner, { enabled: false });

beforeAll(async () => {
  t = await startTestApp();
  company = await createTestCompany(t.db);
  other = await createTestCompany(t.db);
  growth = await createTestCompany(t.db, { planId: "growth" });
  tokens = {
    owner: await signIn(t.url, company.users.owner.email),
    member: await signIn(t.url, company.users.member.email),
    field: await signIn(t.url, company.users.field_user.email),
    otherOwner: await signIn(t.url, other.users.owner.email),
    growthOwner: await signIn(t.url, growth.users.owner.email),
  };
});

afterAll(async () => {
  await t?.close();
});

describe("turning HIPAA mode on and off", () => {
  it("needs an owner, Pro and the BAA acknowledged; it is audited and stays in its company", async () => {
    expect((await call("GET", "/api/settings/hipaa", tokens.member)).status).toBe(200);
    expect((await call("GET", "/api/settings/hipaa", tokens.field)).status).toBe(403);
    expect(
      (await call("PUT", "/api/settings/hipaa", tokens.member, { enabled: true, acknowledgeBaa: true })).status,
    ).toBe(403);
    const planRefused = await call("PUT", "/api/settings/hipaa", tokens.growthOwner, {
      enabled: true,
      acknowledgeBaa: true,
    });
    expect(planRefused.status).toBe(403);
    expect(planRefused.body.message).toBe("HIPAA mode requires the Pro plan or higher.");
    const unacknowledged = await call("PUT", "/api/settings/hipaa", tokens.owner, { enabled: true });
    expect(unacknowledged.status).toBe(400);
    expect((await t.db.company.findUniqueOrThrow({ where: { id: company.id } })).hipaaMode).toBe(false);

    const on = await turnOn();
    expect(on).toMatchObject({ enabled: true, required: false, modelBaaRecordedAt: null });
    expect(on.acknowledgedAt).not.toBeNull();
    const audit = await t.db.auditLog.findFirst({ where: { companyId: company.id, action: "hipaa.enabled" } });
    expect(audit?.actorUserId).toBe(company.users.owner.id);
    expect((await t.db.company.findUniqueOrThrow({ where: { id: other.id } })).hipaaMode).toBe(false);
    expect((await call<HipaaSettings>("GET", "/api/settings/hipaa", tokens.otherOwner)).body.enabled).toBe(false);
    expect((await turnOff()).status).toBe(200);
  });

  it("cannot be turned off for a vertical that requires it", async () => {
    const woundCare = await createTestCompany(t.db);
    await t.db.company.update({ where: { id: woundCare.id }, data: { verticalId: "wound_care", hipaaMode: true } });
    const owner = await signIn(t.url, woundCare.users.owner.email);
    const refused = await call("PUT", "/api/settings/hipaa", owner, { enabled: false });
    expect(refused.status).toBe(409);
    expect((await t.db.company.findUniqueOrThrow({ where: { id: woundCare.id } })).hipaaMode).toBe(true);
  });
});

describe("what HIPAA mode changes", () => {
  it("writes texts and e-mails to customers without names or notes, only the link; others unchanged", async () => {
    const customer = await t.db.customer.create({
      data: {
        companyId: company.id,
        name: "Dana Patient",
        email: "dana@example.com",
        phone: "+15555550111",
        street: "1 Main St",
        city: "Boulder",
        region: "CO",
        postcode: "80302",
      },
    });
    const write = (tag: string) =>
      runAsOwner(t.runtime.context.db, company, (scope) =>
        writeOutboxMessages(scope, [
          {
            kind: "test",
            channel: "email",
            recipient: customer.email,
            subject: "Your wound care visit, Dana Patient",
            body: "Hello Dana Patient, the nurse noted a dressing change for your left leg.",
            dedupeKey: `${tag}-email`,
            customerId: customer.id,
            linkUrl: "https://app.example.com/review/portal/x#token",
          },
          {
            kind: "test",
            channel: "sms",
            recipient: customer.phone,
            subject: "Text",
            body: "Dana Patient: dressing change tomorrow",
            dedupeKey: `${tag}-sms`,
            customerId: customer.id,
          },
          {
            kind: "test",
            channel: "email",
            recipient: "owner@example.com",
            subject: "Note for the office about Dana Patient",
            body: "Dana Patient called.",
            dedupeKey: `${tag}-office`,
          },
        ]),
      );
    await turnOn();
    const written = (await write(randomUUID())).result;
    await turnOff();
    const [email, sms, office] = written;
    for (const message of [email!, sms!]) {
      expect(`${message.subject} ${message.body}`).not.toContain("Dana");
      expect(message.body).not.toContain("dressing");
    }
    expect(email!.body).toContain("https://app.example.com/review/portal/x#token");
    expect(sms!.body).toContain("call us");
    expect(office!.body).toBe("Dana Patient called.");
    const plain = (await write(randomUUID())).result;
    expect(plain[0]!.body).toContain("Dana Patient");
  });

  it("signs out a session idle for 15 minutes, and only in HIPAA mode", async () => {
    await turnOn();
    const idle = await signIn(t.url, company.users.member.email);
    await t.db.session.updateMany({
      where: { userId: company.users.member.id },
      data: { lastSeenAt: new Date(Date.now() - 16 * 60_000) },
    });
    expect((await call("GET", "/api/user", idle)).status).toBe(401);
    const recent = await signIn(t.url, company.users.member.email);
    await t.db.session.updateMany({
      where: { userId: company.users.member.id },
      data: { lastSeenAt: new Date(Date.now() - 14 * 60_000) },
    });
    expect((await call("GET", "/api/user", recent)).status).toBe(200);
    await turnOff();
    const relaxed = await signIn(t.url, company.users.member.email);
    await t.db.session.updateMany({
      where: { userId: company.users.member.id },
      data: { lastSeenAt: new Date(Date.now() - 60 * 60_000) },
    });
    expect((await call("GET", "/api/user", relaxed)).status).toBe(200);
  });

  it("audits each opening of a patient's record, and lets only owners export", async () => {
    const customer = await t.db.customer.create({
      data: {
        companyId: company.id,
        name: "Eli Record",
        street: "2 Main St",
        city: "Boulder",
        region: "CO",
        postcode: "80302",
      },
    });
    const viewed = () =>
      t.db.auditLog.count({ where: { companyId: company.id, action: "customer.viewed", entityId: customer.id } });
    expect((await call("GET", `/api/customers/${customer.id}`, tokens.member)).status).toBe(200);
    expect(await viewed()).toBe(0);
    await turnOn();
    expect((await call("GET", `/api/customers/${customer.id}`, tokens.member)).status).toBe(200);
    expect(await viewed()).toBe(1);
    const row = await t.db.auditLog.findFirstOrThrow({ where: { action: "customer.viewed", entityId: customer.id } });
    expect(row.actorUserId).toBe(company.users.member.id);

    const report = "/api/reports/revenue/csv?from=2026-11-01&to=2026-11-30";
    const refused = await call("GET", report, tokens.member);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(HIPAA_EXPORT_MESSAGE);
    expect((await downloadFromApi(t.url, report, tokens.owner)).status).toBe(200);
    await turnOff();
    expect((await downloadFromApi(t.url, report, tokens.member)).status).toBe(200);
  });

  it("keeps company data from the model until a BAA with its provider is recorded", async () => {
    const deps = { db: t.runtime.context.db, model: MODEL };
    const owner = { companyId: company.id };
    expect((await admitQuestionTurn(deps, owner)).model).toBe(MODEL);
    await turnOn();
    expect((await admitQuestionTurn(deps, owner)).model).toBeNull();
    expect((await call("PUT", "/api/settings/hipaa/model-baa", tokens.member, { recorded: true })).status).toBe(403);
    const recorded = await call<HipaaSettings>("PUT", "/api/settings/hipaa/model-baa", tokens.owner, {
      recorded: true,
    });
    expect(recorded.body.modelBaaRecordedAt).not.toBeNull();
    expect((await admitQuestionTurn(deps, owner)).model).toBe(MODEL);
    await call("PUT", "/api/settings/hipaa/model-baa", tokens.owner, { recorded: false });
    expect((await admitQuestionTurn(deps, owner)).model).toBeNull();
    await turnOff();
  });
});
