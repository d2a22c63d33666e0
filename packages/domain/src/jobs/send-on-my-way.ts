import type { TenantTransaction } from "@fieldops/db";
import { planFeatureMessage } from "@fieldops/shared/plans";
import { ON_MY_WAY_REPEAT_MINUTES, type OnMyWayResponse, type OnMyWayState } from "@fieldops/shared/userdash";
import { conflict, forbidden, invalidInput, notFound } from "../errors.ts";
import { companyHasPlanFeature, requirePlanFeature } from "../plans/require-plan-feature.ts";
import { optedOutNumbers } from "../outbox/record-sms-opt-out.ts";
import { textingName } from "../outbox/deliver-text.ts";
import { writeOutboxMessages } from "../outbox/write-outbox-messages.ts";
import type { TenantScope, UserActor } from "../tenant-scope.ts";
import { visitsChanged } from "./jobs-events.ts";
import { onMyWayText } from "./on-my-way-text.ts";

const ON_MY_WAY_KIND = "on_my_way";
const dedupePrefix = (visitId: string) => `on-my-way:${visitId}:`;
const OPTED_OUT = "The customer opted out of texts";
const NO_PHONE = "The customer has no phone number to text";
const NOT_ON_PLAN = planFeatureMessage("sms", "On my way texts");
const CLOSED = "The visit is no longer ahead of you";

/**
 * Texts the visit's customer that its crew is on the way ("Greenleaf Lawns: Sam is on the way, arriving around
 * 9:30 AM.", `onMyWayText`), through the outbox (the dispatcher sends it, or the local text catcher keeps it). Only a
 * member of the visit's crew may (another company's visit is not found; anyone else is refused), only on a plan with
 * SMS, only for a visit not yet started. Pressed again within ON_MY_WAY_REPEAT_MINUTES it sends nothing and answers the
 * text already sent: the visit's row is locked while it looks, so two presses at once write one text.
 */
export async function sendOnMyWay(
  scope: TenantScope<UserActor>,
  input: { visitId: string; now?: Date },
): Promise<OnMyWayResponse> {
  const { tx, actor } = scope;
  const now = input.now ?? new Date();
  const [visit] = await tx.$queryRaw<
    { id: string; jobId: string; crewId: string | null; status: string; scheduledStart: Date | null; onCrew: boolean }[]
  >`SELECT v.id, v."jobId", v."crewId", v.status::text AS status, v."scheduledStart",
      EXISTS (SELECT 1 FROM crew_members m WHERE m."crewId" = v."crewId" AND m."userId" = ${actor.userId}::uuid) AS "onCrew"
    FROM visits v WHERE v.id = ${input.visitId}::uuid FOR UPDATE OF v`;
  if (!visit) throw notFound("Visit not found");
  if (!visit.onCrew) throw forbidden("Only the visit's crew can text the customer that they are on the way");
  await requirePlanFeature(tx, "sms", "On my way texts");
  const recent = await recentOnMyWay(tx, [visit.id], now);
  const sent = recent.get(visit.id);
  if (sent) return { sentAt: sent.createdAt.toISOString(), alreadySent: true, text: sent.body };
  if (visit.status !== "scheduled" && visit.status !== "dispatched") throw conflict(CLOSED);
  const job = await tx.job.findUniqueOrThrow({
    where: { id: visit.jobId },
    select: { customer: { select: { id: true, name: true, phone: true } } },
  });
  const phone = job.customer.phone;
  if (!phone) throw invalidInput(NO_PHONE);
  if ((await optedOutNumbers(tx, [phone])).size > 0) throw conflict(OPTED_OUT);
  const { timeZone } = await tx.company.findFirstOrThrow({ select: { timeZone: true } });
  const text = onMyWayText({
    companyName: await textingName(tx),
    userName: actor.name,
    scheduledStart: visit.scheduledStart,
    timeZone,
    now,
  });
  await writeOutboxMessages(scope, [
    {
      kind: ON_MY_WAY_KIND,
      channel: "sms",
      recipient: phone,
      subject: `On my way to ${job.customer.name}`,
      body: text,
      dedupeKey: `${dedupePrefix(visit.id)}${now.getTime()}`,
      customerId: job.customer.id,
      createdAt: now,
    },
  ]);
  await tx.jobNote.create({
    data: {
      companyId: scope.companyId,
      jobId: visit.jobId,
      authorUserId: actor.userId,
      kind: "event",
      body: `Texted ${job.customer.name}: "${text}"`,
    },
  });
  scope.emit(visitsChanged([{ id: visit.id, jobId: visit.jobId, crewId: visit.crewId }]));
  return { sentAt: now.toISOString(), alreadySent: false, text };
}

/**
 * The last "On my way" of each of these visits sent within the repeat window (one visit: looked up by its key's prefix;
 * a day's visits: the company's few texts of the window, matched here).
 */
async function recentOnMyWay(tx: TenantTransaction, visitIds: readonly string[], now: Date) {
  const wanted = new Set(visitIds);
  const rows = await tx.outboxMessage.findMany({
    where: {
      kind: ON_MY_WAY_KIND,
      createdAt: { gte: new Date(now.getTime() - ON_MY_WAY_REPEAT_MINUTES * 60_000) },
      ...(visitIds.length === 1 ? { dedupeKey: { startsWith: dedupePrefix(visitIds[0]!) } } : {}),
    },
    select: { dedupeKey: true, createdAt: true, body: true },
    orderBy: { createdAt: "desc" },
  });
  const byVisit = new Map<string, { createdAt: Date; body: string }>();
  for (const row of rows) {
    const visitId = row.dedupeKey.split(":")[1]!;
    if (wanted.has(visitId) && !byVisit.has(visitId)) byVisit.set(visitId, row);
  }
  return byVisit;
}

/**
 * For the field user's day: whether each visit's "On my way" can be sent, or when it was within the repeat window.
 * A fixed number of queries for the whole day.
 */
export async function onMyWayStates(
  tx: TenantTransaction,
  visits: readonly { id: string; status: string; customerPhone: string | null }[],
  now: Date,
): Promise<Map<string, OnMyWayState>> {
  const states = new Map<string, OnMyWayState>();
  if (visits.length === 0) return states;
  const allowed = await companyHasPlanFeature(tx, "sms");
  const recent = allowed
    ? await recentOnMyWay(
        tx,
        visits.map((visit) => visit.id),
        now,
      )
    : new Map();
  const optedOut = allowed
    ? await optedOutNumbers(
        tx,
        visits.flatMap((visit) => (visit.customerPhone ? [visit.customerPhone] : [])),
      )
    : new Set<string>();
  for (const visit of visits) {
    const sentAt = recent.get(visit.id)?.createdAt.toISOString() ?? null;
    const unavailable = !allowed
      ? NOT_ON_PLAN
      : sentAt
        ? null
        : visit.status !== "scheduled" && visit.status !== "dispatched"
          ? CLOSED
          : !visit.customerPhone
            ? NO_PHONE
            : optedOut.has(visit.customerPhone)
              ? OPTED_OUT
              : null;
    states.set(visit.id, { sentAt, unavailable });
  }
  return states;
}
