import { useState } from "react";
import { Plus } from "lucide-react";
import type { CustomObjectDefinition } from "@fieldops/shared/custom-objects";
import type { CustomRelation } from "@fieldops/shared/feature-spec";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { Skeleton } from "../../components/ui/skeleton";
import { useCustomObjects } from "../../lib/custom-objects";
import { useCan } from "../../lib/permissions";
import { useCustomRecordList } from "./custom-object-queries";
import { CustomRecordFormDialog } from "./custom-record-form-dialog";
import { CustomRecordsTable } from "./custom-records-table";
import { useSignedInUser } from "../../lib/session";

type PageKind = "customer" | "job" | "crew" | "invoice";

function LinkedRecordsCard({
  object,
  relation,
  kind,
  recordId,
  canEdit,
}: {
  object: CustomObjectDefinition;
  relation: CustomRelation;
  kind: PageKind;
  recordId: string;
  canEdit: boolean;
}) {
  // Records kept per visit show on the visit's job, found through the job (the API counts its visits as the job).
  const ofVisits = relation.target === "visit" && kind === "job";
  const list = useCustomRecordList(object.key, { linkedTo: `${kind}:${recordId}` });
  const [adding, setAdding] = useState(false);
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const headingId = `custom-${object.key}-heading`;
  return (
    <Card className="md:col-span-2" role="region" aria-labelledby={headingId}>
      <CardHeader className="flex flex-row items-center justify-between gap-2">
        <CardTitle id={headingId}>{object.pluralName}</CardTitle>
        {canEdit ? (
          <Button variant="outline" size="sm" onClick={() => setAdding(true)}>
            <Plus aria-hidden="true" /> Add
          </Button>
        ) : null}
      </CardHeader>
      <CardContent className="grid gap-3">
        {list.isPending ? (
          <Skeleton className="h-12 w-full" />
        ) : list.isError ? (
          <p className="text-sm text-destructive">{object.pluralName} could not be loaded.</p>
        ) : items.length === 0 ? (
          <p className="text-sm text-muted-foreground">No {object.pluralName.toLowerCase()} yet.</p>
        ) : (
          <CustomRecordsTable object={object} records={items} hideRelations={ofVisits ? [] : [relation.key]} />
        )}
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
      </CardContent>
      {adding ? (
        <CustomRecordFormDialog
          object={object}
          record={null}
          fixed={ofVisits ? {} : { [relation.key]: recordId }}
          jobId={kind === "job" ? recordId : undefined}
          onOpenChange={setAdding}
        />
      ) : null}
    </Card>
  );
}

/**
 * On a customer's or a job's page: a section per custom object that asks to be shown there, listing its records
 * linked to this one, with Add. A job's page also shows the objects kept per visit, with the records of its visits.
 */
export function LinkedCustomRecords({
  kind,
  recordId,
  className,
}: {
  kind: PageKind;
  recordId: string;
  className?: string;
}) {
  const user = useSignedInUser();
  const objects = useCustomObjects(user.companyId);
  const canEdit = useCan("custom_records.manage");
  const shown = (objects.data ?? []).flatMap((object) => {
    const own = object.showOn.includes(kind)
      ? object.relations.find((candidate) => candidate.target === kind)
      : undefined;
    const ofVisit =
      kind === "job" && object.showOn.includes("visit")
        ? object.relations.find((candidate) => candidate.target === "visit")
        : undefined;
    const relation = own ?? ofVisit;
    return relation ? [{ object, relation }] : [];
  });
  if (shown.length === 0) return null;
  const cards = shown.map(({ object, relation }) => (
    <LinkedRecordsCard
      key={object.key}
      object={object}
      relation={relation}
      kind={kind}
      recordId={recordId}
      canEdit={canEdit}
    />
  ));
  return className ? <div className={className}>{cards}</div> : <>{cards}</>;
}
