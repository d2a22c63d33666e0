import { LoaderCircle } from "lucide-react";

/** A spinner in place of a page whose data or code is still on its way. */
export function FullPageLoader() {
  return (
    <div className="flex min-h-svh items-center justify-center" role="status" aria-label="Loading">
      <LoaderCircle className="size-6 animate-spin text-muted-foreground" aria-hidden="true" />
    </div>
  );
}
