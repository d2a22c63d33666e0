import type { Automation as AutomationModel } from "@fieldops/db";
import {
  automationActionSchema,
  automationConditionsSchema,
  automationTimingSchema,
  automationTriggerSchema,
  type Automation,
  type AutomationAction,
  type AutomationConditions,
  type AutomationTiming,
  type AutomationTrigger,
} from "@fieldops/shared/automations";
import { z } from "zod";

/** An automation as the server reads it: its JSON columns parsed by their contracts. */
export interface AutomationRow {
  id: string;
  key: string | null;
  name: string;
  trigger: AutomationTrigger;
  timing: AutomationTiming;
  delayMinutes: number;
  conditions: AutomationConditions;
  actions: AutomationAction[];
  enabled: boolean;
  createdByUserId: string | null;
  createdAt: Date;
  updatedAt: Date;
}

const actionsSchema = z.array(automationActionSchema);

export function readAutomationRow(row: AutomationModel): AutomationRow {
  return {
    id: row.id,
    key: row.key,
    name: row.name,
    trigger: automationTriggerSchema.parse(row.trigger),
    timing: automationTimingSchema.parse(row.timing),
    delayMinutes: row.delayMinutes,
    conditions: automationConditionsSchema.parse(row.conditions),
    actions: actionsSchema.parse(row.actions),
    enabled: row.enabled,
    createdByUserId: row.createdByUserId,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export function toAutomation(row: AutomationRow, runs: { scheduledRuns: number; lastRunAt: Date | null }): Automation {
  return {
    id: row.id,
    key: row.key,
    name: row.name,
    trigger: row.trigger,
    timing: row.timing,
    delayMinutes: row.delayMinutes,
    conditions: row.conditions,
    actions: row.actions,
    enabled: row.enabled,
    scheduledRuns: runs.scheduledRuns,
    lastRunAt: runs.lastRunAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
