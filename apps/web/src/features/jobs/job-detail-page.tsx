import { useState, type ComponentType } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { JOB_STATUS_LABELS } from "@fieldops/shared/job-status";
import { describeRecurrence, type JobDetail, type Visit } from "@fieldops/shared/jobs";
import type { Terminology } from "@fieldops/shared/verticals";
import { VISIT_STATUS_LABELS, VISIT_TRANSITIONS, type VisitStatus } from "@fieldops/shared/visit-lifecycle";
import { LocationStatus } from "../../components/location-status";
import { Alert, AlertDescription, AlertTitle } from "../../components/ui/alert";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Skeleton } from "../../components/ui/skeleton";
import { ApiError } from "../../lib/api";
import { useCompany } from "../../lib/company";
import { useTerms } from "../../lib/terms";
import { usePageTitle } from "../../shell/page-title";
import { formatCents, formatWhen } from "./format";
import { JobFormDialog } from "./job-form-dialog";
import { JobPhotos } from "./job-photos";
import { useTransitionVisit } from "./queries";
import { apiErrorMessage } from "../../lib/api-error";
import { useSignedInUser } from "../../lib/session";
import { useJob } from "../../lib/jobs";

/** The moves offered on a visit; scheduling with a time and crew belongs to the schedule board. */
const ACTION_LABELS: Partial<Record<VisitStatus, string>> = {
  dispatched: "Dispatch",
  in_progress: "Start",
  completed: "Complete",
  canceled: "Cancel",
  unscheduled: "Unschedule",
};

function VisitRow({ visit, jobId, timeZone }: { visit: Visit; jobId: string; timeZone: string }) {
  const transition = useTransitionVisit(jobId);
  const moves = VISIT_TRANSITIONS[visit.status].filter(
    (to) => ACTION_LABELS[to] && !(to === "dispatched" && !visit.crewId),
  );
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-2">
      <div className="grid gap-0.5">
        <span className="text-sm font-medium">{formatWhen(visit.scheduledStart, timeZone)}</span>
        <span className="text-xs text-muted-foreground">
          {visit.crewName ?? "No crew yet"} · {visit.durationMinutes} min
        </span>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant="outline">{VISIT_STATUS_LABELS[visit.status]}</Badge>
        {moves.map((to) => (
          <Button
            key={to}
            size="sm"
            variant="outline"
            disabled={transition.isPending}
            onClick={() => transition.mutate({ visitId: visit.id, to, version: visit.version })}
          >
            {ACTION_LABELS[to]}
          </Button>
        ))}
        {transition.error ? (
          <span role="alert" className="text-xs text-destructive">
            {apiErrorMessage(transition.error, "The visit could not be changed.")}
          </span>
        ) : null}
      </div>
    </li>
  );
}

/** What other features add to a job's page, given by app/: its linked records and the new-invoice dialog. */
export interface JobParts {
  LinkedRecords: ComponentType<{ jobId: string }>;
  NewInvoiceDialog: ComponentType<{
    jobId: string;
    onOpenChange: (open: boolean) => void;
    onCreated: (invoice: { id: string }) => void;
  }>;
}

