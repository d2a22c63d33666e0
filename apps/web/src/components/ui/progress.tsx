import { cn } from "../../lib/utils";

/** A bar filled to `value` percent, announced to screen readers as a progress bar named `label`. */
export function Progress({ label, value, className }: { label: string; value: number; className?: string }) {
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
      className={cn("h-2 w-full overflow-hidden rounded-full bg-muted", className)}
    >
      <div className="h-full bg-primary transition-all" style={{ width: `${value}%` }} />
    </div>
  );
}
