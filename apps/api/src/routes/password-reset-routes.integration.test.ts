import { RESET_PASSWORD_PATH } from "@fieldops/shared/app-paths";
import { createHash, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "@fieldops/domain/accounts/passwords";
import { PASSWORD_RESET_LIMITS } from "@fieldops/domain/accounts/password-reset-rate-limit";
import { PASSWORD_RESET_INVALID, PASSWORD_RESET_REQUESTED } from "@fieldops/shared/password-reset";
import { WITHHELD_MESSAGE_BODY } from "@fieldops/shared/outbox";
import {
  TEST_PASSWORD,
  callApi,
  createTestCompany,
  post,
  signIn,
  startTestApp,
  type TestApp,
  type TestCompany,
} from "../../../../tests/integration/test-app.ts";

let t: TestApp;
let company: TestCompany;

beforeAll(async () => {
  t = await startTestApp();
  company = await createTestCompany(t.db);
});
afterAll(() => t.close());

const NEW_PASSWORD = "a-brand-new-password";
let addresses = 0;
/** A client address of its own per test, so that the per-address limit counts only that test's requests. */
const freshAddress = () => `198.51.100.${++addresses}`;

const ask = (email: string, address = freshAddress()) =>
  post(`${t.url}/api/password-reset/request`, { email }, { "x-forwarded-for": address });
const verify = (token: string) => post(`${t.url}/api/password-reset/verify`, { token });
const complete = (token: string, password = NEW_PASSWORD) =>
  post(`${t.url}/api/password-reset/complete`, { token, password });

const resetMessages = (recipient: string) =>
  t.db.outboxMessage.findMany({ where: { recipient, kind: "password_reset" }, orderBy: { createdAt: "asc" } });

/** The reset e-mails of `recipient`, once there are `count` (the request answers before it writes them). */
async function waitForMessages(recipient: string, count: number) {
  const until = Date.now() + 5_000;
  for (;;) {
    const messages = await resetMessages(recipient);
    if (messages.length >= count || Date.now() > until) return messages;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The token of a reset e-mail's link. */
function tokenOf(body: string): string {
  const link = /https?:\/\/\S+\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(body);
  if (!link) throw new Error(`no reset link in: ${body}`);
  return link[1]!;
}

/** A user of its own in the test company, so each test resets a password nobody else relies on. */
async function newUser() {
  const email = `reset-${randomUUID().slice(0, 8)}@test.example`;
  const user = await t.db.user.create({
    data: {
      companyId: company.id,
      email,
      name: "Rita Reset",
      passwordHash: await hashPassword(TEST_PASSWORD),
      role: "member",
      permissions: [],
    },
  });
  return { id: user.id, email };
}

/** Asks for a link for `email` and reads it from the outbox. */
async function linkFor(email: string): Promise<string> {
  const before = (await resetMessages(email)).length;
  expect((await ask(email)).status).toBe(202);
  const messages = await waitForMessages(email, before + 1);
  return tokenOf(messages.at(-1)!.body);
}

describe("POST /api/password-reset/request", () => {
  it("answers an address with an account and one without the same, and e-mails only the account, once", async () => {
    const user = await newUser();
    const nobody = `nobody-${randomUUID().slice(0, 8)}@test.example`;
    const unknown = await ask(nobody);
    const known = await ask(user.email.toUpperCase());
    expect(unknown.status).toBe(202);
    expect(known.status).toBe(202);
    const [unknownBody, knownBody] = [await unknown.json(), await known.json()];
    expect(knownBody).toEqual({ message: PASSWORD_RESET_REQUESTED });
    expect(unknownBody).toEqual(knownBody);

    const messages = await waitForMessages(user.email, 1);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ companyId: company.id, channel: "email", recipient: user.email });
    expect(messages[0]!.body).toContain(`${t.url}${RESET_PASSWORD_PATH}?token=`);
    // The unknown address was asked first: had it made a message, it would be there by now.
    expect(await t.db.outboxMessage.count({ where: { recipient: nobody } })).toBe(0);
    expect(await t.db.passwordResetToken.count({ where: { userId: user.id } })).toBe(1);
  });

  it("stores only the SHA-256 of the token, good for 30 minutes, and audits the request", async () => {
    const user = await newUser();
    const asked = Date.now();
    const token = await linkFor(user.email);
    const rows = await t.db.passwordResetToken.findMany({ where: { userId: user.id } });
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(createHash("sha256").update(token).digest("hex"));
    expect(rows[0]!.tokenHash).not.toContain(token);
    expect(Buffer.from(token, "base64url")).toHaveLength(32);
    const ttl = rows[0]!.expiresAt.getTime() - asked;
    expect(ttl).toBeGreaterThan(29 * 60_000);
    expect(ttl).toBeLessThanOrEqual(30 * 60_000 + 5_000);
    const message = (await resetMessages(user.email))[0]!;
    expect(message.dedupeKey).toBe(`password_reset:${rows[0]!.id}`);
    const audit = await t.db.auditLog.findMany({ where: { entityId: user.id } });
    expect(audit.map((entry) => entry.action)).toEqual(["security.password_reset_requested"]);
  });

  it("lists the e-mail in the company's outbox without its link, which is the recipient's alone", async () => {
    const user = await newUser();
    const token = await linkFor(user.email);
    const owner = await signIn(t.url, company.users.owner.email);
    const outbox = await callApi(t.url, "GET", "/api/outbox", owner);
    expect(outbox.status).toBe(200);
    const items = outbox.body.items as { kind: string; recipient: string; body: string }[];
    expect(items.find((item) => item.recipient === user.email)).toMatchObject({
      kind: "password_reset",
      body: WITHHELD_MESSAGE_BODY,
    });
    expect(JSON.stringify(outbox.body)).not.toContain(token);
    const other = await createTestCompany(t.db);
    const otherOwner = await signIn(t.url, other.users.owner.email);
    const otherOutbox = await callApi(t.url, "GET", "/api/outbox", otherOwner);
    expect(JSON.stringify(otherOutbox.body)).not.toContain(user.email);
  });

  it("ends the earlier unused link when a new one is asked for", async () => {
    const user = await newUser();
    const first = await linkFor(user.email);
    const second = await linkFor(user.email);
    expect((await verify(first)).status).toBe(404);
    expect(await (await verify(second)).json()).toEqual({ email: user.email });
  });

  it("writes nothing for an account of no company (a platform administrator's), with the same answer", async () => {
    const email = `platform-${randomUUID().slice(0, 8)}@test.example`;
    await t.db.user.create({
      data: { email, name: "Pat Platform", passwordHash: "x", role: "admin", permissions: [] },
    });
    const response = await ask(email);
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ message: PASSWORD_RESET_REQUESTED });
    // A request for a company's account after it is written once this one is done.
    const user = await newUser();
    await linkFor(user.email);
    expect(await t.db.outboxMessage.count({ where: { recipient: email } })).toBe(0);
  });

  it(`answers 429 after ${PASSWORD_RESET_LIMITS.perEmail} requests for one e-mail, from any addresses`, async () => {
    const user = await newUser();
    for (let i = 0; i < PASSWORD_RESET_LIMITS.perEmail; i++) expect((await ask(user.email)).status).toBe(202);
    const limited = await ask(user.email);
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(((await limited.json()) as { message: string }).message).toMatch(/^Too many password reset requests/);
    // An address without an account is limited alike, so the limit tells nothing.
    const nobody = `nobody-${randomUUID().slice(0, 8)}@test.example`;
    for (let i = 0; i < PASSWORD_RESET_LIMITS.perEmail; i++) expect((await ask(nobody)).status).toBe(202);
    expect((await ask(nobody)).status).toBe(429);
  });

  it(`answers 429 after ${PASSWORD_RESET_LIMITS.perAddress} requests from one client address`, async () => {
    const address = freshAddress();
    for (let i = 0; i < PASSWORD_RESET_LIMITS.perAddress; i++)
      expect((await ask(`walk-${i}-${randomUUID().slice(0, 6)}@test.example`, address)).status).toBe(202);
    expect((await ask(`walk-last-${randomUUID().slice(0, 6)}@test.example`, address)).status).toBe(429);
    expect((await ask(`walk-last-${randomUUID().slice(0, 6)}@test.example`)).status).toBe(202);
  });

  it("answers 400 naming the field for a malformed e-mail", async () => {
    const response = await ask("not-an-email");
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ field: "email" });
  });
});

