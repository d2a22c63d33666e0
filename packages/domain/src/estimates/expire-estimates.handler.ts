import { withTenant } from "@fieldops/db";
import { publishEvent } from "@fieldops/events/company-stream";
import type { JobHandler } from "@fieldops/jobs/job-definition";
import { expireEstimates as expire } from "./expire-estimates.ts";
import type { expireEstimatesJob } from "./expire-estimates.job.ts";

export const expireEstimates: JobHandler<typeof expireEstimatesJob.schema> = async (payload, { db, redis }) => {
  const ids = await withTenant(db, payload.companyId, (tx) => expire(tx, new Date()));
  if (ids.length > 0)
    await publishEvent(
      redis,
      { name: "estimates.changed", payload: { estimateIds: ids.slice(0, 1000) } },
      { companyId: payload.companyId, requestId: null },
    );
};
