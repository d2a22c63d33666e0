import { useId } from "react";
import { Label } from "./ui/label";
import { NativeSelect } from "./ui/native-select";

/** A list's status filter: "Any status" or one of `statuses`, shown by their labels. */
export function StatusFilter<Status extends string>({
  value,
  onChange,
  statuses,
  labels,
  className = "grid gap-1",
}: {
  value: Status | "";
  onChange: (status: Status | "") => void;
  statuses: readonly Status[];
  labels: Record<Status, string>;
  className?: string;
}) {
  const id = useId();
  return (
    <div className={className}>
      <Label htmlFor={id}>Status</Label>
      <NativeSelect id={id} value={value} onChange={(e) => onChange(e.target.value as Status | "")}>
        <option value="">Any status</option>
        {statuses.map((option) => (
          <option key={option} value={option}>
            {labels[option]}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
