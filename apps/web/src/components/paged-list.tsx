import type { ReactNode } from "react";
import { Alert, AlertDescription, AlertTitle } from "./ui/alert";
import { Button } from "./ui/button";
import { Card, CardContent } from "./ui/card";
import { Skeleton } from "./ui/skeleton";

/** What a list screen needs of its paged query (TanStack's infinite query has all of it). */
interface PagedQuery {
  isPending: boolean;
  isError: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  refetch: () => unknown;
  fetchNextPage: () => unknown;
}

/**
 * A paged list's states in one place: loading, failed (with Try again), empty (with `empty`), or its rows in a card
 * with Load more while there are more pages.
 */
export function PagedList({
  query,
  noun,
  count,
  empty,
  children,
}: {
  query: PagedQuery;
  noun: string;
  count: number;
  empty: string;
  children: ReactNode;
}) {
  if (query.isPending) {
    return (
      <div className="grid gap-2" role="status" aria-label={`Loading ${noun.toLowerCase()}`}>
        <Skeleton className="h-12 w-full" />
        <Skeleton className="h-12 w-full" />
      </div>
    );
  }
  if (query.isError) {
    return (
      <Alert variant="destructive">
        <AlertTitle>{noun} could not be loaded</AlertTitle>
        <AlertDescription>
          <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </AlertDescription>
      </Alert>
    );
  }
  return (
    <Card>
      <CardContent>
        {count === 0 ? <p className="text-sm text-muted-foreground">{empty}</p> : children}
        {query.hasNextPage ? (
          <Button
            variant="outline"
            className="mt-3"
            disabled={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
          >
            {query.isFetchingNextPage ? "Loading…" : "Load more"}
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}
