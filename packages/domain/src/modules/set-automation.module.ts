import { AUTOMATION_TRIGGER_LABELS, DEFAULT_AUTOMATIONS } from "@fieldops/shared/automations";
import { z } from "zod";
import { readAutomationRow } from "../automations/automation-record.ts";
import { defaultAutomationRows, setAutomationEnabled, updateAutomation } from "../automations/manage-automations.ts";
import { conflict } from "../errors.ts";
import { defineModule } from "./module-definition.ts";

const undoSchema = z.object({ id: z.uuid(), enabled: z.boolean(), delayMinutes: z.number().int() });

function timingWords(minutes: number, before: boolean): string {
  const amount =
    minutes % 1440 === 0
      ? `${minutes / 1440} day${minutes === 1440 ? "" : "s"}`
      : minutes % 60 === 0
        ? `${minutes / 60} hour${minutes === 60 ? "" : "s"}`
        : `${minutes} minutes`;
  return before ? `${amount} before the visit` : `${amount} after`;
}

/**
 * Turns one of the built-in automations on or off, or changes when it fires, through the automations' own use cases
 * (audited, its runs planned again). One the company deleted is installed again from the defaults first.
 */
export const setAutomationModule = defineModule({
  id: "set-automation",
  async describe(tx, params) {
    const preset = DEFAULT_AUTOMATIONS.find((entry) => entry.key === params.automation)!;
    if (!params.enabled) return `Turn off the automation "${preset.name}".`;
    const minutes = params.delayMinutes ?? preset.delayMinutes;
    return `Turn on the automation "${preset.name}": ${AUTOMATION_TRIGGER_LABELS[preset.trigger].toLowerCase()}, ${timingWords(minutes, preset.timing === "before_visit")}.`;
  },
  async run(scope, params) {
    const { tx, companyId } = scope;
    let row = await tx.automation.findFirst({ where: { key: params.automation } });
    if (!row) {
      const preset = defaultAutomationRows(companyId, { invoicing: true, appOrigin: null }).find(
        (entry) => entry.key === params.automation,
      )!;
      row = await tx.automation.create({ data: { ...preset, enabled: false, createdByUserId: scope.actor.userId } });
    }
    const before = readAutomationRow(row);
    const delayMinutes = params.delayMinutes ?? before.delayMinutes;
    if (before.enabled === params.enabled && before.delayMinutes === delayMinutes)
      return { message: `"${before.name}" was already ${params.enabled ? "on" : "off"}` };
    const after =
      delayMinutes !== before.delayMinutes
        ? await updateAutomation(scope, { ...before, delayMinutes, enabled: params.enabled, appOrigin: null })
        : await setAutomationEnabled(scope, { id: before.id, enabled: params.enabled });
    return {
      message: after.enabled
        ? `"${after.name}" is on: ${timingWords(after.delayMinutes, after.timing === "before_visit")}`
        : `"${after.name}" is off`,
      result: { automationId: after.id },
      undo: { id: before.id, enabled: before.enabled, delayMinutes: before.delayMinutes },
    };
  },
  async undo(scope, stored) {
    const before = undoSchema.parse(stored);
    const row = await scope.tx.automation.findUnique({ where: { id: before.id } });
    if (!row) throw conflict("The automation was deleted since");
    const current = readAutomationRow(row);
    await updateAutomation(scope, { ...current, ...before, appOrigin: null });
  },
  link: (result) => {
    const parsed = z.object({ automationId: z.uuid() }).safeParse(result);
    return parsed.success ? { label: "Open the automation", href: `/automations/${parsed.data.automationId}` } : null;
  },
});
