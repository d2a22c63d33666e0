import {
  evaluatePlan,
  type CrewInput,
  type PlannedRoute,
  type RoutingPlan,
  type RoutingProblemInput,
  type VisitInput,
} from "@fieldops/route-optimizer";
import {
  LEFT_OUT_REASON_TEXT,
  type CrewDay,
  type CrewRoute,
  type LeftOutVisit,
  type RoutePlanResult,
  type RouteStop,
} from "@fieldops/shared/dispatch";
import { toMoment, type DayModel } from "./day-model.ts";
import { roundRoute, type RoundedRoute } from "./round-route.ts";
import { solveOffThread } from "./solve-off-thread.ts";
import { dayMatrix, travelTimes, type DayMatrix } from "./travel-matrix.ts";

export interface DayProposal {
  result: RoutePlanResult;
  /** Visit id -> the version the proposal was built from (visits left where they are included). */
  snapshot: Record<string, number>;
}

/** The day's locations in the order the optimizer's models ask for them. */
export const dayLocations = (model: DayModel) => [
  ...model.problem.visits.map((visit) => visit.location),
  ...model.problem.crews.flatMap((crew) => [crew.start, crew.end ?? crew.start]),
];

/** The part of the budget the search may use; the rest covers the work around it. */
const SEARCH_SHARE_OF_BUDGET = 0.8;
/** Of the search, the part the whole plan gets; the rest plans each crew that trades visits on its own. */
const WHOLE_PLAN_SHARE = 0.7;

/**
 * A skill only the crew has and its own visits need: pins each visit to its crew when crews are planned alone. Longer
 * than any skill a company can name (40 characters), so it never meets a real one.
 */
const crewTag = (crewId: string) => `#crew:${crewId}`;

const visitIdsOf = (route: PlannedRoute | undefined) =>
  (route?.stops ?? []).flatMap((stop) => (stop.kind === "visit" ? [stop.visitId] : []));

/**
 * Solves the day within `budgetSeconds` and describes the proposal against the current plan, honestly:
 * - each crew's day now and proposed (order, times, driving), the totals before and after with how many visits
 *   each serves; the proposal is the current plan itself when the search found nothing cheaper;
 * - visits on a crew must stay planned (`required`), so a shorter day never comes from dropping work;
 * - for each crew that exchanges visits with others, its day planned alone (its own visits, and those the plan gives
 *   it from the unassigned queue), which is what applying it without those crews does;
 * - times rounded up to the company's slot (to the minute when the slot would break a promised window or the crew's
 *   hours);
 * - visits left out: those without a location (they stay where they are) and the optimizer's, each with its reason.
 * Nothing is written.
 */
