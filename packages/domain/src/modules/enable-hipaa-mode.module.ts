import { defineModule } from "./module-definition.ts";

/** Turns on the company's HIPAA mode. Turning it off is not a module: it is never done from a chat. */
export const enableHipaaModeModule = defineModule({
  id: "enable-hipaa-mode",
  describe: async () => "Turn on HIPAA mode for the company.",
  async run(tx, _params, context) {
    const company = await tx.company.findUniqueOrThrow({
      where: { id: context.companyId },
      select: { hipaaMode: true },
    });
    if (company.hipaaMode) return { message: "HIPAA mode was already on" };
    await tx.company.update({ where: { id: context.companyId }, data: { hipaaMode: true } });
    return { message: "HIPAA mode is on", result: { hipaaMode: true } };
  },
});
