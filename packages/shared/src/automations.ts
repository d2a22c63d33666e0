/**
 * Automations: a trigger (something that happens to a visit, an invoice, an estimate, a job or a customer), the
 * conditions it must meet, and what to do, after a delay or before a visit. Each run is a delayed background task,
 * planned when its trigger happens and checked again when it fires.
 */
import { z } from "zod";
import { defineEndpoint } from "./endpoint";
import { text } from "./text";

export const AUTOMATION_TRIGGERS = [
  "visit.scheduled",
  "visit.rescheduled",
  "visit.completed",
  "invoice.sent",
  "invoice.overdue",
  "estimate.unapproved",
  "job.created",
  "customer.created",
] as const;
export const automationTriggerSchema = z.enum(AUTOMATION_TRIGGERS);
export type AutomationTrigger = z.infer<typeof automationTriggerSchema>;

/** What a trigger is about: the record a run acts on and re-checks when it fires. */
export type AutomationSubjectType = "visit" | "invoice" | "estimate" | "job" | "customer";

export const AUTOMATION_TRIGGER_SUBJECTS: Record<AutomationTrigger, AutomationSubjectType> = {
  "visit.scheduled": "visit",
  "visit.rescheduled": "visit",
  "visit.completed": "visit",
  "invoice.sent": "invoice",
  "invoice.overdue": "invoice",
  "estimate.unapproved": "estimate",
  "job.created": "job",
  "customer.created": "customer",
};

export const AUTOMATION_TRIGGER_LABELS: Record<AutomationTrigger, string> = {
  "visit.scheduled": "A visit is scheduled",
  "visit.rescheduled": "A visit is moved to another time",
  "visit.completed": "A visit is completed",
  "invoice.sent": "An invoice is sent",
  "invoice.overdue": "An invoice is overdue",
  "estimate.unapproved": "An estimate is sent and not approved",
  "job.created": "A job is created",
  "customer.created": "A customer is created",
};

/**
 * When a run fires: `after` the trigger by `delayMinutes` (for an overdue invoice, after its due date; for an estimate,
 * after it was sent), or `before_visit`: that long before the visit's start (a visit trigger only).
 */
export const automationTimingSchema = z.enum(["after", "before_visit"]);
export type AutomationTiming = z.infer<typeof automationTimingSchema>;

/** The longest delay or lead time: 90 days. */
export const AUTOMATION_MAX_DELAY_MINUTES = 90 * 24 * 60;
/** A reminder planned for a visit booked inside its lead time is sent at once, but not within this of the start. */
export const AUTOMATION_LATE_REMINDER_CUTOFF_MINUTES = 60;
export const MAX_AUTOMATIONS = 50;
export const MAX_AUTOMATION_ACTIONS = 5;
/** The run history an automation's page shows. */
export const AUTOMATION_RUN_HISTORY = 100;

const tagText = text({ max: 50, trim: true }).min(1, "Give the tag");

export const automationConditionsSchema = z.object({
  /** The customer has at least one of these tags (none: any customer). */
  customerTags: z.array(tagText).max(20).default([]),
  /** The job's title or one of its services contains one of these words (none: any service). */
  services: z
    .array(text({ max: 100, trim: true }).min(1))
    .max(20)
    .default([]),
  /** The visit is on one of these crews (visit triggers; none: any crew). */
  crewIds: z.array(z.uuid()).max(50).default([]),
});
export type AutomationConditions = z.infer<typeof automationConditionsSchema>;

const messageBody = (max: number) => text({ max, trim: true }).min(1, "Write the message");

export const automationActionSchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("send_email"),
    subject: text({ max: 200, trim: true }).min(1, "Write the subject"),
    body: messageBody(5000),
  }),
  z.object({ type: z.literal("send_sms"), body: messageBody(640) }),
  z.object({ type: z.literal("notify_user"), userId: z.uuid(), message: messageBody(1000) }),
  z.object({ type: z.literal("create_follow_up"), title: text({ max: 200, trim: true }).min(1, "Give the title") }),
  z.object({
    type: z.literal("request_review"),
    channel: z.enum(["email", "sms"]),
    reviewUrl: text({ max: 2000, trim: true }).pipe(
      z.url({ protocol: /^https$/, error: "Give your review page's https:// address" }),
    ),
    message: messageBody(640),
  }),
  z.object({ type: z.literal("add_tag"), tag: tagText }),
]);
export type AutomationAction = z.infer<typeof automationActionSchema>;
export type AutomationActionType = AutomationAction["type"];

export const AUTOMATION_ACTION_LABELS: Record<AutomationActionType, string> = {
  send_email: "E-mail the customer",
  send_sms: "Text the customer",
  notify_user: "Notify a team member",
  create_follow_up: "Create a follow-up job",
  request_review: "Ask the customer for a review",
  add_tag: "Tag the customer",
};

