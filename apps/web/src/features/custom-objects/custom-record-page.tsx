import { useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { Pencil, Trash2 } from "lucide-react";
import type { CustomObjectDefinition } from "@fieldops/shared/custom-objects";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { Alert, AlertDescription, AlertTitle } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Card, CardContent } from "../../components/ui/card";
import { Skeleton } from "../../components/ui/skeleton";
import { ApiError } from "../../lib/api";
import { usePageTitle } from "../../shell/page-title";
import { formatCustomValue, useCustomObject } from "./custom-object-access";
import { useCustomRecord, useDeleteCustomRecord } from "./custom-object-queries";
import { CustomRecordFormDialog } from "./custom-record-form-dialog";
import { CustomRecordLinkView } from "./custom-record-links";
import { CustomObjectHeading, MissingCustomObject } from "./custom-records-page";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function RecordDetail({ object, id, canEdit }: { object: CustomObjectDefinition; id: string; canEdit: boolean }) {
  const record = useCustomRecord(object.key, id);
  const remove = useDeleteCustomRecord(object.key, id);
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  usePageTitle(record.data?.title ?? object.name);
  const back = (
    <Link to={`/custom/${object.key}`} className="text-sm text-muted-foreground underline-offset-4 hover:underline">
      {object.pluralName}
    </Link>
  );
  if (record.isPending) {
    return (
      <div className="grid gap-2" role="status" aria-label={`Loading ${object.name.toLowerCase()}`}>
        <Skeleton className="h-24 w-full" />
      </div>
    );
  }
  if (record.isError) {
    const missing = record.error instanceof ApiError && record.error.status === 404;
    return (
      <>
        {back}
        <Alert variant="destructive">
          <AlertTitle>
            {missing ? `${object.name} not found` : `The ${object.name.toLowerCase()} could not be loaded`}
          </AlertTitle>
          <AlertDescription>
            <Button variant="outline" size="sm" onClick={() => void record.refetch()}>
              Try again
            </Button>
          </AlertDescription>
        </Alert>
      </>
    );
  }
  const data = record.data;
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="grid gap-1">
          {back}
          <CustomObjectHeading object={object} title={data.title} />
        </div>
        {canEdit ? (
          <div className="flex gap-2">
            <Button variant="outline" onClick={() => setEditing(true)}>
              <Pencil aria-hidden="true" /> Edit
            </Button>
            <Button variant="outline" onClick={() => setDeleting(true)}>
              <Trash2 aria-hidden="true" /> Delete
            </Button>
          </div>
        ) : null}
      </div>
      <Card>
        <CardContent className="pt-6">
          <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[max-content_1fr]">
            {object.fields.map((field) => (
              <div key={field.key} className="contents">
                <dt className="font-medium text-muted-foreground">{field.label}</dt>
                <dd className="whitespace-pre-line">{formatCustomValue(field, data.values[field.key]) || "—"}</dd>
              </div>
            ))}
            {object.relations.map((relation) => {
              const link = data.links[relation.key];
              return (
                <div key={relation.key} className="contents">
                  <dt className="font-medium text-muted-foreground">{relation.label}</dt>
                  <dd>{link ? <CustomRecordLinkView link={link} /> : "—"}</dd>
                </div>
              );
            })}
          </dl>
        </CardContent>
      </Card>
      {editing ? <CustomRecordFormDialog object={object} record={data} onOpenChange={setEditing} /> : null}
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title={`Delete ${data.title}?`}
        description="This cannot be undone."
        action="Delete"
        destructive
        pending={remove.isPending}
        error={remove.error}
        onConfirm={() => remove.mutate(undefined, { onSuccess: () => void navigate(`/custom/${object.key}`) })}
      />
    </>
  );
}

export function CustomRecordPage() {
  const { objectKey = "", id = "" } = useParams();
  const { object, objects, canEdit } = useCustomObject(objectKey);
  if (!object || !UUID.test(id)) return <MissingCustomObject loading={objects.isLoading} failed={objects.isError} />;
  return <RecordDetail object={object} id={id} canEdit={canEdit} />;
}
