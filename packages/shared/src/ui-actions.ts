import { z } from "zod";
import { text } from "./text";

/** The action types the app carries out; an action of any other type is ignored with a warning. */
export const UI_ACTION_TYPES = [
  "openModal",
  "navigate",
  "startOAuth",
  "showToast",
  "openBuildModal",
  "executeModule",
  "requestModuleApproval",
  "request_quote",
] as const;
export const uiActionTypeSchema = z.enum(UI_ACTION_TYPES);
export type UiActionType = z.infer<typeof uiActionTypeSchema>;

export const OPEN_MODAL_TARGETS = [
  "integrations.quickbooks",
  "integrations.stripe",
  "integrations.twilio",
  "settings.payments",
  "settings.communications",
  "settings.integrations",
  "builder.refine",
  "builder.confirm",
] as const;
export const openModalTargetSchema = z.enum(OPEN_MODAL_TARGETS);
export type OpenModalTarget = z.infer<typeof openModalTargetSchema>;

export const NAVIGATE_TARGETS = [
  "/dashboard",
  "/settings",
  "/settings/integrations",
  "/settings/payments",
  "/settings/communications",
  "/jobs",
  "/customers",
  "/crews",
] as const;
export const navigateTargetSchema = z.enum(NAVIGATE_TARGETS);
export type NavigateTarget = z.infer<typeof navigateTargetSchema>;

export const toastVariantSchema = z.enum(["default", "destructive", "success", "warning"]);

/**
 * One UI action as the assistant sends it (the fields of the product's UI action entity). Loose on purpose: the
 * ui-actions machine decides what is allowed (targets, origins, types) and says why it refused; this schema only
 * bounds the shape so that nothing unbounded reaches the client.
 */
export const uiActionSchema = z.object({
  id: text({ max: 100 }).min(1),
  type: text({ max: 50 }),
  target: text({ max: 500 }).optional(),
  params: z
    .object({
      authUrl: text({ max: 2000 }).optional(),
      title: text({ max: 200 }).optional(),
      message: text({ max: 2000 }).optional(),
      variant: toastVariantSchema.optional(),
      proposalId: text({ max: 100 }).optional(),
    })
    .optional(),
  quote: z.unknown().optional(),
  spec: z.unknown().optional(),
  consentToken: text({ max: 2000 }).optional(),
  sessionId: text({ max: 100 }).optional(),
  moduleId: text({ max: 100 }).optional(),
  moduleParams: z.record(text({ max: 100 }), z.unknown()).optional(),
  approvalRequired: z.boolean().optional(),
  approvalReason: text({ max: 1000 }).optional(),
});
export type UiAction = z.infer<typeof uiActionSchema>;

/** POST /api/modules/execute: the answer's fields. */
export const moduleExecutionResultSchema = z.object({
  success: z.boolean(),
  message: z.string().optional(),
  requiresApproval: z.boolean().optional(),
  reason: z.string().optional(),
  planUpgradeRequired: z.boolean().optional(),
  error: z.string().optional(),
});
export type ModuleExecutionResult = z.infer<typeof moduleExecutionResultSchema>;
