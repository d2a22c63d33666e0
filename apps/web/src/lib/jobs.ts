import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { API_PATHS, apiPath } from "@fieldops/shared/api-paths";
import type { JobStatus } from "@fieldops/shared/job-status";
import {
  customerOptionsResponseSchema,
  jobDetailSchema,
  jobListResponseSchema,
  visitSchema,
} from "@fieldops/shared/jobs";
import type { VisitStatus } from "@fieldops/shared/visit-lifecycle";
import { apiRequest } from "./api";
import { QUERY_KEYS } from "./query-keys";

/** The company's jobs and visits as several screens read them (jobs, invoices, custom records, the field user's day). */

export interface JobFilters {
  status?: JobStatus;
  crewId?: string;
  search?: string;
  from?: string;
  to?: string;
}

export async function getJson(url: string): Promise<unknown> {
  return (await apiRequest("GET", url)).json();
}

function listUrl(filters: JobFilters, cursor: string | null): string {
  const params = new URLSearchParams();
  if (filters.status) params.set("status", filters.status);
  if (filters.crewId) params.set("crewId", filters.crewId);
  if (filters.search) params.set("search", filters.search);
  if (filters.from) params.set("from", filters.from);
  if (filters.to) params.set("to", filters.to);
  if (cursor) params.set("cursor", cursor);
  const query = params.toString();
  return query ? `${API_PATHS.jobs}?${query}` : API_PATHS.jobs;
}

/** The jobs list, a page at a time by cursor. */
export function useJobs(filters: JobFilters) {
  return useInfiniteQuery({
    queryKey: [...QUERY_KEYS.jobs, "list", filters],
    queryFn: async ({ pageParam }) => jobListResponseSchema.parse(await getJson(listUrl(filters, pageParam))),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}

export function useJob(id: string, enabled = true) {
  return useQuery({
    queryKey: [...QUERY_KEYS.jobs, id],
    queryFn: async () => jobDetailSchema.parse(await getJson(apiPath(API_PATHS.job, { id: id }))),
    enabled: enabled && id !== "",
  });
}

export function useCustomerOptions(search: string, enabled: boolean) {
  return useQuery({
    queryKey: [...QUERY_KEYS.jobs, "customer-options", search],
    queryFn: async () => {
      const query = search ? `?${new URLSearchParams({ search }).toString()}` : "";
      return customerOptionsResponseSchema.parse(await getJson(`${API_PATHS.jobCustomerOptions}${query}`));
    },
    enabled,
  });
}

export interface VisitTransition {
  visitId: string;
  to: VisitStatus;
  /** The version the user saw: a visit changed since is refused with a 409. */
  version: number;
}

/** Moves a visit along its lifecycle (POST /api/visits/:id/transition). */
export async function postVisitTransition(input: VisitTransition) {
  return visitSchema.parse(
    await (
      await apiRequest("POST", apiPath(API_PATHS.visitTransition, { id: input.visitId }), {
        to: input.to,
        version: input.version,
      })
    ).json(),
  );
}
