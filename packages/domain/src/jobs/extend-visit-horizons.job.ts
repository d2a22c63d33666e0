import { z } from "zod";
import { defineJob } from "@fieldops/jobs/job-definition";

/** Rolls every open recurring job of one company forward to the visit horizon. */
export const extendVisitHorizonsJob = defineJob({
  id: "extend-visit-horizons",
  queue: "visits",
  schema: z.object({ companyId: z.uuid() }),
});
