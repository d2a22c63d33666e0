import { lazy, Suspense } from "react";
import { Link } from "react-router";
import type { CrewRoute, LeftOutVisit, RoutePlan, RouteStop, RouteTotals } from "@fieldops/shared/dispatch";
import type { Terminology } from "@fieldops/shared/verticals";
import { Alert, AlertDescription, AlertTitle } from "../../../components/ui/alert";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { hasMapPoints } from "./route-plan-map-points";
import {
  crewRouteChanges,
  crewsToApply,
  dayChanges,
  describeMove,
  describeSaving,
  describeVisitCount,
  formatClock,
  formatDistance,
  formatDriveTime,
  partApplied,
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

/** "1 h 05 min → 40 min · Saves 25 min and 12.0 km of driving": a crew's driving now and in `day`. */
function DriveChange({ crew, day }: { crew: CrewRoute; day: { driveSeconds: number; distanceMeters: number } }) {
  return (
    <>
      {formatDriveTime(crew.current.driveSeconds)} → {formatDriveTime(day.driveSeconds)} ·{" "}
      {describeSaving({
        driveSeconds: crew.current.driveSeconds - day.driveSeconds,
        distanceMeters: crew.current.distanceMeters - day.distanceMeters,
      })}
    </>
  );
}

function CrewPart({
  crew,
  plan,
  timeZone,
  onApply,
  applying,
  crewName,
}: { crew: CrewRoute; crewName: (crewId: string) => string } & RoutePlanProposalProps) {
  const applied = plan.appliedCrewIds.includes(crew.crewId);
  // Applied on its own, a crew that trades visits with others keeps its own (its day planned alone).
  const alone = crew.alone !== null;
  const changes = dayChanges(crew, partApplied(crew));
  return (
    <section aria-labelledby={`crew-${crew.crewId}`} className="grid gap-3 rounded-md border p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="grid">
          <h3 id={`crew-${crew.crewId}`} className="font-medium">
            {crew.crewName}
          </h3>
          {crew.startLabel ? (
            <p className="text-xs text-muted-foreground">Starts and ends at {crew.startLabel}</p>
          ) : null}
        </div>
        <div className="flex items-center gap-2">
          <span className="text-sm text-muted-foreground">
            <DriveChange crew={crew} day={crew.proposed} />
          </span>
          {applied ? (
            <Badge variant="secondary">Applied</Badge>
          ) : changes && plan.status === "ready" ? (
            <Button
              size="sm"
              variant="outline"
              disabled={applying}
              onClick={() => onApply([crew.crewId])}
              aria-label={alone ? `Apply ${crew.crewName}'s route alone` : `Apply ${crew.crewName}'s route`}
            >
              {alone ? "Apply alone" : "Apply"}
            </Button>
          ) : (
            !crewRouteChanges(crew) && <Badge variant="outline">No change</Badge>
          )}
        </div>
      </div>
      <div className={`grid gap-3 ${crew.alone ? "sm:grid-cols-3" : "sm:grid-cols-2"}`}>
        <StopList label="Now" stops={crew.current.stops} timeZone={timeZone} />
        <StopList
          label={crew.alone ? "In the whole plan" : "Proposed"}
          stops={crew.proposed.stops}
          timeZone={timeZone}
        />
        {crew.alone ? <StopList label="Applied alone" stops={crew.alone.stops} timeZone={timeZone} /> : null}
      </div>
      {crew.alone ? (
        <p className="text-xs text-muted-foreground">
          In the whole plan {crew.crewName} exchanges visits with {crew.tradesWith.map(crewName).join(", ")}. Applied
          alone it keeps its own visits and no other crew's change: <DriveChange crew={crew} day={crew.alone} />.
        </p>
      ) : null}
    </section>
  );
}

/** A visit left out and why; one without a location links to its customer, whose address is the fix. */
function LeftOutEntry({
  entry,
  jobTerm,
  crewName,
}: {
  entry: LeftOutVisit;
  jobTerm: string;
  crewName: (crewId: string) => string;
}) {
  return (
    <li>
      {jobTerm} “{entry.jobTitle}”: {entry.reasonText}.
      {entry.stays
        ? entry.crewId
          ? ` It stays on ${crewName(entry.crewId)} at its time.`
          : " It stays in the unassigned queue."
        : null}{" "}
      {entry.customerId ? (
        <Link to={`/customers/${entry.customerId}`} className="underline underline-offset-4">
          Fix the address of “{entry.jobTitle}”
        </Link>
      ) : null}
    </li>
  );
}

/** A proposal against the current plan: totals, each crew's day before and after, moves and left-out visits. */
export function RoutePlanProposal({ plan, timeZone, terms, onApply, applying }: RoutePlanProposalProps) {
  const result = plan.result;
  if (!result) return null;
  const names = new Map(result.crews.map((crew) => [crew.crewId, crew.crewName]));
  const crewName = (crewId: string) => names.get(crewId) ?? "another crew";
  const remaining = crewsToApply(plan);
  const visitCount = describeVisitCount(result.before, result.after);
  // "1 h 10 min (45.0 km) for 9 visits"
  const driving = (totals: RouteTotals) =>
    `${formatDriveTime(totals.driveSeconds)} (${formatDistance(totals.distanceMeters)})${
      totals.visits === undefined ? "" : ` for ${totals.visits} ${totals.visits === 1 ? "visit" : "visits"}`
    }`;
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
        {visitCount ? <p className="font-medium">{visitCount}</p> : null}
        <p>
          Driving: {driving(result.before)} now, {driving(result.after)} proposed
        </p>
        {result.slotMinutes > 1 ? (
          <p className="text-muted-foreground">Times are rounded to {result.slotMinutes} minutes.</p>
        ) : null}
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
                {describeMove(move.fromCrewId ? crewName(move.fromCrewId) : null, crewName(move.toCrewId))}
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
              <LeftOutEntry key={entry.visitId} entry={entry} jobTerm={terms.job} crewName={crewName} />
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
            crewName={crewName}
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
