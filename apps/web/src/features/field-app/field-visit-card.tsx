import { Link } from "react-router";
import type { FieldVisit } from "@fieldops/shared/field-app";
import { VISIT_STATUS_LABELS } from "@fieldops/shared/visit-lifecycle";
import { Badge } from "../../components/ui/badge";
import { cn } from "../../lib/utils";
import { arrivalText } from "./field-format";

/** A visit in a list: what, for whom, where and when, linking to the visit. */
export function FieldVisitCard({
  visit,
  timeZone,
  highlight,
}: {
  visit: FieldVisit;
  timeZone: string;
  highlight?: boolean;
}) {
  return (
    <Link
      to={`/app/jobs/${visit.id}`}
      className={cn(
        "block rounded-lg border bg-card p-3 text-card-foreground shadow-xs",
        highlight && "border-primary ring-1 ring-primary",
      )}
    >
      <div className="flex items-start justify-between gap-2">
        <h3 className="font-semibold">{visit.jobTitle}</h3>
        <Badge variant={visit.status === "completed" ? "secondary" : "outline"}>
          {VISIT_STATUS_LABELS[visit.status]}
        </Badge>
      </div>
      <p className="text-sm">{visit.customerName}</p>
      {visit.property ? <p className="text-sm text-muted-foreground">{visit.property.address}</p> : null}
      <p className="text-sm font-medium">{arrivalText(visit, timeZone)}</p>
    </Link>
  );
}
