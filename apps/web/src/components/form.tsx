import { useCallback, useId, useState, type ReactNode } from "react";
import { zodResolver } from "@hookform/resolvers/zod";
import {
  get,
  useForm,
  type DefaultValues,
  type FieldPath,
  type FieldValues,
  type UseFormReturn,
} from "react-hook-form";
import type { z } from "zod";
import { sentenceAbout } from "@fieldops/shared/validation-messages";
import { ApiError } from "../lib/api";
import { apiErrorMessage } from "../lib/api-error";
import { Label } from "./ui/label";

/**
 * A form over a zod schema, most often the endpoint's own request schema from `@fieldops/shared` (or one derived from
 * it where a field is typed differently, such as tags written as one line): the browser checks what the server will,
 * field by field, before anything is sent. Values are the schema's input; `handleSubmit` hands over its output.
 */
export function useSchemaForm<Input extends FieldValues, Output>(
  schema: z.ZodType<Output, Input>,
  defaultValues: DefaultValues<Input>,
): UseFormReturn<Input, unknown, Output> {
  return useForm<Input, unknown, Output>({ resolver: zodResolver(schema), defaultValues, mode: "onTouched" });
}

/**
 * Puts the server's refusal where it belongs: beside the field it names (`field`, a dotted path such as
 * `properties.0.street`) when the form has that field; otherwise it is returned, for the form's alert. Returns null
 * when a field shows it. `formField` names the form's field for the request's, where the form lays a list out
 * differently (every weekday a row, the request only the working days).
 */
export function placeServerError<Values extends FieldValues>(
  form: UseFormReturn<Values, unknown, unknown>,
  error: unknown,
  formField: (requestField: string) => string = (requestField) => requestField,
): unknown {
  const requestField = error instanceof ApiError ? error.body?.field : undefined;
  const field = requestField === undefined ? undefined : formField(requestField);
  if (!(error instanceof ApiError) || !field || get(form.getValues(), field) === undefined) return error;
  // The server's message is a whole sentence ("Property 1: Street is required"); the field shows it as it is.
  form.setError(field as FieldPath<Values>, { type: "server", message: error.body?.message ?? error.message });
  return null;
}

/**
 * The server's refusal of what a schema form sent: `place` it (the request's `onError`) beside the field it names, or
 * else keep it as `refusal`, for the form's alert; `clear` it before sending again. `formField` as for
 * {@link placeServerError}.
 */
export function useRefusal<Values extends FieldValues>(
  form: UseFormReturn<Values, unknown, unknown>,
  formField?: (requestField: string) => string,
) {
  const [refusal, setRefusal] = useState<unknown>(null);
  const clear = useCallback(() => setRefusal(null), []);
  return { refusal, place: (error: unknown) => setRefusal(placeServerError(form, error, formField)), clear };
}

/** A form's line for a refusal no field shows: the server's message (or, without an answer, a general one). */
export function FormRefusal({ error, className }: { error: unknown; className?: string }) {
  return error ? (
    <p role="alert" className={`text-sm text-destructive ${className ?? ""}`}>
      {apiErrorMessage(error)}
    </p>
  ) : null;
}

/** What a field's control needs to be labelled and described by its error. */
export interface FieldControlProps {
  id: string;
  "aria-invalid": boolean;
  "aria-describedby"?: string;
}

/** A field of a list's row: its name has the row's index (`options.0.lineItems.1.description`). */
const ROW_FIELD = /\.\d+\./;

/**
 * A labelled field of a schema form, with its error as a sentence under it ("Street is required", "Latitude must be
 * at most 90"); a row's field, once the user has been in it or the form was sent. `children` renders the control with the props that tie it to its label, its hint and its error. A
 * hidden label (`hideLabel`) still names the control and its errors, for a row of a list whose columns speak for it.
 * `subject` is what the errors call the field when the label says more ("Make" for "Make *").
 */
export function FormField<Values extends FieldValues>({
  form,
  name,
  label,
  hideLabel,
  hint,
  subject,
  className,
  children,
}: {
  form: UseFormReturn<Values, unknown, unknown>;
  name: FieldPath<Values>;
  label: string;
  hideLabel?: boolean;
  hint?: ReactNode;
  subject?: string;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const { error, isTouched } = form.getFieldState(name, form.formState);
  // A list validates all its rows when one is added or removed, so a row just added would open with its errors and
  // each would vanish, moving what is below, as the user leaves the field: a row's field says nothing until the user
  // has been in it or tried to send (the server's refusal shows at once).
  const quiet = ROW_FIELD.test(name) && !isTouched && !form.formState.isSubmitted && error?.type !== "server";
  const message = quiet ? undefined : error?.message;
  const describedBy = [hint ? hintId : null, message ? errorId : null].filter(Boolean).join(" ");
  return (
    <div className={`grid gap-1.5 ${className ?? ""}`}>
      <Label htmlFor={id} className={hideLabel ? "sr-only" : undefined}>
        {label}
      </Label>
      {children({ id, "aria-invalid": Boolean(message), ...(describedBy ? { "aria-describedby": describedBy } : {}) })}
      {hint ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {message ? (
        <p id={errorId} className="text-sm text-destructive">
          {sentenceAbout(subject ?? label, message)}
        </p>
      ) : null}
    </div>
  );
}