function JobView({
  job,
  terminology,
  timeZone,
  parts: { LinkedRecords, NewInvoiceDialog },
}: {
  job: JobDetail;
  terminology: Terminology;
  timeZone: string;
  parts: JobParts;
}) {
  const [editing, setEditing] = useState(false);
  const [invoicing, setInvoicing] = useState(false);
  const navigate = useNavigate();
  usePageTitle(`${terminology.job} #${job.number}`);
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="grid gap-1">
          <h1 className="text-2xl font-semibold tracking-tight">
            {terminology.job} #{job.number}: {job.title}
          </h1>
          <p className="text-muted-foreground">
            {job.customerName} · <Badge variant="outline">{JOB_STATUS_LABELS[job.status]}</Badge>
            {job.recurrence ? <span> · Recurring: {describeRecurrence(job.recurrence.rule)}</span> : null}
          </p>
          <p className="flex flex-wrap items-center gap-x-2 text-sm">
            <span>{job.serviceAddress.address}</span>
            <LocationStatus place={job.serviceAddress} showCoordinates={false} />
            {job.serviceAddress.locationPrecision === null ? (
              <Link to={`/customers/${job.customerId}`} className="underline underline-offset-4">
                Fix the address
              </Link>
            ) : null}
          </p>
        </div>
        <div className="flex gap-2">
          {job.visits.some((visit) => visit.status === "completed") ? (
            <Button variant="outline" onClick={() => setInvoicing(true)}>
              Create invoice
            </Button>
          ) : null}
          <Button variant="outline" onClick={() => setEditing(true)}>
            Edit
          </Button>
        </div>
      </div>
      {job.instructions ? (
        <Card>
          <CardHeader>
            <CardTitle>Instructions</CardTitle>
            <CardDescription className="whitespace-pre-wrap">{job.instructions}</CardDescription>
          </CardHeader>
        </Card>
      ) : null}
      <Card role="region" aria-labelledby="visits-title">
        <CardHeader>
          <CardTitle id="visits-title">Visits</CardTitle>
          <CardDescription>
            {`Times are in the company's time zone (${timeZone}). Visits take ${job.visitDurationMinutes} min${
              job.arrivalWindowMinutes === null
                ? ""
                : `, arriving within ± ${job.arrivalWindowMinutes} min of their time`
            }.`}
          </CardDescription>
        </CardHeader>
        <CardContent>
          {job.visits.length === 0 ? (
            <p className="text-sm text-muted-foreground">No visits.</p>
          ) : (
            <ul aria-label="Visits" className="divide-y">
              {job.visits.map((visit) => (
                <VisitRow key={visit.id} visit={visit} jobId={job.id} timeZone={timeZone} />
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
      <div className="grid gap-4 md:grid-cols-2">
        <Card role="region" aria-labelledby="line-items-title">
          <CardHeader>
            <CardTitle id="line-items-title">Line items</CardTitle>
            <CardDescription>Total {formatCents(job.totalCents)}</CardDescription>
          </CardHeader>
          <CardContent>
            {job.lineItems.length === 0 ? (
              <p className="text-sm text-muted-foreground">No line items.</p>
            ) : (
              <ul aria-label="Line items" className="divide-y text-sm">
                {job.lineItems.map((item) => (
                  <li key={item.id} className="flex justify-between gap-2 py-2">
                    <span>
                      {item.service} × {item.quantity}
                      {item.taxable ? <span className="text-xs text-muted-foreground"> (taxable)</span> : null}
                    </span>
                    <span>{formatCents(item.totalCents)}</span>
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
        <Card role="region" aria-labelledby="checklist-title">
          <CardHeader>
            <CardTitle id="checklist-title">Checklist</CardTitle>
          </CardHeader>
          <CardContent>
            {job.checklist.length === 0 ? (
              <p className="text-sm text-muted-foreground">No checklist.</p>
            ) : (
              <ul aria-label="Checklist" className="grid gap-1 text-sm">
                {job.checklist.map((item) => (
                  <li key={item.id}>
                    {item.done ? "✓ " : "○ "}
                    {item.label}
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
      </div>
      <LinkedRecords jobId={job.id} />
      <Card role="region" aria-labelledby="history-title">
        <CardHeader>
          <CardTitle id="history-title">Notes and history</CardTitle>
        </CardHeader>
        <CardContent>
          <ul aria-label="Notes and history" className="grid gap-1 text-sm">
            {job.notes.map((note) => (
              <li key={note.id}>
                <time dateTime={note.createdAt} className="text-xs text-muted-foreground">
                  {formatWhen(note.createdAt, timeZone)}
                </time>{" "}
                {note.body}
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>
      <JobPhotos jobId={job.id} timeZone={timeZone} />
      {invoicing ? (
        <NewInvoiceDialog
          onOpenChange={setInvoicing}
          jobId={job.id}
          onCreated={(invoice) => void navigate(`/payments/invoices/${invoice.id}`)}
        />
      ) : null}
      {editing ? (
        <JobFormDialog
          open={editing}
          onOpenChange={setEditing}
          terminology={terminology}
          timeZone={timeZone}
          job={job}
          onSaved={() => setEditing(false)}
        />
      ) : null}
    </>
  );
}

export function JobDetailPage({ parts }: { parts: JobParts }) {
  const { id = "" } = useParams();
  const user = useSignedInUser();
  const company = useCompany(user.companyId);
  const job = useJob(id);
  const jobWord = useTerms().job;
  if (job.isError || company.isError) {
    const missing = job.error instanceof ApiError && (job.error.status === 404 || job.error.status === 400);
    return (
      <JobProblem
        title={missing ? `${jobWord} not found` : `${jobWord} could not be loaded`}
        jobWord={jobWord}
        missing={missing}
        retry={() => void job.refetch()}
      />
    );
  }
  if (job.isPending || !company.data) {
    return (
      <>
        <h1 className="text-2xl font-semibold tracking-tight">{jobWord}</h1>
        <div className="grid gap-2" role="status" aria-label={`Loading ${jobWord.toLowerCase()}`}>
          <Skeleton className="h-24 w-full" />
          <Skeleton className="h-24 w-full" />
        </div>
      </>
    );
  }
  return (
    <JobView job={job.data} terminology={company.data.terminology} timeZone={company.data.timeZone} parts={parts} />
  );
}

function JobProblem({
  title,
  jobWord,
  missing,
  retry,
}: {
  title: string;
  jobWord: string;
  missing: boolean;
  retry: () => void;
}) {
  usePageTitle(title);
  return (
    <>
      <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
      <Alert variant={missing ? "default" : "destructive"}>
        <AlertTitle>
          {missing ? `There is no such ${jobWord.toLowerCase()} in your company.` : "Something went wrong."}
        </AlertTitle>
        <AlertDescription>
          {missing ? (
            <Link to="/jobs" className="font-medium underline underline-offset-4">
              Back to the list
            </Link>
          ) : (
            <Button variant="outline" size="sm" onClick={retry}>
              Try again
            </Button>
          )}
        </AlertDescription>
      </Alert>
    </>
  );
}