export async function proposeDay(
  model: DayModel,
  options: { budgetSeconds: number; osrmUrl?: string; seed?: number; requestedAt?: Date },
): Promise<DayProposal> {
  const started = performance.now();
  const matrix = await dayMatrix(dayLocations(model), options.osrmUrl);
  const notes = [...model.notes, ...(matrix.fallbackNote ? [matrix.fallbackNote] : [])];
  const visitsById = new Map(model.visits.map((visit) => [visit.id, visit]));
  const problem: RoutingProblemInput = {
    crews: model.problem.crews,
    visits: model.problem.visits.map((visit) => ({ ...visit, required: visitsById.get(visit.id)!.crewId !== null })),
  };
  const { plan: current, violations } = await evaluatePlan(
    problem,
    model.crews.map((crew) => ({ crewId: crew.id, visitIds: model.currentOrder.get(crew.id) ?? [] })),
    { matrix: matrix.provider },
  );
  // The budget is the dispatcher's wait, from the request to the proposal: the queue, loading the day and fetching
  // travel times come out of it, and a share is kept for describing and storing the proposal on a busy machine.
  const budgetMs = options.budgetSeconds * 1000;
  const from = options.requestedAt?.getTime() ?? Date.now() - (performance.now() - started);
  const searchEnd = from + budgetMs * SEARCH_SHARE_OF_BUDGET;
  const solveOptions = { objective: "travel-time", seed: options.seed ?? 1 } as const;
  let proposed =
    model.visits.length === 0 || model.crews.length === 0
      ? current
      : await solveOffThread(
          { ...problem, options: solveOptions },
          matrix,
          from + budgetMs * SEARCH_SHARE_OF_BUDGET * WHOLE_PLAN_SHARE,
        );
  if (proposed !== current && violations.length === 0 && proposed.summary.cost >= current.summary.cost) {
    notes.push("The optimizer found no plan better than the current one, so it proposes no change.");
    proposed = current;
  }

  const currentCrew = new Map(model.visits.map((visit) => [visit.id, visit.crewId]));
  const proposedCrew = new Map(
    proposed.routes.flatMap((route) => visitIdsOf(route).map((visitId) => [visitId, route.crewId] as const)),
  );
  const trades = new Map<string, Set<string>>(model.crews.map((crew) => [crew.id, new Set()]));
  for (const [visitId, to] of proposedCrew) {
    const owner = currentCrew.get(visitId);
    if (!owner || owner === to) continue;
    trades.get(owner)!.add(to);
    trades.get(to)!.add(owner);
  }
  const alone = await planAlone(model, problem, proposedCrew, trades, matrix, searchEnd, solveOptions);

  const travel = travelTimes(matrix);
  const slotSeconds = model.slotMinutes * 60;
  const stopOf = (visitId: string, start: Date): RouteStop => {
    const visit = visitsById.get(visitId)!;
    return {
      visitId,
      jobTitle: visit.jobTitle,
      start: start.toISOString(),
      end: new Date(start.getTime() + visit.durationMinutes * 60_000).toISOString(),
      location: visit.location,
    };
  };
  const problemVisits = new Map(model.problem.visits.map((visit) => [visit.id, visit]));
  const visitOf = (visitId: string) => {
    const visit = problemVisits.get(visitId)!;
    return { location: visit.location, serviceSeconds: visit.serviceSeconds ?? 0, timeWindow: visit.timeWindow };
  };
  let roundedToMinute = false;
  /** A route's times as handed out: rounded to the slot, else to the minute, else as the solver had them. */
  const timesOf = (crewIndex: number, route: PlannedRoute): RoundedRoute => {
    const crew = model.problem.crews[crewIndex]!;
    const { breakCount } = model.crews[crewIndex]!;
    const rounding = { start: crew.start, shift: crew.shift, breaks: crew.breaks ?? [], breakCount };
    const bySlot = roundRoute(route, rounding, visitOf, travel, slotSeconds);
    if (bySlot || slotSeconds <= 60) return bySlot ?? asSolved(route, breakCount);
    roundedToMinute = true;
    return roundRoute(route, rounding, visitOf, travel, 60) ?? asSolved(route, breakCount);
  };
  const dayOf = (crewIndex: number, route: PlannedRoute | undefined): CrewDay => {
    const times = route ? timesOf(crewIndex, route) : { visits: [], breaks: [] };
    return {
      ...routeTotals(route),
      stops: times.visits.map((stop) => stopOf(stop.visitId, toMoment(model, stop.start))),
      breaks: times.breaks.map((span) => ({
        start: toMoment(model, span.start).toISOString(),
        end: toMoment(model, span.end).toISOString(),
      })),
    };
  };

  const crews: CrewRoute[] = model.crews.map((crew, k) => {
    const before = current.routes.find((route) => route.crewId === crew.id);
    const currentStops = (model.currentOrder.get(crew.id) ?? []).map((visitId) =>
      stopOf(visitId, visitsById.get(visitId)!.scheduledStart!),
    );
    const whole =
      proposed === current
        ? { ...routeTotals(before), stops: currentStops, breaks: [] }
        : dayOf(
            k,
            proposed.routes.find((route) => route.crewId === crew.id),
          );
    const own = alone.get(crew.id);
    const { breaks, ...part } = whole;
    return {
      crewId: crew.id,
      crewName: crew.name,
      startLabel: crew.startLabel,
      start: model.problem.crews[k]!.start,
      current: { ...routeTotals(before), stops: currentStops },
      proposed: part,
      breaks,
      tradesWith: [...trades.get(crew.id)!],
      alone:
        own === undefined
          ? null
          : own === "current"
            ? { ...routeTotals(before), stops: currentStops, breaks: [] }
            : dayOf(k, own),
    };
  });
  if (roundedToMinute)
    notes.push(
      `Some times are to the minute: rounded to ${model.slotMinutes} minutes they would miss a promised time or run past a crew's hours.`,
    );

  const leftOut: LeftOutVisit[] = [
    ...model.unlocated.map((visit) => ({
      visitId: visit.id,
      jobTitle: visit.jobTitle,
      crewId: visit.crewId,
      reason: "no_location" as const,
      reasonText: LEFT_OUT_REASON_TEXT.no_location,
      customerId: visit.customerId,
      stays: true,
    })),
    ...proposed.unassigned.map((entry) => {
      const visit = visitsById.get(entry.visitId)!;
      return {
        visitId: visit.id,
        jobTitle: visit.jobTitle,
        crewId: visit.crewId,
        reason: entry.reason,
        reasonText: LEFT_OUT_REASON_TEXT[entry.reason],
        customerId: null,
        stays: false,
      };
    }),
  ];
  const before = planTotals(current);
  const after = planTotals(proposed);
  return {
    result: {
      distanceSource: matrix.source,
      crews,
      moves: model.visits.flatMap((visit) => {
        const to = proposedCrew.get(visit.id);
        return to && to !== visit.crewId
          ? [{ visitId: visit.id, jobTitle: visit.jobTitle, fromCrewId: visit.crewId, toCrewId: to }]
          : [];
      }),
      leftOut,
      before,
      after,
      saved: {
        driveSeconds: before.driveSeconds - after.driveSeconds,
        distanceMeters: before.distanceMeters - after.distanceMeters,
        visits: before.visits - after.visits,
      },
      slotMinutes: model.slotMinutes,
      notes,
    },
    snapshot: Object.fromEntries(
      [...model.visits, ...model.unlocated].map((visit) => [visit.id, visit.version] as const),
    ),
  };
}

