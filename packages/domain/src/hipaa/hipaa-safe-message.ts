import type { TenantTransaction } from "@fieldops/db";

interface CustomerMessage {
  channel: string;
  subject: string;
  body: string;
  customerId?: string | null;
  linkUrl?: string | null;
}

const companyByTransaction = new WeakMap<TenantTransaction, Promise<{ name: string; hipaaMode: boolean }>>();

function companyOf(tx: TenantTransaction, companyId: string) {
  let read = companyByTransaction.get(tx);
  if (!read) {
    read = tx.company.findUniqueOrThrow({ where: { id: companyId }, select: { name: true, hipaaMode: true } });
    companyByTransaction.set(tx, read);
  }
  return read;
}

/**
 * In HIPAA mode a text or e-mail to a customer (a patient) says who it is from and where to look, never what about:
 * no names, no notes, no amounts or dates that tell a visit apart — its subject and body are replaced by a neutral
 * line with the company's name and the message's link. Outside HIPAA mode, and for messages to the company's own
 * people, the message is unchanged. Every message to a customer passes here (`writeOutboxMessages`).
 */
export async function hipaaSafeMessages<M extends CustomerMessage>(
  tx: TenantTransaction,
  companyId: string,
  messages: readonly M[],
): Promise<M[]> {
  if (!messages.some((message) => message.customerId)) return [...messages];
  const company = await companyOf(tx, companyId);
  if (!company.hipaaMode) return [...messages];
  return messages.map((message) => {
    if (!message.customerId || (message.channel !== "email" && message.channel !== "sms")) return message;
    const link = message.linkUrl ?? null;
    const body = link
      ? message.channel === "sms"
        ? `${company.name}: you have a new message. ${link}`
        : `Hello,\n\n${company.name} has a new message for you. Open it here:\n\n${link}\n\n${company.name}`
      : message.channel === "sms"
        ? `${company.name} has a message for you. Please call us or sign in to your portal.`
        : `Hello,\n\n${company.name} has a message for you. Please call us or sign in to your portal to read it.\n\n${company.name}`;
    return { ...message, subject: `A message from ${company.name}`, body };
  });
}
