import type { TenantTransaction } from "@fieldops/db";
import { brandingSchema } from "@fieldops/shared/company";
import type { CompanyProfile } from "@fieldops/shared/company-settings";
import { verticalIdSchema } from "@fieldops/shared/verticals";
import { storedAddress } from "../geocoding/stored-address.ts";

/** The company's profile, address, yard, schedule slot, vertical, time zone and branding. */
export async function getCompanyProfile(tx: TenantTransaction, input: { canEdit: boolean }): Promise<CompanyProfile> {
  const company = await tx.company.findFirstOrThrow();
  const branding = brandingSchema.parse(company.branding);
  return {
    name: company.name,
    slug: company.slug,
    phone: company.phone ?? "",
    email: company.email ?? "",
    address: storedAddress(company),
    yard: storedAddress(company, "yard"),
    scheduleSlotMinutes: company.scheduleSlotMinutes,
    verticalId: verticalIdSchema.parse(company.verticalId),
    timeZone: company.timeZone,
    branding: { logo: branding.logo, primaryColor: branding.primaryColor },
    canEdit: input.canEdit,
  };
}
