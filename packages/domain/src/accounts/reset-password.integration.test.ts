import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PASSWORD_RESET_INVALID } from "@fieldops/shared/password-reset";
import {
  createTestCompany,
  startTestApp,
  type TestApp,
  type TestCompany,
} from "../../../../tests/integration/test-app.ts";
import { verifyPassword } from "./passwords.ts";
import { requestPasswordReset } from "./request-password-reset.ts";
import { resetPassword, verifyPasswordResetLink } from "./reset-password.ts";

let t: TestApp;
let company: TestCompany;

beforeAll(async () => {
  t = await startTestApp();
  company = await createTestCompany(t.db);
});
afterAll(() => t.close());

const ORIGIN = "https://app.fieldops.example";
const MINUTE = 60_000;

/** The runtime's database, under row-level security, as the API uses it. */
const app = () => t.runtime.context.db;
/** The same, with the Redis and queues a request's effects go to. */
const deps = () => t.runtime.context;

/** Asks for a link for `email` at `now` and reads its token from the newest reset e-mail. */
async function linkAt(email: string, now: Date): Promise<string> {
  expect(await requestPasswordReset(deps(), { email, appOrigin: ORIGIN }, now)).toBe("sent");
  const message = await t.db.outboxMessage.findFirstOrThrow({
    where: { recipient: email, kind: "password_reset" },
    orderBy: { createdAt: "desc" },
  });
  return /\?token=([A-Za-z0-9_-]+)/.exec(message.body)![1]!;
}

describe("password reset links", () => {
  it("work until 30 minutes after they were asked for, and not after", async () => {
    const email = company.users.field_user.email;
    const asked = new Date();
    const token = await linkAt(email, asked);
    const late = new Date(asked.getTime() + 30 * MINUTE);
    await expect(verifyPasswordResetLink(app(), token, late)).rejects.toThrow(PASSWORD_RESET_INVALID);
    await expect(resetPassword(app(), { token, password: "late-new-password" }, late)).rejects.toThrow(
      PASSWORD_RESET_INVALID,
    );
    const inTime = new Date(asked.getTime() + 29 * MINUTE);
    expect(await verifyPasswordResetLink(app(), token, inTime)).toEqual({ email });
    await resetPassword(app(), { token, password: "in-time-new-password" }, inTime);
    const user = await t.db.user.findUniqueOrThrow({ where: { email } });
    expect(await verifyPassword(user.passwordHash, "in-time-new-password")).toBe(true);
  });

  it("stop working once a newer one is asked for, and a reset leaves none of the user's working", async () => {
    const email = company.users.member.email;
    const first = await linkAt(email, new Date());
    // Asked for again: the first link ends; the reset uses the second.
    const second = await linkAt(email, new Date());
    await expect(resetPassword(app(), { token: first, password: "first-new-password" })).rejects.toThrow(
      PASSWORD_RESET_INVALID,
    );
    await resetPassword(app(), { token: second, password: "second-new-password" });
    const rows = await t.db.passwordResetToken.findMany({ where: { userId: company.users.member.id } });
    expect(rows.filter((row) => row.usedAt === null && row.revokedAt === null)).toEqual([]);
  });

  it("leave one working when asked for several times at once", async () => {
    const email = company.users.owner.email;
    await Promise.all(Array.from({ length: 4 }, () => requestPasswordReset(deps(), { email, appOrigin: ORIGIN })));
    const rows = await t.db.passwordResetToken.findMany({ where: { userId: company.users.owner.id } });
    expect(rows).toHaveLength(4);
    expect(rows.filter((row) => row.usedAt === null && row.revokedAt === null)).toHaveLength(1);
  });

  it("are not made for an address without an account, nor for an account of no company", async () => {
    expect(await requestPasswordReset(deps(), { email: "nobody@test.example", appOrigin: ORIGIN })).toBe("no_account");
    await t.db.user.create({
      data: { email: "platform-only@test.example", name: "Pat", passwordHash: "x", role: "admin", permissions: [] },
    });
    expect(await requestPasswordReset(deps(), { email: "platform-only@test.example", appOrigin: ORIGIN })).toBe(
      "no_company",
    );
    expect(await t.db.passwordResetToken.count({ where: { user: { email: "platform-only@test.example" } } })).toBe(0);
  });
});
