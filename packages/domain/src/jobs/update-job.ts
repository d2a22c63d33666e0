import { Prisma, type TenantTransaction } from "@fieldops/db";
import { formatCompanyTime } from "@fieldops/shared/company-time";
import { describeRecurrence, type JobDetail, type UpdateJobInput } from "@fieldops/shared/jobs";
import { conflict, invalidInput, notFound } from "../errors.ts";
import { assertVisitPlacements, lockCrews } from "../schedule/assert-visit-placements.ts";
import type { TenantScope, UserActor } from "../tenant-scope.ts";
import { extendVisitHorizon } from "./extend-visit-horizon.ts";
import { getJob } from "./get-job.ts";
import { jobChanged, visitsChanged, type ChangedVisit } from "./jobs-events.ts";
import { normalizeRecurrenceRule } from "./recurrence.ts";

/**
 * Edits a job; line items and checklist, when given, replace the old ones. Closing and invoicing are recorded. A new
 * visit length or arrival window becomes the job's (for visits generated later) and applies to its upcoming visits
 * (`applyToUpcomingVisits`). A one-off job made recurring gets its visits from the first visit's start, its visit
 * still waiting for a time giving way to them. Each of these is written in the job's history.
 */
export async function updateJob(
  { tx, actor, emit }: TenantScope<UserActor>,
  input: UpdateJobInput & { jobId: string; now?: Date },
): Promise<JobDetail> {
  const now = input.now ?? new Date();
  const job = await tx.job.findUnique({ where: { id: input.jobId } });
  if (!job) throw notFound("Job not found");
  if (
    input.propertyId &&
    !(await tx.customerProperty.findFirst({
      where: { id: input.propertyId, customerId: job.customerId },
      select: { id: true },
    }))
  ) {
    throw invalidInput("That property is not this customer's", "propertyId");
  }
  const rule = input.recurrence ? normalizeRecurrenceRule(input.recurrence.rule) : null;
  if (input.recurrence && job.recurrence) throw conflict(`Job #${job.number} is recurring already`, "recurrence");
  const closing = input.closed ?? job.closedAt !== null;
  if (input.recurrence && closing)
    throw conflict("A closed job cannot be made recurring: reopen it first", "recurrence");

  const events: string[] = [];
  if (input.closed !== undefined && input.closed !== (job.closedAt !== null))
    events.push(input.closed ? "Job closed" : "Job reopened");
  if (input.invoiced !== undefined && input.invoiced !== (job.invoicedAt !== null))
    events.push(input.invoiced ? "Marked as invoiced" : "Marked as not invoiced");
  const duration =
    input.visitDurationMinutes !== undefined && input.visitDurationMinutes !== job.visitDurationMinutes
      ? input.visitDurationMinutes
      : undefined;
  const window =
    input.arrivalWindowMinutes !== undefined && input.arrivalWindowMinutes !== job.arrivalWindowMinutes
      ? input.arrivalWindowMinutes
      : undefined;
  // Recurrence rules count in whole seconds.
  const recurrenceStart = input.recurrence
    ? new Date(Math.floor(Date.parse(input.recurrence.start) / 1000) * 1000)
    : undefined;
  await tx.job.update({
    where: { id: job.id },
    data: {
      title: input.title,
      description: input.description,
      instructions: input.instructions,
      propertyId: input.propertyId,
      requiredSkills: input.requiredSkills,
      visitDurationMinutes: duration,
      arrivalWindowMinutes: window,
      closedAt: input.closed === undefined ? undefined : input.closed ? (job.closedAt ?? now) : null,
      invoicedAt: input.invoiced === undefined ? undefined : input.invoiced ? (job.invoicedAt ?? now) : null,
      ...(rule && recurrenceStart
        ? {
            recurrence: rule,
            recurrenceStart,
            // A first visit in the past: only the occurrences from now on are added.
            generatedUntil: recurrenceStart <= now ? now : null,
          }
        : {}),
    },
  });
  if (duration !== undefined || window !== undefined) {
    const changed = await applyToUpcomingVisits(tx, { jobId: job.id, durationMinutes: duration, window, now });
    if (duration !== undefined) events.push(`Visit length set to ${duration} min (${visitCount(changed)} changed)`);
    if (window !== undefined)
      events.push(
        `${window === null ? "Arrival window removed" : `Arrival window set to ±${window} min`} (${visitCount(changed)} changed)`,
      );
  }
  let removed: ChangedVisit[] = [];
  if (rule && recurrenceStart) {
    // The one-off visit that never got a time is what the recurrence now schedules.
    const waiting = { jobId: job.id, status: "unscheduled", scheduledStart: null } as const;
    removed = await tx.visit.findMany({ where: waiting, select: { id: true, jobId: true, crewId: true } });
    await tx.visit.deleteMany({ where: waiting });
    await extendVisitHorizon(tx, { jobId: job.id, now });
    const { timeZone } = await tx.company.findFirstOrThrow({ select: { timeZone: true } });
    events.push(
      `Made recurring: ${describeRecurrence(rule)} from ${formatCompanyTime(recurrenceStart.toISOString(), timeZone)}`,
    );
  }
  if (input.lineItems) {
    await tx.jobLineItem.deleteMany({ where: { jobId: job.id } });
    await tx.jobLineItem.createMany({
      data: input.lineItems.map((item, position) => ({ companyId: job.companyId, jobId: job.id, position, ...item })),
    });
  }
  if (input.checklist) {
    await tx.jobChecklistItem.deleteMany({ where: { jobId: job.id } });
    await tx.jobChecklistItem.createMany({
      data: input.checklist.map((item, position) => ({
        companyId: job.companyId,
        jobId: job.id,
        position,
        label: item.label,
        done: item.done,
        doneAt: item.done ? now : null,
      })),
    });
  }
  if (events.length > 0) {
    await tx.jobNote.createMany({
      data: events.map((body) => ({
        companyId: job.companyId,
        jobId: job.id,
        authorUserId: actor.userId,
        kind: "event",
        body,
      })),
    });
  }
  const updated = await getJob(tx, { jobId: job.id, now });
  emit([...jobChanged(updated), ...visitsChanged(removed)]);
  return updated;
}

