import type { ComponentProps } from "react";
import { NativeSelect } from "./ui/native-select";

/** The arrival windows offered, in minutes either side of a visit's time ("" is none). */
const CHOICES = [
  { value: "", label: "No window (any time that day)" },
  { value: "15", label: "± 15 minutes" },
  { value: "30", label: "± 30 minutes" },
  { value: "60", label: "± 1 hour" },
  { value: "120", label: "± 2 hours" },
];

/**
 * A visit's arrival window to choose (a job's, an estimate's job's), `current` offered too when it is none of the usual
 * ones (set through the API). Its value is the minutes as text, blank for none.
 */
export function ArrivalWindowSelect({
  current = null,
  ...props
}: ComponentProps<typeof NativeSelect> & { current?: number | null }) {
  const choices =
    current === null || CHOICES.some((choice) => choice.value === String(current))
      ? CHOICES
      : [...CHOICES, { value: String(current), label: `± ${current} minutes` }];
  return (
    <NativeSelect {...props}>
      {choices.map((choice) => (
        <option key={choice.value} value={choice.value}>
          {choice.label}
        </option>
      ))}
    </NativeSelect>
  );
}
