import { z } from "zod";
import { calendarDateSchema } from "./dispatch";
import { defineEndpoint } from "./endpoint";
import { batchInvoicePeriodSchema, recordPaymentRequestSchema } from "./invoices";
import { idParamsSchema } from "./jobs";
import { PLAN_UPGRADE_DESCRIPTION, type PlanFeature } from "./plans";
import type { Role } from "./roles";
import { text } from "./text";
import { moduleExecutionResultSchema } from "./ui-actions";

export type ModulePolicy = "direct" | "approval" | "denied";

export const APPROVAL_REQUIRED_REASON = "This action requires administrator approval";
export const PLAN_UPGRADE_MESSAGE = PLAN_UPGRADE_DESCRIPTION;
/** How long a pending approval request stays open. */
export const APPROVAL_TTL_MS = 24 * 60 * 60 * 1000;
/** How long the requester may undo a run that changed data. */
export const UNDO_WINDOW_MS = 5 * 60 * 1000;

const uuid = z.uuid();
const isoDateTime = z.iso.datetime({ offset: true }).max(40);

const scheduleVisitParams = z.union([
  z.object({ jobId: uuid, start: isoDateTime, crewId: uuid.nullable().default(null) }).strict(),
  /** A customer's waiting visit; with a title, a new job so named whose one visit is scheduled. */
  z
    .object({
      customerId: uuid,
      start: isoDateTime,
      crewId: uuid.nullable().default(null),
      title: text({ max: 200, trim: true }).min(1).optional(),
    })
    .strict(),
]);

export interface ModuleCatalogEntry {
  /** What it is called in a toast or a list. */
  title: string;
  /** What it does, after "can't" or "may": "create jobs". */
  label: string;
  /**
   * When the assistant may propose it in the chat (the user confirms before it runs): what a language model is told it
   * does, as its proposal tool's description (its parameters come from `params`). False: only the app's screens run it.
   */
  assistant:
    | false
    | {
        tool: string;
        /** What the assistant says it can do, in its help: "record a cash or check payment". */
        help: string;
        /**
         * The planner's intent, by example: what an office types that must be read as a proposal of this module (with
         * the names of the planner's test company). A unit test runs each through the offline planner.
         */
        examples: readonly [string, ...string[]];
      };
  /** Its parameters; the server validates them before storing a run and again before running it. */
  params: z.ZodType;
  /** The plan feature a company needs; none when every plan has the module. */
  feature?: PlanFeature;
  policy: Record<Role, ModulePolicy>;
}

const OFFICE_DIRECT: Record<Role, ModulePolicy> = {
  owner: "direct",
  admin: "direct",
  member: "direct",
  field_user: "denied",
};
const MEMBERS_ASK: Record<Role, ModulePolicy> = {
  owner: "direct",
  admin: "direct",
  member: "approval",
  field_user: "denied",
};

/**
 * The one list of business modules, a user's or the assistant's for them: what each is called, whether the assistant
 * may propose it, its parameters, plan feature and policy per role. The planner's capabilities, the execute route's
 * checks and the worker's come from it; each module's handler is `packages/domain/src/modules/<id>.module.ts`.
 */
