import { Alert, AlertDescription, AlertTitle } from "./ui/alert";
import { Button } from "./ui/button";
import { Skeleton } from "./ui/skeleton";

/** A read still loading: three placeholder rows, announced by `label`. */
export function LoadingBlock({ label }: { label: string }) {
  return (
    <div className="grid gap-3" role="status" aria-label={label}>
      <Skeleton className="h-10 w-full" />
      <Skeleton className="h-10 w-full" />
      <Skeleton className="h-10 w-full" />
    </div>
  );
}

/** A read that failed: `title` and a Try again button, disabled while the retry runs. */
export function ErrorBlock({ title, retry, busy }: { title: string; retry: () => void; busy: boolean }) {
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
