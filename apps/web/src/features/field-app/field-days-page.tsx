import { addDays } from "@fieldops/shared/company-time";
import type { FieldVisit } from "@fieldops/shared/field-app";
import { ErrorBlock, LoadingBlock } from "../../components/load-state";
import { useSignedInUser } from "../../lib/session";
import { usePageTitle } from "../../shell/page-title";
import { useCompanyTerms } from "../../lib/terms";
import { useFieldVisits } from "./field-app-data";
import { dayTitle, formatDuration, visitDay } from "./field-format";
import { FieldVisitCard } from "./field-visit-card";

/**
 * The coming days (today and the next two), a list per day: Jobs lists the work to do (open visits), Schedule every
 * visit with the day's planned driving.
 */
export function FieldDaysPage({ view }: { view: "jobs" | "schedule" }) {
  const user = useSignedInUser();
  const terms = useCompanyTerms(user.companyId);
  const days = useFieldVisits(user.id);
  const title = view === "jobs" ? terms.jobs : "Schedule";
  usePageTitle(title);
  if (days.isPending) return <LoadingBlock label={`Loading ${title.toLowerCase()}`} />;
  if (days.isError)
    return (
      <ErrorBlock title={`${title} could not be loaded`} retry={() => void days.refetch()} busy={days.isFetching} />
    );
  const { date, timeZone, visits, drive } = days.data;
  const shown = view === "jobs" ? visits.filter((visit) => visit.status !== "completed") : visits;
  const byDay = new Map<string, FieldVisit[]>();
  for (const offset of [0, 1, 2]) byDay.set(addDays(date, offset), []);
  for (const visit of shown) byDay.get(visitDay(visit, timeZone) ?? "")?.push(visit);
  return (
    <>
      <h1 className="text-2xl font-semibold">{title}</h1>
      {[...byDay].map(([day, dayVisits]) => {
        const heading = dayTitle(day, date, addDays(date, 1));
        const driveSeconds = drive.filter((entry) => entry.date === day).reduce((sum, e) => sum + e.driveSeconds, 0);
        return (
          <section key={day} aria-label={heading}>
            <h2 className="mb-2 font-semibold">
              {heading}
              {view === "schedule" && driveSeconds > 0 ? (
                <span className="ml-2 text-sm font-normal text-muted-foreground">
                  {formatDuration(driveSeconds * 1000)} driving
                </span>
              ) : null}
            </h2>
            {dayVisits.length === 0 ? (
              <p className="text-sm text-muted-foreground">
                {view === "jobs" ? `No open ${terms.jobs.toLowerCase()}.` : "Nothing scheduled."}
              </p>
            ) : (
              <ul className="grid gap-2">
                {dayVisits.map((visit) => (
                  <li key={visit.id}>
                    <FieldVisitCard visit={visit} timeZone={timeZone} />
                  </li>
                ))}
              </ul>
            )}
          </section>
        );
      })}
    </>
  );
}
