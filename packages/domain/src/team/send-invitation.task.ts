import { z } from "zod";
import { defineTask } from "@fieldops/tasks/task-definition";

export const sendInvitationTask = defineTask({
  id: "send-invitation",
  queue: "notifications",
  schema: z.object({
    companyId: z.uuid(),
    invitationId: z.uuid(),
    /** Which sending of the invitation this is: a later resend makes this one a no-op. */
    sendCount: z.number().int().min(1),
    /** The app's origin the link points to. */
    appOrigin: z.url(),
  }),
});