/** The words a template may use, `{{name}}`, by the trigger's subject (the customer's are in every one). */
const CUSTOMER_PLACEHOLDERS = ["customer_name", "customer_first_name", "company_name", "company_phone"] as const;
export const AUTOMATION_PLACEHOLDERS: Record<AutomationSubjectType, readonly string[]> = {
  visit: [...CUSTOMER_PLACEHOLDERS, "visit_date", "visit_time", "crew_name", "job_title", "job_number"],
  invoice: [...CUSTOMER_PLACEHOLDERS, "invoice_number", "invoice_balance", "invoice_due_date", "pay_link"],
  estimate: [...CUSTOMER_PLACEHOLDERS, "estimate_number", "estimate_title", "estimate_link"],
  job: [...CUSTOMER_PLACEHOLDERS, "job_title", "job_number"],
  customer: [...CUSTOMER_PLACEHOLDERS],
};
/** A review request's message names its link too. */
export const REVIEW_LINK_PLACEHOLDER = "review_link";

const PLACEHOLDER = /\{\{\s*([a-z_]+)\s*\}\}/g;

/** The `{{names}}` of a template a trigger cannot fill, in order of appearance. */
export function unknownPlaceholders(template: string, trigger: AutomationTrigger, extra: readonly string[] = []) {
  const known = new Set([...AUTOMATION_PLACEHOLDERS[AUTOMATION_TRIGGER_SUBJECTS[trigger]], ...extra]);
  const unknown = [...template.matchAll(PLACEHOLDER)].map((match) => match[1]!).filter((name) => !known.has(name));
  return [...new Set(unknown)];
}

/** Fills a template's `{{names}}` (a name without a value becomes empty). */
export function fillTemplate(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(PLACEHOLDER, (_, name: string) => values[name] ?? "");
}

export const automationConfigSchema = z
  .object({
    name: text({ max: 120, trim: true }).min(1, "Name the automation"),
    trigger: automationTriggerSchema,
    timing: automationTimingSchema.default("after"),
    delayMinutes: z.number().int().min(0).max(AUTOMATION_MAX_DELAY_MINUTES),
    conditions: automationConditionsSchema.default({ customerTags: [], services: [], crewIds: [] }),
    actions: z.array(automationActionSchema).min(1, "Add at least one action").max(MAX_AUTOMATION_ACTIONS),
    enabled: z.boolean().default(false),
  })
  .superRefine((config, context) => {
    if (config.timing === "before_visit" && config.trigger !== "visit.scheduled")
      context.addIssue({
        code: "custom",
        path: ["timing"],
        message: "Only a scheduled visit can be counted back from its start",
      });
    config.actions.forEach((action, index) => {
      const templates: [string, string][] = [];
      if (action.type === "send_email") templates.push(["subject", action.subject], ["body", action.body]);
      if (action.type === "send_sms") templates.push(["body", action.body]);
      if (action.type === "notify_user" || action.type === "request_review")
        templates.push(["message", action.message]);
      if (action.type === "create_follow_up") templates.push(["title", action.title]);
      const extra = action.type === "request_review" ? [REVIEW_LINK_PLACEHOLDER] : [];
      for (const [field, template] of templates) {
        const unknown = unknownPlaceholders(template, config.trigger, extra);
        if (unknown.length > 0)
          context.addIssue({
            code: "custom",
            path: ["actions", index, field],
            message: `${AUTOMATION_TRIGGER_LABELS[config.trigger]} has no ${unknown.map((name) => `{{${name}}}`).join(", ")}`,
          });
      }
    });
  });
export type AutomationConfig = z.infer<typeof automationConfigSchema>;

export const automationRunStatusSchema = z.enum(["scheduled", "done", "skipped", "failed", "canceled"]);
export type AutomationRunStatus = z.infer<typeof automationRunStatusSchema>;