describe("the link's origin", () => {
  it("is PUBLIC_APP_URL whatever Host or X-Forwarded-Host the request names", async () => {
    const configured = await startTestApp({ PUBLIC_APP_URL: "https://app.fieldops.example" });
    try {
      const user = await newUser();
      const response = await post(
        `${configured.url}/api/password-reset/request`,
        { email: user.email },
        { "x-forwarded-for": freshAddress(), "x-forwarded-host": "evil.example" },
      );
      expect(response.status).toBe(202);
      const [message] = await waitForMessages(user.email, 1);
      expect(message!.body).toContain(`https://app.fieldops.example${RESET_PASSWORD_PATH}?token=`);
      expect(message!.body).not.toContain("evil.example");
    } finally {
      await configured.close();
    }
  });

  it("in production without PUBLIC_APP_URL, is never the request's: no e-mail is written, the same answer", async () => {
    const production = await startTestApp({ NODE_ENV: "production" });
    try {
      const user = await newUser();
      const response = await post(
        `${production.url}/api/password-reset/request`,
        { email: user.email },
        { "x-forwarded-for": freshAddress(), "x-forwarded-host": "evil.example" },
      );
      expect(response.status).toBe(202);
      expect(await response.json()).toEqual({ message: PASSWORD_RESET_REQUESTED });
      await expect.poll(() => production.logs.join("")).toContain("password reset e-mails need PUBLIC_APP_URL");
      expect(await resetMessages(user.email)).toHaveLength(0);
    } finally {
      await production.close();
    }
  });
});

