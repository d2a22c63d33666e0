import { useMutation, useQueryClient } from "@tanstack/react-query";
import { jobEndpoints } from "@fieldops/shared/jobs";
import { endpointKey, useEndpointMutation } from "../../lib/endpoints";
import { postVisitTransition } from "../../lib/jobs";

/** Every job read: the lists, each job and the customer options. */
const allJobs = endpointKey(jobEndpoints.list);

export function useCreateJob() {
  return useEndpointMutation(jobEndpoints.create, { invalidates: [allJobs] });
}

export function useUpdateJob() {
  return useEndpointMutation(jobEndpoints.update, { invalidates: [allJobs] });
}

export function useTransitionVisit(jobId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: postVisitTransition,
    onSettled: () => client.invalidateQueries({ queryKey: endpointKey(jobEndpoints.get, { params: { id: jobId } }) }),
  });
}
