import type { Prisma, TenantTransaction } from "@fieldops/db";
import type { CrewStart } from "@fieldops/shared/crews";
import { formatAddress, NO_LOCATION_MESSAGE, type LocatedAddress } from "@fieldops/shared/locations";
import { addressSelect, storedAddress } from "../geocoding/stored-address.ts";

/** What of a crew its start needs. */
export const crewStartSelect = {
  id: true,
  startKind: true,
  ...addressSelect("start"),
  startMemberId: true,
  startMember: { select: { id: true, name: true, home: true, crewMembers: { select: { crewId: true } } } },
} satisfies Prisma.CrewSelect;

export type CrewStartRow = Prisma.CrewGetPayload<{ select: typeof crewStartSelect }>;

/** The company's yard, as the crews' starts read it. */
export const yardSelect = addressSelect("yard") satisfies Prisma.CompanySelect;

export type YardRow = Prisma.CompanyGetPayload<{ select: typeof yardSelect }>;

export const readYard = (tx: TenantTransaction): Promise<YardRow> =>
  tx.company.findFirstOrThrow({ select: yardSelect });

const isBlank = (address: LocatedAddress) => formatAddress(address) === "";
const pointOf = (address: LocatedAddress) =>
  address.latitude !== null && address.longitude !== null ? { lat: address.latitude, lon: address.longitude } : null;

export const NO_YARD_PROBLEM =
  "The company has no yard yet: set its address in Settings, or give the crew a start of its own on its page";
const YARD_UNLOCATED_PROBLEM = `The company's yard: ${NO_LOCATION_MESSAGE} in Settings`;

/** A crew's start with the point the optimizer plans from (null, with the problem said, when it has none). */
export interface ResolvedCrewStart extends CrewStart {
  point: { lat: number; lon: number } | null;
}

/**
 * Where a crew's day starts and ends: the company's yard unless the crew has its own address or starts from a member's
 * home. A start that cannot be planned from says why (no yard yet, an address without a location, a member without a
 * home or no longer in the crew); nothing stands in for it. A member's home address is shown only when `showHomes`.
 */
export function resolveCrewStart(
  crew: CrewStartRow,
  yard: YardRow,
  { showHomes }: { showHomes: boolean },
): ResolvedCrewStart {
  if (crew.startKind === "address") {
    const address = storedAddress(crew, "start");
    const point = pointOf(address);
    return {
      kind: "address",
      label: isBlank(address) ? "A place set by its coordinates" : formatAddress(address),
      memberId: null,
      address,
      located: point !== null,
      problem: point ? null : `This crew's start: ${NO_LOCATION_MESSAGE}`,
      point,
    };
  }
  if (crew.startKind === "member_home") {
    const member = crew.startMember;
    const inCrew = member?.crewMembers.some((membership) => membership.crewId === crew.id) ?? false;
    const home = member?.home ? storedAddress(member.home) : null;
    const point = member && inCrew && home ? pointOf(home) : null;
    const problem = !member
      ? "The member this crew started from is no longer on the team: choose another start"
      : !inCrew
        ? `${member.name} is no longer in this crew: choose another start`
        : !home
          ? `${member.name} has no home address yet: add it under the crew's members`
          : !point
            ? `${member.name}'s home: ${NO_LOCATION_MESSAGE}`
            : null;
    return {
      kind: "member_home",
      label: member ? `${member.name}'s home` : "A member's home",
      memberId: member?.id ?? null,
      address: showHomes ? home : null,
      located: point !== null,
      problem,
      point,
    };
  }
  const address = storedAddress(yard, "yard");
  const point = pointOf(address);
  return {
    kind: "yard",
    label: "The company's yard",
    memberId: null,
    address,
    located: point !== null,
    problem: point ? null : isBlank(address) ? NO_YARD_PROBLEM : YARD_UNLOCATED_PROBLEM,
    point,
  };
}