const catalog = {
  "create-job": {
    title: "Create a job",
    label: "create jobs",
    assistant: {
      tool: "Create a one-off job (with one visit waiting to be scheduled) for a customer, named by a short title.",
      help: "create a job",
      examples: ["create a job for Acme: replace water heater", "new job for John Smith, fix the sprinklers"],
    },
    params: z.object({ customerId: uuid, title: text({ max: 200, trim: true }).min(1) }).strict(),
    policy: OFFICE_DIRECT,
  },
  "schedule-visit": {
    title: "Schedule a visit",
    label: "schedule visits",
    assistant: {
      tool: "Schedule a visit at a moment (an ISO instant on the company's wall clock) with a crew or unassigned: the visit waiting on a job (jobId), on a customer's newest job (customerId), or, with a title, on a new job of the customer named so.",
      help: "schedule a visit",
      examples: ["put the Garcias' aeration on wednesday at 10 with crew c", "book acme tomorrow at 9"],
    },
    params: scheduleVisitParams,
    policy: OFFICE_DIRECT,
  },
  "reschedule-visit": {
    title: "Reschedule a visit",
    label: "reschedule visits",
    assistant: {
      tool: "Move a scheduled visit (visitId, from a schedule or jobs read) to another moment, and to another crew when one is named.",
      help: "move a visit",
      examples: [
        "push the Ortiz sprinkler check to next friday afternoon",
        "move tomorrow's mowing at Jane Smith's to 2",
      ],
    },
    params: z.object({ visitId: uuid, start: isoDateTime, crewId: uuid.nullable().optional() }).strict(),
    policy: OFFICE_DIRECT,
  },
  "send-payment-reminders": {
    title: "Send payment reminders",
    label: "send payment reminders",
    assistant: {
      tool: "Queue a payment reminder for each past-due invoice still open: every customer's, or one customer's (customerId).",
      help: "send payment reminders",
      examples: ["send payment reminders to everyone past due", "remind the Garcias to pay"],
    },
    /** Every past-due invoice, or one customer's. */
    params: z.object({ pastDueOnly: z.literal(true).default(true), customerId: uuid.optional() }).strict(),
    feature: "invoicing",
    policy: MEMBERS_ASK,
  },
  "record-payment": {
    title: "Record a payment",
    label: "record payments",
    assistant: {
      tool: "Record cash or a check the office received on an invoice (invoiceId): the open balance, or amountCents when the user names an amount; a check's number as the reference.",
      help: "record a cash or check payment",
      examples: ["record a cash payment on invoice 1032", "the Garcias paid invoice 1032 by check #4471"],
    },
    /** Cash, a check or a bank transfer the office received; the invoice's open balance when no amount is named. */
    params: z
      .object({
        invoiceId: uuid,
        method: recordPaymentRequestSchema.shape.method,
        amountCents: recordPaymentRequestSchema.shape.amountCents.optional(),
        /** The check's number, or a note about the cash. */
        reference: recordPaymentRequestSchema.shape.reference,
      })
      .strict(),
    feature: "invoicing",
    policy: OFFICE_DIRECT,
  },
  "invoice-completed-visits": {
    title: "Invoice completed visits",
    label: "invoice a period's completed visits",
    assistant: {
      tool: "Make draft invoices, one per customer, for the completed visits of a period (from and to are calendar days, both included) that no invoice bills yet.",
      help: "invoice a period's completed visits",
      examples: ["invoice last month's completed visits"],
    },
    params: batchInvoicePeriodSchema,
    feature: "invoicing",
    policy: MEMBERS_ASK,
  },
  "optimize-day": {
    title: "Optimize a day's routes",
    label: "optimize routes",
    assistant: {
      tool: "Optimize every crew's route on a day (a calendar day) and show the proposal on the board for the user to apply.",
      help: "optimize a day's routes",
      examples: ["optimize tomorrow's routes"],
    },
    params: z.object({ date: calendarDateSchema }).strict(),
    feature: "route_optimization",
    policy: OFFICE_DIRECT,
  },
  "export-customers": {
    title: "Export customers",
    label: "export customers",
    assistant: {
      tool: "Export all customers as a CSV file the user downloads.",
      help: "export your customers",
      examples: ["export my customers to a spreadsheet"],
    },
    params: z.object({}).strict(),
    feature: "export",
    policy: MEMBERS_ASK,
  },
  "enable-hipaa-mode": {
    title: "Enable HIPAA mode",
    label: "enable HIPAA mode",
    assistant: {
      tool: "Turn on HIPAA mode for the company (it cannot be turned off from the chat).",
      help: "turn on HIPAA mode",
      examples: ["turn on hipaa mode"],
    },
    params: z.object({}).strict(),
    feature: "hipaa_mode",
    policy: { owner: "approval", admin: "direct", member: "approval", field_user: "denied" },
  },
  "set-automation": {
    title: "Set an automation",
    label: "turn automations on or off",
    assistant: {
      tool: "Turn one of the company's built-in automations on or off, or change when it fires: the visit reminder (minutes before the visit), the invoice follow-up (minutes after the due date) or the review request (minutes after a completed visit).",
      help: "turn the visit reminder, invoice follow-up or review request on or off",
      examples: [
        "remind customers the day before their visit",
        "stop sending visit reminders",
        "automatically follow up on invoices a week after they're due",
      ],
    },
    params: z
      .object({
        automation: z.enum(["visit_reminder", "invoice_follow_up", "review_request"]),
        enabled: z.boolean(),
        delayMinutes: z
          .number()
          .int()
          .min(0)
          .max(90 * 24 * 60)
          .optional(),
      })
      .strict(),
    policy: { owner: "direct", admin: "direct", member: "approval", field_user: "denied" },
  },
} as const satisfies Record<string, ModuleCatalogEntry>;

