import type { AppEvent } from "@fieldops/shared/events";

/** The events that announce a change to visits: screens showing those visits, their jobs or crews refetch them. */
export function visitsChanged(visits: readonly { id: string; jobId: string; crewId: string | null }[]): AppEvent[] {
  if (visits.length === 0) return [];
  const distinct = (values: (string | null)[]) => [
    ...new Set(values.filter((value): value is string => value !== null)),
  ];
  return [
    {
      name: "visits.changed",
      payload: {
        visitIds: visits.map((visit) => visit.id),
        jobIds: distinct(visits.map((visit) => visit.jobId)),
        crewIds: distinct(visits.map((visit) => visit.crewId)),
      },
    },
  ];
}

/** A job was created or edited: its own event, and its visits' (the schedule's queue shows open jobs' visits). */
export function jobChanged(job: {
  id: string;
  visits: readonly { id: string; jobId: string; crewId: string | null }[];
}): AppEvent[] {
  return [{ name: "jobs.changed", payload: { jobIds: [job.id] } }, ...visitsChanged(job.visits)];
}

export function crewChanged(crewId: string): AppEvent[] {
  return [{ name: "crews.changed", payload: { crewIds: [crewId] } }];
}

/** Invoices changed (made, edited, sent, paid, refunded, voided, reviewed): billing screens and the customer's refetch. */
export function invoicesChanged(change: { id: string; customerId: string; jobId?: string | null }): AppEvent[] {
  const events: AppEvent[] = [
    { name: "invoices.changed", payload: { invoiceIds: [change.id], customerIds: [change.customerId] } },
  ];
  if (change.jobId) events.push({ name: "jobs.changed", payload: { jobIds: [change.jobId] } });
  return events;
}

export function estimatesChanged(estimateIds: readonly string[]): AppEvent[] {
  return [{ name: "estimates.changed", payload: { estimateIds: [...estimateIds] } }];
}

/** An estimate changed, and with it its lead's status (won, lost) when it has one. */
export function estimateChanged(estimate: { id: string; leadId: string | null }): AppEvent[] {
  return [...estimatesChanged([estimate.id]), ...(estimate.leadId ? leadsChanged([estimate.leadId]) : [])];
}

export function leadsChanged(leadIds: readonly string[]): AppEvent[] {
  return [{ name: "leads.changed", payload: { leadIds: [...leadIds] } }];
}

export function customRecordsChanged(objectKey: string, recordIds: readonly string[]): AppEvent[] {
  return [{ name: "custom_records.changed", payload: { objectKey, recordIds: [...recordIds] } }];
}
