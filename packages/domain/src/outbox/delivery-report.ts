import { simpleParser, type ParsedMail } from "mailparser";
import { inWords } from "./mail-transport.ts";

/**
 * What a mail to a bounce address reports about the e-mail it answers:
 * - `failed`: a delivery status notification (RFC 3464) whose recipient's Action is `failed` (Status 5.x.x);
 * - `delayed`: one whose Action is `delayed` (Status 4.x.x: the reporting server keeps trying);
 * - `delivered`: one whose Action is `delivered`;
 * - `complaint`: an abuse report (ARF, RFC 5965) of the kind a mailbox provider's feedback loop sends when the recipient
 *   marks the mail as spam;
 * - `none`: anything else (an auto-reply, an ARF `not-spam` or `auth-failure` report, a bounce in free text).
 */
export type DeliveryReport =
  | { kind: "failed" | "delayed"; recipient: string | null; status: string | null; diagnostic: string | null }
  | { kind: "delivered"; recipient: string | null }
  | { kind: "complaint"; feedbackType: string; recipient: string | null }
  | { kind: "none" };

const DELIVERY_STATUS_TYPES = new Set(["message/delivery-status", "message/global-delivery-status"]);
const FEEDBACK_REPORT_TYPE = "message/feedback-report";
/** ARF feedback types that say the recipient did not want the mail (`not-spam` and `auth-failure` do not). */
const COMPLAINT_TYPES = new Set(["abuse", "fraud", "virus", "other"]);

/** The usual enhanced status codes (RFC 3463), for a report that gives no diagnostic of its own. */
const STATUS_WORDS: Record<string, string> = {
  "5.1.1": "the mailbox does not exist",
  "5.1.2": "the recipient's domain does not exist",
  "5.1.10": "the recipient's domain accepts no mail",
  "5.2.1": "the mailbox is disabled",
  "5.2.2": "the mailbox is full",
  "5.3.4": "the message is too big",
  "5.4.4": "the recipient's domain could not be reached",
  "5.7.1": "the recipient's server refused it by policy",
};

type Fields = Map<string, string>;

/**
 * The field groups of a delivery-status or feedback-report body: header-like `Name: value` lines (a line starting with
 * white space continues the one before), groups separated by blank lines. Names are lower-cased; a continuation keeps
 * its own line (`\n`), which `diagnosticOf` folds.
 */
export function reportFields(body: string): Fields[] {
  const groups: Fields[] = [];
  let current: Fields | null = null;
  let last: string | null = null;
  for (const line of body.replace(/\r\n?/g, "\n").split("\n")) {
    if (line.trim() === "") {
      current = null;
      last = null;
      continue;
    }
    if (/^\s/.test(line) && current && last) {
      current.set(last, `${current.get(last)}\n${line.trim()}`);
      continue;
    }
    const colon = line.indexOf(":");
    if (colon <= 0) continue;
    if (!current) {
      current = new Map();
      groups.push(current);
    }
    last = line.slice(0, colon).trim().toLowerCase();
    current.set(last, line.slice(colon + 1).trim());
  }
  return groups;
}

/** `rfc822; kim@example.com` → `kim@example.com`; `<kim@example.com>` → `kim@example.com`. */
function addressOf(value: string | undefined): string | null {
  const address = value
    ?.replace(/^[\w-]+;\s*/, "")
    .trim()
    .replace(/^<|>$/g, "");
  return address ? address.toLowerCase() : null;
}

/**
 * A Diagnostic-Code in one line: without its type (`smtp; `) and without the reply codes a multi-line SMTP answer
 * repeats on each of its lines (`550-5.1.1 …` / `550 5.1.1 …`, Gmail's), in the office's words (`inWords`).
 */
function diagnosticOf(value: string | undefined): string | null {
  if (!value) return null;
  const [first = "", ...rest] = value.replace(/^[\w-]+;\s*/, "").split("\n");
  const lines = [first, ...rest.map((line) => line.replace(/^\d{3}[ -](\d\.\d{1,3}\.\d{1,3}\s+)?/, ""))];
  const words = inWords(lines.join(" "));
  return words || null;
}

/** The report of a parsed mail (parsed with `keepDeliveryStatus`, so its delivery-status part is an attachment). */
export function readDeliveryReport(mail: ParsedMail): DeliveryReport {
  const parts = mail.attachments.map((part) => ({
    type: part.contentType.toLowerCase(),
    body: part.content.toString("utf8"),
  }));
  const feedback = parts.find((part) => part.type === FEEDBACK_REPORT_TYPE);
  if (feedback) {
    const [fields] = reportFields(feedback.body);
    const feedbackType = fields?.get("feedback-type")?.toLowerCase() ?? "";
    if (!COMPLAINT_TYPES.has(feedbackType)) return { kind: "none" };
    return { kind: "complaint", feedbackType, recipient: addressOf(fields?.get("original-rcpt-to")) };
  }
  const status = parts.find((part) => DELIVERY_STATUS_TYPES.has(part.type));
  if (!status) return { kind: "none" };
  // The first group is about the message (Reporting-MTA, Arrival-Date), each further one about one recipient.
  const recipients = reportFields(status.body)
    .slice(1)
    .map((fields) => ({
      action: fields.get("action")?.toLowerCase().trim() ?? "",
      recipient: addressOf(fields.get("final-recipient") ?? fields.get("original-recipient")),
      status: /\d\.\d{1,3}\.\d{1,3}/.exec(fields.get("status") ?? "")?.[0] ?? null,
      diagnostic: diagnosticOf(fields.get("diagnostic-code")),
    }));
  const failed = recipients.find((entry) => entry.action === "failed");
  if (failed) return { kind: "failed", ...pick(failed) };
  const delayed = recipients.find((entry) => entry.action === "delayed");
  if (delayed) return { kind: "delayed", ...pick(delayed) };
  const delivered = recipients.find((entry) => entry.action === "delivered");
  if (delivered) return { kind: "delivered", recipient: delivered.recipient };
  return { kind: "none" };
}

const pick = (entry: { recipient: string | null; status: string | null; diagnostic: string | null }) => ({
  recipient: entry.recipient,
  status: entry.status,
  diagnostic: entry.diagnostic,
});

/** Reads a mail as it arrived (RFC 5322 text) for its report. */
export async function parseDeliveryReport(raw: string | Buffer): Promise<DeliveryReport> {
  return readDeliveryReport(await simpleParser(raw, { keepDeliveryStatus: true }));
}

/** Why a message bounced, for the office: the reporting server's diagnostic, else what its status code means. */
export function bounceInWords(report: { status: string | null; diagnostic: string | null }): string {
  if (report.diagnostic) {
    const status = report.status && !report.diagnostic.includes(report.status) ? ` (${report.status})` : "";
    return inWords(`The recipient's mail server refused it: ${report.diagnostic}${status}`);
  }
  const meaning = report.status ? STATUS_WORDS[report.status] : undefined;
  if (meaning) return `The recipient's mail server refused it: ${meaning} (${report.status})`;
  return `The recipient's mail server refused it${report.status ? ` (${report.status})` : ""}`;
}
