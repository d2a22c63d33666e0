import {
  NAVIGATE_TARGETS,
  OPEN_MODAL_TARGETS,
  UI_ACTION_TYPES,
  uiActionSchema,
  type NavigateTarget,
  type OpenModalTarget,
  type UiAction,
  type UiActionType,
} from "@fieldops/shared/ui-actions";
import type { Toast } from "./toasts.ts";

export const NAVIGATE_LABELS: Record<NavigateTarget, string> = {
  "/dashboard": "Dashboard",
  "/settings": "Settings",
  "/settings/integrations": "Integration settings",
  "/settings/payments": "Payment settings",
  "/settings/communications": "Communication settings",
  "/jobs": "Jobs",
  "/customers": "Customers",
  "/crews": "Crews",
};

export const OPEN_MODAL_LABELS: Record<OpenModalTarget, string> = {
  "integrations.quickbooks": "QuickBooks",
  "integrations.stripe": "Stripe",
  "integrations.twilio": "Twilio",
  "settings.payments": "Payment settings",
  "settings.communications": "Communication settings",
  "settings.integrations": "Integration settings",
  "builder.refine": "Build refinement",
  "builder.confirm": "Build confirmation",
};

export const DEFAULT_TOAST_TITLE = "Notification";

export interface BuildModalRequest {
  proposalId?: string;
  quote?: unknown;
  spec?: unknown;
  consentToken?: string;
  sessionId?: string;
}

/** What an allowed action does, once every rule has passed. */
export type UiActionStep =
  | { type: "navigate"; path: NavigateTarget; label: string }
  | { type: "openModal"; target: OpenModalTarget; label: string }
  | { type: "startOAuth"; url: string; host: string }
  | { type: "showToast"; toast: Omit<Toast, "id" | "open"> }
  | { type: "openBuildModal"; build: BuildModalRequest }
  | { type: "executeModule"; actionId: string; moduleId: string; params: Record<string, unknown> }
  | {
      type: "requestModuleApproval";
      actionId: string;
      moduleId: string;
      params: Record<string, unknown>;
      reason?: string;
    }
  | { type: "request_quote"; sessionId: string; spec: unknown };

export type UiActionPlan =
  { allowed: true; action: UiAction; step: UiActionStep } | { allowed: false; chip: string; warning: string };

export interface UiActionRuleOptions {
  /** Origins (`https://host[:port]`) an OAuth authorization URL may start with. */
  allowedOAuthOrigins: readonly string[];
  /** The company's names for the pages (a vertical may call jobs "Service Calls"). */
  navigateLabels?: Partial<Record<NavigateTarget, string>>;
}

const ORIGIN = /^https?:\/\/[a-z0-9.-]+(?::\d{1,5})?$/i;

/** Refuses an allow-list entry that is not a bare origin: a path or credentials in it would widen the check. */
export function assertOrigins(origins: readonly string[]): void {
  for (const origin of origins) {
    if (!ORIGIN.test(origin)) throw new Error(`Not an origin (scheme://host[:port]): ${origin}`);
  }
}

/**
 * Whether `url` is at `origin`: the origin must be followed by the end, a path, a query or a fragment, so that
 * `https://quickbooks.example.evil.com` and `https://quickbooks.example@evil.com` are not at `https://quickbooks.example`.
 */
export function isAtOrigin(url: string, origin: string): boolean {
  if (!ORIGIN.test(origin)) return false;
  if (url.slice(0, origin.length).toLowerCase() !== origin.toLowerCase()) return false;
  const next = url.charAt(origin.length);
  return next === "" || next === "/" || next === "?" || next === "#";
}

function isKnownType(type: string): type is UiActionType {
  return (UI_ACTION_TYPES as readonly string[]).includes(type);
}

function isNavigateTarget(target: string | undefined): target is NavigateTarget {
  return target !== undefined && (NAVIGATE_TARGETS as readonly string[]).includes(target);
}

