import { useState } from "react";
import { Link, useParams } from "react-router";
import { Plus } from "lucide-react";
import { Alert, AlertDescription, AlertTitle } from "../../components/ui/alert";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent } from "../../components/ui/card";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { Skeleton } from "../../components/ui/skeleton";
import { useDebounced } from "../../lib/use-debounced";
import { usePageTitle } from "../../shell/page-title";
import type { CustomObjectDefinition } from "@fieldops/shared/custom-objects";
import { useCustomObject } from "./custom-object-access";
import { useCustomRecordList } from "./custom-object-queries";
import { CustomRecordFormDialog } from "./custom-record-form-dialog";
import { CustomRecordsTable } from "./custom-records-table";

function RecordList({ object, search }: { object: CustomObjectDefinition; search: string }) {
  const list = useCustomRecordList(object.key, { search });
  const plural = object.pluralName.toLowerCase();
  if (list.isPending) {
    return (
      <div className="grid gap-2" role="status" aria-label={`Loading ${plural}`}>
        <Skeleton className="h-12 w-full" />
        <Skeleton className="h-12 w-full" />
      </div>
    );
  }
  if (list.isError) {
    return (
      <Alert variant="destructive">
        <AlertTitle>{object.pluralName} could not be loaded</AlertTitle>
        <AlertDescription>
          <Button variant="outline" size="sm" disabled={list.isFetching} onClick={() => void list.refetch()}>
            Try again
          </Button>
        </AlertDescription>
      </Alert>
    );
  }
  const items = list.data.pages.flatMap((page) => page.items);
  if (items.length === 0) {
    return (
      <p className="text-sm text-muted-foreground">
        {search === "" ? `No ${plural} yet.` : `No ${plural} match “${search}”.`}
      </p>
    );
  }
  return (
    <div className="grid gap-3">
      <CustomRecordsTable object={object} records={items} />
      {list.hasNextPage ? (
        <Button
          variant="outline"
          className="justify-self-center"
          disabled={list.isFetchingNextPage}
          onClick={() => void list.fetchNextPage()}
        >
          {list.isFetchingNextPage ? "Loading..." : "Show more"}
        </Button>
      ) : null}
    </div>
  );
}

/** A custom object's name, and the badge of one still in preview (beta mode). */
export function CustomObjectHeading({ object, title }: { object: CustomObjectDefinition; title?: string }) {
  return (
    <h1 className="flex items-center gap-2 text-2xl font-semibold tracking-tight">
      {title ?? object.pluralName}
      {object.stage === "preview" ? <Badge variant="outline">Preview</Badge> : null}
    </h1>
  );
}

/** Shown where an object is not (or no longer) there for this user. */
export function MissingCustomObject({ loading, failed }: { loading: boolean; failed: boolean }) {
  if (loading) {
    return (
      <div className="grid gap-2" role="status" aria-label="Loading">
        <Skeleton className="h-24 w-full" />
      </div>
    );
  }
  return (
    <>
      <h1 className="text-2xl font-semibold tracking-tight">Not found</h1>
      <Alert variant="destructive">
        <AlertTitle>{failed ? "Your custom objects could not be loaded" : "There is no such custom object"}</AlertTitle>
        <AlertDescription>
          <Link to="/userdash" className="underline underline-offset-4">
            Back to the dashboard
          </Link>
        </AlertDescription>
      </Alert>
    </>
  );
}

export function CustomRecordsPage() {
  const { objectKey = "" } = useParams();
  const { object, objects, canEdit } = useCustomObject(objectKey);
  usePageTitle(object?.pluralName ?? "Custom objects");
  const [query, setQuery] = useState("");
  const search = useDebounced(query.trim(), 250);
  const [creating, setCreating] = useState(false);
  if (!object) return <MissingCustomObject loading={objects.isLoading} failed={objects.isError} />;
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <CustomObjectHeading object={object} />
        {canEdit ? (
          <Button onClick={() => setCreating(true)}>
            <Plus aria-hidden="true" /> New {object.name.toLowerCase()}
          </Button>
        ) : null}
      </div>
      {object.description ? <p className="text-sm text-muted-foreground">{object.description}</p> : null}
      <Card>
        <CardContent className="grid gap-4 pt-6">
          <div className="grid max-w-md gap-1.5">
            <Label htmlFor="custom-record-search">Search {object.pluralName.toLowerCase()}</Label>
            <Input id="custom-record-search" type="search" value={query} onChange={(e) => setQuery(e.target.value)} />
          </div>
          <RecordList object={object} search={search} />
        </CardContent>
      </Card>
      {creating ? <CustomRecordFormDialog object={object} record={null} onOpenChange={setCreating} /> : null}
    </>
  );
}
