import { useState } from "react";
import { Link } from "react-router";
import { Check, CircleDashed, KeyRound, MapPin, MessageSquare } from "lucide-react";
import { formatCompanyTime } from "@fieldops/shared/company-time";
import type { Role } from "@fieldops/shared/roles";
import type { UserdashCrew, UserdashVisit, UserdashWorkItem } from "@fieldops/shared/userdash";
import type { Terminology } from "@fieldops/shared/verticals";
import { VISIT_STATUS_LABELS, type VisitStatus } from "@fieldops/shared/visit-lifecycle";
import { Alert, AlertDescription, AlertTitle } from "../../components/ui/alert";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Skeleton } from "../../components/ui/skeleton";
import { can } from "@fieldops/shared/permissions";
import { useOnMyWay, useUserdash, useUserdashTransition } from "./userdash-queries";
import { apiErrorMessage, isStaleVersion } from "../../lib/api-error";

function timeRange(visit: { scheduledStart: string | null; scheduledEnd: string | null }, timeZone: string): string {
  if (!visit.scheduledStart) return "No time yet";
  return visit.scheduledEnd
    ? `${formatCompanyTime(visit.scheduledStart, timeZone)} – ${formatCompanyTime(visit.scheduledEnd, timeZone)}`
    : formatCompanyTime(visit.scheduledStart, timeZone);
}

/** What a refused start or complete tells the user; a stale version means the visit was reloaded meanwhile. */
export function transitionErrorMessage(error: unknown): string {
  if (isStaleVersion(error)) {
    return "This visit was changed by someone else since you loaded it. It has been reloaded: check it and try again.";
  }
  return apiErrorMessage(error, "The visit could not be updated. Check your connection and try again.");
}

function JobLink({ jobId, children, linked }: { jobId: string; children: string; linked: boolean }) {
  return linked ? (
    <Link to={`/jobs/${jobId}`} className="font-medium underline-offset-4 hover:underline">
      {children}
    </Link>
  ) : (
    <span className="font-medium">{children}</span>
  );
}

/**
 * "On my way": texts the customer that the crew is coming, with the arrival time the route planned. Pressed again soon
 * after, it sends nothing more; it says when it was sent, or why it cannot be (the plan, no number, opted out).
 */
function OnMyWayButton({ visit, timeZone }: { visit: UserdashVisit; timeZone: string }) {
  const onMyWay = useOnMyWay();
  const [error, setError] = useState<string | null>(null);
  const { sentAt, unavailable } = visit.onMyWay;
  const ahead = visit.status === "scheduled" || visit.status === "dispatched";
  const sentNote = sentAt ? (
    <span className="text-sm text-muted-foreground" role="status">
      Texted {visit.customerName} at {formatCompanyTime(sentAt, timeZone)}
    </span>
  ) : null;
  if (!ahead) return sentNote;
  return (
    <div className="grid gap-1">
      <div className="flex flex-wrap items-center gap-2">
        <Button
          size="sm"
          variant="outline"
          disabled={onMyWay.isPending || sentAt !== null || unavailable !== null}
          aria-label={`On my way to ${visit.customerName}`}
          onClick={() => {
            setError(null);
            onMyWay.mutate(
              { params: { id: visit.id } },
              { onError: (cause) => setError(apiErrorMessage(cause, "The text could not be sent. Try again.")) },
            );
          }}
        >
          <MessageSquare className="size-4" aria-hidden="true" /> On my way
        </Button>
        {sentNote ?? (unavailable ? <span className="text-sm text-muted-foreground">{unavailable}</span> : null)}
      </div>
      {error ? <p className="text-sm text-destructive">{error}</p> : null}
    </div>
  );
}

