import type { TenantTransaction } from "@fieldops/db";
import {
  evaluatePlan,
  insertVisit,
  type CrewInput,
  type MatrixProvider,
  type VisitInput,
} from "@fieldops/route-optimizer";
import type { BestSlot, BestSlotsResponse } from "@fieldops/shared/dispatch";
import { NO_LOCATION_MESSAGE } from "@fieldops/shared/locations";
import { VISIT_STATUS_LABELS } from "@fieldops/shared/visit-lifecycle";
import { conflict, notFound } from "../errors.ts";
import { placementProblem } from "../schedule/placement-rules.ts";
import { companyToday, loadDayModel, toMoment, toSeconds, type DayModel } from "./day-model.ts";
import { dayLocations } from "./propose-day.ts";
import { assertRouteOptimization } from "./route-plan-access.ts";
import { dayMatrix } from "./travel-matrix.ts";

export const BEST_SLOT_COUNT = 5;

/**
 * A crew's day as it stands, for inserting one more visit: its visits keep their order and start at their booked
 * time, or as soon after as driving from the one before allows; none may start later than that, so inserting never
 * moves what the crew was told. Null when the day does not fit the crew's hours and breaks as it is.
 */
async function crewDay(model: DayModel, crew: CrewInput, visits: VisitInput[], provider: MatrixProvider) {
  const table = await provider.matrix([crew.start, ...visits.map((visit) => visit.location)]);
  let clock = crew.shift.start;
  let at = 0;
  const fixed = visits.map((visit, i) => {
    const booked = toSeconds(model, model.visits.find((v) => v.id === visit.id)!.scheduledStart!);
    const start = Math.max(booked, clock + table.durations[at * table.size + i + 1]!);
    clock = start + (visit.serviceSeconds ?? 0);
    at = i + 1;
    return { ...visit, timeWindow: { start: booked, end: start } };
  });
  const problem = { visits: fixed, crews: [crew] };
  const { plan, violations } = await evaluatePlan(
    problem,
    [{ crewId: crew.id, visitIds: fixed.map((visit) => visit.id) }],
    { matrix: provider },
  );
  return violations.length > 0 ? null : { problem, plan };
}

/**
 * The cheapest few places for a visit on a day: for each crew working then, where inserting it into the crew's
 * current route (`insertVisit`) adds the least driving, keeping its other visits where they are; only places that
 * pass the placement rules (skills, hours, no double booking, room for breaks). Cheapest first.
 */
export async function findBestSlots(
  tx: TenantTransaction,
  input: { visitId: string; date: string; osrmUrl?: string; now?: Date },
): Promise<BestSlotsResponse> {
  await assertRouteOptimization(tx);
  const now = input.now ?? new Date();
  const visit = await tx.visit.findUnique({
    where: { id: input.visitId },
    select: {
      id: true,
      status: true,
      durationMinutes: true,
      job: {
        select: {
          title: true,
          requiredSkills: true,
          property: { select: { latitude: true, longitude: true } },
          customer: { select: { latitude: true, longitude: true } },
        },
      },
    },
  });
  if (!visit) throw notFound("Visit not found");
  if (visit.status !== "unscheduled" && visit.status !== "scheduled" && visit.status !== "dispatched") {
    throw conflict(`A visit that is ${VISIT_STATUS_LABELS[visit.status].toLowerCase()} cannot be rescheduled`);
  }
  const today = await companyToday(tx, now);
  if (input.date < today) return { items: [], distanceSource: input.osrmUrl ? "osrm" : "straight_line" };
  const model = await loadDayModel(tx, {
    date: input.date,
    from: input.date === today ? now : null,
    excludeVisitIds: [visit.id],
  });
  const place = visit.job.property ?? visit.job.customer;
  if (place.latitude === null || place.longitude === null) {
    throw conflict(`${visit.job.title}: ${NO_LOCATION_MESSAGE}, then look for a slot again`);
  }
  const candidate: VisitInput = {
    id: visit.id,
    location: { lat: place.latitude, lon: place.longitude },
    serviceSeconds: visit.durationMinutes * 60,
    skills: visit.job.requiredSkills,
  };
  const matrix = await dayMatrix([...dayLocations(model), candidate.location], input.osrmUrl);
  const slots: (BestSlot & { cost: number })[] = [];
  for (const [k, crew] of model.problem.crews.entries()) {
    const dayCrew = model.crews[k]!;
    if (!candidate.skills!.every((skill) => dayCrew.rules.skills.includes(skill))) continue;
    const visits = model.problem.visits.filter((v) => (model.currentOrder.get(crew.id) ?? []).includes(v.id));
    const day = await crewDay(model, crew, visits, matrix.provider);
    if (!day) continue;
    const inserted = await insertVisit(day.problem, day.plan, candidate, { matrix: matrix.provider }).catch(() => null);
    if (!inserted?.inserted) continue;
    const stop = inserted.plan.routes[0]!.stops[inserted.position]!;
    const start = toMoment(model, stop.start);
    const end = new Date(start.getTime() + visit.durationMinutes * 60_000);
    const problem = placementProblem({
      crew: dayCrew.rules,
      timeZone: model.timeZone,
      moved: [{ id: visit.id, jobTitle: visit.job.title, start, end, requiredSkills: visit.job.requiredSkills }],
      booked: model.booked.filter((booked) => booked.crewId === crew.id),
    });
    if (problem) continue;
    slots.push({
      crewId: crew.id,
      crewName: dayCrew.name,
      start: start.toISOString(),
      end: end.toISOString(),
      addedDriveMinutes: Math.round(inserted.addedCost / 60),
      cost: inserted.addedCost,
    });
  }
  slots.sort((a, b) => a.cost - b.cost || a.start.localeCompare(b.start));
  return {
    items: slots.slice(0, BEST_SLOT_COUNT).map(({ cost: _cost, ...slot }) => slot),
    distanceSource: matrix.source,
  };
}
