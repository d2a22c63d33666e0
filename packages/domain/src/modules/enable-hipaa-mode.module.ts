import { setHipaaMode } from "../hipaa/manage-hipaa-mode.ts";
import { defineModule } from "./module-definition.ts";

/**
 * Turns on the company's HIPAA mode, the confirmation standing for the acknowledgement of the business associate
 * agreement (audited as Settings' switch is). Turning it off is not a module: it is never done from a chat.
 */
export const enableHipaaModeModule = defineModule({
  id: "enable-hipaa-mode",
  describe: async () =>
    "Turn on HIPAA mode for the company, acknowledging the business associate agreement: texts and e-mails to customers carry no names or notes, sessions end after 15 idle minutes, patient records' openings are audited and exports need an owner.",
  async run(scope) {
    const before = await scope.tx.company.findUniqueOrThrow({
      where: { id: scope.companyId },
      select: { hipaaMode: true },
    });
    if (before.hipaaMode) return { message: "HIPAA mode was already on" };
    await setHipaaMode(scope, { enabled: true, acknowledgeBaa: true }, { modelConfigured: false });
    return { message: "HIPAA mode is on", result: { hipaaMode: true } };
  },
});
