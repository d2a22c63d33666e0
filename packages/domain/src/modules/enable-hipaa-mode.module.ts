import { defineModule } from "./module-definition.ts";

/** Turns on the company's HIPAA mode. Turning it off is not a module: it is never done from a chat. */
export const enableHipaaModeModule = defineModule({
  id: "enable-hipaa-mode",
  describe: async () => "Turn on HIPAA mode for the company.",
  async run({ tx, companyId }) {
    const company = await tx.company.findUniqueOrThrow({
      where: { id: companyId },
      select: { hipaaMode: true },
    });
    if (company.hipaaMode) return { message: "HIPAA mode was already on" };
    await tx.company.update({ where: { id: companyId }, data: { hipaaMode: true } });
    return { message: "HIPAA mode is on", result: { hipaaMode: true } };
  },
});
