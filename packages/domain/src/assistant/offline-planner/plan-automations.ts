import type { AssistantPlan } from "@fieldops/shared/assistant";
import { DEFAULT_AUTOMATIONS } from "@fieldops/shared/automations";
import { MODULE_CAPABILITIES } from "./planner-policy.ts";
import type { PlannerInput } from "./planner-input.ts";
import { propose, refusalOf } from "./propose.ts";
import { afterChangeOfMind, countOf, type ReadMessage } from "./read-message.ts";

type AutomationKey = "visit_reminder" | "invoice_follow_up" | "review_request";

const VISIT = String.raw`(?:visits?|appointments?|appts?|service(?:\s+calls?)?|jobs?|cleanings?|mows?|mowing|treatments?)`;
/** "before we show up", "ahead of the crew arriving": the visit, said as the crew's coming. */
const ARRIVAL = String.raw`(?:(?:we|they|the\s+crews?|our\s+(?:crews?|guys|techs?|team|people))\s+(?:show(?:s)?\s+up|arrive[sd]?|arriving|come(?:s)?(?:\s+(?:out|over|by))?|get(?:s)?\s+there|visit)|(?:the\s+)?(?:crew|tech|technician)\s+(?:shows\s+up|arrives|arriving|comes))`;
/** "remind customers the day before their visit", "visit reminders", "text people 2 hours ahead of each appointment". */
const VISIT_REMINDER = new RegExp(
  String.raw`\b(?:remind\w*|reminders?|text|e-?mail|message|notify|heads[- ]up)\b.*\b(?:before|ahead of|prior to)\s+(?:(?:their|the|each|every|all|his|her|a|an)?\s*(?:upcoming\s+)?${VISIT}|${ARRIVAL})\b|\b(?:visit|appointment|appt|day[- ]before)\s+reminders?\b`,
  "i",
);
/** "follow up on invoices a week after they're due", "overdue invoice reminders", "chase late invoices automatically". */
const INVOICE_FOLLOW_UP =
  /\b(?:overdue|past[- ]due|late|unpaid)\s+(?:invoices?\s+)?(?:reminders?|follow-?ups?|notices?|nudges?)\b|\binvoice\s+(?:follow[- ]?ups?|reminders?)\b|\b(?:remind\w*|chase|follow\s*-?\s*up|nudge|e-?mail|text)\b.*\binvoices?\b.*\b(?:after|once|when)\b.*\b(?:due|overdue|past due|late)\b|\b(?:remind\w*|chase|follow\s*-?\s*up|nudge)\b.*\b(?:past|after|from)\s+(?:the(?:ir)?\s+)?due\s+dates?\b|\binvoices?\b.*\b(?:past|after|beyond)\s+(?:its|their|the)\s+due\s+dates?\b.*\b(?:follow-?\s*ups?|reminders?|nudges?|notices?)\b/i;
/** "ask for a review after each visit", "turn on review requests". */
const REVIEW_REQUEST =
  /\breview\s+requests?\b|\b(?:rate|rating|ratings)\s+(?:us|the\s+(?:job|visit|work))\b|\b(?:ask\w*|request\w*)\b.*\b(?:ratings?|feedback)\b.*\b(?:after|once)\b|\b(?:ask|request|get)\w*\b.*\breviews?\b.*\b(?:after|once|when)\b|\b(?:after|once)\b.*\b(?:ask|request)\w*\b.*\breviews?\b/i;
