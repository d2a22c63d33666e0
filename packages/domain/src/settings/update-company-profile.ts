import { Prisma } from "@fieldops/db";
import { brandingSchema } from "@fieldops/shared/company";
import type { CompanyProfile } from "@fieldops/shared/company-settings";
import type { z } from "zod";
import type { updateCompanyProfileRequestSchema } from "@fieldops/shared/company-settings";
import { formatAddress, type AddressInput, type LocatedAddress } from "@fieldops/shared/locations";
import { SLUG_TAKEN } from "@fieldops/shared/tenant-routes";
import { VERTICALS } from "@fieldops/shared/verticals";
import { recordAudit } from "../audit/record-audit.ts";
import { conflict } from "../errors.ts";
import type { Geocoder } from "../geocoding/geocoder.ts";
import { NO_LOCATION, resolveLocation } from "../geocoding/resolve-location.ts";
import { addressColumns } from "../geocoding/stored-address.ts";
import type { TenantScope, UserActor } from "../tenant-scope.ts";
import { getCompanyProfile } from "./get-company-profile.ts";

type Input = z.output<typeof updateCompanyProfileRequestSchema>;

/**
 * An address typed in the settings with its point: as typed by hand, as stored while unchanged, else located (or
 * none).
 */
async function locate(geocoder: Geocoder, input: AddressInput, stored: LocatedAddress): Promise<LocatedAddress> {
  const address = { street: input.street, city: input.city, region: input.region, postcode: input.postcode };
  if (formatAddress(address) === "" && input.latitude === undefined) return { ...address, ...NO_LOCATION };
  return { ...address, ...(await resolveLocation(geocoder, address, input, stored)) };
}

/** An address and its point in one line, for the audit log. */
const place = (address: LocatedAddress) =>
  [formatAddress(address), address.latitude === null ? "" : `${address.latitude},${address.longitude}`]
    .join(" ")
    .trim();

/**
 * Changes the company's profile, web address (slug), address, yard, schedule slot, vertical, time zone and primary
 * colour, and records what changed in the audit log. The address and the yard are located (see `locate`); all blank,
 * the company has no yard and crews that start there cannot be planned until it has one. A new vertical brings its
 * features (the terms and screens of that trade). A web address another company has is refused (409): the database's
 * unique index decides, as row-level security hides the other companies.
 */
export async function updateCompanyProfile(
  { tx, actor }: Pick<TenantScope<UserActor>, "tx" | "actor">,
  input: Input,
  { geocoder }: { geocoder: Geocoder },
): Promise<CompanyProfile> {
  const before = await getCompanyProfile(tx, { canEdit: true });
  const company = await tx.company.findFirstOrThrow({ select: { id: true, branding: true } });
  const branding = brandingSchema.parse(company.branding);
  const slug = input.slug ?? before.slug;
  const address = await locate(geocoder, input.address, before.address);
  const yard = input.yard ? await locate(geocoder, input.yard, before.yard) : before.yard;
  const scheduleSlotMinutes = input.scheduleSlotMinutes ?? before.scheduleSlotMinutes;
  try {
    await tx.company.update({
      where: { id: company.id },
      data: {
        name: input.name,
        slug,
        phone: input.phone || null,
        email: input.email || null,
        ...addressColumns(address),
        ...addressColumns(yard, "yard"),
        scheduleSlotMinutes,
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
    address: place(address),
    yard: place(yard),
    scheduleSlotMinutes,
    verticalId: input.verticalId,
    timeZone: input.timeZone,
    primaryColor: input.primaryColor,
  };
  const previous = {
    ...before,
    address: place(before.address),
    yard: place(before.yard),
    primaryColor: before.branding.primaryColor,
  };
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
  yard: "yard",
  scheduleSlotMinutes: "schedule slot",
  verticalId: "vertical",
  timeZone: "time zone",
  primaryColor: "primary colour",
};
const fieldLabel = (key: string) => FIELD_LABELS[key] ?? key;
