import type { Prisma, TenantTransaction } from "@fieldops/db";
import { roleSchema } from "@fieldops/shared/roles";
import { timeFromMinutes, type Crew } from "@fieldops/shared/crews";
import type { ScheduleCrew } from "@fieldops/shared/schedule";
import { notFound } from "../errors.ts";
import { storedAddress } from "../geocoding/stored-address.ts";
import { crewStartSelect, readYard, resolveCrewStart, type YardRow } from "./crew-start.ts";

export const CREW_NOT_FOUND = "Crew not found";

export const crewInclude = {
  members: { include: { user: { select: { id: true, name: true, email: true, role: true, home: true } } } },
  workingHours: { orderBy: { weekday: "asc" } },
  breaks: { orderBy: { windowStartMinute: "asc" } },
  startMember: crewStartSelect.startMember,
} satisfies Prisma.CrewInclude;

type CrewRow = Prisma.CrewGetPayload<{ include: typeof crewInclude }>;

/** Who reads the crew: members' homes (and a home the crew starts from) are for those who manage crews. */
export interface CrewViewer {
  showHomes: boolean;
}

export function toCrew(row: CrewRow, yard: YardRow, viewer: CrewViewer): Crew {
  const { point: _point, ...start } = resolveCrewStart(row, yard, viewer);
  return {
    ...toCrewPlan(row),
    members: row.members
      .map(({ user }) => ({
        id: user.id,
        name: user.name,
        email: user.email,
        role: roleSchema.parse(user.role),
        ...(viewer.showHomes ? { home: user.home ? storedAddress(user.home) : null } : {}),
      }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    start,
    createdAt: row.createdAt.toISOString(),
  };
}

/** What the schedule draws of a crew: its row, hours and breaks (stored in minutes). */
export type CrewPlanRow = Pick<CrewRow, "id" | "name" | "color" | "skills"> & {
  workingHours: Pick<CrewRow["workingHours"][number], "weekday" | "startMinute" | "endMinute">[];
  breaks: Pick<CrewRow["breaks"][number], "windowStartMinute" | "windowEndMinute" | "durationMinutes">[];
};

/** A crew's name, colour, skills, hours and breaks as the API shows them (the schedule's crew, a crew's part). */
export function toCrewPlan(row: CrewPlanRow): ScheduleCrew {
  return {
    id: row.id,
    name: row.name,
    color: row.color,
    skills: row.skills,
    workingHours: row.workingHours.map((hours) => ({
      weekday: hours.weekday,
      start: timeFromMinutes(hours.startMinute),
      end: timeFromMinutes(hours.endMinute),
    })),
    breaks: row.breaks.map((entry) => ({
      windowStart: timeFromMinutes(entry.windowStartMinute),
      windowEnd: timeFromMinutes(entry.windowEndMinute),
      durationMinutes: entry.durationMinutes,
    })),
  };
}

/** The crew with everything the API shows of it; notFound when it is not the company's. */
export async function loadCrew(tx: TenantTransaction, crewId: string, viewer: CrewViewer): Promise<Crew> {
  const row = await tx.crew.findUnique({ where: { id: crewId }, include: crewInclude });
  if (!row) throw notFound(CREW_NOT_FOUND);
  return toCrew(row, await readYard(tx), viewer);
}

/** The crews use cases that change a crew run for those who manage crews, who see members' homes. */
export const MANAGER: CrewViewer = { showHomes: true };
