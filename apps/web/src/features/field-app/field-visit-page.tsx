import { ArrowLeft, MapPin } from "lucide-react";
import { useEffect, useState, type FormEvent, type ReactNode } from "react";
import { Link, useParams } from "react-router";
import type { FieldVisit } from "@fieldops/shared/field-app";
import { VISIT_STATUS_LABELS } from "@fieldops/shared/visit-lifecycle";
import { ErrorBlock, LoadingBlock } from "../../components/load-state";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Label } from "../../components/ui/label";
import { Textarea } from "../../components/ui/textarea";
import { apiErrorMessage } from "../../lib/api-error";
import { useSignedInUser } from "../../lib/session";
import { usePageTitle } from "../../shell/page-title";
import { useCompanyTerms } from "../../lib/terms";
import { isPending } from "./field-actions";
import { useFieldAct, useFieldVisit, useFieldVisits } from "./field-app-data";
import { FieldConflicts } from "./field-conflicts";
import { FieldPhotos, FieldSignature } from "./field-files";
import { arrivalText, formatClock, formatDuration, mapsLink } from "./field-format";

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="rounded-lg border bg-card p-3">
      <h2 className="mb-2 font-semibold">{title}</h2>
      {children}
    </section>
  );
}

/** Time on site: from the start to the completion, or to now while the visit is under way (ticking each minute). */
function TimeOnSite({ visit }: { visit: FieldVisit }) {
  const [now, setNow] = useState(() => Date.now());
  const running = visit.startedAt !== null && visit.completedAt === null;
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, [running]);
  if (!visit.startedAt) return null;
  const end = visit.completedAt ? new Date(visit.completedAt).getTime() : now;
  return <p>Time on site: {formatDuration(end - new Date(visit.startedAt).getTime())}</p>;
}

/** Says that the phone itself could not keep an action (storage full or refused): nothing was recorded. */
const NOT_KEPT = "This phone could not keep that: check its free storage and try again.";

function NoteForm({ visit, userId }: { visit: FieldVisit; userId: string }) {
  const act = useFieldAct(userId);
  const [body, setBody] = useState("");
  const [saving, setSaving] = useState(false);
  const [failed, setFailed] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = body.trim();
    if (!text) return;
    setSaving(true);
    act({ kind: "note", visitId: visit.id, body: text }, visit)
      .then(() => {
        setBody("");
        setFailed(false);
      })
      .catch(() => setFailed(true))
      .finally(() => setSaving(false));
  };
  return (
    <form onSubmit={submit} className="mt-3 grid gap-2">
      <Label htmlFor="field-note">Add a note</Label>
      <Textarea id="field-note" value={body} maxLength={5000} onChange={(event) => setBody(event.target.value)} />
      {failed ? (
        <p role="alert" className="text-sm text-destructive">
          {NOT_KEPT}
        </p>
      ) : null}
      <Button type="submit" disabled={saving || body.trim() === ""}>
        Add note
      </Button>
    </form>
  );
}

/**
 * One checklist item. The tick shows the moment it is tapped (a controlled checkbox would otherwise spring back until
 * the device has kept the action), and goes back if the device could not keep it.
 */
function ChecklistTick({
  visit,
  item,
  userId,
}: {
  visit: FieldVisit;
  item: FieldVisit["checklist"][number];
  userId: string;
}) {
  const act = useFieldAct(userId);
  const [checked, setChecked] = useState(item.done);
  useEffect(() => setChecked(item.done), [item.done]);
  return (
    <li>
      <label className="flex min-h-11 items-center gap-3">
        <input
          type="checkbox"
          className="size-5"
          checked={checked}
          onChange={(event) => {
            const done = event.target.checked;
            setChecked(done);
            act({ kind: "checklist", visitId: visit.id, itemId: item.id, done }, visit).catch(() =>
              setChecked(item.done),
            );
          }}
        />
        <span className={checked ? "line-through" : undefined}>{item.label}</span>
      </label>
    </li>
  );
}

