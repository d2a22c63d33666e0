import type { JobDetail, UpdateJobInput } from "@fieldops/shared/jobs";
import { invalidInput, notFound } from "../errors.ts";
import type { TenantScope, UserActor } from "../tenant-scope.ts";
import { getJob } from "./get-job.ts";
import { jobChanged } from "./jobs-events.ts";

/** Edits a job; line items and checklist, when given, replace the old ones. Closing and invoicing are recorded. */
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
  const events: string[] = [];
  if (input.closed !== undefined && input.closed !== (job.closedAt !== null))
    events.push(input.closed ? "Job closed" : "Job reopened");
  if (input.invoiced !== undefined && input.invoiced !== (job.invoicedAt !== null))
    events.push(input.invoiced ? "Marked as invoiced" : "Marked as not invoiced");
  await tx.job.update({
    where: { id: job.id },
    data: {
      title: input.title,
      description: input.description,
      instructions: input.instructions,
      propertyId: input.propertyId,
      requiredSkills: input.requiredSkills,
      closedAt: input.closed === undefined ? undefined : input.closed ? (job.closedAt ?? now) : null,
      invoicedAt: input.invoiced === undefined ? undefined : input.invoiced ? (job.invoicedAt ?? now) : null,
    },
  });
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
  emit(jobChanged(updated));
  return updated;
}
