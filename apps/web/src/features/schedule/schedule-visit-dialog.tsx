import { useState } from "react";
import { calendarDaySchema } from "@fieldops/shared/calendar-day";
import { dayInTimeZone } from "@fieldops/shared/company-time";
import { minutesFromTime, timeOfDaySchema } from "@fieldops/shared/crews";
import { scheduleVisitRequestSchema } from "@fieldops/shared/jobs";
import type { ScheduleCrew, ScheduleVisit } from "@fieldops/shared/schedule";
import { VISIT_STATUS_LABELS } from "@fieldops/shared/visit-lifecycle";
import { FormField, useSchemaForm } from "../../components/form";
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
import { NativeSelect } from "../../components/ui/native-select";
import { blankIsNull, blankIsUndefined, numberOrMissing } from "../../lib/form-values";
import { instantAt, minuteOfDay, timeInputValue, todayIn } from "./schedule-time";
import { BestSlotSuggestions } from "./optimize/best-slot-suggestions";
import { isMovable } from "./time-lane";

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export interface ScheduleChoice {
  crewId: string | null;
  start: string;
  durationMinutes: number;
}

/** The API's rules for a move, with its start typed as a day and a time on the company's wall clock (`timeZone`). */
function scheduleFormSchema(timeZone: string) {
  return scheduleVisitRequestSchema
    .pick({ crewId: true, durationMinutes: true })
    .extend({ date: calendarDaySchema, time: timeOfDaySchema })
    .transform(({ date, time, ...choice }): ScheduleChoice => ({
      ...choice,
      start: instantAt(date, minutesFromTime(time), timeZone),
    }));
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
  /** The server's refusal, in the dialog's alert: it concerns the whole move (the crew's hours, a double booking). */
  error: string | null;
  onSubmit: (choice: ScheduleChoice) => void;
  onClose: () => void;
}) {
  const startDay = visit.start ? dayInTimeZone(new Date(visit.start), timeZone) : defaultDay || todayIn(timeZone);
  const [schema] = useState(() => scheduleFormSchema(timeZone));
  const form = useSchemaForm(schema, {
    crewId: visit.crewId,
    date: startDay,
    time: visit.start ? timeInputValue(minuteOfDay(visit.start, startDay, timeZone)) : "09:00",
    durationMinutes: visit.durationMinutes,
  });
  const date = form.watch("date") ?? "";
  const movable = isMovable(visit);
  const submit = form.handleSubmit((choice) => onSubmit(choice));

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
          <form className="grid gap-3" aria-label="Schedule visit" onSubmit={submit} noValidate>
            <FormField form={form} name="crewId" label="Crew">
              {(control) => (
                <NativeSelect {...control} {...form.register("crewId", blankIsNull)}>
                  <option value="">No crew (unassigned)</option>
                  {crews.map((crew) => (
                    <option key={crew.id} value={crew.id}>
                      {crew.name}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
            <div className="grid grid-cols-2 items-start gap-3">
              <FormField form={form} name="date" label="Date">
                {(control) => <Input {...control} type="date" required {...form.register("date", blankIsUndefined)} />}
              </FormField>
              <FormField form={form} name="time" label="Start time">
                {(control) => (
                  <Input {...control} type="time" step={900} required {...form.register("time", blankIsUndefined)} />
                )}
              </FormField>
            </div>
            <FormField form={form} name="durationMinutes" label="Duration (minutes)">
              {(control) => (
                <Input
                  {...control}
                  type="number"
                  min={5}
                  max={1440}
                  step={5}
                  required
                  {...form.register("durationMinutes", numberOrMissing)}
                />
              )}
            </FormField>
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
                form.setValue("crewId", crew);
                form.setValue("time", timeInputValue(minuteOfDay(start, date, timeZone)), { shouldValidate: true });
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
