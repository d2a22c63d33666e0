import { Prisma } from "@fieldops/db";
import { brandingSchema } from "@fieldops/shared/company";
import type { CompanyProfile } from "@fieldops/shared/company-settings";
import type { z } from "zod";
import type { updateCompanyProfileRequestSchema } from "@fieldops/shared/company-settings";
import { SLUG_TAKEN } from "@fieldops/shared/tenant-routes";
import { VERTICALS } from "@fieldops/shared/verticals";
import { recordAudit } from "../audit/record-audit.ts";
import { conflict } from "../errors.ts";
import type { TenantScope, UserActor } from "../tenant-scope.ts";
import { getCompanyProfile } from "./get-company-profile.ts";

type Input = z.output<typeof updateCompanyProfileRequestSchema>;

/**
 * Changes the company's profile, address (slug), vertical, time zone and primary colour, and records what changed in
 * the audit log. A new vertical brings its features (the terms and screens of that trade). An address another company
 * has is refused (409): the database's unique index decides, as row-level security hides the other companies.
 */
export async function updateCompanyProfile(
  { tx, actor }: Pick<TenantScope<UserActor>, "tx" | "actor">,
  input: Input,
): Promise<CompanyProfile> {
  const before = await getCompanyProfile(tx, { canEdit: true });
  const company = await tx.company.findFirstOrThrow({ select: { id: true, branding: true } });
  const branding = brandingSchema.parse(company.branding);
  const slug = input.slug ?? before.slug;
  try {
    await tx.company.update({
      where: { id: company.id },
      data: {
        name: input.name,
        slug,
        phone: input.phone || null,
        email: input.email || null,
        address: input.address || null,
        timeZone: input.timeZone,
        branding: { ...branding, name: input.name, primaryColor: input.primaryColor },
        ...(input.verticalId !== before.verticalId
          ? { verticalId: input.verticalId, features: VERTICALS[input.verticalId].features }
          : {}),
      },
    });
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002")
      throw conflict(SLUG_TAKEN, "slug");
    throw error;
  }
  const after = {
    name: input.name,
    slug,
    phone: input.phone,
    email: input.email,
    address: input.address,
    verticalId: input.verticalId,
    timeZone: input.timeZone,
    primaryColor: input.primaryColor,
  };
  const previous = { ...before, primaryColor: before.branding.primaryColor };
  const changes = Object.fromEntries(
    (Object.keys(after) as (keyof typeof after)[])
      .filter((key) => after[key] !== previous[key])
      .map((key) => [key, { from: previous[key], to: after[key] }]),
  );
  if (Object.keys(changes).length > 0) {
    await recordAudit(tx, {
      companyId: company.id,
      actorUserId: actor.userId,
      action: "company.updated",
      entityType: "company",
      entityId: company.id,
      summary: `${actor.name} changed the company's ${Object.keys(changes).map(fieldLabel).join(", ")}`,
      changes,
    });
  }
  return getCompanyProfile(tx, { canEdit: true });
}

const FIELD_LABELS: Record<string, string> = {
  name: "name",
  slug: "web address",
  phone: "phone",
  email: "e-mail",
  address: "address",
  verticalId: "vertical",
  timeZone: "time zone",
  primaryColor: "primary colour",
};
const fieldLabel = (key: string) => FIELD_LABELS[key] ?? key;
