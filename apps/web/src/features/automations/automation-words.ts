import {
  AUTOMATION_ACTION_LABELS,
  AUTOMATION_TRIGGER_LABELS,
  type Automation,
  type AutomationAction,
  type AutomationRunStatus,
} from "@fieldops/shared/automations";

export type DelayUnit = "minutes" | "hours" | "days";
const UNIT_MINUTES: Record<DelayUnit, number> = { minutes: 1, hours: 60, days: 1440 };

/** A delay in minutes as the form shows it: the largest unit that divides it. */
export function splitDelay(minutes: number): { amount: number; unit: DelayUnit } {
  if (minutes > 0 && minutes % 1440 === 0) return { amount: minutes / 1440, unit: "days" };
  if (minutes > 0 && minutes % 60 === 0) return { amount: minutes / 60, unit: "hours" };
  return { amount: minutes, unit: "minutes" };
}

export function joinDelay(amount: number, unit: DelayUnit): number {
  return Math.round(amount * UNIT_MINUTES[unit]);
}

function delayWords(minutes: number): string {
  const { amount, unit } = splitDelay(minutes);
  return `${amount} ${amount === 1 ? unit.slice(0, -1) : unit}`;
}

/** When an automation acts, in words: "1 day before the visit", "7 days after an invoice is overdue", "at once". */
export function timingInWords(automation: Pick<Automation, "trigger" | "timing" | "delayMinutes">): string {
  const trigger = AUTOMATION_TRIGGER_LABELS[automation.trigger];
  if (automation.timing === "before_visit") return `${delayWords(automation.delayMinutes)} before a scheduled visit`;
  if (automation.trigger === "invoice.overdue")
    return automation.delayMinutes === 0
      ? "when an invoice falls due"
      : `${delayWords(automation.delayMinutes)} after an invoice's due date`;
  if (automation.trigger === "estimate.unapproved")
    return `when an estimate is still not approved ${delayWords(automation.delayMinutes)} after it was sent`;
  return automation.delayMinutes === 0
    ? `${trigger}: at once`
    : `${trigger}: ${delayWords(automation.delayMinutes)} later`;
}

export function actionsInWords(actions: readonly AutomationAction[]): string {
  return actions.map((action) => AUTOMATION_ACTION_LABELS[action.type]).join(", ");
}

export const RUN_STATUS_LABELS: Record<AutomationRunStatus, string> = {
  scheduled: "Waiting",
  done: "Done",
  skipped: "Skipped",
  failed: "Failed",
  canceled: "Canceled",
};