function VisitActions({ visit }: { visit: UserdashVisit }) {
  const transition = useUserdashTransition();
  const [error, setError] = useState<string | null>(null);
  const move = (to: VisitStatus) => {
    setError(null);
    transition.mutate(
      { visitId: visit.id, to, version: visit.version },
      { onError: (cause) => setError(transitionErrorMessage(cause)) },
    );
  };
  const canStart = visit.status === "scheduled" || visit.status === "dispatched";
  const canComplete = visit.status === "in_progress";
  return (
    <div className="grid gap-2">
      {canStart || canComplete ? (
        <div className="flex gap-2">
          {canStart ? (
            <Button
              size="sm"
              disabled={transition.isPending}
              onClick={() => move("in_progress")}
              aria-label={`Start ${visit.jobTitle}`}
            >
              Start
            </Button>
          ) : null}
          {canComplete ? (
            <Button
              size="sm"
              disabled={transition.isPending}
              onClick={() => move("completed")}
              aria-label={`Complete ${visit.jobTitle}`}
            >
              Complete
            </Button>
          ) : null}
        </div>
      ) : null}
      {error ? (
        <Alert variant="destructive">
          <AlertTitle>Not saved</AlertTitle>
          <AlertDescription>{error}</AlertDescription>
        </Alert>
      ) : null}
    </div>
  );
}

/** A field user's visit: where to go, how to get in, what to do, and the buttons to start and complete it. */
function FieldVisit({ visit, timeZone, terms }: { visit: UserdashVisit; timeZone: string; terms: Terminology }) {
  const titleId = `visit-${visit.id}-title`;
  return (
    <li className="grid gap-3 rounded-lg border p-4" aria-labelledby={titleId}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid gap-0.5">
          <h3 id={titleId} className="font-medium">
            {visit.jobTitle}
          </h3>
          <span className="text-sm text-muted-foreground">
            {terms.job} #{visit.jobNumber} · {visit.customerName} · {timeRange(visit, timeZone)}
          </span>
        </div>
        <Badge variant="outline">{VISIT_STATUS_LABELS[visit.status]}</Badge>
      </div>
      {visit.property ? (
        <dl className="grid gap-1 text-sm">
          <div className="flex gap-2">
            <dt className="flex items-center gap-1 text-muted-foreground">
              <MapPin className="size-3.5" aria-hidden="true" /> Address
            </dt>
            <dd>{visit.property.address}</dd>
          </div>
          {visit.property.accessNotes ? (
            <div className="flex gap-2">
              <dt className="text-muted-foreground">Access notes</dt>
              <dd>{visit.property.accessNotes}</dd>
            </div>
          ) : null}
          {visit.property.gateCode ? (
            <div className="flex gap-2">
              <dt className="flex items-center gap-1 text-muted-foreground">
                <KeyRound className="size-3.5" aria-hidden="true" /> Gate code
              </dt>
              <dd>{visit.property.gateCode}</dd>
            </div>
          ) : null}
        </dl>
      ) : null}
      {visit.instructions ? <p className="text-sm whitespace-pre-line">{visit.instructions}</p> : null}
      <OnMyWayButton visit={visit} timeZone={timeZone} />
      {visit.checklist.length > 0 ? (
        <ul aria-label={`Checklist of ${visit.jobTitle}`} className="grid gap-1 text-sm">
          {visit.checklist.map((item) => (
            <li key={item.id} className="flex items-center gap-2">
              {item.done ? (
                <Check className="size-4 text-primary" aria-hidden="true" />
              ) : (
                <CircleDashed className="size-4 text-muted-foreground" aria-hidden="true" />
              )}
              <span>{item.label}</span>
              <span className="sr-only">{item.done ? "(done)" : "(to do)"}</span>
            </li>
          ))}
        </ul>
      ) : null}
      <VisitActions visit={visit} />
    </li>
  );
}

