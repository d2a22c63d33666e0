import type { TenantTransaction } from "@fieldops/db";
import type { CreateJobInput, JobDetail } from "@fieldops/shared/jobs";
import { terminologySchema } from "@fieldops/shared/verticals";
import { invalidInput, notFound } from "../errors.ts";
import { requirePlanLimit } from "../plans/require-plan-limit.ts";
import type { Actor } from "./actor.ts";
import { extendVisitHorizon } from "./extend-visit-horizon.ts";
import { getJob } from "./get-job.ts";
import { takeNextJobNumber } from "./job-numbers.ts";
import { normalizeRecurrenceRule } from "./recurrence.ts";

/**
 * Creates a job with its line items and checklist: a one-off job gets one unscheduled visit, a recurring job its
 * visits up to the rolling horizon. The plan's monthly job limit is counted after taking the job number, whose lock
 * serialises concurrent creations, so two requests cannot both pass the last free place.
 */
export async function createJob(tx: TenantTransaction, input: CreateJobInput & { companyId: string; actor: Actor; now?: Date }): Promise<JobDetail> {
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

  const number = await takeNextJobNumber(tx, input.companyId);
  await requirePlanLimit(tx, "jobsPerMonth", { now });
  const company = await tx.company.findFirstOrThrow({ select: { vertical: { select: { terminology: true } } } });
  const terms = terminologySchema.parse(company.vertical.terminology);

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
      propertyId,
      requiredSkills: input.requiredSkills ?? [],
      createdAt: now,
      lineItems: {
        create: (input.lineItems ?? []).map((item, position) => ({ companyId: input.companyId, position, ...item })),
      },
      checklist: {
        create: (input.checklist ?? []).map((item, position) => ({ companyId: input.companyId, position, label: item.label, done: item.done, doneAt: item.done ? now : null })),
      },
      notes: { create: { companyId: input.companyId, authorUserId: input.actor.userId, kind: "event", body: `${terms.job} #${number} created` } },
    },
  });
  if (rule) {
    await extendVisitHorizon(tx, { jobId: job.id, now });
  } else {
    await tx.visit.create({ data: { companyId: input.companyId, jobId: job.id, durationMinutes: input.visitDurationMinutes } });
  }
  return getJob(tx, { jobId: job.id, now });
}