export type ModuleId = keyof typeof catalog;
export const MODULE_CATALOG: Readonly<Record<ModuleId, ModuleCatalogEntry>> = catalog;
/** Every business module a user (or the assistant for them) can run. */
export const MODULE_IDS = Object.keys(MODULE_CATALOG) as [ModuleId, ...ModuleId[]];
export const moduleIdSchema = z.enum(MODULE_IDS);
export type ModuleParams<Id extends ModuleId> = z.output<(typeof catalog)[Id]["params"]>;

/** The modules the assistant may propose; each runs only after the user confirms it in the chat. */
export type AssistantModuleId = {
  [Id in ModuleId]: (typeof catalog)[Id]["assistant"] extends false ? never : Id;
}[ModuleId];
export const ASSISTANT_MODULE_IDS = MODULE_IDS.filter(
  (id): id is AssistantModuleId => MODULE_CATALOG[id].assistant !== false,
) as [AssistantModuleId, ...AssistantModuleId[]];
export const assistantModuleIdSchema = z.enum(ASSISTANT_MODULE_IDS);

/** What a module is called where a person reads it ("Create a job"); an id no module has is shown as it is. */
export function moduleTitle(moduleId: string): string {
  const parsed = moduleIdSchema.safeParse(moduleId);
  return parsed.success ? MODULE_CATALOG[parsed.data].title : moduleId;
}

export function modulePolicy(moduleId: ModuleId, role: Role): ModulePolicy {
  return MODULE_CATALOG[moduleId].policy[role];
}

/** The roles that may ask for a module at all (directly or through an approval). */
export function rolesAllowedModule(moduleId: ModuleId): Role[] {
  const policy = MODULE_CATALOG[moduleId].policy;
  return (Object.keys(policy) as Role[]).filter((role) => policy[role] !== "denied");
}

/** POST /api/modules/execute. */
export const executeModuleRequestSchema = z.object({
  moduleId: moduleIdSchema,
  params: z.record(text({ max: 100 }), z.unknown()).default({}),
});
export type ExecuteModuleRequest = z.input<typeof executeModuleRequestSchema>;

export const moduleRunStatusSchema = z.enum([
  "queued",
  "running",
  "succeeded",
  "failed",
  "awaiting_approval",
  "denied",
  "expired",
]);
export type ModuleRunStatus = z.infer<typeof moduleRunStatusSchema>;

/** The answer's fields, with the run they are about. */
export const executeModuleResponseSchema = moduleExecutionResultSchema.extend({
  /** Null when nothing was stored (the plan does not include the module). */
  runId: z.string().nullable(),
  status: moduleRunStatusSchema.nullable(),
});
export type ExecuteModuleResponse = z.infer<typeof executeModuleResponseSchema>;

/** Where the user sees what a finished run made (the optimized day's proposal on the board), in words. */
export const moduleRunLinkSchema = z.object({ href: z.string().max(500), label: z.string().max(200) });
export type ModuleRunLink = z.infer<typeof moduleRunLinkSchema>;

export const moduleRunSchema = z.object({
  id: z.string(),
  moduleId: moduleIdSchema,
  status: moduleRunStatusSchema,
  message: z.string().nullable(),
  error: z.string().nullable(),
  /** Until when the requester may undo it; null when it cannot be undone. */
  undoUntil: z.string().nullable(),
  undone: z.boolean(),
  /** A file the run produced, downloadable by the requester. */
  download: z.string().nullable(),
  /** Where to see what the run made; null when it made nothing to open. */
  link: moduleRunLinkSchema.nullable(),
});
export type ModuleRun = z.infer<typeof moduleRunSchema>;

/**
 * A run as it stands, told to the user who asked for it (`module.run_updated`, and each stored chip of a reloaded
 * conversation): the fields of POST /api/modules/execute's answer for its status, so the client shows the same chip and
 * toast either way, and what the chip offers (its Undo until `undoUntil`, its file, its link).
 */
