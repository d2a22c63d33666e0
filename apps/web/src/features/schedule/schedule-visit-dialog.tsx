import { useId, useState, type FormEvent } from "react";
import { dayInTimeZone } from "@fieldops/shared/company-time";
import { minutesFromTime } from "@fieldops/shared/crews";
import type { ScheduleCrew, ScheduleVisit } from "@fieldops/shared/schedule";
import { VISIT_STATUS_LABELS } from "@fieldops/shared/visit-lifecycle";
import { Alert, AlertDescription } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../components/ui/dialog";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { NativeSelect } from "../../components/ui/native-select";
import { instantAt, minuteOfDay, timeInputValue, todayIn } from "./schedule-time";
import { BestSlotSuggestions } from "./optimize/best-slot-suggestions";
import { isMovable } from "./time-lane";

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export interface ScheduleChoice {
  crewId: string | null;
  start: string;
  durationMinutes: number;
}

/**
 * The keyboard's way to move a visit (and a precise one for anybody): crew, date, start time and duration, sent to the
 * same endpoint as a drag. A refusal is shown here and the dialog stays open.
 */
export function ScheduleVisitDialog({
  visit,
  crews,
  timeZone,
  defaultDay,
  jobWord,
  saving,
  error,
  onSubmit,
  onClose,
}: {
  visit: ScheduleVisit;
  crews: readonly ScheduleCrew[];
  timeZone: string;
  /** The day offered to a visit without a time: the one on screen. */
  defaultDay: string;
  jobWord: string;
  saving: boolean;
  error: string | null;
  onSubmit: (choice: ScheduleChoice) => void;
  onClose: () => void;
}) {
  const id = useId();
  const startDay = visit.start ? dayInTimeZone(new Date(visit.start), timeZone) : defaultDay || todayIn(timeZone);
  const [crewId, setCrewId] = useState(visit.crewId ?? "");
  const [date, setDate] = useState(startDay);
  const [time, setTime] = useState(
    visit.start ? timeInputValue(minuteOfDay(visit.start, startDay, timeZone)) : "09:00",
  );
  const [duration, setDuration] = useState(String(visit.durationMinutes));
  const movable = isMovable(visit);

  function submit(event: FormEvent) {
    event.preventDefault();
    onSubmit({
      crewId: crewId || null,
      start: instantAt(date, minutesFromTime(time), timeZone),
      durationMinutes: Number(duration),
    });
  }

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>Schedule visit</DialogTitle>
          <DialogDescription>
            {jobWord} #{visit.jobNumber} · {visit.jobTitle} for {visit.customerName}
            {visit.propertyLabel ? ` at ${visit.propertyLabel}` : ""}. Times are in {timeZone}.
          </DialogDescription>
        </DialogHeader>
        {movable ? (
          <form className="grid gap-3" aria-label="Schedule visit" onSubmit={submit}>
            <div className="grid gap-1">
              <Label htmlFor={`${id}-crew`}>Crew</Label>
              <NativeSelect id={`${id}-crew`} value={crewId} onChange={(e) => setCrewId(e.target.value)}>
                <option value="">No crew (unassigned)</option>
                {crews.map((crew) => (
                  <option key={crew.id} value={crew.id}>
                    {crew.name}
                  </option>
                ))}
              </NativeSelect>
            </div>
            <div className="grid grid-cols-2 gap-3">
              <div className="grid gap-1">
                <Label htmlFor={`${id}-date`}>Date</Label>
                <Input id={`${id}-date`} type="date" required value={date} onChange={(e) => setDate(e.target.value)} />
              </div>
              <div className="grid gap-1">
                <Label htmlFor={`${id}-time`}>Start time</Label>
                <Input
                  id={`${id}-time`}
                  type="time"
                  step={900}
                  required
                  value={time}
                  onChange={(e) => setTime(e.target.value)}
                />
              </div>
            </div>
            <div className="grid gap-1">
              <Label htmlFor={`${id}-duration`}>Duration (minutes)</Label>
              <Input
                id={`${id}-duration`}
                type="number"
                min={5}
                max={1440}
                step={5}
                required
                value={duration}
                onChange={(e) => setDuration(e.target.value)}
              />
            </div>
            {visit.requiredSkills.length > 0 ? (
              <p className="text-sm text-muted-foreground">Needs a crew with: {visit.requiredSkills.join(", ")}</p>
            ) : null}
            {error ? (
              <Alert variant="destructive">
                <AlertDescription>{error}</AlertDescription>
              </Alert>
            ) : null}
            <DialogFooter>
              <Button type="button" variant="outline" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" disabled={saving}>
                {saving ? "Saving…" : "Schedule"}
              </Button>
            </DialogFooter>
          </form>
        ) : null}
        {movable && DAY.test(date) ? (
          <section aria-label="Best slots" className="grid gap-2 border-t pt-3">
            <h3 className="text-sm font-medium">Best slots on {date}</h3>
            <BestSlotSuggestions
              visitId={visit.id}
              date={date}
              onPick={(crew, start) => {
                setCrewId(crew);
                setTime(timeInputValue(minuteOfDay(start, date, timeZone)));
              }}
            />
          </section>
        ) : null}
        {movable ? null : (
          <p className="text-sm">
            This visit is {VISIT_STATUS_LABELS[visit.status].toLowerCase()} and can no longer be moved.
          </p>
        )}
      </DialogContent>
    </Dialog>
  );
}
