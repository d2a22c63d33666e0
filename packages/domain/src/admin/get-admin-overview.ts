import { withSystem, type Database } from "@fieldops/db";
import type { TaskQueues } from "@fieldops/tasks/enqueue";
import { QUEUE_NAMES } from "@fieldops/tasks/queues";
import { MAX_ADMIN_LIST, type AdminOverview, type PlatformAlert } from "@fieldops/shared/admin";
import { listTenants } from "./list-tenants.ts";

/** How many of each queue's latest failed jobs the alerts look at. */
const FAILED_JOBS_PER_QUEUE = 20;

/**
 * How long a stored Stripe event may wait to be applied before it is an alert: its task's tries (with backoff) take
 * well under this; after it, a payment, refund or dispute is missing from the company's books.
 */
export const UNAPPLIED_STRIPE_EVENT_ALERT_MS = 60 * 60 * 1000;

/**
 * Where the platform's alerts come from. Failed background jobs and failed module runs are read today; telemetry's
 * performance alerts join through `extraAlerts` when they are stored.
 */
export interface AlertSources {
  queues: TaskQueues;
  extraAlerts?: (db: Database) => Promise<PlatformAlert[]>;
}

/** The latest failed jobs of every queue, newest first, with the company each was for. */
async function failedTasks(
  queues: TaskQueues,
): Promise<{ companyId: string | null; alert: Omit<PlatformAlert, "companyName"> }[]> {
  const perQueue = await Promise.all(
    QUEUE_NAMES.map(async (name) => {
      const jobs = await queues.queue(name).getFailed(0, FAILED_JOBS_PER_QUEUE - 1);
      return jobs.map((job) => {
        const data: unknown = job.data;
        const companyId =
          typeof data === "object" && data !== null && "companyId" in data && typeof data.companyId === "string"
            ? data.companyId
            : null;
        return {
          companyId,
          alert: {
            source: "job" as const,
            title: `Job ${job.name} failed (${name})`,
            detail: (job.failedReason || "No reason recorded").slice(0, 300),
            companyId,
            at: new Date(job.finishedOn ?? job.timestamp).toISOString(),
          },
        };
      });
    }),
  );
  return perQueue.flat();
}

/**
 * The platform administrator's dashboard: a page of tenants with their health, the approvals waiting in every
 * company, the open support tickets and the recent alerts. The caller has checked that the user is a platform admin;
 * the cross-company reads are the system context's.
 */
export async function getAdminOverview(
  db: Database,
  sources: AlertSources,
  query: { q?: string; offset: number; limit: number },
  now: Date = new Date(),
): Promise<AdminOverview> {
  const jobs = await failedTasks(sources.queues);
  const failedTasksByCompany = new Map<string, number>();
  for (const { companyId } of jobs)
    if (companyId) failedTasksByCompany.set(companyId, (failedTasksByCompany.get(companyId) ?? 0) + 1);

  const system = await withSystem(db, async (tx) => {
    const [totalTenants, suspended, trials, approvals, tickets, failedRuns, unappliedEvents] = await Promise.all([
      tx.company.count(),
      tx.company.count({ where: { suspendedAt: { not: null } } }),
      tx.company.count({ where: { trialEndsAt: { not: null } } }),
      tx.moduleRun.findMany({
        where: { status: "awaiting_approval", OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] },
        orderBy: { createdAt: "desc" },
        take: MAX_ADMIN_LIST,
        select: {
          id: true,
          companyId: true,
          moduleId: true,
          createdAt: true,
          expiresAt: true,
          company: { select: { name: true } },
        },
      }),
      tx.supportTicket.findMany({
        where: { status: { in: ["open", "waiting"] } },
        orderBy: [{ priority: "desc" }, { lastMessageAt: "desc" }],
        take: MAX_ADMIN_LIST,
        select: {
          id: true,
          companyId: true,
          subject: true,
          status: true,
          priority: true,
          lastMessageAt: true,
          company: { select: { name: true } },
        },
      }),
      tx.moduleRun.findMany({
        where: { status: "failed" },
        orderBy: { updatedAt: "desc" },
        take: MAX_ADMIN_LIST,
        select: { moduleId: true, companyId: true, error: true, updatedAt: true, company: { select: { name: true } } },
      }),
      tx.stripeEvent.findMany({
        where: { processedAt: null, receivedAt: { lt: new Date(now.getTime() - UNAPPLIED_STRIPE_EVENT_ALERT_MS) } },
        orderBy: { receivedAt: "desc" },
        take: MAX_ADMIN_LIST,
        select: {
          id: true,
          type: true,
          companyId: true,
          deliveries: true,
          receivedAt: true,
          company: { select: { name: true } },
        },
      }),
    ]);
    const jobCompanies = [...new Set(jobs.flatMap(({ companyId }) => (companyId ? [companyId] : [])))];
    const names = new Map(
      (await tx.company.findMany({ where: { id: { in: jobCompanies } }, select: { id: true, name: true } })).map(
        (row) => [row.id, row.name],
      ),
    );
    return { totalTenants, suspended, trials, approvals, tickets, failedRuns, unappliedEvents, names };
  });

  const alerts: PlatformAlert[] = [
    ...jobs.map(({ alert }) => ({
      ...alert,
      companyName: alert.companyId ? (system.names.get(alert.companyId) ?? null) : null,
    })),
    ...system.failedRuns.map((run) => ({
      source: "module_run" as const,
      title: `Module ${run.moduleId} failed`,
      detail: (run.error ?? "No error recorded").slice(0, 300),
      companyId: run.companyId,
      companyName: run.company.name,
      at: run.updatedAt.toISOString(),
    })),
    ...system.unappliedEvents.map((event) => ({
      source: "payment_event" as const,
      title: `Stripe event ${event.type} not applied`,
      detail:
        `${event.id}, received ${event.receivedAt.toISOString()} and delivered ${event.deliveries} time(s), is stored ` +
        "but its task has not applied it: a payment, refund or dispute may be missing from this company's invoices.",
      companyId: event.companyId,
      companyName: event.company.name,
      at: event.receivedAt.toISOString(),
    })),
    ...(sources.extraAlerts ? await sources.extraAlerts(db) : []),
  ];
  alerts.sort((a, b) => b.at.localeCompare(a.at));

  return {
    tenants: await listTenants(db, query, { now, failedTasksByCompany }),
    totals: { tenants: system.totalTenants, suspended: system.suspended, trials: system.trials },
    pendingApprovals: system.approvals.map((run) => ({
      runId: run.id,
      companyId: run.companyId,
      companyName: run.company.name,
      moduleId: run.moduleId,
      requestedAt: run.createdAt.toISOString(),
      expiresAt: run.expiresAt?.toISOString() ?? null,
    })),
    openTickets: system.tickets.map((ticket) => ({
      id: ticket.id,
      companyId: ticket.companyId,
      companyName: ticket.company.name,
      subject: ticket.subject,
      status: ticket.status,
      priority: ticket.priority,
      lastMessageAt: ticket.lastMessageAt.toISOString(),
    })),
    alerts: alerts.slice(0, MAX_ADMIN_LIST),
  };
}
