import type { TenantTransaction } from "@fieldops/db";
import { MAX_PORTAL_MESSAGES, type PortalConversation } from "@fieldops/shared/review";
import { activeCustomerAssistant } from "../customer-assistant/customer-assistant-settings.ts";
import { queueCustomerAnswer } from "../customer-assistant/queue-customer-answer.ts";
import { messagesChanged } from "../messages/message-events.ts";
import { appendInbound, customerThread } from "../messages/threads.ts";
import { reviewCompany, reviewNotFound, type ReviewAccess } from "../review/review-access.ts";
import type { TenantScope } from "../tenant-scope.ts";

/** The customer the portal link opens, its plan still having the portal; another link finds nothing (404). */
async function portalCustomer(tx: TenantTransaction, access: ReviewAccess): Promise<string> {
  const customerId = access.portalCustomerId;
  if (!customerId) throw reviewNotFound();
  await reviewCompany(tx, access);
  if (!(await tx.customer.findUnique({ where: { id: customerId }, select: { id: true } }))) throw reviewNotFound();
  return customerId;
}

/** The portal's chat: the customer's messages written there and the answers given there, oldest first. */
export async function getPortalConversation(
  tx: TenantTransaction,
  input: { access: ReviewAccess },
): Promise<PortalConversation> {
  const customerId = await portalCustomer(tx, input.access);
  const thread = await tx.messageThread.findFirst({ where: { customerId }, select: { id: true } });
  const rows = thread
    ? await tx.threadMessage.findMany({
        where: { threadId: thread.id, channel: "portal" },
        orderBy: [{ createdAt: "desc" }, { id: "desc" }],
        take: MAX_PORTAL_MESSAGES,
        select: { id: true, direction: true, body: true, createdAt: true },
      })
    : [];
  return {
    messages: rows.reverse().map((row) => ({
      id: row.id,
      from: row.direction === "inbound" ? "customer" : "company",
      body: row.body ?? "",
      createdAt: row.createdAt.toISOString(),
    })),
    assistantOn: (await activeCustomerAssistant(tx, input.access.companyId)) !== null,
  };
}

/**
 * A message the customer writes in the portal's chat box: it joins their conversation in the office's inbox (once per
 * `clientMessageId`, so a retried send adds nothing) and goes to the customer assistant where the company has it on,
 * which answers in the same chat.
 */
export async function sendPortalMessage(
  scope: TenantScope,
  input: { access: ReviewAccess; text: string; clientMessageId: string; appOrigin: string },
): Promise<PortalConversation> {
  const customerId = await portalCustomer(scope.tx, input.access);
  const thread = await customerThread(scope.tx, scope.companyId, customerId);
  const added = await appendInbound(scope.tx, scope.companyId, thread, {
    channel: "portal",
    body: input.text,
    from: "portal",
    to: "portal",
    providerMessageId: input.clientMessageId,
  });
  if (added) {
    scope.emit(messagesChanged([thread], { inbound: true }));
    await queueCustomerAnswer(scope, { messageId: added.id, appOrigin: input.appOrigin });
  }
  return getPortalConversation(scope.tx, { access: input.access });
}
