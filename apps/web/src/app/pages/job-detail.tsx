import { NewInvoiceDialog } from "../../features/invoices/new-invoice-dialog";
import { LinkedCustomRecords } from "../../features/custom-objects/linked-custom-records";
import { JobDetailPage, type JobParts } from "../../features/jobs/job-detail-page";

const JOB_PARTS: JobParts = {
  LinkedRecords: ({ jobId }) => (
    <LinkedCustomRecords kind="job" recordId={jobId} className="grid gap-4 md:grid-cols-2" />
  ),
  NewInvoiceDialog,
};

/** /jobs/:id: the job's page with its linked custom records and billing's new-invoice dialog. */
export function JobDetailRoute() {
  return <JobDetailPage parts={JOB_PARTS} />;
}
