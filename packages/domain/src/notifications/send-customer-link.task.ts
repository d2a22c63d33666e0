import { z } from "zod";
import { defineTask } from "@fieldops/tasks/task-definition";

/**
 * Puts the e-mail and text message that carry a customer's link (an estimate to review, their portal) in the outbox.
 * The token is in the payload because only its hash is stored; the message is where the customer gets it.
 */
export const sendCustomerLinkTask = defineTask({
  id: "send-customer-link",
  queue: "notifications",
  schema: z.object({
    companyId: z.uuid(),
    kind: z.enum(["estimate", "customer_portal"]),
    /** The estimate's or the customer's id. */
    subjectId: z.uuid(),
    token: z.string().max(100),
    /** Where the app is reached (the links are built on it). */
    origin: z.string().max(500),
    email: z.boolean(),
    sms: z.boolean(),
    /** One per sending: a retry of the task writes the same messages once. */
    sendId: z.uuid(),
    requestId: z.string().max(200).nullable(),
  }),
});
