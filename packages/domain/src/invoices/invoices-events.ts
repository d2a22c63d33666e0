import type { AppEvent } from "@fieldops/shared/events";
import { jobsChanged } from "../jobs/jobs-events.ts";

const EVENT_LIST_MAX = 1000;

/** Invoices changed (made, edited, sent, paid, refunded, voided, reviewed): billing screens and the customer's refetch. */
export function invoicesChanged(change: { id: string; customerId: string; jobId?: string | null }): AppEvent[] {
  return [
    { name: "invoices.changed", payload: { invoiceIds: [change.id], customerIds: [change.customerId] } },
    ...jobsChanged(change.jobId ? [change.jobId] : []),
  ];
}

/** The same for a batch of invoices: 1,000 ids a list per event, as the event schema bounds them. */
export function invoiceBatchChanged(change: {
  invoiceIds: readonly string[];
  customerIds: readonly string[];
  jobIds: readonly string[];
}): AppEvent[] {
  const events: AppEvent[] = [];
  const chunks = (ids: readonly string[]) =>
    Array.from({ length: Math.ceil(ids.length / EVENT_LIST_MAX) }, (_, index) =>
      ids.slice(index * EVENT_LIST_MAX, (index + 1) * EVENT_LIST_MAX),
    );
  const customerChunks = chunks(change.customerIds);
  chunks(change.invoiceIds).forEach((invoiceIds, index) =>
    events.push({ name: "invoices.changed", payload: { invoiceIds, customerIds: customerChunks[index] ?? [] } }),
  );
  for (const jobIds of chunks(change.jobIds)) events.push(...jobsChanged(jobIds));
  return events;
}