function CrewVisits({
  crew,
  timeZone,
  terms,
  linked,
}: {
  crew: UserdashCrew;
  timeZone: string;
  terms: Terminology;
  linked: boolean;
}) {
  const name = crew.crewName ?? "No crew";
  return (
    <section className="grid gap-2" aria-label={name}>
      <h3 className="flex items-center gap-2 text-sm font-semibold">
        <span
          className="size-2.5 rounded-full"
          style={{ backgroundColor: crew.color ?? "var(--muted-foreground)" }}
          aria-hidden="true"
        />
        {name}
      </h3>
      <ul className="divide-y text-sm" aria-label={`${name} visits`}>
        {crew.visits.map((visit) => (
          <li key={visit.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <div className="grid gap-0.5">
              <JobLink jobId={visit.jobId} linked={linked}>
                {visit.jobTitle}
              </JobLink>
              <span className="text-xs text-muted-foreground">
                {terms.job} #{visit.jobNumber} · {visit.customerName} · {timeRange(visit, timeZone)}
              </span>
            </div>
            <Badge variant="outline">{VISIT_STATUS_LABELS[visit.status]}</Badge>
          </li>
        ))}
      </ul>
    </section>
  );
}

function WorkList({
  title,
  description,
  empty,
  items,
  timeZone,
  terms,
}: {
  title: string;
  description: string;
  empty: string;
  items: UserdashWorkItem[];
  timeZone: string;
  terms: Terminology;
}) {
  const id = `${title.toLowerCase().replace(/\W+/g, "-")}-title`;
  return (
    <Card role="region" aria-labelledby={id}>
      <CardHeader>
        <CardTitle id={id}>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        {items.length === 0 ? (
          <p className="text-sm text-muted-foreground">{empty}</p>
        ) : (
          <ul className="divide-y text-sm" aria-label={title}>
            {items.map((item) => (
              <li key={item.visitId} className="grid gap-0.5 py-2">
                <JobLink jobId={item.jobId} linked>
                  {item.jobTitle}
                </JobLink>
                <span className="text-xs text-muted-foreground">
                  {terms.job} #{item.jobNumber} · {item.customerName}
                  {item.crewName ? ` · ${item.crewName}` : ""}
                  {item.scheduledEnd ? ` · due by ${formatCompanyTime(item.scheduledEnd, timeZone)}` : ""}
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * Today's work on the user dashboard. Owners and members see every crew's visits (each linking to its job), the late
 * and the unscheduled work; a field user sees their own crews' visits with what they need on site, and starts and
 * completes them.
 */
export function TodayWork({ role, terms }: { role: Role; terms: Terminology }) {
  const day = useUserdash();
  const fieldUser = !can({ role }, "visits.manage_all");
  const title = fieldUser ? "Your visits today" : "Today's visits";
  return (
    <>
      <Card role="region" aria-labelledby="today-title">
        <CardHeader>
          <CardTitle id="today-title">{title}</CardTitle>
          <CardDescription>
            {fieldUser
              ? `Your crew's visits for today. Start each one when you arrive and complete it when the work is done.`
              : `Every crew's visits for today, in the company's time zone.`}
          </CardDescription>
        </CardHeader>
        <CardContent>
          {day.isPending ? (
            <div className="grid gap-3" role="status" aria-label="Loading today's visits">
              <Skeleton className="h-12 w-full" />
              <Skeleton className="h-12 w-full" />
            </div>
          ) : day.isError ? (
            <Alert variant="destructive">
              <AlertTitle>Today's visits could not be loaded</AlertTitle>
              <AlertDescription>
                <Button variant="outline" size="sm" disabled={day.isFetching} onClick={() => void day.refetch()}>
                  Try again
                </Button>
              </AlertDescription>
            </Alert>
          ) : day.data.crews.length === 0 ? (
            <p className="text-sm text-muted-foreground">No visits today</p>
          ) : fieldUser ? (
            <ul className="grid gap-3" aria-label={title}>
              {day.data.crews
                .flatMap((crew) => crew.visits)
                .map((visit) => (
                  <FieldVisit key={visit.id} visit={visit} timeZone={day.data.timeZone} terms={terms} />
                ))}
            </ul>
          ) : (
            <div className="grid gap-4">
              {day.data.crews.map((crew) => (
                <CrewVisits key={crew.crewId ?? "none"} crew={crew} timeZone={day.data.timeZone} terms={terms} linked />
              ))}
            </div>
          )}
        </CardContent>
      </Card>
      {!fieldUser && day.data ? (
        <div className="grid gap-4 md:grid-cols-2">
          <WorkList
            title="Late work"
            description={`Visits whose time has passed and that are not completed.`}
            empty="Nothing is late."
            items={day.data.late}
            timeZone={day.data.timeZone}
            terms={terms}
          />
          <WorkList
            title="Unscheduled work"
            description={`${terms.jobs} with visits that wait for a time.`}
            empty="No visit waits for a time."
            items={day.data.unscheduled}
            timeZone={day.data.timeZone}
            terms={terms}
          />
        </div>
      ) : null}
    </>
  );
}
