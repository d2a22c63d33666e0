import { Prisma, type TenantTransaction } from "@fieldops/db";
import { MAX_VISITS_PER_HORIZON, VISIT_HORIZON_DAYS } from "@fieldops/shared/jobs";
import { occurrencesBetween } from "./recurrence.ts";

/** How many recurring jobs one batch of the daily extension reads and writes, in a fixed number of queries. */
export const HORIZON_BATCH_SIZE = 200;

const VISITS_PER_INSERT = 5000;

type RecurringJob = Pick<
  Prisma.JobGetPayload<object>,
  | "id"
  | "companyId"
  | "recurrence"
  | "recurrenceStart"
  | "generatedUntil"
  | "visitDurationMinutes"
  | "arrivalWindowMinutes"
  | "closedAt"
>;

const recurringJobSelect = {
  id: true,
  companyId: true,
  recurrence: true,
  recurrenceStart: true,
  generatedUntil: true,
  visitDurationMinutes: true,
  arrivalWindowMinutes: true,
  closedAt: true,
} satisfies Prisma.JobSelect;

function horizonFrom(now: Date): Date {
  return new Date(now.getTime() + VISIT_HORIZON_DAYS * 86_400_000);
}

/**
 * The visits a recurring job lacks up to `until`, and how far its horizon then reaches; null when nothing is to be
 * done (a one-off or closed job, or one already generated that far).
 */
function planVisits(job: RecurringJob, timeZone: string, until: Date) {
  if (!job.recurrence || !job.recurrenceStart || job.closedAt) return null;
  const after = job.generatedUntil ?? new Date(job.recurrenceStart.getTime() - 1);
  if (until <= after) return null;
  const starts = occurrencesBetween(job.recurrence, job.recurrenceStart, timeZone, after, until);
  const durationMs = job.visitDurationMinutes * 60_000;
  const visits = starts.map((start) => ({
    companyId: job.companyId,
    jobId: job.id,
    status: "scheduled" as const,
    scheduledStart: start,
    scheduledEnd: new Date(start.getTime() + durationMs),
    durationMinutes: job.visitDurationMinutes,
    arrivalWindowMinutes: job.arrivalWindowMinutes,
    occurrenceAt: start,
  }));
  // A rule that ends early (COUNT, UNTIL) still moves the horizon, as nothing lies between; a capped expansion moves
  // it only to its last visit, so the next extension continues from there.
  const reached = starts.length >= MAX_VISITS_PER_HORIZON ? starts[starts.length - 1]! : until;
  return { visits, reached };
}

/**
 * Generates a recurring job's visits up to `until` (default: the rolling horizon from now). Idempotent: a visit is
 * unique per job and occurrence, and only occurrences after the last generated moment are considered, so running it
 * twice, or concurrently, creates each visit once. Returns how many visits it created.
 */
export async function extendVisitHorizon(
  tx: TenantTransaction,
  input: { jobId: string; until?: Date; now?: Date },
): Promise<number> {
  const job = await tx.job.findUnique({ where: { id: input.jobId }, select: recurringJobSelect });
  if (!job) return 0;
  const company = await tx.company.findFirstOrThrow({ select: { timeZone: true } });
  const plan = planVisits(job, company.timeZone, input.until ?? horizonFrom(input.now ?? new Date()));
  if (!plan) return 0;
  const created = await tx.visit.createMany({ data: plan.visits, skipDuplicates: true });
  await tx.job.update({ where: { id: job.id }, data: { generatedUntil: plan.reached } });
  return created.count;
}

/**
 * Rolls one batch of the company's open recurring jobs whose visits stop short of the horizon forward to it, in four
 * queries whatever the batch holds: the company's time zone, the jobs, their new visits, their new horizons. Returns
 * the ids of the visits created and the last job's id, from which the next batch goes on (null when none is left).
 */
export async function extendVisitHorizonsBatch(
  tx: TenantTransaction,
  input: { now?: Date; after?: string | null; batchSize?: number },
): Promise<{ createdIds: string[]; lastJobId: string | null }> {
  const until = horizonFrom(input.now ?? new Date());
  const batchSize = input.batchSize ?? HORIZON_BATCH_SIZE;
  const { timeZone } = await tx.company.findFirstOrThrow({ select: { timeZone: true } });
  const jobs = await tx.job.findMany({
    where: {
      recurrence: { not: null },
      closedAt: null,
      OR: [{ generatedUntil: null }, { generatedUntil: { lt: until } }],
      ...(input.after ? { id: { gt: input.after } } : {}),
    },
    select: recurringJobSelect,
    orderBy: { id: "asc" },
    take: batchSize,
  });
  const plans = jobs.flatMap((job) => {
    const plan = planVisits(job, timeZone, until);
    return plan ? [{ jobId: job.id, ...plan }] : [];
  });
  const createdIds: string[] = [];
  if (plans.length > 0) {
    const visits = plans.flatMap((plan) => plan.visits);
    // Within PostgreSQL's 65,535 parameters per statement (eight a visit).
    for (let start = 0; start < visits.length; start += VISITS_PER_INSERT) {
      const rows = await tx.visit.createManyAndReturn({
        data: visits.slice(start, start + VISITS_PER_INSERT),
        skipDuplicates: true,
        select: { id: true },
      });
      createdIds.push(...rows.map((row) => row.id));
    }
    const horizons = Prisma.join(plans.map((plan) => Prisma.sql`(${plan.jobId}::uuid, ${plan.reached}::timestamp)`));
    await tx.$executeRaw`
      UPDATE jobs SET "generatedUntil" = h.until
      FROM (VALUES ${horizons}) AS h(id, until)
      WHERE jobs.id = h.id AND (jobs."generatedUntil" IS NULL OR jobs."generatedUntil" < h.until)`;
  }
  return { createdIds, lastJobId: jobs.length === batchSize ? jobs[jobs.length - 1]!.id : null };
}
