import type { LiveStatus } from "../lib/live-events";
import { cn } from "../lib/utils";

const LABELS: Record<LiveStatus, string> = {
  connecting: "Connecting…",
  live: "Live",
  reconnecting: "Reconnecting…",
  stopped: "Offline",
};

/** A small status for the live connection: updates arrive as they happen only while it reads "Live". */
export function LiveIndicator({ status, className }: { status: LiveStatus; className?: string }) {
  return (
    <span
      role="status"
      aria-label={`Live updates: ${LABELS[status]}`}
      data-status={status}
      className={cn("inline-flex items-center gap-1.5 text-xs font-medium text-muted-foreground", className)}
    >
      <span
        aria-hidden="true"
        className={cn(
          "size-2 rounded-full",
          status === "live"
            ? "bg-primary"
            : status === "stopped"
              ? "bg-muted-foreground"
              : "animate-pulse bg-amber-500",
        )}
      />
      {LABELS[status]}
    </span>
  );
}
