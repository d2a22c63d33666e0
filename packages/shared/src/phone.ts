/**
 * A phone number in E.164 (`+15555617947`), the one form Twilio sends from and to and opt-outs are kept under, or null
 * when it cannot be one. A number typed with a leading `+` keeps its country code; one without is taken as North
 * American (the product's market): ten digits get `+1`, eleven starting with 1 get `+`. "(555) 561-7947",
 * "555.561.7947", "1 555 561 7947" and "+1 555-561-7947" are all `+15555617947`.
 */
export function toE164(phone: string): string | null {
  const trimmed = phone.trim();
  const digits = trimmed.replace(/\D/g, "");
  if (!/^\+?[0-9 ().-]+$/.test(trimmed)) return null;
  if (trimmed.startsWith("+"))
    return digits.length >= 8 && digits.length <= 15 && digits[0] !== "0" ? `+${digits}` : null;
  if (digits.length === 10) return `+1${digits}`;
  if (digits.length === 11 && digits.startsWith("1")) return `+${digits}`;
  return null;
}

/**
 * Twilio's standard opt-out and opt-in keywords (Advanced Opt-Out's defaults): a text that is one of them, in any case
 * and with spaces or punctuation around it, stops or restarts the company's texts to that number. Twilio answers the
 * customer itself; we keep the state so that no text is even tried.
 */
export const SMS_OPT_OUT_KEYWORDS = ["STOP", "STOPALL", "UNSUBSCRIBE", "CANCEL", "END", "QUIT"] as const;
export const SMS_OPT_IN_KEYWORDS = ["START", "YES", "UNSTOP"] as const;

/** What an inbound text asks of the company's texts: `stop`, `start`, or null (an ordinary message). */
export function smsKeywordIntent(body: string): "stop" | "start" | null {
  const word = body
    .trim()
    .replace(/^[^\p{L}]+|[^\p{L}]+$/gu, "")
    .toUpperCase();
  if ((SMS_OPT_OUT_KEYWORDS as readonly string[]).includes(word)) return "stop";
  if ((SMS_OPT_IN_KEYWORDS as readonly string[]).includes(word)) return "start";
  return null;
}
