import { useFieldArray, type UseFormReturn } from "react-hook-form";
import { z } from "zod";
import {
  MAX_CREW_BREAKS,
  skillsSchema,
  updateCrewRequestSchema,
  WEEKDAY_NAMES,
  workingHoursSchema,
  type Crew,
} from "@fieldops/shared/crews";
import { FormField, FormRefusal, useRefusal, useSchemaForm } from "../../components/form";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Input } from "../../components/ui/input";
import { toast } from "../../hooks/use-toast";
import { useUpdateCrew } from "./crew-queries";
import { blankIsUndefined, commaList, numberOrMissing, rowsOf } from "../../lib/form-values";

/** Monday first, as the week is shown everywhere in the app. */
const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0];

/**
 * The API's rules for a crew's settings, with the skills as one line of comma-separated words and the working hours
 * as every weekday's row (by weekday, Sunday first), of which the days worked are sent.
 */
const crewSettingsSchema = updateCrewRequestSchema.extend({
  skills: commaList(skillsSchema),
  workingHours: rowsOf(
    z
      .object({ weekday: z.number(), works: z.boolean(), start: z.string(), end: z.string() })
      .transform(({ works, ...hours }) => (works ? hours : null))
      .pipe(workingHoursSchema.nullable()),
    updateCrewRequestSchema.shape.workingHours.unwrap(),
  ).transform((days) => days.filter((day) => day !== null)),
});
type CrewSettingsValues = z.input<typeof crewSettingsSchema>;

function valuesOf(crew: Crew): CrewSettingsValues {
  return {
    name: crew.name,
    color: crew.color,
    skills: crew.skills.join(", "),
    workingHours: Array.from({ length: 7 }, (_, weekday) => {
      const hours = crew.workingHours.find((entry) => entry.weekday === weekday);
      return hours
        ? { weekday, works: true, start: hours.start, end: hours.end }
        : { weekday, works: false, start: "08:00", end: "17:00" };
    }),
    breaks: crew.breaks,
  };
}

/** A time of day in a row of the form, named by its hidden label ("Monday start"). */
function TimeField({
  form,
  name,
  label,
}: {
  form: UseFormReturn<CrewSettingsValues, unknown, unknown>;
  name: `workingHours.${number}.${"start" | "end"}` | `breaks.${number}.${"windowStart" | "windowEnd"}`;
  label: string;
}) {
  return (
    <FormField form={form} name={name} label={label} hideLabel>
      {(control) => (
        <Input {...control} type="time" className="w-32" required {...form.register(name, blankIsUndefined)} />
      )}
    </FormField>
  );
}

/** Name, colour, skills, working hours and breaks of a crew, saved together. */
export function CrewSettingsForm({ crew, canManage }: { crew: Crew; canManage: boolean }) {
  const update = useUpdateCrew(crew.id);
  const form = useSchemaForm(crewSettingsSchema, valuesOf(crew));
  const breaks = useFieldArray({ control: form.control, name: "breaks" });
  const days = form.watch("workingHours");
  // The request's working hours are the days worked, in weekday order; the form's rows are every weekday.
  const { refusal, place, clear } = useRefusal(form, (field) => {
    const [, index, rest] = /^workingHours\.(\d+)\.(.+)$/.exec(field) ?? [];
    if (index === undefined) return field;
    const weekday = form.getValues("workingHours").filter((day) => day.works)[Number(index)]?.weekday;
    return weekday === undefined ? "" : `workingHours.${weekday}.${rest}`;
  });

  const submit = form.handleSubmit((body) => {
    clear();
    update.mutate(body, {
      onSuccess: (saved) => {
        // The skills as the server keeps them (lowercase, each once).
        form.reset(valuesOf(saved));
        toast({ title: "Crew saved" });
      },
      onError: place,
    });
  });

  const disabled = !canManage || update.isPending;
  return (
    <Card role="region" aria-labelledby="crew-settings-title">
      <CardHeader>
        <CardTitle id="crew-settings-title">Details, hours and breaks</CardTitle>
        <CardDescription>Times are in your company's time zone.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate className="grid gap-6">
          <fieldset disabled={disabled} className="grid gap-4 sm:grid-cols-[2fr_auto_3fr]">
            <legend className="sr-only">Details</legend>
            <FormField form={form} name="name" label="Crew name">
              {(control) => <Input {...control} required {...form.register("name")} />}
            </FormField>
            <FormField form={form} name="color" label="Colour">
              {(control) => <Input {...control} type="color" className="w-16 p-1" {...form.register("color")} />}
            </FormField>
            <FormField form={form} name="skills" label="Skills (separated by commas)">
              {(control) => <Input {...control} {...form.register("skills")} />}
            </FormField>
          </fieldset>

          <fieldset disabled={disabled} className="grid gap-2">
            <legend className="mb-2 text-sm font-medium">Working hours</legend>
            {WEEK_ORDER.map((weekday) => {
              const dayName = WEEKDAY_NAMES[weekday];
              return (
                <div key={weekday} className="flex flex-wrap items-start gap-3">
                  <label className="flex h-9 w-32 items-center gap-2 text-sm">
                    <input type="checkbox" {...form.register(`workingHours.${weekday}.works`)} />
                    {dayName}
                  </label>
                  {days[weekday]?.works ? (
                    <>
                      <TimeField form={form} name={`workingHours.${weekday}.start`} label={`${dayName} start`} />
                      <span aria-hidden="true" className="leading-9">
                        –
                      </span>
                      <TimeField form={form} name={`workingHours.${weekday}.end`} label={`${dayName} end`} />
                    </>
                  ) : (
                    <span className="text-sm leading-9 text-muted-foreground">Day off</span>
                  )}
                </div>
              );
            })}
          </fieldset>

          <fieldset disabled={disabled} className="grid gap-2">
            <legend className="mb-2 text-sm font-medium">Breaks (every working day)</legend>
            {breaks.fields.length === 0 ? <p className="text-sm text-muted-foreground">No breaks.</p> : null}
            {breaks.fields.map((entry, index) => (
              <div key={entry.id} className="flex flex-wrap items-start gap-3">
                <span className="text-sm leading-9">Starts between</span>
                <TimeField
                  form={form}
                  name={`breaks.${index}.windowStart`}
                  label={`Break ${index + 1} earliest start`}
                />
                <span className="text-sm leading-9">and</span>
                <TimeField form={form} name={`breaks.${index}.windowEnd`} label={`Break ${index + 1} latest start`} />
                <FormField
                  form={form}
                  name={`breaks.${index}.durationMinutes`}
                  label={`Break ${index + 1} minutes`}
                  hideLabel
                >
                  {(control) => (
                    <Input
                      {...control}
                      type="number"
                      min={5}
                      max={240}
                      className="w-24"
                      required
                      {...form.register(`breaks.${index}.durationMinutes`, numberOrMissing)}
                    />
                  )}
                </FormField>
                <span className="text-sm leading-9">minutes</span>
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  className="mt-0.5"
                  onClick={() => breaks.remove(index)}
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
                disabled={breaks.fields.length >= MAX_CREW_BREAKS}
                onClick={() => breaks.append({ windowStart: "12:00", windowEnd: "13:00", durationMinutes: 30 })}
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
          <FormRefusal error={refusal} />
        </form>
      </CardContent>
    </Card>
  );
}