const visitCount = (count: number) => `${count} upcoming visit${count === 1 ? "" : "s"}`;

/**
 * Gives the job's upcoming visits (not started: waiting for a time, or set for `now` or later) a new length and/or
 * arrival window, each a new version. A longer visit must still fit its crew's day: the crews are locked first and the
 * placements checked after (a conflict names what no longer fits, and nothing changes). Returns how many changed.
 */
async function applyToUpcomingVisits(
  tx: TenantTransaction,
  input: { jobId: string; durationMinutes: number | undefined; window: number | null | undefined; now: Date },
): Promise<number> {
  const upcoming = Prisma.sql`"jobId" = ${input.jobId}::uuid
    AND (status = 'unscheduled' OR (status IN ('scheduled', 'dispatched') AND "scheduledStart" >= ${input.now}::timestamp))`;
  const crews = await tx.$queryRaw<{ crewId: string }[]>`
    SELECT DISTINCT "crewId" FROM visits WHERE ${upcoming} AND "crewId" IS NOT NULL`;
  await lockCrews(
    tx,
    crews.map((row) => row.crewId),
  );
  const sets: Prisma.Sql[] = [Prisma.sql`version = version + 1`];
  if (input.durationMinutes !== undefined)
    sets.push(
      Prisma.sql`"durationMinutes" = ${input.durationMinutes}::int`,
      Prisma.sql`"scheduledEnd" = "scheduledStart" + make_interval(mins => ${input.durationMinutes}::int)`,
    );
  if (input.window !== undefined) sets.push(Prisma.sql`"arrivalWindowMinutes" = ${input.window}::int`);
  const changed = await tx.$queryRaw<{ id: string }[]>`
    UPDATE visits SET ${Prisma.join(sets)} WHERE ${upcoming} RETURNING id`;
  if (input.durationMinutes !== undefined)
    await assertVisitPlacements(
      tx,
      changed.map((row) => row.id),
    );
  return changed.length;
}
