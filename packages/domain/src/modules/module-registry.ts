import type { ModuleId } from "@fieldops/shared/modules";
import { createJobModule } from "./create-job.module.ts";
import { enableHipaaModeModule } from "./enable-hipaa-mode.module.ts";
import { exportCustomersModule } from "./export-customers.module.ts";
import type { ModuleDefinition } from "./module-definition.ts";
import { optimizeDayModule } from "./optimize-day.module.ts";
import { rescheduleVisitModule } from "./reschedule-visit.module.ts";
import { scheduleVisitModule } from "./schedule-visit.module.ts";
import { sendPaymentRemindersModule } from "./send-payment-reminders.module.ts";

/** Each module's handlers, by id; its label, plan feature, policy and parameters are in `@fieldops/shared/modules`. */
export const MODULES: { [Id in ModuleId]: ModuleDefinition<Id> } = {
  "create-job": createJobModule,
  "schedule-visit": scheduleVisitModule,
  "reschedule-visit": rescheduleVisitModule,
  "send-payment-reminders": sendPaymentRemindersModule,
  "optimize-day": optimizeDayModule,
  "export-customers": exportCustomersModule,
  "enable-hipaa-mode": enableHipaaModeModule,
};

/** The module's definition with its parameter type erased, for code that handles any run. */
export function moduleDefinition(moduleId: ModuleId): ModuleDefinition<ModuleId> {
  return MODULES[moduleId] as unknown as ModuleDefinition<ModuleId>;
}
