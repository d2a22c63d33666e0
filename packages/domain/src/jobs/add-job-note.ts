import { notFound } from "../errors.ts";
import type { TenantScope, UserActor } from "../tenant-scope.ts";
import { jobsChanged } from "./jobs-events.ts";

export async function addJobNote({ tx, actor, emit }: TenantScope<UserActor>, input: { jobId: string; body: string }) {
  const job = await tx.job.findUnique({ where: { id: input.jobId }, select: { id: true, companyId: true } });
  if (!job) throw notFound("Job not found");
  const note = await tx.jobNote.create({
    data: { companyId: job.companyId, jobId: job.id, authorUserId: actor.userId, kind: "note", body: input.body },
  });
  emit(jobsChanged([job.id]));
  return {
    id: note.id,
    kind: "note" as const,
    body: note.body,
    authorUserId: note.authorUserId,
    createdAt: note.createdAt.toISOString(),
  };
}
