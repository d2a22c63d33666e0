import type { Prisma, TenantTransaction } from "@fieldops/db";
import { addDays, dayInTimeZone, startOfDayInTimeZone } from "@fieldops/shared/company-time";
import type { Location } from "@fieldops/route-optimizer";
import { FIELD_APP_DAYS, type FieldVisit, type FieldVisitsResponse } from "@fieldops/shared/field-app";
import { routePlanResultSchema } from "@fieldops/shared/dispatch";
import type { Actor } from "../jobs/actor.ts";
import { recentDayMatrix, travelDistances, travelTimes } from "../dispatch/travel-matrix.ts";
import { findVisitFor } from "../jobs/visit-access.ts";
import { readFieldVisits } from "./field-visit.ts";

/** The most visits the field app lists (a crew rarely has more than 20 a day). */
const FIELD_VISITS_LIMIT = 300;

/**
 * The field app's days: the visits of today and the next two days (the company's calendar days) on the user's crews,
 * canceled ones left out, by start; with each crew's planned driving of a day when a route plan was applied to it. The
 * field app is a crew's view: an office user sees the visits of the crews they belong to too, and none without one.
 * The drives between stops (`legs`) are left empty here: `withDriveLegs` adds them once the transaction is over.
 */
export async function listFieldVisits(
  tx: TenantTransaction,
  input: { actor: Actor; now?: Date },
): Promise<FieldVisitsResponse> {
  const now = input.now ?? new Date();
  const { timeZone } = await tx.company.findFirstOrThrow({ select: { timeZone: true } });
  const date = dayInTimeZone(now, timeZone);
  const crewIds = (
    await tx.crewMember.findMany({ where: { userId: input.actor.userId }, select: { crewId: true } })
  ).map((member) => member.crewId);
  const days = Array.from({ length: FIELD_APP_DAYS }, (_, index) => addDays(date, index));
  const where: Prisma.VisitWhereInput = {
    crewId: { in: crewIds },
    status: { not: "canceled" },
    scheduledStart: {
      gte: startOfDayInTimeZone(date, timeZone),
      lt: startOfDayInTimeZone(addDays(date, FIELD_APP_DAYS), timeZone),
    },
  };
  const visits = crewIds.length === 0 ? [] : (await readFieldVisits(tx, where)).slice(0, FIELD_VISITS_LIMIT);
  return {
    date,
    timeZone,
    visits,
    drive: await plannedDriving(tx, days, crewIds),
    // Added once the transaction is over (withDriveLegs).
    legs: [],
  };
}

/**
 * The days with the drive to each visit from the one before it on its crew's day (both with a located address): by
 * road from OSRM when `osrmUrl` is set (one table for all the stops), straight-line estimates otherwise or when it
 * fails. Called once the company's transaction is over: the road distance server may take seconds to answer.
 */
export async function withDriveLegs(
  days: FieldVisitsResponse,
  osrmUrl: string | undefined,
): Promise<FieldVisitsResponse> {
  const pairs: { toVisitId: string; from: Location; to: Location }[] = [];
  const previous = new Map<string, FieldVisit>();
  for (const visit of days.visits) {
    if (!visit.scheduledStart || !visit.crewId) continue;
    const crewDay = `${visit.crewId}:${dayInTimeZone(new Date(visit.scheduledStart), days.timeZone)}`;
    const before = previous.get(crewDay);
    previous.set(crewDay, visit);
    const [from, to] = [before?.property, visit.property];
    if (from?.latitude == null || from.longitude == null || to?.latitude == null || to.longitude == null) continue;
    pairs.push({
      toVisitId: visit.id,
      from: { lat: from.latitude, lon: from.longitude },
      to: { lat: to.latitude, lon: to.longitude },
    });
  }
  if (pairs.length === 0) return { ...days, legs: [] };
  const day = await recentDayMatrix(
    pairs.flatMap((pair) => [pair.from, pair.to]),
    osrmUrl,
  );
  const seconds = travelTimes(day);
  const meters = travelDistances(day);
  return {
    ...days,
    legs: pairs.map((pair) => ({
      toVisitId: pair.toVisitId,
      driveSeconds: seconds(pair.from, pair.to),
      distanceMeters: meters(pair.from, pair.to),
      source: day.source,
    })),
  };
}

/** Each crew's driving of a day from the newest route plan applied to it that day. */
async function plannedDriving(tx: TenantTransaction, days: string[], crewIds: string[]) {
  if (crewIds.length === 0) return [];
  const plans = await tx.routePlan.findMany({
    where: { date: { in: days }, appliedCrewIds: { hasSome: crewIds } },
    select: { date: true, result: true, appliedCrewIds: true },
    orderBy: { updatedAt: "desc" },
  });
  const drive = new Map<string, { date: string; crewId: string; driveSeconds: number }>();
  for (const plan of plans) {
    const result = routePlanResultSchema.safeParse(plan.result);
    if (!result.success) continue;
    for (const crew of result.data.crews) {
      const key = `${plan.date}:${crew.crewId}`;
      if (!crewIds.includes(crew.crewId) || !plan.appliedCrewIds.includes(crew.crewId) || drive.has(key)) continue;
      drive.set(key, { date: plan.date, crewId: crew.crewId, driveSeconds: crew.proposed.driveSeconds });
    }
  }
  return [...drive.values()];
}

/** One visit as the field app shows it: a field user's own crew's only (403), another company's does not exist. */
export async function getFieldVisit(tx: TenantTransaction, input: { actor: Actor; visitId: string }) {
  await findVisitFor(tx, input.visitId, input.actor);
  const [visit] = await readFieldVisits(tx, { id: input.visitId });
  return visit!;
}
