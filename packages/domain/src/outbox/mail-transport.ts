import { createTransport, type Transporter } from "nodemailer";

/** Bounds on one send, so that a send always ends well within the dispatcher's lease (deliver-message.handler.ts). */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

const transports = new Map<string, Transporter>();

/**
 * One transport per mail server, kept for the process: a pool of up to five connections that carry one mail after
 * another (a new connection and greeting per mail cost more than the mail), as many as the dispatcher sends at once.
 */
function transportFor(smtpUrl: string): Transporter {
  let transport = transports.get(smtpUrl);
  if (!transport) {
    transport = createTransport({ url: smtpUrl, pool: true, maxConnections: 5, ...TIMEOUTS });
    transports.set(smtpUrl, transport);
  }
  return transport;
}

/** Closes the pooled connections to every mail server (the worker's stop; a test's before it stops its server). */
export function closeMailTransports(): void {
  for (const transport of transports.values()) transport.close();
  transports.clear();
}

export interface OutgoingMail {
  from: { name: string; address: string };
  to: string;
  replyTo: string | null;
  subject: string;
  text: string;
  html: string;
  /** The Message-ID header, `<…>`: the outbox message's id, so that a repeated send is recognisably the same mail. */
  messageId: string;
  headers: Record<string, string>;
  attachments?: MailAttachment[];
  /**
   * The envelope sender (MAIL FROM, which receivers keep as Return-Path): the message's own bounce address
   * (`bounce+<company>.<token>@<reply domain>`), so a delivery report names its message; unset keeps the From address.
   */
  envelopeFrom?: string | null;
}

/** A file an e-mail carries (an invoice's or an estimate's PDF). */
export interface MailAttachment {
  fileName: string;
  contentType: string;
  content: Buffer;
}

/** Sends over SMTP; answers the server's id for the mail (its reply to DATA), or throws the server's refusal. */
export async function sendMail(smtpUrl: string, mail: OutgoingMail): Promise<{ providerMessageId: string }> {
  const info = (await transportFor(smtpUrl).sendMail({
    from: mail.from,
    to: mail.to,
    ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    messageId: mail.messageId,
    headers: mail.headers,
    attachments: (mail.attachments ?? []).map(({ fileName, contentType, content }) => ({
      filename: fileName,
      contentType,
      content,
    })),
    ...(mail.envelopeFrom ? { envelope: { from: mail.envelopeFrom, to: [mail.to] } } : {}),
  })) as { messageId?: string; response?: string };
  // The server's answer ("250 2.0.0 Ok: queued as 4F2A1") names its own id; the header's id is ours.
  const queuedAs = /queued as ([^\s]+)/i.exec(info.response ?? "")?.[1];
  return { providerMessageId: queuedAs ?? info.response ?? info.messageId ?? mail.messageId };
}

/** The address part of MAIL_FROM (`Name <a@b>` or `a@b`). */
export function mailFromAddress(mailFrom: string): string {
  return /<([^>]+)>/.exec(mailFrom)?.[1]?.trim() ?? mailFrom.trim();
}

/** The Message-ID of an outbox message: its id at the sender's domain. */
export function outboxMessageId(id: string, fromAddress: string): string {
  const domain = fromAddress.split("@")[1]?.trim() || "fieldops.localhost";
  return `<${id}@${domain}>`;
}

/** The outbox message id a Message-ID names (the part before @), or null. */
export function outboxIdOf(messageId: string | undefined): string | null {
  const local = messageId?.trim().replace(/^</, "").split("@")[0];
  return local && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(local)
    ? local.toLowerCase()
    : null;
}

/** A mail server's answer code, when the error is one. */
export function smtpResponseCode(error: unknown): number | null {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === "number" ? code : null;
}

/**
 * Whether the mail server refused the recipient for good (5xx to RCPT TO: "550 5.1.1 User unknown"): the message
 * bounced, rather than failed to be sent.
 */
export function isRecipientRefused(error: unknown): boolean {
  const code = smtpResponseCode(error);
  return code !== null && code >= 500 && (error as { command?: unknown } | null)?.command === "RCPT TO";
}

/**
 * A server's or a report's words as the office reads them: one line, at most 500 characters, never a credential
 * (anything shaped like `user:password@` is cut out).
 */
export function inWords(raw: string): string {
  return raw
    .replace(/[a-z][a-z0-9+.-]*:\/\/[^\s@/]*@/gi, "smtp://***@")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 500);
}

/** Why a send failed, for the office to read: the server's answer or the connection's failure (`inWords`). */
export function describeSendError(error: unknown): string {
  const code = smtpResponseCode(error);
  const response = (error as { response?: unknown } | null)?.response;
  return inWords(
    code !== null && typeof response === "string"
      ? `The mail server refused it: ${response}`
      : `The mail server could not be reached: ${error instanceof Error ? error.message : String(error)}`,
  );
}
