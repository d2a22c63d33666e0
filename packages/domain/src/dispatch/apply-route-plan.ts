import { formatCompanyDay } from "@fieldops/shared/company-time";
import { triggerVisitTimes } from "../automations/plan-automation-runs.ts";
import {
  routePlanResultSchema,
  type CrewDay,
  type MapTiles,
  type RoutePlan,
  type RoutePlanResult,
} from "@fieldops/shared/dispatch";
import { recordAudit } from "../audit/record-audit.ts";
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
 * How each crew of `parts` is applied. Crews that exchange visits in the whole plan form groups (a crew, the crews it
 * trades with, theirs, …); a group applied whole, in one go, takes its parts of the whole plan. A crew applied
 * without the rest of its group takes its day planned alone instead, so that it changes its own visits only: it keeps
 * what the plan would give another crew, and takes nothing from one.
 */
export function crewParts(
  result: RoutePlanResult,
  parts: readonly string[],
): Map<string, { mode: "whole" | "alone"; day: CrewDay }> {
  const byId = new Map(result.crews.map((crew) => [crew.crewId, crew]));
  const group = (crewId: string) => {
    const seen = new Set([crewId]);
    for (const id of seen) for (const partner of byId.get(id)?.tradesWith ?? []) seen.add(partner);
    return seen;
  };
  return new Map(
    parts.map((crewId) => {
      const crew = byId.get(crewId)!;
      const whole = [...group(crewId)].every((id) => parts.includes(id));
      return [
        crewId,
        whole || !crew.alone
          ? { mode: "whole" as const, day: { ...crew.proposed, breaks: crew.breaks } }
          : { mode: "alone" as const, day: crew.alone },
      ];
    }),
  );
}

/**
 * Applies a ready plan, all of it or some crews' parts, in the caller's transaction. A crew's part gives it its
 * proposed visits at the proposed times (status scheduled, version bumped) and sends its visits the proposal leaves out
 * to the unassigned queue at their time; a crew applied without the crews it exchanges visits with takes its day
 * planned alone (`crewParts`), so every visit of another crew keeps its crew and time. Applying re-checks against the
 * board as it is now: a visit of these crews changed since the plan was made (moved, rescheduled, deleted, including
 * one left where it is for want of a location) refuses the whole apply with a 409 naming the crew and the visit, and
 * the placement rules are checked after the writes and roll everything back when one is broken. A part already
 * applied is not applied again, so repeating an apply changes nothing.
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

  const chosen = crewParts(result, parts);
  const placements: (Placement & { crewName: string })[] = result.crews.flatMap((crew) => {
    const part = chosen.get(crew.crewId);
    if (!part) return [];
    const kept = new Set(part.day.stops.map((stop) => stop.visitId));
    const placed = part.day.stops.map((stop) => ({
      visitId: stop.visitId,
      crewId: crew.crewId,
      start: new Date(stop.start),
      end: new Date(stop.end),
      crewName: crew.crewName,
    }));
    // Its visits that go to a crew of the same group are placed by that crew's part; those no part places (left
    // out) wait in the unassigned queue at their time.
    const givenAway = new Set(
      part.mode === "whole"
        ? result.crews.flatMap((other) =>
            other.crewId !== crew.crewId && chosen.get(other.crewId)?.mode === "whole"
              ? other.proposed.stops.map((stop) => stop.visitId)
              : [],
          )
        : [],
    );
    const released = crew.current.stops
      .filter((stop) => !kept.has(stop.visitId) && !givenAway.has(stop.visitId))
      .map((stop) => ({
        visitId: stop.visitId,
        crewId: null,
        start: new Date(stop.start),
        end: new Date(stop.end),
        crewName: crew.crewName,
      }));
    return [...placed, ...released];
  });
  // The visits these crews keep where they are (no location) hold time the plan was made around.
  const held = result.leftOut.filter((entry) => entry.stays && entry.crewId && chosen.has(entry.crewId));
  const expected = expectedVersions(plan);
  const checked = [
    ...placements.map((placement) => ({ visitId: placement.visitId, crewName: placement.crewName })),
    ...held.map((entry) => ({
      visitId: entry.visitId,
      crewName: result.crews.find((crew) => crew.crewId === entry.crewId)!.crewName,
    })),
  ].filter((entry) => expected[entry.visitId] !== undefined);
  const changedVisit = await firstChangedVisit(
    tx,
    expected,
    checked.map((entry) => entry.visitId),
  );
  if (changedVisit) {
    const crewName = checked.find((entry) => entry.visitId === changedVisit.id)!.crewName;
    throw conflict(
      changedVisit.deleted
        ? `${crewName}'s route was not applied: a visit of it was deleted since this plan was made. Optimize the day again.`
        : `${crewName}'s route was not applied: "${changedVisit.title}" was changed since this plan was made. Optimize the day again.`,
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
  await triggerVisitTimes(scope, { moved: [...written.keys()], notify: false });
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
    const crewNames = result.crews.filter((crew) => parts.includes(crew.crewId)).map((crew) => crew.crewName);
    await recordAudit(tx, {
      companyId: plan.companyId,
      actorUserId: actor.userId,
      action: "dispatch.routes_applied",
      entityType: "route_plan",
      entityId: plan.id,
      summary: `${actor.name} applied the optimized route${crewNames.length === 1 ? "" : "s"} of ${crewNames.join(", ")} for ${formatCompanyDay(plan.date)}: ${written.size} visit${written.size === 1 ? "" : "s"} moved`,
      details: { date: plan.date, crewIds: parts, visitIds: [...written.keys()] },
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
