import { evaluatePlan, type RoutingPlan } from "@fieldops/route-optimizer";
import { LEFT_OUT_REASON_TEXT, type RoutePlanResult, type RouteStop } from "@fieldops/shared/dispatch";
import { toMoment, type DayModel } from "./day-model.ts";
import { solveOffThread } from "./solve-off-thread.ts";
import { dayMatrix } from "./travel-matrix.ts";

export interface DayProposal {
  result: RoutePlanResult;
  /** Visit id -> the version the proposal was built from. */
  snapshot: Record<string, number>;
}

const totals = (route: { travelSeconds: number; distanceMeters: number } | undefined) => ({
  driveSeconds: Math.round(route?.travelSeconds ?? 0),
  distanceMeters: Math.round(route?.distanceMeters ?? 0),
});

/** The day's locations in the order the optimizer's models ask for them. */
export const dayLocations = (model: DayModel) => [
  ...model.problem.visits.map((visit) => visit.location),
  ...model.problem.crews.flatMap((crew) => [crew.start, crew.end ?? crew.start]),
];

/** The part of the budget the search may use; the rest covers the work around it. */
const SEARCH_SHARE_OF_BUDGET = 0.8;

/**
 * Solves the day within `budgetSeconds` and describes the proposal against the current plan: per crew its order and
 * times now and proposed, drive time and distance before and after, visits moving between crews, visits left out
 * with the optimizer's reason. Nothing is written.
 */
export async function proposeDay(
  model: DayModel,
  options: { budgetSeconds: number; osrmUrl?: string; seed?: number; requestedAt?: Date },
): Promise<DayProposal> {
  const started = performance.now();
  const matrix = await dayMatrix(dayLocations(model), options.osrmUrl);
  const notes = [...model.notes, ...(matrix.fallbackNote ? [matrix.fallbackNote] : [])];
  const visitsById = new Map(model.visits.map((visit) => [visit.id, visit]));
  const { plan: current } = await evaluatePlan(
    model.problem,
    model.crews.map((crew) => ({ crewId: crew.id, visitIds: model.currentOrder.get(crew.id) ?? [] })),
    { matrix: matrix.provider },
  );
  // The budget is the dispatcher's wait, from the request to the proposal: the queue, loading the day and fetching
  // travel times come out of it, and a share is kept for describing and storing the proposal on a busy machine.
  const budgetMs = options.budgetSeconds * 1000;
  const from = options.requestedAt?.getTime() ?? Date.now() - (performance.now() - started);
  const deadline = from + budgetMs * SEARCH_SHARE_OF_BUDGET;
  const proposed: RoutingPlan =
    model.visits.length === 0 || model.crews.length === 0
      ? current
      : await solveOffThread(
          { ...model.problem, options: { objective: "travel-time", seed: options.seed ?? 1 } },
          matrix,
          deadline,
        );

  const stopOf = (visitId: string, start: Date): RouteStop => {
    const visit = visitsById.get(visitId)!;
    const end = new Date(start.getTime() + visit.durationMinutes * 60_000);
    return {
      visitId,
      jobTitle: visit.jobTitle,
      start: start.toISOString(),
      end: end.toISOString(),
      location: visit.location,
    };
  };
  const newCrew = new Map<string, string>();
  const crews = model.crews.map((crew) => {
    const before = current.routes.find((route) => route.crewId === crew.id);
    const after = proposed.routes.find((route) => route.crewId === crew.id);
    const proposedStops = (after?.stops ?? []).flatMap((stop) =>
      stop.kind === "visit" ? [stopOf(stop.visitId, toMoment(model, stop.start))] : [],
    );
    for (const stop of proposedStops) newCrew.set(stop.visitId, crew.id);
    return {
      crewId: crew.id,
      crewName: crew.name,
      startEstimated: !crew.hasStart,
      start: model.problem.crews.find((input) => input.id === crew.id)?.start,
      current: {
        ...totals(before),
        stops: (model.currentOrder.get(crew.id) ?? []).map((visitId) =>
          stopOf(visitId, visitsById.get(visitId)!.scheduledStart!),
        ),
      },
      proposed: { ...totals(after), stops: proposedStops },
      breaks: (after?.stops ?? []).flatMap((stop) =>
        stop.kind === "break"
          ? [{ start: toMoment(model, stop.start).toISOString(), end: toMoment(model, stop.end).toISOString() }]
          : [],
      ),
    };
  });
  const before = totals(current.summary);
  const after = totals(proposed.summary);
  return {
    result: {
      distanceSource: matrix.source,
      crews,
      moves: model.visits.flatMap((visit) => {
        const to = newCrew.get(visit.id);
        return to && to !== visit.crewId
          ? [{ visitId: visit.id, jobTitle: visit.jobTitle, fromCrewId: visit.crewId, toCrewId: to }]
          : [];
      }),
      leftOut: proposed.unassigned.map((entry) => {
        const visit = visitsById.get(entry.visitId)!;
        return {
          visitId: visit.id,
          jobTitle: visit.jobTitle,
          crewId: visit.crewId,
          reason: entry.reason,
          reasonText: LEFT_OUT_REASON_TEXT[entry.reason],
        };
      }),
      before,
      after,
      saved: {
        driveSeconds: before.driveSeconds - after.driveSeconds,
        distanceMeters: before.distanceMeters - after.distanceMeters,
      },
      notes,
    },
    snapshot: Object.fromEntries(model.visits.map((visit) => [visit.id, visit.version])),
  };
}
