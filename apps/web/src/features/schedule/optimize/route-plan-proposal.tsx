import { lazy, Suspense } from "react";
import type { CrewRoute, RoutePlan, RouteStop } from "@fieldops/shared/dispatch";
import type { Terminology } from "@fieldops/shared/verticals";
import { Alert, AlertDescription, AlertTitle } from "../../../components/ui/alert";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { hasMapPoints } from "./route-plan-map-points";
import {
  crewRouteChanges,
  crewsToApply,
  describeMove,
  describeSaving,
  formatClock,
  formatDistance,
  formatDriveTime,
} from "./route-plan-format";

// Leaflet comes with the map only, for companies with a tile server.
const RoutePlanMap = lazy(() => import("./route-plan-map"));

export interface RoutePlanProposalProps {
  plan: RoutePlan;
  timeZone: string;
  /** The company's words: a move or a left-out visit names its job as the company calls it. */
  terms: Terminology;
  /** Apply every crew's part (no ids) or the given crews'. */
  onApply: (crewIds?: string[]) => void;
  applying: boolean;
}

function StopList({ label, stops, timeZone }: { label: string; stops: RouteStop[]; timeZone: string }) {
  return (
    <div className="min-w-0">
      <p className="text-xs font-medium text-muted-foreground uppercase">{label}</p>
      {stops.length === 0 ? (
        <p className="text-sm text-muted-foreground">No visits</p>
      ) : (
        <ol className="list-decimal pl-5 text-sm">
          {stops.map((stop) => (
            <li key={stop.visitId}>
              <span className="tabular-nums">
                {formatClock(stop.start, timeZone)}–{formatClock(stop.end, timeZone)}
              </span>{" "}
              {stop.jobTitle}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

function CrewPart({ crew, plan, timeZone, onApply, applying }: { crew: CrewRoute } & RoutePlanProposalProps) {
  const applied = plan.appliedCrewIds.includes(crew.crewId);
  const changes = crewRouteChanges(crew);
  const saved = {
    driveSeconds: crew.current.driveSeconds - crew.proposed.driveSeconds,
    distanceMeters: crew.current.distanceMeters - crew.proposed.distanceMeters,
  };
  return (
    <section aria-labelledby={`crew-${crew.crewId}`} className="grid gap-3 rounded-md border p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={`crew-${crew.crewId}`} className="font-medium">
          {crew.crewName}
        </h3>
        <div className="flex items-center gap-2">
          <span className="text-sm text-muted-foreground">
            {formatDriveTime(crew.current.driveSeconds)} → {formatDriveTime(crew.proposed.driveSeconds)} ·{" "}
            {describeSaving(saved)}
          </span>
          {applied ? (
            <Badge variant="secondary">Applied</Badge>
          ) : changes && plan.status === "ready" ? (
            <Button
              size="sm"
              variant="outline"
              disabled={applying}
              onClick={() => onApply([crew.crewId])}
              aria-label={`Apply ${crew.crewName}'s route`}
            >
              Apply
            </Button>
          ) : (
            !changes && <Badge variant="outline">No change</Badge>
          )}
        </div>
      </div>
      {crew.startEstimated && (
        <p className="text-xs text-muted-foreground">
          No start location set: planned from the middle of the day's visits.
        </p>
      )}
      <div className="grid gap-3 sm:grid-cols-2">
        <StopList label="Now" stops={crew.current.stops} timeZone={timeZone} />
        <StopList label="Proposed" stops={crew.proposed.stops} timeZone={timeZone} />
      </div>
    </section>
  );
}

/** A proposal against the current plan: totals, each crew's day before and after, moves and left-out visits. */
export function RoutePlanProposal({ plan, timeZone, terms, onApply, applying }: RoutePlanProposalProps) {
  const result = plan.result;
  if (!result) return null;
  const crewName = new Map(result.crews.map((crew) => [crew.crewId, crew.crewName]));
  const remaining = crewsToApply(plan);
  return (
    <div className="grid gap-4">
      {result.distanceSource === "straight_line" && (
        <Alert>
          <AlertTitle>Straight-line estimates</AlertTitle>
          <AlertDescription>
            No road map server is configured, so drive times and distances are estimated from straight lines.
          </AlertDescription>
        </Alert>
      )}
      <div className="grid gap-1 rounded-md bg-muted p-3 text-sm">
        <p className="font-medium">{describeSaving(result.saved)}</p>
        <p>
          Driving: {formatDriveTime(result.before.driveSeconds)} ({formatDistance(result.before.distanceMeters)}) now,{" "}
          {formatDriveTime(result.after.driveSeconds)} ({formatDistance(result.after.distanceMeters)}) proposed
        </p>
        {result.notes.map((note) => (
          <p key={note} className="text-muted-foreground">
            {note}
          </p>
        ))}
      </div>
      {plan.map && hasMapPoints(result) && (
        <Suspense fallback={<p className="text-sm text-muted-foreground">Loading the map…</p>}>
          <RoutePlanMap result={result} map={plan.map} />
        </Suspense>
      )}
      {result.moves.length > 0 && (
        <section aria-labelledby="plan-moves" className="grid gap-1">
          <h3 id="plan-moves" className="font-medium">
            Moves between crews
          </h3>
          <ul className="list-disc pl-5 text-sm">
            {result.moves.map((move) => (
              <li key={move.visitId}>
                {terms.job} “{move.jobTitle}”:{" "}
                {describeMove(
                  move.fromCrewId ? (crewName.get(move.fromCrewId) ?? "another crew") : null,
                  crewName.get(move.toCrewId) ?? "another crew",
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
      {result.leftOut.length > 0 && (
        <section aria-labelledby="plan-left-out" className="grid gap-1">
          <h3 id="plan-left-out" className="font-medium">
            Left out ({result.leftOut.length})
          </h3>
          <ul className="list-disc pl-5 text-sm">
            {result.leftOut.map((entry) => (
              <li key={entry.visitId}>
                {terms.job} “{entry.jobTitle}”: {entry.reasonText}
              </li>
            ))}
          </ul>
        </section>
      )}
      <div className="grid gap-3">
        {result.crews.map((crew) => (
          <CrewPart
            key={crew.crewId}
            crew={crew}
            plan={plan}
            timeZone={timeZone}
            terms={terms}
            onApply={onApply}
            applying={applying}
          />
        ))}
      </div>
      {plan.status === "ready" && remaining.length > 0 && (
        <div className="flex justify-end">
          <Button disabled={applying} onClick={() => onApply()}>
            {applying ? "Applying…" : "Apply all"}
          </Button>
        </div>
      )}
    </div>
  );
}
