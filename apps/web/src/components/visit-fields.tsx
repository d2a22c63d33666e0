import type { ComponentProps } from "react";
import type { FieldPath, FieldValues, UseFormReturn } from "react-hook-form";
import { ArrivalWindowSelect } from "./arrival-window-select";
import { FormField } from "./form";
import { Input } from "./ui/input";

/**
 * A job's visits' length (minutes, as text) and arrival window (minutes as text, blank for none), as the job's form
 * and an estimate's conversion into a job ask for them: the form's `visitDurationMinutes` and `arrivalWindowMinutes`.
 * `lengthHint` says what a change does; `currentWindow` is offered when it is none of the usual windows.
 */
export function VisitTimingFields<Values extends FieldValues>({
  form,
  lengthHint,
  currentWindow,
}: {
  form: UseFormReturn<Values, unknown, unknown>;
  lengthHint?: string;
  currentWindow?: number | null;
}) {
  const length = "visitDurationMinutes" as FieldPath<Values>;
  const window = "arrivalWindowMinutes" as FieldPath<Values>;
  return (
    <>
      <FormField form={form} name={length} label="Visit length (minutes)" hint={lengthHint}>
        {(control) => (
          <Input {...control} type="number" min="5" step="5" inputMode="numeric" required {...form.register(length)} />
        )}
      </FormField>
      <FormField form={form} name={window} label="Arrival window">
        {(control) => <ArrivalWindowSelect {...control} current={currentWindow} {...form.register(window)} />}
      </FormField>
    </>
  );
}

/** How many visits a recurrence has, typed as text (at least two: one visit is a one-off). */
export function VisitCountInput(props: ComponentProps<typeof Input>) {
  return <Input type="number" min="2" step="1" inputMode="numeric" {...props} />;
}
