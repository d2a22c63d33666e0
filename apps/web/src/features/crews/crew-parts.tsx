import { Alert, AlertDescription, AlertTitle } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Skeleton } from "../../components/ui/skeleton";
import { ApiError } from "../../lib/api";

/** The crew's colour as a dot; decorative, since the crew's name is always beside it. */
export function ColorDot({ color, className = "size-3" }: { color: string; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={`inline-block shrink-0 rounded-full border ${className}`}
      style={{ backgroundColor: color }}
    />
  );
}

export function LoadingBlock({ label }: { label: string }) {
  return (
    <div className="grid gap-3" role="status" aria-label={label}>
      <Skeleton className="h-10 w-full" />
      <Skeleton className="h-10 w-full" />
      <Skeleton className="h-10 w-full" />
    </div>
  );
}

export function errorText(error: unknown): string {
  if (error instanceof ApiError) return error.body?.message ?? error.message;
  return "Something went wrong. Try again.";
}

export function LoadError({ title, retry, busy }: { title: string; retry: () => void; busy: boolean }) {
  return (
    <Alert variant="destructive">
      <AlertTitle>{title}</AlertTitle>
      <AlertDescription>
        <Button variant="outline" size="sm" disabled={busy} onClick={retry}>
          Try again
        </Button>
      </AlertDescription>
    </Alert>
  );
}