describe("POST /api/password-reset/complete", () => {
  it("sets the new password once, ends every session of the account, and the old password stops working", async () => {
    const user = await newUser();
    const colleague = await signIn(t.url, company.users.member.email);
    const bearer = await signIn(t.url, user.email);
    const cookie = await signIn(t.url, user.email);
    const token = await linkFor(user.email);

    expect(await (await verify(token)).json()).toEqual({ email: user.email });
    const done = await complete(token);
    expect(done.status).toBe(200);
    expect(await done.json()).toEqual({ email: user.email });

    expect((await fetch(`${t.url}/api/user`, { headers: { cookie: `session=${cookie}` } })).status).toBe(401);
    expect((await fetch(`${t.url}/api/user`, { headers: { authorization: `Bearer ${bearer}` } })).status).toBe(401);
    expect(await t.db.session.count({ where: { userId: user.id } })).toBe(0);
    // Nobody else of the company is signed out or has a new password.
    expect((await fetch(`${t.url}/api/user`, { headers: { authorization: `Bearer ${colleague}` } })).status).toBe(200);
    expect(
      (await post(`${t.url}/api/login`, { username: company.users.member.email, password: TEST_PASSWORD })).status,
    ).toBe(200);

    const oldPassword = await post(`${t.url}/api/login`, { username: user.email, password: TEST_PASSWORD });
    expect(oldPassword.status).toBe(401);
    const newPassword = await post(`${t.url}/api/login`, { username: user.email, password: NEW_PASSWORD });
    expect(newPassword.status).toBe(200);

    const again = await complete(token, "yet-another-password");
    expect(again.status).toBe(404);
    expect(await again.json()).toEqual({ message: PASSWORD_RESET_INVALID });
    expect((await verify(token)).status).toBe(404);
    expect((await post(`${t.url}/api/login`, { username: user.email, password: NEW_PASSWORD })).status).toBe(200);

    const audit = await t.db.auditLog.findMany({ where: { entityId: user.id }, orderBy: { createdAt: "asc" } });
    expect(audit.map((entry) => entry.action)).toEqual([
      "security.password_reset_requested",
      "security.password_reset",
    ]);
    expect(audit[1]).toMatchObject({ companyId: company.id, actorUserId: user.id });
    expect((audit[1]!.metadata as { summary: string }).summary).toMatch(/signed out of 2 sessions$/);
  });

  it("works once when the link is sent twice at the same time", async () => {
    const user = await newUser();
    const token = await linkFor(user.email);
    const answers = await Promise.all([complete(token, "first-new-password"), complete(token, "second-new-password")]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 404]);
  });

  it("refuses an expired link, an unknown one and a replaced one with one message", async () => {
    const user = await newUser();
    const expired = await linkFor(user.email);
    await t.db.passwordResetToken.updateMany({
      where: { userId: user.id },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    for (const token of [expired, "x".repeat(43)]) {
      const refused = await complete(token);
      expect(refused.status).toBe(404);
      expect(await refused.json()).toEqual({ message: PASSWORD_RESET_INVALID });
      expect(await (await verify(token)).json()).toEqual({ message: PASSWORD_RESET_INVALID });
    }
    expect((await post(`${t.url}/api/login`, { username: user.email, password: TEST_PASSWORD })).status).toBe(200);
  });

  it("answers 400 naming the field for a password that breaks the rules, and keeps the link", async () => {
    const user = await newUser();
    const token = await linkFor(user.email);
    const short = await complete(token, "short");
    expect(short.status).toBe(400);
    expect(await short.json()).toMatchObject({ field: "password" });
    expect((await verify(token)).status).toBe(200);
  });

  it("never writes a link's token to the logs", async () => {
    const user = await newUser();
    const token = await linkFor(user.email);
    await fetch(`${t.url}${RESET_PASSWORD_PATH}?token=${token}`);
    await verify(token);
    await complete(token);
    await complete(token);
    const logs = t.logs.join("");
    expect(logs).toContain(`${RESET_PASSWORD_PATH}?token=[redacted]`);
    expect(logs).not.toContain(token);
  });
});

describe("the OpenAPI document", () => {
  it("lists the three routes, so the fuzz test walks them", async () => {
    const document = (await (await fetch(`${t.url}/api/docs/json`)).json()) as { paths: Record<string, unknown> };
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        "/api/password-reset/request",
        "/api/password-reset/verify",
        "/api/password-reset/complete",
      ]),
    );
  });
});
