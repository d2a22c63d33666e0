import type { TaskQueues } from "@fieldops/tasks/enqueue";
import { sendInvitationTask } from "./send-invitation.task.ts";

/** Hands one sending of an invitation to the notifications worker; queuing the same sending twice sends it once. */
export async function queueInvitation(
  queues: TaskQueues,
  input: { companyId: string; invitationId: string; sendCount: number; appOrigin: string },
): Promise<void> {
  await queues.enqueue(sendInvitationTask, input, `${input.invitationId}_${input.sendCount}`);
}
