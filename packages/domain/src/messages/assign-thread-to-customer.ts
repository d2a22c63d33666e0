import { MAX_CUSTOMER_CONTACTS, phoneSearchDigits, type CustomerContactInput } from "@fieldops/shared/customers";
import type { Thread } from "@fieldops/shared/messages";
import { recordAudit } from "../audit/record-audit.ts";
import { updateCustomer } from "../customers/update-customer.ts";
import { conflict, invalidInput, notFound } from "../errors.ts";
import type { Geocoder } from "../geocoding/geocoder.ts";
import type { TenantScope, UserActor } from "../tenant-scope.ts";
import { messagesChanged } from "./message-events.ts";
import { getThread } from "./read-threads.ts";
import { customerThread } from "./threads.ts";

/**
 * The office says who an unknown or shared number (or address) is: the thread's messages join the customer's
 * conversation (made if they have none), keeping what is unread, and the thread of the number goes. With
 * `saveContact`, the number or address is added to the customer's contacts as the customer page adds one (compared by
 * digits, or without case for an address, so it is not added twice), and their next message finds them directly. A
 * thread that is already a customer's is refused (409); a thread or customer of another company is not found.
 */
export async function assignThreadToCustomer(
  scope: TenantScope<UserActor>,
  input: { id: string; customerId: string; saveContact: boolean },
  deps: { geocoder: Geocoder },
): Promise<Thread> {
  const { tx, companyId } = scope;
  // Two offices moving the same thread at once: the second waits here, then finds it gone.
  await tx.$queryRaw`SELECT id FROM message_threads WHERE id = ${input.id}::uuid FOR UPDATE`;
  const unplaced = await tx.messageThread.findUnique({
    where: { id: input.id },
    select: { id: true, customerId: true, address: true, lastMessageAt: true, lastMessagePreview: true },
  });
  if (!unplaced) throw notFound("No such conversation");
  if (unplaced.customerId)
    throw conflict("This conversation is already with a customer; only an unknown or shared number's can be moved");
  const customer = await tx.customer.findUnique({
    where: { id: input.customerId },
    select: { id: true, name: true, phone: true, email: true, contacts: { orderBy: { position: "asc" } } },
  });
  if (!customer) throw notFound("No such customer");

  const address = unplaced.address ?? "";
  const saved = input.saveContact && !customerHasAddress(customer, address);
  if (saved) {
    if (customer.contacts.length >= MAX_CUSTOMER_CONTACTS)
      throw invalidInput(`${customer.name} has ${MAX_CUSTOMER_CONTACTS} contacts already`, "saveContact");
    if (!address.includes("@") && phoneSearchDigits(address) === null)
      throw invalidInput("This sender's number cannot be saved as a phone number", "saveContact");
    const added: CustomerContactInput = address.includes("@")
      ? { kind: "email", value: address, label: null }
      : { kind: "phone", value: address, label: null };
    await updateCustomer(tx, { id: customer.id, contacts: [...customer.contacts.map(asContactInput), added] }, deps);
  }

  const before = await tx.messageThread.findUnique({
    where: { companyId_key: { companyId, key: `customer:${customer.id}` } },
    select: { lastMessageAt: true, lastMessagePreview: true, _count: { select: { messages: true } } },
  });
  // The office's replies in the unplaced thread were written to the outbox for no customer: they are this one's now.
  const replies = await tx.threadMessage.findMany({
    where: { threadId: unplaced.id, outboxMessageId: { not: null } },
    select: { outboxMessageId: true },
  });
  await tx.outboxMessage.updateMany({
    where: { id: { in: replies.map((message) => message.outboxMessageId!) }, customerId: null },
    data: { customerId: customer.id },
  });
  const target = await customerThread(tx, companyId, customer.id);
  const moved = await tx.threadMessage.updateMany({ where: { threadId: unplaced.id }, data: { threadId: target.id } });
  const latest =
    before && before._count.messages > 0 && before.lastMessageAt >= unplaced.lastMessageAt ? before : unplaced;
  const unreadCount = await tx.threadMessage.count({
    where: { threadId: target.id, direction: "inbound", readAt: null },
  });
  await tx.messageThread.update({
    where: { id: target.id },
    data: { lastMessageAt: latest.lastMessageAt, lastMessagePreview: latest.lastMessagePreview, unreadCount },
  });
  await tx.messageThread.delete({ where: { id: unplaced.id } });

  await recordAudit(tx, {
    companyId,
    actorUserId: scope.actor.userId,
    action: "messages.thread_assigned",
    entityType: "customer",
    entityId: customer.id,
    summary: `Moved the conversation with ${address || "an unknown sender"} (${moved.count} message${
      moved.count === 1 ? "" : "s"
    }) to ${customer.name}${saved ? ", and saved it to their contacts" : ""}`,
    details: { threadId: unplaced.id, address, savedContact: saved },
  });
  scope.emit(messagesChanged([unplaced, target], { inbound: false }));
  return getThread(tx, { id: target.id });
}

/** The customer has this number (compared by digits, as inbound texts find customers) or address (without case). */
function customerHasAddress(
  customer: { phone: string | null; email: string | null; contacts: readonly { kind: string; value: string }[] },
  address: string,
): boolean {
  if (address.includes("@")) {
    const wanted = address.toLowerCase();
    return [customer.email, ...customer.contacts.filter((c) => c.kind === "email").map((c) => c.value)].some(
      (value) => value?.toLowerCase() === wanted,
    );
  }
  const wanted = phoneSearchDigits(address);
  if (wanted === null) return false;
  return [customer.phone, ...customer.contacts.filter((c) => c.kind === "phone").map((c) => c.value)].some(
    (value) => value !== null && phoneSearchDigits(value) === wanted,
  );
}

function asContactInput(contact: {
  kind: "phone" | "email";
  value: string;
  label: string | null;
}): CustomerContactInput {
  return contact.kind === "phone"
    ? { kind: "phone", value: contact.value, label: contact.label }
    : { kind: "email", value: contact.value, label: contact.label };
}
