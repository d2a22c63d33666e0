/** Every BullMQ queue of the product. A task definition names one of these; the worker consumes all of them. */
export const QUEUE_NAMES = [
  "activity",
  "visits",
  "optimizer",
  "modules",
  "notifications",
  "mail",
  "quotes",
  "builds",
  "imports",
  "webhooks",
  "quickbooks",
  "payments",
] as const;
export type QueueName = (typeof QUEUE_NAMES)[number];
