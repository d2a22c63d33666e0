import type { TenantTransaction } from "@fieldops/db";
import { notFound } from "../errors.ts";
import type { Actor } from "./actor.ts";

export async function addJobNote(tx: TenantTransaction, input: { jobId: string; body: string; actor: Actor }) {
  const job = await tx.job.findUnique({ where: { id: input.jobId }, select: { id: true, companyId: true } });
  if (!job) throw notFound("Job not found");
  const note = await tx.jobNote.create({
    data: { companyId: job.companyId, jobId: job.id, authorUserId: input.actor.userId, kind: "note", body: input.body },
  });
  return {
    id: note.id,
    kind: "note" as const,
    body: note.body,
    authorUserId: note.authorUserId,
    createdAt: note.createdAt.toISOString(),
  };
}