export const moduleRunUpdateSchema = z.object({
  runId: z.string(),
  moduleId: z.string(),
  status: moduleRunStatusSchema,
  success: z.boolean().optional(),
  message: z.string().optional(),
  error: z.string().optional(),
  reason: z.string().optional(),
  undoUntil: z.string().nullable().default(null),
  undone: z.boolean().default(false),
  download: z.string().nullable().default(null),
  link: moduleRunLinkSchema.nullable().default(null),
});
export type ModuleRunUpdate = z.infer<typeof moduleRunUpdateSchema>;

export const approvalStatusSchema = z.enum(["pending", "approved", "denied", "expired"]);

/** An approval request as owners and administrators see it. */
export const approvalRequestSchema = z.object({
  id: z.string(),
  moduleId: moduleIdSchema,
  moduleLabel: z.string(),
  /** What approving it will do, in words. */
  summary: z.string(),
  params: z.record(z.string(), z.unknown()),
  /** The hash of the parameters: an approval names it, so what is approved is what was shown. */
  paramsHash: z.string(),
  status: approvalStatusSchema,
  requestedBy: z.object({ id: z.string(), name: z.string(), role: z.string() }),
  requestedAt: z.string(),
  expiresAt: z.string(),
  decidedAt: z.string().nullable(),
  denyReason: z.string().nullable(),
});
export type ApprovalRequest = z.infer<typeof approvalRequestSchema>;

export const approvalListResponseSchema = z.object({ items: z.array(approvalRequestSchema).max(200) });
export const MAX_PENDING_APPROVALS_LISTED = 200;

export const approveRequestSchema = z.object({ paramsHash: text({ max: 128 }).min(1) });
export const denyRequestSchema = z.object({
  reason: text({ max: 500, trim: true }).min(1, "Say why the request is denied"),
});

/** The Idempotency-Key of a module run: the same key runs the module once. */
export const executeModuleHeadersSchema = z.object({ "idempotency-key": text({ max: 100 }).min(1).optional() });
/** An approval decided: the run it was about. */
export const approvalEntrySchema = z.object({ run: moduleRunSchema });

const tags = ["modules"];

export const moduleEndpoints = {
  execute: defineEndpoint({
    method: "POST",
    path: "/api/modules/execute",
    tags,
    summary:
      "Run a business module: checked for role, plan and policy, then queued, or stored for an owner's or administrator's approval",
    headers: executeModuleHeadersSchema,
    body: executeModuleRequestSchema,
    response: executeModuleResponseSchema,
  }),
  run: defineEndpoint({
    method: "GET",
    path: "/api/modules/runs/:id",
    tags,
    summary: "One of the user's module runs: its status and outcome",
    params: idParamsSchema,
    response: moduleRunSchema,
  }),
  undoRun: defineEndpoint({
    method: "POST",
    path: "/api/modules/runs/:id/undo",
    tags,
    summary: "Undo one of the user's module runs, within 5 minutes of it finishing (idempotent)",
    params: idParamsSchema,
    response: moduleRunSchema,
  }),
  /** The file as CSV, with its name in content-disposition. */
  downloadRun: defineEndpoint({
    method: "GET",
    path: "/api/modules/runs/:id/download",
    tags,
    summary: "The file a module run produced (the customers' CSV), for the user who ran it",
    params: idParamsSchema,
    response: z.string(),
  }),
  approvals: defineEndpoint({
    method: "GET",
    path: "/api/approvals",
    tags,
    summary: "Module runs waiting for an owner's or administrator's approval",
    response: approvalListResponseSchema,
    capability: "approvals.decide",
  }),
  approve: defineEndpoint({
    method: "POST",
    path: "/api/approvals/:id/approve",
    tags,
    summary:
      "Approve a pending module run, naming the parameters' hash that was shown; the run is queued once (idempotent)",
    params: idParamsSchema,
    body: approveRequestSchema,
    response: approvalEntrySchema,
    capability: "approvals.decide",
  }),
  deny: defineEndpoint({
    method: "POST",
    path: "/api/approvals/:id/deny",
    tags,
    summary: "Deny a pending module run with a reason the requester is told",
    params: idParamsSchema,
    body: denyRequestSchema,
    response: approvalEntrySchema,
    capability: "approvals.decide",
  }),
} as const;
