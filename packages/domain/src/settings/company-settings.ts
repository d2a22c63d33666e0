import type { TenantTransaction } from "@fieldops/db";
import { paymentMethodSchema, PAYMENT_METHODS } from "@fieldops/shared/integrations";

/** A company's settings row, or the defaults of the schema when it has none yet. */
export async function readCompanySettings(tx: TenantTransaction, companyId: string) {
  const row = await tx.companySettings.findUnique({ where: { companyId } });
  return {
    acceptedMethods: (row?.paymentMethods ?? ["card", "ach"])
      .map((method) => paymentMethodSchema.parse(method))
      .sort((a, b) => PAYMENT_METHODS.indexOf(a) - PAYMENT_METHODS.indexOf(b)),
    defaultTermsDays: row?.paymentTermsDays ?? 30,
    bankDebits: row?.bankDebits ?? false,
    emailSenderName: row?.emailSenderName ?? "",
    emailReplyTo: row?.emailReplyTo ?? "",
  };
}

export async function writeCompanySettings(
  tx: TenantTransaction,
  companyId: string,
  data: {
    paymentMethods?: string[];
    paymentTermsDays?: number;
    bankDebits?: boolean;
    emailSenderName?: string | null;
    emailReplyTo?: string | null;
  },
): Promise<void> {
  await tx.companySettings.upsert({ where: { companyId }, create: { companyId, ...data }, update: data });
}
