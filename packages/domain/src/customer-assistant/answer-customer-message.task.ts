import { z } from "zod";
import { defineTask } from "@fieldops/tasks/task-definition";

/**
 * Answers one inbound message of a customer (by text or e-mail) on the company's behalf, as its settings allow; keyed
 * by the message, so a message is answered once. `appOrigin`: where the company's pages are, for pay links.
 */
export const answerCustomerMessageTask = defineTask({
  id: "answer-customer-message",
  queue: "notifications",
  schema: z.object({ companyId: z.uuid(), messageId: z.uuid(), appOrigin: z.url().nullable() }),
});
