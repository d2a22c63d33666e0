import type { TenantTransaction } from "@fieldops/db";
import { emitWebhookEvent } from "../webhooks/emit-webhook-event.ts";
import { triggerAutomations, triggerVisitTimes } from "../automations/plan-automation-runs.ts";
import type { CreateJobInput, JobDetail } from "@fieldops/shared/jobs";
import { readCompanyTerminology } from "../companies/read-company-terminology.ts";
import { invalidInput, notFound } from "../errors.ts";
import { requirePlanLimit } from "../plans/require-plan-limit.ts";
import type { TenantScope, UserActor } from "../tenant-scope.ts";
import type { Actor } from "./actor.ts";
import { extendVisitHorizon } from "./extend-visit-horizon.ts";
import { getJob } from "./get-job.ts";
import { jobChanged } from "./jobs-events.ts";
import { takeNextJobNumber } from "./job-numbers.ts";
import { normalizeRecurrenceRule } from "./recurrence.ts";

/**
 * Creates a job with its line items and checklist: a one-off job gets one unscheduled visit, a recurring job its
 * visits up to the rolling horizon, each with the job's visit length and arrival window. The plan's monthly job limit is checked under the company's lock
 * (requirePlanLimit), so two requests cannot both pass the last free place. Announces the job and its visits.
 */
export async function createJob(
  scope: TenantScope<UserActor>,
  input: CreateJobInput & { now?: Date },
): Promise<JobDetail> {
  const created = await createJobRecord(scope, input);
  return getJob(scope.tx, { jobId: created.id, now: input.now ?? new Date() });
}

/** A job just made: what its creator needs to say so and to announce it. */
export type CreatedJob = {
  id: string;
  number: number;
  title: string;
  visits: { id: string; jobId: string; crewId: string | null }[];
};

/**
 * `createJob` without reading the whole job back (and announcing it). Everything it reads comes before the job number,
 * so that the number's lock, which concurrent creations in the company wait for, is held by the writes alone.
 */
export async function createJobRecord(
  scope: TenantScope<UserActor>,
  input: CreateJobInput & { now?: Date },
): Promise<CreatedJob> {
  const created = await insertJob(scope.tx, { ...input, companyId: scope.companyId, actor: scope.actor });
  scope.emit(jobChanged(created));
  await triggerAutomations(scope, "job.created", [created.id]);
  await triggerVisitTimes(scope, { booked: created.visits.map((visit) => visit.id), notify: false });
  await emitWebhookEvent(scope, "job.created", {
    id: created.id,
    number: created.number,
    title: created.title,
    visitIds: created.visits.map((visit) => visit.id),
  });
  return created;
}

async function insertJob(
  tx: TenantTransaction,
  input: CreateJobInput & { companyId: string; actor: Actor; now?: Date },
): Promise<CreatedJob> {
  const now = input.now ?? new Date();
  const customer = await tx.customer.findUnique({
    where: { id: input.customerId },
    select: { id: true, properties: { select: { id: true }, orderBy: { position: "asc" } } },
  });
  if (!customer) throw notFound("Customer not found");
  const propertyId = input.propertyId ?? customer.properties[0]?.id ?? null;
  if (input.propertyId && !customer.properties.some((property) => property.id === input.propertyId)) {
    throw invalidInput("That property is not this customer's", "propertyId");
  }
  const rule = input.recurrence ? normalizeRecurrenceRule(input.recurrence.rule) : null;

  const terms = await readCompanyTerminology(tx);

  const number = await takeNextJobNumber(tx, input.companyId);
  await requirePlanLimit(tx, "jobsPerMonth", { now });

  const job = await tx.job.create({
    data: {
      companyId: input.companyId,
      customerId: input.customerId,
      number,
      title: input.title,
      description: input.description ?? null,
      instructions: input.instructions ?? null,
      recurrence: rule,
      // Recurrence rules count in whole seconds.
      recurrenceStart: input.recurrence ? new Date(Math.floor(Date.parse(input.recurrence.start) / 1000) * 1000) : null,
      visitDurationMinutes: input.visitDurationMinutes,
      arrivalWindowMinutes: input.arrivalWindowMinutes ?? null,
      propertyId,
      requiredSkills: input.requiredSkills ?? [],
      createdAt: now,
      // Only when there are some: a nested write makes Prisma read the job back once more.
      ...(input.lineItems?.length
        ? {
            lineItems: {
              create: input.lineItems.map((item, position) => ({ companyId: input.companyId, position, ...item })),
            },
          }
        : {}),
      ...(input.checklist?.length
        ? {
            checklist: {
              create: input.checklist.map((item, position) => ({
                companyId: input.companyId,
                position,
                label: item.label,
                done: item.done,
                doneAt: item.done ? now : null,
              })),
            },
          }
        : {}),
    },
    select: { id: true, title: true },
  });
  await tx.jobNote.create({
    data: {
      companyId: input.companyId,
      jobId: job.id,
      authorUserId: input.actor.userId,
      kind: "event",
      body: `${terms.job} #${number} created`,
    },
    select: { id: true },
  });
  if (rule) {
    await extendVisitHorizon(tx, { jobId: job.id, now });
  } else {
    const visit = await tx.visit.create({
      data: {
        companyId: input.companyId,
        jobId: job.id,
        durationMinutes: input.visitDurationMinutes,
        arrivalWindowMinutes: input.arrivalWindowMinutes ?? null,
      },
      select: { id: true, jobId: true, crewId: true },
    });
    return { id: job.id, number, title: job.title, visits: [visit] };
  }
  const visits = await tx.visit.findMany({
    where: { jobId: job.id },
    select: { id: true, jobId: true, crewId: true },
    orderBy: { scheduledStart: "asc" },
  });
  return { id: job.id, number, title: job.title, visits };
}
