import { z } from "zod";
import { defineTask } from "@fieldops/tasks/task-definition";
import { invoiceChannelSchema } from "@fieldops/shared/invoices";

/** Puts an invoice's e-mail and SMS, each with a new link to the customer's review page, in the outbox. */
export const sendInvoiceTask = defineTask({
  id: "send_invoice",
  queue: "notifications",
  schema: z.object({
    companyId: z.uuid(),
    invoiceId: z.uuid(),
    /** One per send: the outbox keeps one message per send and channel, so a retried task adds nothing. */
    sendId: z.string().min(1).max(100),
    channels: z.array(invoiceChannelSchema).min(1).max(2),
    /** Where the review page lives (the app's public origin). */
    appOrigin: z.url(),
    requestId: z.string().nullable(),
  }),
});
