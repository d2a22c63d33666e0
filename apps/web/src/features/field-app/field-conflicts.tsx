import { AlertTriangle } from "lucide-react";
import { Link } from "react-router";
import { FIELD_APP_PATH } from "@fieldops/shared/field-app";
import { Button } from "../../components/ui/button";
import { useFieldConflicts } from "./field-app-data";
import { dismissConflict } from "./field-outbox";

/**
 * What the server refused when the technician's actions were sent (a visit the office canceled or moved meanwhile):
 * each says what was not applied and why, until dismissed. On a visit's page, that visit's; elsewhere, all, each
 * linking to its visit.
 */
export function FieldConflicts({ userId, visitId }: { userId: string; visitId?: string }) {
  const conflicts = useFieldConflicts(userId).filter((conflict) => !visitId || conflict.visitId === visitId);
  if (conflicts.length === 0) return null;
  return (
    <section aria-label="Not applied" className="grid gap-2 rounded-lg border border-destructive/50 bg-card p-3">
      <h2 className="flex items-center gap-2 font-semibold">
        <AlertTriangle className="size-4 text-destructive" aria-hidden="true" />
        Not applied
      </h2>
      <ul className="grid gap-2">
        {conflicts.map((conflict) => (
          <li key={conflict.id} role="alert" className="grid gap-1">
            <p>
              {visitId ? null : (
                <>
                  <Link to={`${FIELD_APP_PATH}/jobs/${conflict.visitId}`} className="font-medium underline">
                    {conflict.visitTitle}
                  </Link>
                  {": "}
                </>
              )}
              {conflict.what} was not applied. {conflict.reason}
            </p>
            <Button
              variant="outline"
              size="sm"
              className="justify-self-start"
              onClick={() => void dismissConflict(conflict.id!)}
            >
              Dismiss
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