export const automationSchema = z.object({
  id: z.string(),
  /** The built-in automation a new company starts with ("visit_reminder"), or null for one made by the company. */
  key: z.string().nullable(),
  name: z.string(),
  trigger: automationTriggerSchema,
  timing: automationTimingSchema,
  delayMinutes: z.number().int(),
  conditions: automationConditionsSchema,
  actions: z.array(automationActionSchema),
  enabled: z.boolean(),
  /** Runs waiting to fire. */
  scheduledRuns: z.number().int(),
  lastRunAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Automation = z.infer<typeof automationSchema>;

export const automationListSchema = z.object({ items: z.array(automationSchema).max(MAX_AUTOMATIONS) });

export const automationRunSchema = z.object({
  id: z.string(),
  status: automationRunStatusSchema,
  subjectType: z.enum(["visit", "invoice", "estimate", "job", "customer"]),
  subjectId: z.string(),
  /** The record in words ("Visit of Jane Doe, Tue, Mar 3, 9:00 AM"). */
  subjectLabel: z.string(),
  customerId: z.string().nullable(),
  fireAt: z.string(),
  firedAt: z.string().nullable(),
  /** What happened, in words ("E-mailed jane@example.com"; "Skipped: the visit moved to …"). */
  outcome: z.string().nullable(),
  createdAt: z.string(),
});
export type AutomationRun = z.infer<typeof automationRunSchema>;

export const automationRunListSchema = z.object({
  items: z.array(automationRunSchema).max(AUTOMATION_RUN_HISTORY),
});

export const updateAutomationEnabledRequestSchema = z.object({ enabled: z.boolean() }).strict();

const idParams = z.object({ id: z.uuid() });

export const automationEndpoints = {
  list: defineEndpoint({
    method: "GET",
    path: "/api/automations",
    tags: ["automations"],
    summary: "The company's automations",
    response: automationListSchema,
    capability: "settings.read",
  }),
  get: defineEndpoint({
    method: "GET",
    path: "/api/automations/:id",
    tags: ["automations"],
    summary: "One automation",
    params: idParams,
    response: automationSchema,
    capability: "settings.read",
  }),
  runs: defineEndpoint({
    method: "GET",
    path: "/api/automations/:id/runs",
    tags: ["automations"],
    summary: "An automation's last 100 runs, the next to fire first",
    params: idParams,
    response: automationRunListSchema,
    capability: "settings.read",
  }),
  create: defineEndpoint({
    method: "POST",
    path: "/api/automations",
    tags: ["automations"],
    summary: "A new automation (audited)",
    body: automationConfigSchema,
    status: 201,
    response: automationSchema,
    capability: "automations.manage",
  }),
  update: defineEndpoint({
    method: "PUT",
    path: "/api/automations/:id",
    tags: ["automations"],
    summary: "Change an automation; its waiting runs are planned again (audited)",
    params: idParams,
    body: automationConfigSchema,
    response: automationSchema,
    capability: "automations.manage",
  }),
  setEnabled: defineEndpoint({
    method: "PATCH",
    path: "/api/automations/:id",
    tags: ["automations"],
    summary: "Turn an automation on or off (audited)",
    params: idParams,
    body: updateAutomationEnabledRequestSchema,
    response: automationSchema,
    capability: "automations.manage",
  }),
  remove: defineEndpoint({
    method: "DELETE",
    path: "/api/automations/:id",
    tags: ["automations"],
    summary: "Delete an automation; its waiting runs are canceled (audited)",
    params: idParams,
    status: 204,
    response: z.null(),
    capability: "automations.manage",
  }),
};

/** A review page's address until the company gives its own: an automation that still has it is not turned on. */
export const REVIEW_URL_PLACEHOLDER = "https://example.com/your-review-page";

export type DefaultAutomation = z.input<typeof automationConfigSchema> & { key: string };

/**
 * What a new company starts with: the visit reminder on; the invoice follow-up on where the plan invoices; the review
 * request off until the company gives its review page.
 */
export const DEFAULT_AUTOMATIONS: readonly DefaultAutomation[] = [
  {
    key: "visit_reminder",
    name: "Visit reminder the day before",
    trigger: "visit.scheduled",
    timing: "before_visit",
    delayMinutes: 24 * 60,
    enabled: true,
    actions: [
      {
        type: "send_email",
        subject: "Reminder: {{company_name}} visits you on {{visit_date}}",
        body: "Hello {{customer_first_name}},\n\nThis is a reminder that {{company_name}} is scheduled to visit on {{visit_date}} at {{visit_time}} for {{job_title}}.\n\nIf this time no longer works, reply to this e-mail or call us at {{company_phone}}.\n\n{{company_name}}",
      },
    ],
  },
  {
    key: "invoice_follow_up",
    name: "Invoice follow-up at 7 days overdue",
    trigger: "invoice.overdue",
    timing: "after",
    delayMinutes: 7 * 24 * 60,
    enabled: true,
    actions: [
      {
        type: "send_email",
        subject: "Invoice #{{invoice_number}} is past due",
        body: "Hello {{customer_first_name}},\n\nInvoice #{{invoice_number}} was due on {{invoice_due_date}} and {{invoice_balance}} is still open. You can see it and pay online here:\n\n{{pay_link}}\n\nIf you have already paid, thank you, and please ignore this message.\n\n{{company_name}}",
      },
    ],
  },
  {
    key: "review_request",
    name: "Review request after a completed visit",
    trigger: "visit.completed",
    timing: "after",
    delayMinutes: 2 * 60,
    enabled: false,
    actions: [
      {
        type: "request_review",
        channel: "email",
        reviewUrl: REVIEW_URL_PLACEHOLDER,
        message:
          "Hello {{customer_first_name}}, thank you for choosing {{company_name}} for {{job_title}}. Would you take a minute to tell others how we did? {{review_link}}",
      },
    ],
  },
];

export const automationTestClockRequestSchema = z.object({
  minutes: z.number().int().min(0).max(AUTOMATION_MAX_DELAY_MINUTES),
});

/**
 * Tests only (`AUTOMATION_TEST_CLOCK=true`, refused in production): fires the company's waiting runs due within
 * `minutes`, as if the clock had moved on; each still checks everything when it fires.
 */
export const automationTestClockEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/automations/test-clock",
  tags: ["automations"],
  summary: "Tests only: fire the runs due within the next minutes",
  body: automationTestClockRequestSchema,
  response: z.object({ fired: z.number().int() }),
  capability: "automations.manage",
});
