import { Link } from "react-router";
import { JOB_STATUS_LABELS } from "@fieldops/shared/job-status";
import type { JobSummary } from "@fieldops/shared/jobs";
import { DataTable } from "../../components/data-table";
import { Badge } from "../../components/ui/badge";
import { formatCents, formatWhen } from "./format";

/**
 * Jobs as a table, each linking to its page: number, title (marked when recurring), the customer (under
 * `customerHeader`, left out without it), status, next visit and total.
 */
export function JobsTable({
  items,
  caption,
  timeZone,
  customerHeader,
}: {
  items: readonly JobSummary[];
  caption: string;
  timeZone: string;
  customerHeader?: string;
}) {
  return (
    <DataTable
      caption={caption}
      rows={items}
      rowKey={(job) => job.id}
      columns={[
        { id: "number", header: "#", cell: (job) => job.number },
        {
          id: "title",
          header: "Title",
          cell: (job) => (
            <>
              <Link to={`/jobs/${job.id}`} className="font-medium underline-offset-4 hover:underline">
                {job.title}
              </Link>
              {job.recurring ? <span className="ml-2 text-xs text-muted-foreground">Recurring</span> : null}
            </>
          ),
        },
        customerHeader !== undefined && {
          id: "customer",
          header: customerHeader,
          cell: (job) => job.customerName,
        },
        {
          id: "status",
          header: "Status",
          cell: (job) => <Badge variant="outline">{JOB_STATUS_LABELS[job.status]}</Badge>,
        },
        { id: "next-visit", header: "Next visit", cell: (job) => formatWhen(job.nextVisitAt, timeZone) },
        { id: "total", header: "Total", align: "right", cell: (job) => formatCents(job.totalCents) },
      ]}
    />
  );
}
