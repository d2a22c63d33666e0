import { withSystem, type Database, type User } from "@fieldops/db";
import { INVALID_CREDENTIALS } from "@fieldops/shared/auth";
import { COMPANY_SUSPENDED_MESSAGE } from "@fieldops/shared/admin";
import { forbidden, notSignedIn, rateLimited } from "../errors.ts";
import type { LoginRateLimiter } from "./login-rate-limit.ts";
import { verifyPassword } from "./passwords.ts";

export interface SignInInput {
  email: string;
  password: string;
  /** The client's address: attempts are limited per account and address. */
  address: string;
}

const formatWait = (seconds: number) =>
  seconds < 60
    ? `${seconds} second${seconds === 1 ? "" : "s"}`
    : `${Math.ceil(seconds / 60)} minute${seconds > 60 ? "s" : ""}`;

/**
 * The account behind an e-mail and password. The attempt is counted before the password is checked, so that
 * parallel guesses cannot pass the limit together; a wrong e-mail or password is refused with one message, in the
 * same time, whichever it was.
 */
export async function signIn(db: Database, limiter: LoginRateLimiter, input: SignInInput): Promise<User> {
  const waitMs = await limiter.attempt(input.email, input.address);
  if (waitMs > 0) {
    const seconds = Math.ceil(waitMs / 1000);
    throw rateLimited(`Too many failed sign-in attempts. Try again in ${formatWait(seconds)}.`, seconds);
  }
  // A sign-in the server could not check (its database down) is no failure of the client's: a burst of them during
  // an outage would otherwise lock out an office's shared address once the database is back.
  const account = await withSystem(db, (tx) =>
    tx.user.findUnique({ where: { email: input.email }, include: { company: { select: { suspendedAt: true } } } }),
  ).catch(async (error: unknown) => {
    await limiter.forgive(input.email, input.address).catch(() => undefined);
    throw error;
  });
  if (!(await verifyPassword(account?.passwordHash ?? null, input.password)) || !account)
    throw notSignedIn(INVALID_CREDENTIALS);
  await limiter.succeeded(input.email, input.address);
  // Said only to who knows the password: the right account, of a company the platform has suspended.
  if (account.company?.suspendedAt) throw forbidden(COMPANY_SUSPENDED_MESSAGE);
  const { company: _company, ...user } = account;
  return user;
}
