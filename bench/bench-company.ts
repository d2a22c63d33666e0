import type { Database } from "@fieldops/db";
import { DEMO_PASSWORD } from "@fieldops/db/seed-demo-world";
import { createSession } from "@fieldops/domain/accounts/sessions";
import { signUp } from "@fieldops/domain/accounts/sign-up";

/**
 * A new Growth company signed up as a person would be, with a session of its owner's own: a bench that makes dozens at
 * once would meet the sign-in limits if each signed in.
 */
export async function signUpBenchCompany(
  db: Database,
  options: { companyName: string; email: string; ownerName: string; userAgent: string },
) {
  const { company, owner } = await signUp(db, {
    companyName: options.companyName,
    name: options.ownerName,
    email: options.email,
    password: DEMO_PASSWORD,
    plan: "growth",
  });
  const { token } = await createSession(db, owner, {
    ipAddress: "127.0.0.1",
    userAgent: options.userAgent,
    ttlDays: 1,
  });
  return { company, owner, token };
}
