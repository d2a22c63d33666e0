import { createJobRequestSchema } from "@fieldops/shared/jobs";
import { z } from "zod";
import { conflict } from "../errors.ts";
import { createJobRecord } from "../jobs/create-job.ts";
import { jobChanged } from "../jobs/jobs-events.ts";
import { defineModule } from "./module-definition.ts";

const undoSchema = z.object({ jobId: z.string() });

/** Creates a one-off job with one unscheduled visit; undone by deleting it while nothing has been done on it. */
export const createJobModule = defineModule({
  id: "create-job",
  async describe(tx, params) {
    const customer = await tx.customer.findUnique({ where: { id: params.customerId }, select: { name: true } });
    return `Create the job "${params.title}" for ${customer?.name ?? "a customer that no longer exists"}.`;
  },
  async run(scope, params, context) {
    const input = createJobRequestSchema.parse(params);
    const job = await createJobRecord(scope, { ...input, now: context.now });
    const customer = await scope.tx.customer.findUniqueOrThrow({
      where: { id: input.customerId },
      select: { name: true },
    });
    return {
      message: `Created job #${job.number} for ${customer.name}: ${job.title}`,
      result: {
        jobId: job.id,
        visits: job.visits.map((visit) => ({ id: visit.id, jobId: visit.jobId, crewId: visit.crewId })),
      },
      undo: { jobId: job.id },
    };
  },
  async undo({ tx, emit }, stored) {
    const { jobId } = undoSchema.parse(stored);
    const job = await tx.job.findUnique({
      where: { id: jobId },
      select: {
        visits: { select: { id: true, status: true, version: true } },
        _count: { select: { invoices: true, lineItems: true, checklist: true, notes: { where: { kind: "note" } } } },
        invoicedAt: true,
        closedAt: true,
      },
    });
    if (!job) return;
    const touched =
      job.invoicedAt !== null ||
      job.closedAt !== null ||
      job._count.invoices + job._count.lineItems + job._count.checklist + job._count.notes > 0 ||
      job.visits.some((visit) => visit.status !== "unscheduled" || visit.version !== 1);
    if (touched) throw conflict("The job has been worked on since it was created, so it cannot be undone");
    await tx.job.delete({ where: { id: jobId } });
    emit(jobChanged({ id: jobId, visits: job.visits.map((visit) => ({ id: visit.id, jobId })) }));
  },
});
