import type { TenantTransaction } from "@fieldops/db";
import { bounceInWords, type DeliveryReport } from "./delivery-report.ts";
import { COMPLAINT_SUPPRESSION_REASON, suppressEmail, type EmailSuppressionSource } from "./email-suppressions.ts";

/** What the recipient's side reported about one e-mail, from a delivery report or the provider's event. */
export type EmailEvent =
  | { kind: "bounced"; reason: string }
  | { kind: "delayed" }
  | { kind: "delivered" }
  | { kind: "complained"; source: EmailSuppressionSource };

/** The message an event is about: its id (a provider's event), or its bounce address's token (a delivery report). */
export type EmailEventTarget = { id: string } | { bounceToken: string };

export interface EmailEventOutcome {
  /**
   * recorded: the message moved on; unchanged: it already had (a repeat) or the event moves nothing; ignored: there was
   * no event (a mail at the bounce address that reports nothing); not_found: no such e-mail of the company.
   */
  outcome: "recorded" | "unchanged" | "ignored" | "not_found";
  /** The message, for `outboxChanged`, when it moved on. */
  changed: { id: string; invoiceId: string | null; estimateId: string | null; customerId: string | null } | null;
}

/** A bounce may follow delivery (the receiving server took it, then found it could not deliver it), never a failure. */
const BOUNCEABLE = ["sending", "sent", "delivered"];
const DELIVERABLE = ["sending", "sent"];

/**
 * Applies an event to the company's e-mail it names, in the company's transaction (another company's message is not
 * found there). A state only moves forward, by conditional updates, so the same event twice (a report delivered twice,
 * a webhook retried) records once:
 * - bounced: sending, sent or delivered → bounced, with why (`lastError`) and when (`failedAt`);
 * - delivered: sending or sent → delivered;
 * - complained: sets `complainedAt` once (a message still "sent" was evidently delivered, and says so), and puts the
 *   recipient on the company's suppression list, so it is not mailed again;
 * - delayed: changes nothing (the reporting server keeps trying; its later report says how it ended).
 * No event (null: what was posted reports nothing) is `ignored`, for a message that exists.
 */
export async function recordEmailEvent(
  tx: TenantTransaction,
  companyId: string,
  target: EmailEventTarget,
  event: EmailEvent | null,
): Promise<EmailEventOutcome> {
  const message = await tx.outboxMessage.findFirst({
    where: { ...target, channel: "email" },
    select: { id: true, recipient: true, invoiceId: true, estimateId: true, customerId: true },
  });
  if (!message) return { outcome: "not_found", changed: null };
  if (!event) return { outcome: "ignored", changed: null };
  const now = new Date();
  const recorded: EmailEventOutcome = { outcome: "recorded", changed: message };
  const unchanged: EmailEventOutcome = { outcome: "unchanged", changed: null };
  switch (event.kind) {
    case "delayed":
      return unchanged;
    case "bounced": {
      const updated = await tx.outboxMessage.updateMany({
        where: { id: message.id, status: { in: BOUNCEABLE } },
        data: { status: "bounced", failedAt: now, lastError: event.reason },
      });
      return updated.count > 0 ? recorded : unchanged;
    }
    case "delivered": {
      const updated = await tx.outboxMessage.updateMany({
        where: { id: message.id, status: { in: DELIVERABLE } },
        data: { status: "delivered", deliveredAt: now, failedAt: null, lastError: null },
      });
      return updated.count > 0 ? recorded : unchanged;
    }
    case "complained": {
      const updated = await tx.outboxMessage.updateMany({
        where: { id: message.id, complainedAt: null },
        data: { complainedAt: now },
      });
      if (updated.count === 0) return unchanged;
      await tx.outboxMessage.updateMany({
        where: { id: message.id, status: { in: DELIVERABLE } },
        data: { status: "delivered", deliveredAt: now, failedAt: null, lastError: null },
      });
      if (message.recipient)
        await suppressEmail(tx, companyId, message.recipient, {
          source: event.source,
          reason: COMPLAINT_SUPPRESSION_REASON,
          outboxMessageId: message.id,
        });
      return recorded;
    }
  }
}

/** The event a delivery report stands for, or null when it reports nothing. */
function eventOfReport(report: DeliveryReport): EmailEvent | null {
  switch (report.kind) {
    case "failed":
      return { kind: "bounced", reason: bounceInWords(report) };
    case "delayed":
      return { kind: "delayed" };
    case "delivered":
      return { kind: "delivered" };
    case "complaint":
      return { kind: "complained", source: "feedback_report" };
    case "none":
      return null;
  }
}

/**
 * A mail that arrived at the bounce address `bounce+<company>.<token>@…` of one of the company's e-mails (through the
 * local mail catcher or the inbound provider's webhook): the address, not the report's text, names the message, looked
 * up in the company's transaction; the report (delivery-report.ts) says what happened to it. A mail there that reports
 * nothing (an auto-reply) is `ignored`; a token that names no e-mail of the company is `not_found`.
 */
export function recordDeliveryReport(
  tx: TenantTransaction,
  companyId: string,
  input: { bounceToken: string; report: DeliveryReport },
): Promise<EmailEventOutcome> {
  return recordEmailEvent(tx, companyId, { bounceToken: input.bounceToken }, eventOfReport(input.report));
}