function isOpenModalTarget(target: string | undefined): target is OpenModalTarget {
  return target !== undefined && (OPEN_MODAL_TARGETS as readonly string[]).includes(target);
}

function refuse(chip: string, warning: string): UiActionPlan {
  return { allowed: false, chip, warning };
}

function quoted(value: string | undefined): string {
  return value === undefined ? "(none)" : JSON.stringify(value.length > 80 ? `${value.slice(0, 80)}…` : value);
}

/** The id of a raw action, when it has one, for recognising a repeat before the action is validated. */
export function rawActionId(raw: unknown): string | undefined {
  if (typeof raw !== "object" || raw === null || !("id" in raw)) return undefined;
  return typeof raw.id === "string" && raw.id.length > 0 ? raw.id : undefined;
}

/** Checks one raw action against the contract and the allow-lists, and says what it would do or why not. */
export function planUiAction(raw: unknown, options: UiActionRuleOptions): UiActionPlan {
  const parsed = uiActionSchema.safeParse(raw);
  if (!parsed.success)
    return refuse("Blocked: malformed action", "UI action ignored: it does not match the UI action contract");
  const action = parsed.data;
  if (!isKnownType(action.type)) {
    return refuse(
      `Ignored: unknown action ${quoted(action.type)}`,
      `UI action ignored: unknown type ${quoted(action.type)}`,
    );
  }
  const step = planStep(action.type, action, options);
  return "allowed" in step ? step : { allowed: true, action, step };
}

function planStep(type: UiActionType, action: UiAction, options: UiActionRuleOptions): UiActionStep | UiActionPlan {
  switch (type) {
    case "navigate":
      if (!isNavigateTarget(action.target)) {
        return refuse(
          `Blocked: page ${quoted(action.target)} is not allowed`,
          `navigate blocked: ${quoted(action.target)} is not an allowed page`,
        );
      }
      return {
        type,
        path: action.target,
        label: options.navigateLabels?.[action.target] ?? NAVIGATE_LABELS[action.target],
      };
    case "openModal":
      if (!isOpenModalTarget(action.target)) {
        return refuse(
          `Blocked: modal ${quoted(action.target)} is not allowed`,
          `openModal blocked: ${quoted(action.target)} is not an allowed modal`,
        );
      }
      return { type, target: action.target, label: OPEN_MODAL_LABELS[action.target] };
    case "startOAuth": {
      const url = action.params?.authUrl;
      const origin =
        url === undefined ? undefined : options.allowedOAuthOrigins.find((allowed) => isAtOrigin(url, allowed));
      if (url === undefined || origin === undefined) {
        return refuse(
          `Blocked: sign-in at ${quoted(url)} is not an allowed provider`,
          `startOAuth blocked: ${quoted(url)} is not at an allowed provider origin`,
        );
      }
      return { type, url, host: origin.replace(/^https?:\/\//i, "") };
    }
    case "showToast":
      return {
        type,
        toast: {
          title: action.params?.title ?? DEFAULT_TOAST_TITLE,
          description: action.params?.message,
          variant: action.params?.variant ?? "default",
        },
      };
    case "openBuildModal":
      return {
        type,
        build: {
          proposalId: action.params?.proposalId,
          quote: action.quote,
          spec: action.spec,
          consentToken: action.consentToken,
          sessionId: action.sessionId,
        },
      };
    case "executeModule":
    case "requestModuleApproval":
      if (action.moduleId === undefined)
        return refuse("Blocked: no module named", `${type} blocked: the action names no module`);
      return type === "executeModule"
        ? { type, actionId: action.id, moduleId: action.moduleId, params: action.moduleParams ?? {} }
        : {
            type,
            actionId: action.id,
            moduleId: action.moduleId,
            params: action.moduleParams ?? {},
            reason: action.approvalReason,
          };
    case "request_quote":
      if (action.sessionId === undefined)
        return refuse("Blocked: quote request without a build session", "request_quote blocked: no sessionId");
      return { type, sessionId: action.sessionId, spec: action.spec };
  }
}
