import type { JobQueues } from "@fieldops/jobs/enqueue";
import { sendInvitationJob } from "./send-invitation.job.ts";

/** Hands one sending of an invitation to the notifications worker; queuing the same sending twice sends it once. */
export async function queueInvitation(
  queues: JobQueues,
  input: { companyId: string; invitationId: string; sendCount: number; appOrigin: string },
): Promise<void> {
  await queues.enqueue(sendInvitationJob, input, `${input.invitationId}_${input.sendCount}`);
}
