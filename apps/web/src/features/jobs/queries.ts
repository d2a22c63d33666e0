import { useMutation, useQueryClient } from "@tanstack/react-query";
import { API_PATHS, apiPath } from "@fieldops/shared/api-paths";
import { jobDetailSchema, type CreateJobRequest, type JobDetail } from "@fieldops/shared/jobs";
import { apiRequest } from "../../lib/api";
import { QUERY_KEYS } from "../../lib/query-keys";
import { postVisitTransition } from "../../lib/jobs";

export function useCreateJob() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateJobRequest): Promise<JobDetail> =>
      jobDetailSchema.parse(await (await apiRequest("POST", API_PATHS.jobs, body)).json()),
    onSuccess: () => client.invalidateQueries({ queryKey: QUERY_KEYS.jobs }),
  });
}

export function useUpdateJob(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (
      body: Partial<Omit<CreateJobRequest, "customerId" | "recurrence">> & { closed?: boolean },
    ): Promise<JobDetail> =>
      jobDetailSchema.parse(await (await apiRequest("PATCH", apiPath(API_PATHS.job, { id: id }), body)).json()),
    onSuccess: () => client.invalidateQueries({ queryKey: QUERY_KEYS.jobs }),
  });
}

export function useTransitionVisit(jobId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: postVisitTransition,
    onSettled: () => client.invalidateQueries({ queryKey: [...QUERY_KEYS.jobs, jobId] }),
  });
}
