import { withSystem } from "@fieldops/db";
import type { SystemJobHandler } from "@fieldops/jobs/job-definition";
import type { extendVisitHorizonsDailyJob } from "./extend-visit-horizons-daily.job.ts";
import { extendVisitHorizonsJob } from "./extend-visit-horizons.job.ts";

const COMPANIES_PER_PAGE = 500;

/**
 * Hands each company its own extension job. The job's key is the company and the day (UTC), so a second run the same
 * day, by a retry or another worker, adds nothing.
 */
export const extendVisitHorizonsDaily: SystemJobHandler<typeof extendVisitHorizonsDailyJob.schema> = async (_payload, { db, queues }) => {
  const day = new Date().toISOString().slice(0, 10);
  let after: string | null = null;
  for (;;) {
    const companies: { id: string }[] = await withSystem(db, (tx) =>
      tx.company.findMany({ where: after ? { id: { gt: after } } : {}, select: { id: true }, orderBy: { id: "asc" }, take: COMPANIES_PER_PAGE }),
    );
    await Promise.all(companies.map((company) => queues.enqueue(extendVisitHorizonsJob, { companyId: company.id }, `${company.id}_${day}`)));
    if (companies.length < COMPANIES_PER_PAGE) return;
    after = companies[companies.length - 1]!.id;
  }
};
