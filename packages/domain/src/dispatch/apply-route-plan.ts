import { routePlanResultSchema, type MapTiles, type RoutePlan } from "@fieldops/shared/dispatch";
import { conflict, invalidInput, notFound } from "../errors.ts";
import { visitSetChanged } from "../jobs/jobs-events.ts";
import type { TenantScope, UserActor } from "../tenant-scope.ts";
import { assertVisitPlacements, lockCrews } from "../schedule/assert-visit-placements.ts";
import { expectedVersions, firstChangedVisit } from "./get-route-plan.ts";
import { assertRouteOptimization } from "./route-plan-access.ts";
import { toRoutePlan } from "./to-route-plan.ts";

export interface AppliedRoutePlan {
  plan: RoutePlan;
  changed: { visitIds: string[]; jobIds: string[]; crewIds: string[] };
}

interface Placement {
  visitId: string;
  crewId: string | null;
  start: Date;
  end: Date;
}

/**
 * Applies a ready plan, all of it or some crews' parts, in the caller's transaction: a crew's part gives it the
 * proposed visits at the proposed times (status scheduled, version bumped) and sends the visits it loses to a crew
 * not applied now, or that the proposal leaves out, to the unassigned queue at their time (applying the other crew's
 * part later still takes them). Visits changed since the plan refuse the whole apply (409
 * naming the visit); the placement rules are checked after the writes and roll everything back when one is broken.
 * A part already applied is not applied again, so repeating an apply changes nothing.
 */
export async function applyRoutePlan(
  scope: TenantScope<UserActor>,
  input: { planId: string; crewIds?: readonly string[]; map: MapTiles | null },
): Promise<AppliedRoutePlan> {
  const { tx, actor } = scope;
  await assertRouteOptimization(tx);
  // Serialises applies of the same plan, so two clicks cannot both write a part.
  const locked = await tx.$queryRaw<
    { id: string }[]
  >`SELECT id FROM route_plans WHERE id = ${input.planId}::uuid FOR UPDATE`;
  if (locked.length === 0) throw notFound("Route plan not found");
  const plan = await tx.routePlan.findUniqueOrThrow({ where: { id: input.planId } });
  const nothing: AppliedRoutePlan = {
    plan: toRoutePlan(plan, input.map),
    changed: { visitIds: [], jobIds: [], crewIds: [] },
  };
  if (plan.status === "applied") return nothing;
  if (plan.status === "queued" || plan.status === "running") throw conflict("This plan is still being computed");
  if (plan.status === "failed" || !plan.result) throw conflict(plan.error ?? "This plan has no proposal to apply");
  const result = routePlanResultSchema.parse(plan.result);
  const planCrews = result.crews.map((crew) => crew.crewId);
  const asked = input.crewIds ? [...new Set(input.crewIds)] : planCrews;
  const outside = asked.find((crewId) => !planCrews.includes(crewId));
  if (outside) throw invalidInput("That crew is not part of this plan", "crewIds");
  const parts = asked.filter((crewId) => !plan.appliedCrewIds.includes(crewId));
  if (parts.length === 0) return nothing;

  const partCrews = result.crews.filter((crew) => parts.includes(crew.crewId));
  const placed: Placement[] = partCrews.flatMap((crew) =>
    crew.proposed.stops.map((stop) => ({
      visitId: stop.visitId,
      crewId: crew.crewId,
      start: new Date(stop.start),
      end: new Date(stop.end),
    })),
  );
  // What this apply places and what earlier applies of the plan placed stay out of the queue.
  const placedIds = new Set(
    result.crews
      .filter((crew) => parts.includes(crew.crewId) || plan.appliedCrewIds.includes(crew.crewId))
      .flatMap((crew) => crew.proposed.stops.map((stop) => stop.visitId)),
  );
  // Visits leaving these crews for a crew not applied now, or left out, wait in the unassigned queue at their time.
  const released: Placement[] = partCrews.flatMap((crew) =>
    crew.current.stops
      .filter((stop) => !placedIds.has(stop.visitId))
      .map((stop) => ({ visitId: stop.visitId, crewId: null, start: new Date(stop.start), end: new Date(stop.end) })),
  );
  const placements = [...placed, ...released];
  const expected = expectedVersions(plan);
  const changedVisit = await firstChangedVisit(
    tx,
    expected,
    placements.map((placement) => placement.visitId),
  );
  if (changedVisit) {
    throw conflict(
      changedVisit.deleted
        ? `${changedVisit.title} was deleted since this plan was made. Optimize the day again.`
        : `"${changedVisit.title}" was changed since this plan was made. Optimize the day again.`,
    );
  }
  await lockCrews(tx, parts);
  const existing = await tx.crew.count({ where: { id: { in: parts } } });
  if (existing !== parts.length)
    throw conflict("A crew of this plan was deleted since it was made. Optimize the day again.");
  const current = await tx.visit.findMany({
    where: { id: { in: placements.map((placement) => placement.visitId) } },
    select: {
      id: true,
      jobId: true,
      crewId: true,
      status: true,
      scheduledStart: true,
      scheduledEnd: true,
      version: true,
    },
  });
  const byId = new Map(current.map((visit) => [visit.id, visit]));
  const written = new Map<string, number>();
  const touchedCrews = new Set<string>(parts);
  for (const placement of placements) {
    const visit = byId.get(placement.visitId)!;
    const unassign = placement.crewId === null;
    const same =
      visit.status === "scheduled" &&
      visit.crewId === placement.crewId &&
      (unassign ||
        (visit.scheduledStart?.getTime() === placement.start.getTime() &&
          visit.scheduledEnd?.getTime() === placement.end.getTime()));
    if (same) continue;
    if (visit.crewId) touchedCrews.add(visit.crewId);
    const updated = await tx.visit.updateMany({
      where: { id: visit.id, version: visit.version },
      data: unassign
        ? { crewId: null, status: "scheduled", version: { increment: 1 } }
        : {
            crewId: placement.crewId,
            scheduledStart: placement.start,
            scheduledEnd: placement.end,
            status: "scheduled",
            version: { increment: 1 },
          },
    });
    if (updated.count === 0) throw conflict("A visit of this plan was changed meanwhile. Optimize the day again.");
    written.set(visit.id, visit.version + 1);
  }
  await assertVisitPlacements(tx, [...written.keys()]);
  if (written.size > 0) {
    await tx.jobNote.createMany({
      data: [...written.keys()].map((visitId) => ({
        companyId: plan.companyId,
        jobId: byId.get(visitId)!.jobId,
        authorUserId: actor.userId,
        kind: "event",
        body: "Visit rescheduled by route optimization",
      })),
    });
  }
  const appliedCrewIds = [...plan.appliedCrewIds, ...parts];
  const updated = await tx.routePlan.update({
    where: { id: plan.id },
    data: {
      appliedCrewIds,
      appliedVersions: { ...(plan.appliedVersions as Record<string, number>), ...Object.fromEntries(written) },
      status: planCrews.every((crewId) => appliedCrewIds.includes(crewId)) ? "applied" : "ready",
    },
  });
  const changed = {
    visitIds: [...written.keys()],
    jobIds: [...new Set([...written.keys()].map((visitId) => byId.get(visitId)!.jobId))],
    crewIds: [...touchedCrews],
  };
  // Which visits moved, and that the plan moved on.
  if (changed.visitIds.length > 0) {
    scope.emit(visitSetChanged(changed));
    scope.emit({ name: "route_plan.updated", payload: { planId: updated.id, status: updated.status } });
  }
  return { plan: toRoutePlan(updated, input.map), changed };
}
