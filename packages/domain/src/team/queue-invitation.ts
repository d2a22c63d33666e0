import type { TaskQueues } from "@fieldops/tasks/enqueue";
import type { TenantScope } from "../tenant-scope.ts";
import { sendInvitationTask } from "./send-invitation.task.ts";

/** Hands one sending of an invitation to the notifications worker; queuing the same sending twice sends it once. */
export async function queueInvitation(
  queues: TaskQueues,
  input: { companyId: string; invitationId: string; sendCount: number; appOrigin: string },
): Promise<void> {
  await queues.enqueue(sendInvitationTask, input, `${input.invitationId}_${input.sendCount}`);
}

/** The same, through a company's scope: the sending leaves once the invitation's transaction has committed. */
export function enqueueInvitation(
  scope: TenantScope,
  input: { invitationId: string; sendCount: number; appOrigin: string },
): void {
  scope.enqueue(
    sendInvitationTask,
    { ...input, companyId: scope.companyId },
    `${input.invitationId}_${input.sendCount}`,
  );
}
