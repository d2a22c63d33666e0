import type { AppEvent } from "@fieldops/shared/events";
import { jobsChanged } from "../jobs/jobs-events.ts";

/** Invoices changed (made, edited, sent, paid, refunded, voided, reviewed): billing screens and the customer's refetch. */
export function invoicesChanged(change: { id: string; customerId: string; jobId?: string | null }): AppEvent[] {
  return [
    { name: "invoices.changed", payload: { invoiceIds: [change.id], customerIds: [change.customerId] } },
    ...jobsChanged(change.jobId ? [change.jobId] : []),
  ];
}
