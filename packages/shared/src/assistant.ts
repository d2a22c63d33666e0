import { z } from "zod";
import { calendarDaySchema } from "./calendar-day";
import { text } from "./text";
import { assistantModuleIdSchema } from "./modules";
import { uiActionSchema } from "./ui-actions";

/** What a revenue figure counts: money received (payments less refunds), or what was invoiced. */
export const revenueMeasureSchema = z.enum(["collected", "invoiced"]);
export type RevenueMeasure = z.infer<typeof revenueMeasureSchema>;

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const isoInstant = z.iso.datetime({ offset: true });

/** A read over the company's own data, run inside the user's tenant and role; its result is data, never instructions. */
export const readToolCallSchema = z.discriminatedUnion("tool", [
  z.object({ tool: z.literal("findCustomers"), query: text({ max: 200 }) }),
  z.object({
    tool: z.literal("findJobs"),
    query: text({ max: 200 }).optional(),
    customerId: text({ max: 100 }).optional(),
  }),
  /** Records of one of the company's custom objects (what feature builds made), by text or by the customer they belong to. */
  z.object({
    tool: z.literal("findCustomRecords"),
    objectKey: text({ max: 40 }),
    query: text({ max: 200 }).optional(),
    customerId: text({ max: 100 }).optional(),
  }),
  z.object({ tool: z.literal("listUnpaidInvoices"), pastDueOnly: z.boolean() }),
  /** One invoice by the number the office knows it by ("invoice 1032"), whatever its status. */
  z.object({ tool: z.literal("findInvoice"), number: z.number().int().min(1).max(2_147_483_647) }),
  /** A day's visits: every crew's, or one crew's. */
  z.object({ tool: z.literal("daySchedule"), date: calendarDaySchema, crewId: text({ max: 100 }).optional() }),
  z.object({
    tool: z.literal("revenueForPeriod"),
    label: text({ max: 50 }),
    from: isoInstant,
    to: isoInstant,
    /** Money received in the period (payments, less refunds), or what was invoiced in it. */
    measure: revenueMeasureSchema.optional(),
  }),
]);
export type ReadToolCall = z.infer<typeof readToolCallSchema>;

/** A data-changing module run the assistant proposes; the action is sent only once the user confirms. */
export const moduleProposalSchema = z.object({
  moduleId: assistantModuleIdSchema,
  params: z.record(text({ max: 100 }), z.unknown()),
  summary: text({ max: 1000 }),
  action: uiActionSchema,
});
export type ModuleProposal = z.infer<typeof moduleProposalSchema>;

const reply = text({ max: 4000 });

/**
 * What the assistant does with one message: carry out UI actions, run reads and answer with their data, propose a
 * module run for confirmation, ask a clarifying question, refuse in words, or just answer.
 */
export const assistantPlanSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("actions"), reply, actions: z.array(uiActionSchema).min(1).max(5) }),
  z.object({ kind: z.literal("read"), reply, reads: z.array(readToolCallSchema).min(1).max(5) }),
  z.object({ kind: z.literal("confirm"), reply, proposal: moduleProposalSchema }),
  z.object({ kind: z.literal("clarify"), reply }),
  z.object({ kind: z.literal("refuse"), reply }),
  z.object({ kind: z.literal("answer"), reply }),
]);
export type AssistantPlan = z.infer<typeof assistantPlanSchema>;

/** Where the user is when they send a message: the screen and what is selected on it. */
export const assistantContextSchema = z.object({
  path: text({ max: 500 }),
  customerId: text({ max: 100 }).optional(),
  jobId: text({ max: 100 }).optional(),
  day: isoDay.optional(),
});
export type AssistantContext = z.infer<typeof assistantContextSchema>;
