import { withTenant, type Database } from "@fieldops/db";
import type { PendingEffectRow } from "@fieldops/domain/effects/relay-effects";
import { openScope } from "@fieldops/domain/effects/run-in-scope";
import type { TenantScope, UserActor } from "@fieldops/domain/tenant-scope";
import type { AppEvent } from "@fieldops/shared/events";
import type { TestCompany } from "./test-app.ts";

/** The company's owner, as a use case's actor. */
export function ownerActor(company: TestCompany): UserActor {
  return { kind: "user", userId: company.users.owner.id, role: "owner", name: "Owner", platformAdmin: false };
}

/**
 * Runs a use case in the company's tenant transaction as its owner (`app`: the runtime's database, under row-level
 * security); what it announced comes back beside its result.
 */
export async function runAsOwner<Result>(
  app: Database,
  company: TestCompany,
  work: (scope: TenantScope<UserActor>) => Promise<Result>,
): Promise<{ result: Result; events: AppEvent[] }> {
  const effects: PendingEffectRow[] = [];
  const result = await withTenant(app, company.id, (tx) =>
    work(openScope(tx, { companyId: company.id, actor: ownerActor(company) }, effects)),
  );
  return { result, events: effects.filter((effect) => effect.kind === "event") as unknown as AppEvent[] };
}

/** A customer of the company at a located address in Boulder, made straight in the database; returns its id. */
export async function createTestCustomer(db: Database, companyId: string, name = "Henderson Family"): Promise<string> {
  const customer = await db.customer.create({
    data: {
      companyId,
      name,
      street: "1 Main St",
      city: "Boulder",
      region: "CO",
      postcode: "80302",
      latitude: 40,
      longitude: -105,
    },
  });
  return customer.id;
}

/**
 * What the database keeps of a job's status (the job_status triggers, fired by every write of its visits): the status
 * apart from the day, and its first booked visit's start.
 */
export async function storedJobStatus(db: Database, jobId: string) {
  const { undatedStatus, firstBookedStart } = await db.job.findUniqueOrThrow({ where: { id: jobId } });
  return { undatedStatus, firstBookedStart: firstBookedStart?.toISOString() ?? null };
}
