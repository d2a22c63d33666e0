import type { TenantTransaction } from "@fieldops/db";
import { MAX_VISITS_PER_HORIZON, VISIT_HORIZON_DAYS } from "@fieldops/shared/jobs";
import { occurrencesBetween } from "./recurrence.ts";

/**
 * Generates a recurring job's visits up to `until` (default: the rolling horizon from now). Idempotent: a visit is
 * unique per job and occurrence, and only occurrences after the last generated moment are considered, so running it
 * twice, or concurrently, creates each visit once. Returns how many visits it created.
 */
export async function extendVisitHorizon(
  tx: TenantTransaction,
  input: { jobId: string; until?: Date; now?: Date },
): Promise<number> {
  const job = await tx.job.findUnique({ where: { id: input.jobId } });
  if (!job || !job.recurrence || !job.recurrenceStart || job.closedAt) return 0;
  const now = input.now ?? new Date();
  const until = input.until ?? new Date(now.getTime() + VISIT_HORIZON_DAYS * 86_400_000);
  const after = job.generatedUntil ?? new Date(job.recurrenceStart.getTime() - 1);
  if (until <= after) return 0;
  const company = await tx.company.findFirstOrThrow({ select: { timeZone: true } });
  const starts = occurrencesBetween(job.recurrence, job.recurrenceStart, company.timeZone, after, until);
  const durationMs = job.visitDurationMinutes * 60_000;
  const created = await tx.visit.createMany({
    data: starts.map((start) => ({
      companyId: job.companyId,
      jobId: job.id,
      status: "scheduled" as const,
      scheduledStart: start,
      scheduledEnd: new Date(start.getTime() + durationMs),
      durationMinutes: job.visitDurationMinutes,
      occurrenceAt: start,
    })),
    skipDuplicates: true,
  });
  // A rule that ends early (COUNT, UNTIL) still moves the horizon, as nothing lies between; a capped expansion moves
  // it only to its last visit, so the next extension continues from there.
  const reached = starts.length >= MAX_VISITS_PER_HORIZON ? starts[starts.length - 1]! : until;
  await tx.job.update({ where: { id: job.id }, data: { generatedUntil: reached } });
  return created.count;
}

/** Rolls every open recurring job of the company forward to the horizon; what a daily job runs. */
export async function extendAllVisitHorizons(tx: TenantTransaction, input: { now?: Date } = {}): Promise<number> {
  const jobs = await tx.job.findMany({ where: { recurrence: { not: null }, closedAt: null }, select: { id: true } });
  let created = 0;
  for (const job of jobs) created += await extendVisitHorizon(tx, { jobId: job.id, now: input.now });
  return created;
}
