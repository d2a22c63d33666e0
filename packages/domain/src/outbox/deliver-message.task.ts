import { z } from "zod";
import { defineTask } from "@fieldops/tasks/task-definition";

/**
 * Sends one outbox e-mail through the mail server (SMTP_URL), or one text through Twilio (or the local text catcher),
 * and records how it went on the message. Enqueued (keyed
 * by the message) in the transaction that writes the message, by `writeOutboxMessages`. Retried with backoff on the
 * `mail` queue (packages/tasks/src/enqueue.ts).
 */
export const deliverMessageTask = defineTask({
  id: "deliver_message",
  queue: "mail",
  schema: z.object({
    companyId: z.uuid(),
    messageId: z.uuid(),
  }),
});
