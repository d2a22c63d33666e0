import { useInfiniteQuery } from "@tanstack/react-query";
import type { JobStatus } from "@fieldops/shared/job-status";
import { jobEndpoints, visitEndpoints } from "@fieldops/shared/jobs";
import type { VisitStatus } from "@fieldops/shared/visit-lifecycle";
import { callEndpoint, endpointKey, useEndpointQuery } from "./endpoints";

/** The company's jobs and visits as several screens read them (jobs, invoices, custom records, the field user's day). */

export interface JobFilters {
  status?: JobStatus;
  crewId?: string;
  customerId?: string;
  search?: string;
  from?: string;
  to?: string;
}

/** The jobs list, a page at a time by cursor. */
export function useJobs(filters: JobFilters) {
  // A filter left empty is not sent.
  const query = {
    status: filters.status || undefined,
    crewId: filters.crewId || undefined,
    customerId: filters.customerId || undefined,
    search: filters.search || undefined,
    from: filters.from || undefined,
    to: filters.to || undefined,
  };
  return useInfiniteQuery({
    queryKey: endpointKey(jobEndpoints.list, { query }),
    queryFn: ({ pageParam }) =>
      callEndpoint(jobEndpoints.list, { query: { ...query, cursor: pageParam ?? undefined } }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}

export function useJob(id: string, enabled = true) {
  return useEndpointQuery(jobEndpoints.get, { params: { id } }, { enabled: enabled && id !== "" });
}

export function useCustomerOptions(search: string, enabled: boolean) {
  return useEndpointQuery(jobEndpoints.customerOptions, { query: { search: search || undefined } }, { enabled });
}

export interface VisitTransition {
  visitId: string;
  to: VisitStatus;
  /** The version the user saw: a visit changed since is refused with a 409. */
  version: number;
}

/** Moves a visit along its lifecycle (POST /api/visits/:id/transition). */
export function postVisitTransition(input: VisitTransition) {
  return callEndpoint(visitEndpoints.transition, {
    params: { id: input.visitId },
    body: { to: input.to, version: input.version },
  });
}
