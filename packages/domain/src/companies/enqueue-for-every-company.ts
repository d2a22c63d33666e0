import type { z } from "zod";
import { withSystem, type Database } from "@fieldops/db";
import type { TaskQueues } from "@fieldops/tasks/enqueue";
import type { TaskDefinition } from "@fieldops/tasks/task-definition";

const COMPANIES_PER_PAGE = 500;

/**
 * A daily system job's fan-out: one tenant job per company. The job's key is the company and `day`, so a second run
 * the same day, by a retry or another worker, adds nothing.
 */
export async function enqueueForEveryCompany<Schema extends z.ZodType<{ companyId: string }>>(
  db: Database,
  queues: TaskQueues,
  definition: TaskDefinition<Schema>,
  day: string,
): Promise<void> {
  let after: string | null = null;
  for (;;) {
    const companies: { id: string }[] = await withSystem(db, (tx) =>
      tx.company.findMany({
        where: after ? { id: { gt: after } } : {},
        select: { id: true },
        orderBy: { id: "asc" },
        take: COMPANIES_PER_PAGE,
      }),
    );
    await Promise.all(
      companies.map((company) =>
        queues.enqueue(definition, { companyId: company.id } as z.input<Schema>, `${company.id}_${day}`),
      ),
    );
    if (companies.length < COMPANIES_PER_PAGE) return;
    after = companies[companies.length - 1]!.id;
  }
}
