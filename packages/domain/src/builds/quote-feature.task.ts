import { z } from "zod";
import { defineTask } from "@fieldops/tasks/task-definition";

/**
 * Turns a stored quote request into its spec and price; the proposal's id is the task's key, so it runs once. Quotes have
 * a queue of their own: an owner waiting for a price never waits behind builds' stages.
 */
export const quoteFeatureTask = defineTask({
  id: "quote_feature",
  queue: "quotes",
  schema: z.object({ companyId: z.uuid(), proposalId: z.uuid() }),
});
