import type { TenantTransaction } from "@fieldops/db";
import { formatAddress } from "@fieldops/shared/locations";
import { reviewBranding } from "../review/review-access.ts";
import { findCompanyLogo } from "../settings/company-logo.ts";
import { readCompanySettings } from "../settings/company-settings.ts";
import type { DocumentCompany } from "./sales-document.ts";

/** The kinds of logo a PDF can embed; a WebP logo prints the company's name alone. */
const EMBEDDABLE = new Set(["image/png", "image/jpeg"]);

/** An address as a document prints it: the street, then the city, region and postcode; blank parts left out. */
export function addressLines(address: { street: string; city: string; region: string; postcode: string }): string[] {
  const street = address.street.trim();
  const rest = formatAddress({ ...address, street: "" });
  return [street, rest].filter(Boolean);
}

/**
 * The company's letterhead on its documents (its name and colour as its customers' pages show them, its address,
 * phone, e-mail and logo), its time zone and its payment terms.
 */
export async function documentCompany(
  tx: TenantTransaction,
  companyId: string,
): Promise<{ letterhead: DocumentCompany; timeZone: string; paymentTermsDays: number }> {
  const company = await tx.company.findUniqueOrThrow({
    where: { id: companyId },
    select: {
      name: true,
      branding: true,
      timeZone: true,
      phone: true,
      email: true,
      street: true,
      city: true,
      region: true,
      postcode: true,
    },
  });
  const branding = reviewBranding(company);
  const settings = await readCompanySettings(tx, companyId);
  const logo = branding.logo ? await findCompanyLogo(tx) : null;
  return {
    letterhead: {
      name: branding.name,
      addressLines: addressLines(company),
      phone: company.phone,
      email: company.email,
      primaryColor: branding.primaryColor,
      logo:
        logo && EMBEDDABLE.has(logo.contentType)
          ? { contentType: logo.contentType as "image/png" | "image/jpeg", data: logo.data }
          : null,
    },
    timeZone: company.timeZone,
    paymentTermsDays: settings.defaultTermsDays,
  };
}
