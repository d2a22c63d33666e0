import { Car } from "lucide-react";
import { addDays } from "@fieldops/shared/company-time";
import type { FieldVisitsResponse } from "@fieldops/shared/field-app";
import { ErrorBlock, LoadingBlock } from "../../components/load-state";
import { useSignedInUser } from "../../lib/session";
import { usePageTitle } from "../../shell/page-title";
import { useCompanyTerms } from "../../lib/terms";
import { useFieldVisits } from "./field-app-data";
import { formatDuration, visitDay } from "./field-format";
import { FieldConflicts } from "./field-conflicts";
import { FieldVisitCard } from "./field-visit-card";

const DONE = new Set(["completed", "canceled"]);

/** The drive from the stop before: by road, or estimated from the two addresses (and then said so). */
function LegLine({ leg }: { leg: FieldVisitsResponse["legs"][number] }) {
  const km = (leg.distanceMeters / 1000).toFixed(1);
  return (
    <p className="mb-1 flex items-center gap-1 text-xs text-muted-foreground">
      <Car className="size-3.5" aria-hidden="true" />
      {leg.source === "osrm"
        ? `${formatDuration(leg.driveSeconds * 1000)} drive (${km} km) from the stop before`
        : `About ${formatDuration(leg.driveSeconds * 1000)} drive (${km} km, estimated) from the stop before`}
    </p>
  );
}

/** Home: today's route for the user's crew, in order, the next visit first, with the planned driving. */
export function FieldHomePage() {
  const user = useSignedInUser();
  const terms = useCompanyTerms(user.companyId);
  const days = useFieldVisits(user.id);
  usePageTitle("Today");
  if (days.isPending) return <LoadingBlock label="Loading today's route" />;
  if (days.isError)
    return (
      <ErrorBlock title="Today's route could not be loaded" retry={() => void days.refetch()} busy={days.isFetching} />
    );
  const { date, timeZone, visits, drive, legs } = days.data;
  const legTo = new Map(legs.map((leg) => [leg.toVisitId, leg]));
  const today = visits.filter((visit) => visitDay(visit, timeZone) === date);
  const next = today.find((visit) => !DONE.has(visit.status)) ?? null;
  const driveSeconds = drive.filter((entry) => entry.date === date).reduce((sum, entry) => sum + entry.driveSeconds, 0);
  const tomorrow = visits.filter((visit) => visitDay(visit, timeZone) === addDays(date, 1)).length;
  return (
    <>
      <header>
        <h1 className="text-2xl font-semibold">Today</h1>
        <p className="text-sm text-muted-foreground">
          {today.length === 1 ? `1 ${terms.job.toLowerCase()}` : `${today.length} ${terms.jobs.toLowerCase()}`}
          {driveSeconds > 0 ? ` · about ${formatDuration(driveSeconds * 1000)} of driving planned` : ""}
        </p>
      </header>
      <FieldConflicts userId={user.id} />
      {next ? (
        <section aria-labelledby="field-next">
          <h2 id="field-next" className="mb-2 text-sm font-semibold text-muted-foreground uppercase">
            Next
          </h2>
          <FieldVisitCard visit={next} timeZone={timeZone} highlight />
        </section>
      ) : null}
      {today.length === 0 ? (
        <p>Nothing on your route today. {tomorrow > 0 ? `${tomorrow} tomorrow: see Schedule.` : ""}</p>
      ) : (
        <section aria-labelledby="field-route">
          <h2 id="field-route" className="mb-2 text-sm font-semibold text-muted-foreground uppercase">
            Today's route
          </h2>
          <ol aria-label="Today's route" className="grid gap-2">
            {today.map((visit, index) => (
              <li key={visit.id} className="flex gap-2">
                <span className="mt-3 w-5 shrink-0 text-right text-sm text-muted-foreground tabular-nums">
                  {index + 1}
                </span>
                <div className="flex-1">
                  {(legTo.get(visit.id)?.driveSeconds ?? 0) >= 60 ? <LegLine leg={legTo.get(visit.id)!} /> : null}
                  <FieldVisitCard visit={visit} timeZone={timeZone} />
                </div>
              </li>
            ))}
          </ol>
        </section>
      )}
    </>
  );
}