function VisitDetail({ visit, timeZone, userId }: { visit: FieldVisit; timeZone: string; userId: string }) {
  const act = useFieldAct(userId);
  const [moving, setMoving] = useState(false);
  const [failed, setFailed] = useState(false);
  // Kept first, then shown: a second tap before the first shows cannot queue the same move twice.
  const transition = (to: "in_progress" | "completed") => {
    setMoving(true);
    act({ kind: "transition", visitId: visit.id, to, version: visit.version }, visit)
      .then(() => setFailed(false))
      .catch(() => setFailed(true))
      .finally(() => setMoving(false));
  };
  const property = visit.property;
  const canStart = visit.status === "scheduled" || visit.status === "dispatched";
  return (
    <>
      <header className="grid gap-1">
        <Link to="/app" className="flex items-center gap-1 text-sm text-muted-foreground">
          <ArrowLeft className="size-4" aria-hidden="true" /> Today
        </Link>
        <div className="flex items-start justify-between gap-2">
          <h1 className="text-2xl font-semibold">{visit.jobTitle}</h1>
          <Badge variant="outline">{VISIT_STATUS_LABELS[visit.status]}</Badge>
        </div>
        <p className="text-lg">{visit.customerName}</p>
        <p className="text-sm">{arrivalText(visit, timeZone)}</p>
      </header>
      <FieldConflicts userId={userId} visitId={visit.id} />
      {property ? (
        <Section title="Where">
          <a href={mapsLink(property)} target="_blank" rel="noreferrer" className="flex items-start gap-2 underline">
            <MapPin className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <span>
              {property.address}
              <span className="sr-only"> (opens maps)</span>
            </span>
          </a>
          {property.gateCode ? (
            <p className="mt-2">
              Gate code: <strong className="font-mono text-lg">{property.gateCode}</strong>
            </p>
          ) : null}
          {property.accessNotes ? <p className="mt-1">{property.accessNotes}</p> : null}
        </Section>
      ) : null}
      {visit.instructions ? (
        <Section title="Instructions">
          <p className="whitespace-pre-line">{visit.instructions}</p>
        </Section>
      ) : null}
      <Section title="Work">
        <TimeOnSite visit={visit} />
        {visit.startedAt ? (
          <p className="text-sm text-muted-foreground">Started {formatClock(visit.startedAt, timeZone)}</p>
        ) : null}
        {failed ? (
          <p role="alert" className="text-sm text-destructive">
            {NOT_KEPT}
          </p>
        ) : null}
        <div className="mt-2 flex gap-2">
          {canStart ? (
            <Button className="flex-1" disabled={moving} onClick={() => transition("in_progress")}>
              Start
            </Button>
          ) : null}
          {visit.status === "in_progress" ? (
            <Button className="flex-1" disabled={moving} onClick={() => transition("completed")}>
              Complete
            </Button>
          ) : null}
        </div>
      </Section>
      <Section title="Checklist">
        {visit.checklist.length === 0 ? (
          <p className="text-sm text-muted-foreground">No checklist.</p>
        ) : (
          <ul className="grid gap-1">
            {visit.checklist.map((item) => (
              <ChecklistTick key={item.id} visit={visit} item={item} userId={userId} />
            ))}
          </ul>
        )}
      </Section>
      {visit.lineItems.length > 0 ? (
        <Section title="Line items">
          <ul className="grid gap-1">
            {visit.lineItems.map((item) => (
              <li key={item.id} className="flex justify-between">
                <span>{item.service}</span>
                <span className="tabular-nums">× {item.quantity}</span>
              </li>
            ))}
          </ul>
        </Section>
      ) : null}
      <Section title="Notes">
        {visit.notes.length === 0 ? (
          <p className="text-sm text-muted-foreground">No notes yet.</p>
        ) : (
          <ul className="grid gap-2">
            {visit.notes.map((note) => (
              <li key={note.id}>
                <p className="whitespace-pre-line">{note.body}</p>
                <p className="text-xs text-muted-foreground">
                  {isPending(note.id)
                    ? `You · ${formatClock(note.createdAt, timeZone)} · waiting to sync`
                    : `${note.authorName ?? "Someone"} · ${formatClock(note.createdAt, timeZone)}`}
                </p>
              </li>
            ))}
          </ul>
        )}
        <NoteForm visit={visit} userId={userId} />
      </Section>
      <Section title="Photos">
        <FieldPhotos visit={visit} timeZone={timeZone} userId={userId} />
      </Section>
      <Section title="Signature">
        <FieldSignature visit={visit} timeZone={timeZone} userId={userId} />
      </Section>
    </>
  );
}

/** A visit (/app/jobs/{visit id}): everything the crew needs on site, and what it does there. */
export function FieldVisitPage() {
  const { id = "" } = useParams();
  const user = useSignedInUser();
  const terms = useCompanyTerms(user.companyId);
  const visit = useFieldVisit(user.id, id);
  // The company's time zone comes with the days (read once, kept in the cache).
  const days = useFieldVisits(user.id);
  usePageTitle(visit.data?.jobTitle ?? terms.job);
  if (visit.isPending || days.isPending) return <LoadingBlock label={`Loading the ${terms.job.toLowerCase()}`} />;
  if (visit.isError)
    return (
      <>
        <h1 className="text-2xl font-semibold">{terms.job}</h1>
        <ErrorBlock
          title={apiErrorMessage(visit.error, `This ${terms.job.toLowerCase()} could not be loaded`)}
          retry={() => void visit.refetch()}
          busy={visit.isFetching}
        />
      </>
    );
  return <VisitDetail visit={visit.data} timeZone={days.data?.timeZone ?? "UTC"} userId={user.id} />;
}
