import type { ReactNode } from "react";
import { Alert, AlertDescription, AlertTitle } from "./ui/alert";
import { Button } from "./ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "./ui/card";
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
 * with Load more while there are more pages. With a `title`, the card is a region named by it, loading and failures
 * included (a section of a page, such as a customer's jobs on their page).
 */
export function PagedList({
  query,
  noun,
  count,
  empty,
  title,
  className,
  moreLabel = "Load more",
  children,
}: {
  query: PagedQuery;
  noun: string;
  count: number;
  empty: string;
  title?: { id: string; text: string };
  className?: string;
  /** The button that loads the next page ("Show older conversations"). */
  moreLabel?: string;
  children: ReactNode;
}) {
  const content = query.isPending ? (
    <div className="grid gap-2" role="status" aria-label={`Loading ${noun.toLowerCase()}`}>
      <Skeleton className="h-12 w-full" />
      <Skeleton className="h-12 w-full" />
    </div>
  ) : query.isError ? (
    <Alert variant="destructive">
      <AlertTitle>{noun} could not be loaded</AlertTitle>
      <AlertDescription>
        <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </AlertDescription>
    </Alert>
  ) : null;
  if (content && !title) return content;
  return (
    <Card className={className} role={title ? "region" : undefined} aria-labelledby={title ? title.id : undefined}>
      {title ? (
        <CardHeader>
          <CardTitle id={title.id}>{title.text}</CardTitle>
        </CardHeader>
      ) : null}
      <CardContent>
        {content ?? (count === 0 ? <p className="text-sm text-muted-foreground">{empty}</p> : children)}
        {!content && query.hasNextPage ? (
          <Button
            variant="outline"
            className="mt-3"
            disabled={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
          >
            {query.isFetchingNextPage ? "Loading…" : moreLabel}
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}
