import { recordAudit } from "../audit/record-audit.ts";
import { notFound } from "../errors.ts";
import type { TenantScope, UserActor } from "../tenant-scope.ts";
import { messagesChanged } from "./message-events.ts";

interface ThreadCrewInput {
  id: string;
  crewId: string;
}

/** The thread and the crew, both the company's (row-level security hides another company's: not found). */
async function threadAndCrew(scope: TenantScope<UserActor>, input: ThreadCrewInput) {
  // One after the other: both run on the transaction's one connection.
  const thread = await scope.tx.messageThread.findUnique({
    where: { id: input.id },
    select: { id: true, customerId: true, address: true, customer: { select: { name: true } } },
  });
  const crew = await scope.tx.crew.findUnique({ where: { id: input.crewId }, select: { id: true, name: true } });
  if (!thread) throw notFound("No such conversation");
  if (!crew) throw notFound("No such crew");
  return { thread, crew, title: thread.customer?.name ?? thread.address ?? "an unknown sender" };
}

async function announce(
  scope: TenantScope<UserActor>,
  shared: boolean,
  { thread, crew, title }: Awaited<ReturnType<typeof threadAndCrew>>,
): Promise<null> {
  await recordAudit(scope.tx, {
    companyId: scope.companyId,
    actorUserId: scope.actor.userId,
    action: shared ? "messages.thread_shared" : "messages.thread_unshared",
    entityType: "message_thread",
    entityId: thread.id,
    summary: shared
      ? `${scope.actor.name} shared the conversation with ${title} with ${crew.name}`
      : `${scope.actor.name} stopped sharing the conversation with ${title} with ${crew.name}`,
    details: { crewId: crew.id },
  });
  scope.emit(messagesChanged([thread], { inbound: false }));
  return null;
}

/** Shares a conversation with a crew, whose members then read it in the field app; sharing it again changes nothing. */
export async function shareThreadWithCrew(scope: TenantScope<UserActor>, input: ThreadCrewInput): Promise<null> {
  const found = await threadAndCrew(scope, input);
  const created = await scope.tx.messageThreadCrewShare.createMany({
    data: [
      {
        companyId: scope.companyId,
        threadId: found.thread.id,
        crewId: found.crew.id,
        sharedByUserId: scope.actor.userId,
      },
    ],
    skipDuplicates: true,
  });
  return created.count === 0 ? null : announce(scope, true, found);
}

/** Stops sharing a conversation with a crew: it leaves its members' field app at once; unsharing again changes nothing. */
export async function unshareThreadWithCrew(scope: TenantScope<UserActor>, input: ThreadCrewInput): Promise<null> {
  const found = await threadAndCrew(scope, input);
  const deleted = await scope.tx.messageThreadCrewShare.deleteMany({
    where: { threadId: found.thread.id, crewId: found.crew.id },
  });
  return deleted.count === 0 ? null : announce(scope, false, found);
}
