import type { LocatedAddress, RequiredAddressInput } from "@fieldops/shared/locations";
import { notFound } from "../errors.ts";
import type { Geocoder } from "../geocoding/geocoder.ts";
import { resolveLocation } from "../geocoding/resolve-location.ts";
import type { TenantScope } from "../tenant-scope.ts";
import { crewChanged } from "./crews-events.ts";

/**
 * Keeps a team member's home address, so that their crew can start its day there: located from the address unless
 * coordinates are given (an unchanged address keeps its point). Announces the member's crew.
 */
export async function setMemberHome(
  { tx, companyId, emit }: TenantScope,
  input: RequiredAddressInput & { userId: string },
  { geocoder }: { geocoder: Geocoder },
): Promise<LocatedAddress> {
  const user = await tx.user.findUnique({
    where: { id: input.userId },
    select: { home: true, crewMembers: { select: { crewId: true } } },
  });
  if (!user) throw notFound("Team member not found");
  const address = { street: input.street, city: input.city, region: input.region, postcode: input.postcode };
  const location = await resolveLocation(geocoder, address, input, user.home ?? undefined);
  const data = { ...address, ...location };
  await tx.teamMemberHome.upsert({
    where: { userId: input.userId },
    create: { userId: input.userId, companyId, ...data },
    update: data,
  });
  for (const { crewId } of user.crewMembers) emit(crewChanged(crewId));
  return data;
}
