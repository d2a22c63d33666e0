import { useId, type ReactNode } from "react";
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
 * when a field shows it.
 */
export function placeServerError<Values extends FieldValues>(
  form: UseFormReturn<Values, unknown, unknown>,
  error: unknown,
): unknown {
  const field = error instanceof ApiError ? error.body?.field : undefined;
  if (!(error instanceof ApiError) || !field || get(form.getValues(), field) === undefined) return error;
  // The server's message is a whole sentence ("Property 1: Street is required"); the field shows it as it is.
  form.setError(field as FieldPath<Values>, { type: "server", message: error.body?.message ?? error.message });
  return null;
}

/** What a field's control needs to be labelled and described by its error. */
export interface FieldControlProps {
  id: string;
  "aria-invalid": boolean;
  "aria-describedby"?: string;
}

/**
 * A labelled field of a schema form, with its error as a sentence under it ("Street is required", "Latitude must be
 * at most 90"). `children` renders the control with the props that tie it to its label and its error.
 */
export function FormField<Values extends FieldValues>({
  form,
  name,
  label,
  className,
  children,
}: {
  form: UseFormReturn<Values, unknown, unknown>;
  name: FieldPath<Values>;
  label: string;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const message = (get(form.formState.errors, name) as { message?: string } | undefined)?.message;
  return (
    <div className={`grid gap-1.5 ${className ?? ""}`}>
      <Label htmlFor={id}>{label}</Label>
      {children({ id, "aria-invalid": Boolean(message), ...(message ? { "aria-describedby": errorId } : {}) })}
      {message ? (
        <p id={errorId} className="text-sm text-destructive">
          {sentenceAbout(label, message)}
        </p>
      ) : null}
    </div>
  );
}
