import { useState, type FormEvent } from "react";
import { WEEKDAY_NAMES, type Crew, type UpdateCrewRequest } from "@fieldops/shared/crews";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { toast } from "../../hooks/use-toast";
import { useUpdateCrew } from "./crew-queries";
import { apiErrorMessage } from "../../lib/api-error";

/** Monday first, as the week is shown everywhere in the app. */
const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0];

interface DayDraft {
  works: boolean;
  start: string;
  end: string;
}

function draftDays(crew: Crew): DayDraft[] {
  return Array.from({ length: 7 }, (_, weekday) => {
    const hours = crew.workingHours.find((entry) => entry.weekday === weekday);
    return hours ? { works: true, start: hours.start, end: hours.end } : { works: false, start: "08:00", end: "17:00" };
  });
}

/** Name, colour, skills, working hours and breaks of a crew, saved together. */
export function CrewSettingsForm({ crew, canManage }: { crew: Crew; canManage: boolean }) {
  const update = useUpdateCrew(crew.id);
  const [name, setName] = useState(crew.name);
  const [color, setColor] = useState(crew.color);
  const [skills, setSkills] = useState(crew.skills.join(", "));
  const [days, setDays] = useState(() => draftDays(crew));
  const [breaks, setBreaks] = useState(crew.breaks);

  const setDay = (weekday: number, change: Partial<DayDraft>) =>
    setDays((current) => current.map((day, index) => (index === weekday ? { ...day, ...change } : day)));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const request: UpdateCrewRequest = {
      name,
      color,
      skills: skills
        .split(",")
        .map((skill) => skill.trim())
        .filter(Boolean),
      workingHours: days.flatMap((day, weekday) => (day.works ? [{ weekday, start: day.start, end: day.end }] : [])),
      breaks,
    };
    update.mutate(request, {
      onSuccess: (saved) => {
        setSkills(saved.skills.join(", "));
        toast({ title: "Crew saved" });
      },
    });
  };

  const disabled = !canManage || update.isPending;
  return (
    <Card role="region" aria-labelledby="crew-settings-title">
      <CardHeader>
        <CardTitle id="crew-settings-title">Details, hours and breaks</CardTitle>
        <CardDescription>Times are in your company's time zone.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="grid gap-6">
          <fieldset disabled={disabled} className="grid gap-4 sm:grid-cols-[2fr_auto_3fr]">
            <legend className="sr-only">Details</legend>
            <div className="grid gap-1.5">
              <Label htmlFor="crew-name">Crew name</Label>
              <Input id="crew-name" required maxLength={80} value={name} onChange={(e) => setName(e.target.value)} />
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="crew-color">Colour</Label>
              <Input
                id="crew-color"
                type="color"
                className="w-16 p-1"
                value={color}
                onChange={(e) => setColor(e.target.value)}
              />
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="crew-skills">Skills (separated by commas)</Label>
              <Input id="crew-skills" value={skills} onChange={(e) => setSkills(e.target.value)} />
            </div>
          </fieldset>

          <fieldset disabled={disabled} className="grid gap-2">
            <legend className="mb-2 text-sm font-medium">Working hours</legend>
            {WEEK_ORDER.map((weekday) => {
              const day = days[weekday]!;
              const dayName = WEEKDAY_NAMES[weekday];
              return (
                <div key={weekday} className="flex flex-wrap items-center gap-3">
                  <label className="flex w-32 items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      checked={day.works}
                      onChange={(e) => setDay(weekday, { works: e.target.checked })}
                    />
                    {dayName}
                  </label>
                  {day.works ? (
                    <>
                      <Input
                        type="time"
                        aria-label={`${dayName} start`}
                        className="w-32"
                        value={day.start}
                        required
                        onChange={(e) => setDay(weekday, { start: e.target.value })}
                      />
                      <span aria-hidden="true">–</span>
                      <Input
                        type="time"
                        aria-label={`${dayName} end`}
                        className="w-32"
                        value={day.end}
                        required
                        onChange={(e) => setDay(weekday, { end: e.target.value })}
                      />
                    </>
                  ) : (
                    <span className="text-sm text-muted-foreground">Day off</span>
                  )}
                </div>
              );
            })}
          </fieldset>

          <fieldset disabled={disabled} className="grid gap-2">
            <legend className="mb-2 text-sm font-medium">Breaks (every working day)</legend>
            {breaks.length === 0 ? <p className="text-sm text-muted-foreground">No breaks.</p> : null}
            {breaks.map((entry, index) => (
              <div key={index} className="flex flex-wrap items-center gap-3">
                <span className="text-sm">Starts between</span>
                <Input
                  type="time"
                  aria-label={`Break ${index + 1} earliest start`}
                  className="w-32"
                  value={entry.windowStart}
                  required
                  onChange={(e) =>
                    setBreaks((list) => list.map((b, i) => (i === index ? { ...b, windowStart: e.target.value } : b)))
                  }
                />
                <span className="text-sm">and</span>
                <Input
                  type="time"
                  aria-label={`Break ${index + 1} latest start`}
                  className="w-32"
                  value={entry.windowEnd}
                  required
                  onChange={(e) =>
                    setBreaks((list) => list.map((b, i) => (i === index ? { ...b, windowEnd: e.target.value } : b)))
                  }
                />
                <Input
                  type="number"
                  min={5}
                  max={240}
                  aria-label={`Break ${index + 1} minutes`}
                  className="w-24"
                  value={entry.durationMinutes}
                  required
                  onChange={(e) =>
                    setBreaks((list) =>
                      list.map((b, i) => (i === index ? { ...b, durationMinutes: Number(e.target.value) } : b)),
                    )
                  }
                />
                <span className="text-sm">minutes</span>
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  onClick={() => setBreaks((list) => list.filter((_, i) => i !== index))}
                >
                  Remove break {index + 1}
                </Button>
              </div>
            ))}
            <div>
              <Button
                type="button"
                variant="outline"
                size="sm"
                disabled={breaks.length >= 5}
                onClick={() =>
                  setBreaks((list) => [...list, { windowStart: "12:00", windowEnd: "13:00", durationMinutes: 30 }])
                }
              >
                Add a break
              </Button>
            </div>
          </fieldset>

          {canManage ? (
            <div className="flex items-center gap-3">
              <Button type="submit" disabled={update.isPending}>
                {update.isPending ? "Saving…" : "Save changes"}
              </Button>
            </div>
          ) : (
            <p className="text-sm text-muted-foreground">Only owners and members can change crews.</p>
          )}
          {update.isError ? (
            <p role="alert" className="text-sm text-destructive">
              {apiErrorMessage(update.error)}
            </p>
          ) : null}
        </form>
      </CardContent>
    </Card>
  );
}
