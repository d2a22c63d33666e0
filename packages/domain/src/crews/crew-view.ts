import type { Prisma, TenantTransaction } from "@fieldops/db";
import { roleSchema } from "@fieldops/shared/roles";
import { timeFromMinutes, type Crew } from "@fieldops/shared/crews";
import { notFound } from "../errors.ts";

export const CREW_NOT_FOUND = "Crew not found";

export const crewInclude = {
  members: { include: { user: { select: { id: true, name: true, email: true, role: true } } } },
  workingHours: { orderBy: { weekday: "asc" } },
  breaks: { orderBy: { windowStartMinute: "asc" } },
} satisfies Prisma.CrewInclude;

type CrewRow = Prisma.CrewGetPayload<{ include: typeof crewInclude }>;

export function toCrew(row: CrewRow): Crew {
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
    members: row.members
      .map(({ user }) => ({ id: user.id, name: user.name, email: user.email, role: roleSchema.parse(user.role) }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    createdAt: row.createdAt.toISOString(),
  };
}

/** The crew with everything the API shows of it; notFound when it is not the company's. */
export async function loadCrew(tx: TenantTransaction, crewId: string): Promise<Crew> {
  const row = await tx.crew.findUnique({ where: { id: crewId }, include: crewInclude });
  if (!row) throw notFound(CREW_NOT_FOUND);
  return toCrew(row);
}
