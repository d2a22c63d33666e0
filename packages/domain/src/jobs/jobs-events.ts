import type { AppEvent } from "@fieldops/shared/events";

/** A list in an event carries at most this many ids (the event schema's bound); longer changes take several events. */
const EVENT_LIST_MAX = 1000;

const distinct = (values: readonly (string | null)[]) => [
  ...new Set(values.filter((value): value is string => value !== null)),
];

/** A visit as its change is announced: screens showing it, its job or its crew(s) refetch. */
export interface ChangedVisit {
  id: string;
  jobId: string;
  crewId?: string | null;
  /** A visit that moved between crews names both. */
  crewIds?: readonly string[];
}

/** The events that announce a change to visits: screens showing those visits, their jobs or crews refetch them. */
export function visitsChanged(visits: readonly ChangedVisit[]): AppEvent[] {
  return visitSetChanged({
    visitIds: visits.map((visit) => visit.id),
    jobIds: visits.map((visit) => visit.jobId),
    crewIds: visits.flatMap((visit) => [visit.crewId ?? null, ...(visit.crewIds ?? [])]),
  });
}

/** The same, from the sets of ids a batch touched (an applied route plan): 1,000 visits per event. */
export function visitSetChanged(changed: {
  visitIds: readonly string[];
  jobIds: readonly (string | null)[];
  crewIds: readonly (string | null)[];
}): AppEvent[] {
  const jobIds = distinct(changed.jobIds).slice(0, EVENT_LIST_MAX);
  const crewIds = distinct(changed.crewIds).slice(0, EVENT_LIST_MAX);
  const events: AppEvent[] = [];
  for (let at = 0; at < changed.visitIds.length; at += EVENT_LIST_MAX) {
    const visitIds = changed.visitIds.slice(at, at + EVENT_LIST_MAX);
    events.push({ name: "visits.changed", payload: { visitIds, jobIds, crewIds } });
  }
  return events;
}

export function jobsChanged(jobIds: readonly string[]): AppEvent[] {
  return jobIds.length === 0 ? [] : [{ name: "jobs.changed", payload: { jobIds: [...jobIds] } }];
}

/** A job was created or edited: its own event, and its visits' (the schedule's queue shows open jobs' visits). */
export function jobChanged(job: { id: string; visits: readonly ChangedVisit[] }): AppEvent[] {
  return [...jobsChanged([job.id]), ...visitsChanged(job.visits)];
}