const routeTotals = (route: PlannedRoute | undefined) => ({
  driveSeconds: Math.round(route?.travelSeconds ?? 0),
  distanceMeters: Math.round(route?.distanceMeters ?? 0),
  visits: visitIdsOf(route).length,
});

const planTotals = (plan: RoutingPlan) => ({
  driveSeconds: Math.round(plan.summary.travelSeconds),
  distanceMeters: Math.round(plan.summary.distanceMeters),
  visits: plan.routes.reduce((sum, route) => sum + visitIdsOf(route).length, 0),
});

/** A route's times as the solver planned them (seconds, not yet rounded). */
const asSolved = (route: PlannedRoute, breakCount: number): RoundedRoute => ({
  visits: route.stops.flatMap((stop) =>
    stop.kind === "visit" ? [{ visitId: stop.visitId, start: stop.start, end: stop.end }] : [],
  ),
  breaks: route.stops.flatMap((stop) =>
    stop.kind === "break" && stop.breakIndex < breakCount ? [{ start: stop.start, end: stop.end }] : [],
  ),
});

/**
 * Each crew that trades visits in the whole plan, planned on its own: its current visits and the queue's visits the
 * plan gives it, pinned to it (a skill only it has), in one search. A crew whose own day comes out no shorter, with
 * the same visits, keeps its current day ("current").
 */
async function planAlone(
  model: DayModel,
  problem: RoutingProblemInput,
  proposedCrew: ReadonlyMap<string, string>,
  trades: ReadonlyMap<string, ReadonlySet<string>>,
  matrix: DayMatrix,
  deadline: number,
  options: { objective: "travel-time"; seed: number },
): Promise<Map<string, PlannedRoute | "current">> {
  const trading = new Set([...trades].filter(([, partners]) => partners.size > 0).map(([crewId]) => crewId));
  if (trading.size === 0) return new Map();
  const ownerOf = new Map(
    model.visits.map((visit) => [visit.id, visit.crewId ?? proposedCrew.get(visit.id) ?? null] as const),
  );
  const visits: VisitInput[] = problem.visits.flatMap((visit) => {
    const owner = ownerOf.get(visit.id);
    return owner && trading.has(owner) ? [{ ...visit, skills: [...(visit.skills ?? []), crewTag(owner)] }] : [];
  });
  const crews: CrewInput[] = problem.crews.flatMap((crew) =>
    trading.has(crew.id) ? [{ ...crew, skills: [...(crew.skills ?? []), crewTag(crew.id)] }] : [],
  );
  const plan = await solveOffThread({ visits, crews, options }, matrix, deadline);
  const { plan: now } = await evaluatePlan(
    { visits, crews },
    crews.map((crew) => ({ crewId: crew.id, visitIds: model.currentOrder.get(crew.id) ?? [] })),
    { matrix: matrix.provider },
  );
  return new Map(
    crews.map((crew) => {
      const route = plan.routes.find((entry) => entry.crewId === crew.id)!;
      const was = now.routes.find((entry) => entry.crewId === crew.id)!;
      const [planned, kept] = [visitIdsOf(route), visitIdsOf(was)];
      const sameVisits = planned.length === kept.length && kept.every((visitId) => planned.includes(visitId));
      return [crew.id, sameVisits && route.travelSeconds >= was.travelSeconds ? "current" : route] as const;
    }),
  );
}