/** The words that make a reminder standing rather than a message now. */
const STANDING =
  /\b(?:automatic\w*|auto|always|every\s+time|each\s+time|whenever|turn(?:ed)?\s+(?:on|off)|switch\s+(?:on|off)|enable|disable|stop|pause|resume|no\s+(?:more|longer)|don['’]?t|do\s+not|automations?|from\s+now\s+on|going\s+forward)\b/i;
/** The automation named as a thing ("the visit reminder", "our invoice follow-up"): a rule about it. */
const NAMED_AUTOMATION =
  /\b(?:the|our|my|those|these)\s+(?:(?:visit|appointment|day[- ]before)\s+reminders?|invoice\s+follow[- ]?ups?|review\s+requests?)\b/i;
/** "What does the invoice follow-up automation do?": asked about, not changed. */
const ASKED_ABOUT = /^\s*(?:what|how)\s+(?:does|do|is|are|exactly)\b(?![^?]*\b(?:turn|switch|set|change|make)\b)/i;
/** Counted from a moment ("before their visit", "a week after they're due"): a rule, whatever else it says. */
const COUNTED = new RegExp(
  String.raw`\b(?:before|ahead of|prior to)\s+(?:(?:their|each|every|all|the)\s+(?:upcoming\s+)?(?:visits?|appointments?|appts?|service|jobs?)|${ARRIVAL})\b|` +
    String.raw`\b(?:after|past)\s+(?:they(?:['’]re| are)|it(?:['’]s| is)|the)\s+(?:\w+\s+)?(?:due|overdue|late)\b|\bafter\s+(?:the\s+|their\s+)?due(?:\s+dates?)?\b|\bpast\s+(?:the|their)\s+due\s+dates?\b|\b(?:after|once)\s+(?:each|every)\s+(?:visit|job|appointment)\b|\b(?:after|once|when(?:ever)?)\s+(?:we|they|the\s+crews?|our\s+(?:crews?|guys|techs?|team))\s+(?:finish|are\s+done|complete|wrap\s+up)\w*\b|\bwhenever\s+(?:an?\s+)?invoices?\b`,
  "i",
);
/** A request to connect the texting or payment service names reminders only as its reason. */
const INTEGRATION = /\b(?:connect|hook\s+up|link|integrat\w*|twilio|stripe|quickbooks)\b/i;
const OFF =
  /\b(?:stop|turn\s+off|switch\s+off|disable|pause|no\s+(?:more|longer)|don['’]?t\s+(?:send|remind|text|e-?mail)|do\s+not\s+(?:send|remind|text|e-?mail)|quit)\b/i;

const UNIT_MINUTES: Record<string, number> = { minute: 1, hour: 60, day: 1440, week: 10080 };

/** How long before or after, in minutes: "the day before", "2 hours before", "a week after", "10 days". */
function readDelay(raw: string): number | null {
  const text = raw.toLowerCase();
  if (/\b(?:the\s+)?(?:day|night|evening)\s+before\b/.test(text)) return 1440;
  const match =
    /\b(\d{1,3}|a|an|one|two|three|four|five|six|seven|eight|nine|ten|twelve|fourteen|thirty|forty-eight|twenty-four)\s*(min(?:ute)?s?|h(?:ou)?rs?|hours?|days?|weeks?)\b/.exec(
      text,
    );
  if (!match) return null;
  const amount = countOf(match[1]!)!;
  const unit = match[2]!.startsWith("m")
    ? "minute"
    : match[2]!.startsWith("h")
      ? "hour"
      : match[2]!.startsWith("d")
        ? "day"
        : "week";
  const minutes = amount * UNIT_MINUTES[unit]!;
  return minutes <= 90 * 1440 ? minutes : null;
}

const WHAT_IT_DOES: Record<AutomationKey, string> = {
  visit_reminder:
    "e-mails each customer a reminder before their visit (the day before unless you change it), with the day, the time and the work",
  invoice_follow_up:
    "e-mails a customer whose invoice is still open after its due date (7 days after, unless you change it), with the balance and the link to pay online",
  review_request: "asks the customer for a review two hours after their visit is completed, unless you change when",
};

function whatItDoes(key: AutomationKey, name: string): string {
  return `The automation "${name}" ${WHAT_IT_DOES[key]}. You can turn it on or off, or change when it goes out, on the Automations page or by asking me ("send the visit reminder two days before").`;
}

function whichAutomation(raw: string): AutomationKey | null {
  if (REVIEW_REQUEST.test(raw)) return "review_request";
  if (INVOICE_FOLLOW_UP.test(raw)) return "invoice_follow_up";
  if (VISIT_REMINDER.test(raw)) return "visit_reminder";
  return null;
}

/**
 * A standing rule about reminders, follow-ups or reviews: the company's built-in automation turned on or off, or
 * moved ("remind customers the day before their visit", "stop sending visit reminders"). A one-off ("send Jane a
 * payment reminder") names no standing words and is left to the rules that send now.
 */
export function planAutomation(message: ReadMessage, input: PlannerInput): AssistantPlan | null {
  const raw = message.raw.replace(/\binv\b/gi, "invoice");
  const key = whichAutomation(raw);
  if (!key || INTEGRATION.test(raw) || !(STANDING.test(raw) || COUNTED.test(raw) || NAMED_AUTOMATION.test(raw)))
    return null;
  const preset = DEFAULT_AUTOMATIONS.find((entry) => entry.key === key)!;
  if (ASKED_ABOUT.test(raw)) return { kind: "answer", reply: whatItDoes(key, preset.name) };
  // "stop sending review requests. actually no, keep them, just send them a day later": what follows the last change
  // of mind decides on or off and when; what came before only named the automation.
  const decided = afterChangeOfMind(raw) ?? raw;
  const enabled = !OFF.test(decided);
  const delay = enabled ? readDelay(decided) : null;
  const params = { automation: key, enabled, ...(delay !== null ? { delayMinutes: delay } : {}) };
  const when =
    delay === null
      ? ""
      : `, ${delay % 1440 === 0 ? `${delay / 1440} day${delay === 1440 ? "" : "s"}` : delay % 60 === 0 ? `${delay / 60} hour${delay === 60 ? "" : "s"}` : `${delay} minutes`} ${preset.timing === "before_visit" ? "before the visit" : key === "invoice_follow_up" ? "after the due date" : "after the visit"}`;
  return (
    refusalOf(MODULE_CAPABILITIES["set-automation"], input) ??
    propose(
      input,
      "set-automation",
      params,
      enabled ? `Turn on the automation "${preset.name}"${when}.` : `Turn off the automation "${preset.name}".`,
    )
  );
}
