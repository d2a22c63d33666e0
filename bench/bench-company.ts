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

/**
 * Waits until the invoices' e-mails have left (each a PDF rendered and a mail sent by the worker), so that a bench
 * measures its own work, not the set-up's still under way. False when they have not after `timeoutMs`.
 */
export async function messagesSettled(db: Database, invoiceIds: readonly string[], timeoutMs = 300_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const waiting = await db.outboxMessage.count({
      where: { invoiceId: { in: [...invoiceIds] }, status: { in: ["queued", "sending"] } },
    });
    if (waiting === 0) return true;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return false;
}
