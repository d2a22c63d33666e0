import type { AssistantPlan } from "@fieldops/shared/assistant";
import { PAYMENT_METHOD_WORDS } from "@fieldops/shared/invoices";
import { formatCents } from "@fieldops/shared/money";
import { CAPABILITIES } from "./planner-policy.ts";
import type { InvoiceRecord, PlannerInput } from "./planner-input.ts";
import { propose, refusalOf } from "./propose.ts";
import { afterChangeOfMind, mentions, type ReadMessage } from "./read-message.ts";
import {
  asMarkdownText,
  capitalized,
  cleanName,
  customerMentioned,
  isPronoun,
  resolveCustomer,
} from "./resolve-customer.ts";

const INVOICE_NUMBER = /\b(?:invoices?|inv)\s*(?:#|no\.?|number|num|numbers|nos\.?)?\s*(\d{1,9})\b/i;
/** "#1032", but not a check's own number ("check #4471"). */
const HASH_NUMBER = /(?<!\b(?:check|cheque|chk)\s*)#\s*(\d{1,9})\b/i;
const CHECK_NUMBER =
  /\b(?:check|cheque|chk)\s*(?:#|no\.?|number)\s*(\d{1,12})\b|\b(?:record|log|enter|got|received|deposit(?:ed)?)\s+(?:a\s+)?(?:check|cheque)\s+(\d{3,12})\b|\.\s*(?:check|cheque)\s+(\d{3,12})\s*\.?\s*$|\b(?:gave|handed|sent|mailed|brought)\s+(?:us|me)\s+(?:a\s+)?(?:check|cheque)\s+(\d{3,12})\b|\b(?:check|cheque|chk)\b[^.;!?\d$]{0,30}?,\s*(?:#|no\.?|number)\s*(\d{1,12})\b/gi;
/** "check 3318", "number 6602": a number said as a check's, when the payment names its invoice by another number. */
const CHECK_NUMBER_LOOSE = /\b(?:check|cheque|chk)\s+#?(\d{3,12})\b|\b(?:#|no\.?|number)\s*(\d{3,12})\b/gi;

/**
 * The check's number a payment's words give: "check #4410", "a check, number 3307", "by cheque, number 0042", or
 * "1040 check 3318" / "on 1032, number 6602" when another number names the invoice. Null when none is said.
 */
export function checkNumberIn(text: string): string | null {
  const said = [...text.matchAll(CHECK_NUMBER)].at(-1);
  if (said) return said.slice(1).find((group) => group !== undefined) ?? null;
  if (!/\b(?:check|cheque|chk)\b/i.test(text)) return null;
  const loose = [...text.matchAll(CHECK_NUMBER_LOOSE)].at(-1);
  if (!loose) return null;
  const number = loose[1] ?? loose[2]!;
  const others = [...text.matchAll(/(?<![$\d.,])\b\d{3,9}\b/g)].filter((found) => found[0] !== number);
  return others.length > 0 ? number : null;
}

/** A number of three or more digits that is not money ("$120", "50 dollars") nor a check's number. */
const BARE_NUMBER = /(?<![$\d.,#])\b(\d{3,9})\b(?![.,]\d|\s*(?:dollars|bucks|usd))/gi;

/** The invoice number a text names ("invoice 1032", "inv #1032", "#1032"). */
export function invoiceNumberIn(text: string): number | null {
  const found = INVOICE_NUMBER.exec(text) ?? HASH_NUMBER.exec(text);
  return found ? Number(found[1]) : null;
}

/** An invoice number written bare in a payment's words ("mark 1032 paid"), when the text has exactly one. */
function bareInvoiceNumber(text: string): number | null {
  const check = checkNumberIn(text);
  const withoutChecks = check ? text.replace(new RegExp(String.raw`(?<!\d)${check}(?!\d)`, "g"), " ") : text;
  const numbers = [...withoutChecks.matchAll(BARE_NUMBER)].map((found) => Number(found[1]));
  return numbers.length === 1 ? numbers[0]! : null;
}

const REMIND = [
  "remind",
  "reminder",
  "reminders",
  "chase",
  "nudge",
  "dun",
  "follow up on",
  "follow up with",
  "ping",
  "know they owe",
  "know that they owe",
  "know they still owe",
];
const ABOUT_MONEY = [
  "payment",
  "payments",
  "pay",
  "invoice",
  "invoices",
  "owe",
  "owes",
  "owed",
  "overdue",
  "past due",
  "late",
  "payers",
  "unpaid",
  "outstanding",
  "balance",
  "behind",
  "bill",
  "send reminders",
  "send the reminders",
  "paid",
];

/**
 * Who a reminder is for, as written: "remind the Garcias to pay", "send Acme a reminder", "chase John Smith", "get a
 * reminder out to Luis Ortiz".
 */
const REMINDER_FOR = [
  /\b(?:remind|chase|nudge|ping|follow up with)\s+(?!to\s+(?:go|be\s+sent|get\s+sent)\b)(.+?)(?:\s+(?:to pay|to settle|about|of|that|for|regarding|re|on)\b|[,.?!]|$)/i,
  /\b(?:send|text|email|e-mail|sms|shoot|drop)(?:ing)?\s+(.+?)\s+(?:a|an|the|another)\s+(?:[\w-]+\s+){0,3}?reminder/i,
  // "… no, send it to Luis Ortiz instead": the reminder, to another customer.
  /\b(?:send|give|do)\s+(?:it|that|one|this|the\s+reminder)\s+(?:to|for)\s+(.+?)(?:\s+(?:instead|then|please)\b|[,.?!]|$)/i,
  /\b(?:reminders?|nudges?)\s+(?:(?:to\s+)?(?:go|be sent|get sent)\s+)?(?:(?:out|over|off)\s+)?(?:to|for)\s+(.+?)(?:\s+(?:about|for|regarding|re|on|to pay|and only|only|alone)\b|[,.?!—–]|$)/i,
  // "let every late payer know they owe us": whoever is told they owe.
  /\blet\s+(.+?)\s+know\s+(?:that\s+)?(?:they|he|she)\s+(?:still\s+)?(?:owe|owes|are\s+behind|is\s+behind|are\s+late|is\s+late)\b/i,
  // "garcia - payment reminder": whom, then what.
  /^\s*([a-z][\w'’&. ]{1,40}?)\s*[-–—:]\s+(?:(?:send|a|an|the)\s+)*(?:payment\s+)?(?:reminders?|nudge|chase)\b/i,
];
/** Words that mean everyone owing, not one customer. */
const GENERIC = new Set(
  (
    "all every each the my our of everyone everybody customers customer clients client people folks who whos that " +
    "owe owes owing us me money past due overdue late payers payer unpaid outstanding invoices invoice payments " +
    "payment with out to pay send is are a an reminder reminders accounts account still have has balance balances open " +
    "them those ones"
  ).split(" "),
);

function meansEveryone(text: string): boolean {
  const words = text
    .toLowerCase()
    .replace(/['’]/g, "")
    .split(/[^a-z]+/)
    .filter((word) => word !== "");
  return words.every((word) => GENERIC.has(word));
}

function reminderName(raw: string): string | null {
  // "send Elena a reminder. no, hold on, send it to Luis instead": what follows the last change of mind first.
  const tail = afterChangeOfMind(raw);
  // "…Oh, and Elena too — actually, just do everyone who's past due": everyone, after all.
  if (
    /^(?:just\s+)?(?:do\s+|send\s+(?:it\s+|them\s+)?(?:to\s+)?)?(?:everyone|everybody|all\s+(?:of\s+)?(?:them|the\s+customers|customers|past[- ]due))\b/i.test(
      tail ?? "",
    )
  )
    return null;
  const corrected = tail !== null ? namedReminder(tail) : null;
  return corrected ?? namedReminder(raw);
}

function namedReminder(raw: string): string | null {
  for (const pattern of REMINDER_FOR) {
    const found = pattern
      .exec(raw)?.[1]
      ?.trim()
      .replace(/^(?:to|for)\s+/i, "");
    if (!found) continue;
    if (isPronoun(found)) return found;
    if (meansEveryone(found)) return null;
    // "everybody who's late paying", "all the ones behind on their bills": everyone the clause after them picks.
    if (
      /^(?:everyone|everybody|anyone|anybody|all(?:\s+(?:of\s+)?(?:the|my|our))?(?:\s+(?:customers|clients|people|folks|ones|accounts))?|every\s+(?:customer|client|account)|each\s+(?:of\s+(?:the|my|our)\s+(?:customers|clients|accounts|people)|customer|client|account))(?:\s+(?:who|whose|that|which|whos|who['’]s|that['’]s|with|on|behind|late)\b.*)?$/i.test(
        found,
      )
    )
      return null;
    const name = cleanName(found.replace(/\b(?:a|an|another|payment|the)\s*$/i, ""));
    if (name && !meansEveryone(name)) return name;
  }
  return null;
}

/**
 * Payment reminders: for every past-due invoice, or for one customer's ("remind the Garcias to pay", "send a reminder
 * for invoice 1032"), which says so when that customer owes nothing past due.
 */
export async function planPaymentReminders(message: ReadMessage, input: PlannerInput): Promise<AssistantPlan | null> {
  if (!mentions(message, ...REMIND)) return null;
  // "send the garcias a reminder": a reminder for a customer, with nothing else named, is about what they owe.
  const forCustomerAlone =
    reminderName(message.raw) !== null &&
    !mentions(message, "visit", "appointment", "schedule", "tomorrow", "today", "booking", "service", "call", "crew");
  if (!mentions(message, ...ABOUT_MONEY) && !forCustomerAlone) return null;
  // "set up automatic reminders" is the automation; "set up a reminder to Luis Ortiz" is a reminder to him.
  const toSomeone = reminderName(message.raw);
  if (
    mentions(message, "settings", "set up", "setup", "configure", "automatic", "automatically", "every time") &&
    (toSomeone === null || isPronoun(toSomeone) || mentions(message, "automatic", "automatically", "every time"))
  )
    return null;
  const refusal = refusalOf(CAPABILITIES.sendReminders, input);
  if (refusal) return refusal;
  const number = invoiceNumberIn(message.raw);
  let customer: { id: string; name: string } | null = null;
  if (number !== null) {
    const invoice = await input.lookup.invoiceByNumber(number);
    if (!invoice) return { kind: "clarify", reply: `I couldn't find invoice #${number}. Which invoice do you mean?` };
    customer = { id: invoice.customerId, name: invoice.customerName };
  } else {
    const name = reminderName(message.raw);
    // "Ortiz is behind, send him a reminder": him is the one named first, when nothing is selected.
    const named =
      name !== null && isPronoun(name) && !input.context.customerId
        ? (/^\s*(?:the\s+)?([a-z][\w'’-]*(?:\s+[a-z][\w'’-]*)?)\s+(?:still\s+)?(?:is|are|has|owes|hasn['’]?t|isn['’]?t|never|didn['’]?t|hasnt|isnt|didnt)\b/i.exec(
            message.raw,
          )?.[1] ?? name)
        : name;
    // "'we still haven't been paid by elena garcia' - send her a reminder": her is the one the message names.
    const mentioned =
      named !== null && isPronoun(named) && !input.context.customerId
        ? await customerMentioned(message.raw.split(/\s+/), input)
        : null;
    if (mentioned && "match" in mentioned) customer = mentioned.match;
    else if (named !== null) {
      const resolved = await resolveCustomer(isPronoun(named) ? null : named, input);
      if ("plan" in resolved) return resolved.plan;
      customer = resolved.customer;
    }
  }
  const count = await input.lookup.countPastDueInvoices(customer?.id);
  const plural = count === 1 ? "" : "s";
  if (customer) {
    const who = `**${asMarkdownText(customer.name)}**`;
    if (count === 0)
      return { kind: "answer", reply: `${who} has no past-due invoice, so there is nothing to remind them of.` };
    return propose(
      input,
      "send-payment-reminders",
      { pastDueOnly: true, customerId: customer.id },
      `Send ${who} a payment reminder for each of their **${count}** past-due invoice${plural}.`,
    );
  }
  if (count === 0) return { kind: "answer", reply: "No invoice is past due, so there is nobody to remind." };
  return propose(
    input,
    "send-payment-reminders",
    { pastDueOnly: true },
    `Send a payment reminder for each of the **${count}** past-due invoice${plural}.`,
  );
}

/** A request that opens by asking to see something. */
const SHOW_FIRST =
  /^\s*(?:(?:hi|hello|hey|ok|okay|so)[,\s]+)?(?:(?:would|could|can|will)\s+(?:you|u)\s+(?:please\s+)?|please\s+)?(?:bring\s+up|pull\s+up|open|show(?:\s+me)?|look\s+up|find)\b/i;

/** Receiving money: "record a payment", "got a check", "dropped off cash", "paid … by cheque". */
const RECEIVED =
  /\b(?:record|log|enter|add|mark|apply|register|put|take|took|got|get|receive|received|collect|collected|dropped off|drop off|brought|handed|mailed|sent|left|paid|came in|come in|arrived|cleared|deposited|fixed up|settled|paid off|squared up|covered|gave|given|handed over)\b|\b(?:cash|check|cheque)\s+from\b/i;
/**
 * A payment typed as its parts, an amount or a number besides the invoice's: "1040 check 3318 from ortiz", "chk #4410
 * $250 inv 1032", "Cash $50 on 1040" (not "check 1040 for me").
 */
const TERSE_PAYMENT =
  /^(?=(?:.*?(?:\$\s?\d|(?<![$\d.,])\b\d{3,9}\b)){2})\s*(?:(?:inv(?:oice)?\s*)?#?\d{3,9}\s+)?(?:\$\s?\d[\d,.]*\s+)?(?:cash|check|cheque|chk)\b/i;
/** A check as money ("by check", "a $50 check", "cheque #12"), not a service ("sprinkler check", "wellness check"). */
const CHECK_AS_MONEY =
  /\b(?:record|log|enter|got|received|deposit(?:ed)?|took)\s+(?:a\s+|the\s+|his\s+|her\s+|their\s+)?(?:check|cheque)\b|\bcheques?\b|\b(?:by|with|a|his|her|their|personal|paper)\s+(?:\$[\d,.]+\s+)?checks?\b(?!\s+(?:on|up|in|of)\b)|\b(?:checks?|chk)\s*(?:#|no\.?|number|for\s+\$)|\$[\d,.]+\s+checks?\b/i;
/** "…has been paid yet?": a question about the invoice, wherever it starts. */
const PAID_QUESTION =
  /\b(?:has|have|was|were|is)\s+(?:it\s+|that\s+|this\s+)?been\s+paid\b|\bis\s+(?:it\s+|that\s+)?paid\b|\bpaid\s+yet\b|(?<!\bas\s+)\bpaid\?\s*$/i;
/** "Is invoice 1032 paid?": a question about the invoice, not a payment to record. */
/** "invoice 1032 never got paid", "garcia still hasn't paid": a payment missing, not one to record. */
const NOT_PAID =
  /\b(?:never|not|hasn['’]?t|haven['’]?t|didn['’]?t|wasn['’]?t|isn['’]?t|still\s+(?:not|hasn['’]?t|unpaid))\s+(?:\w+\s+)?(?:got\s+|been\s+|yet\s+)?paid\b/i;
const ASKS = /^\s*(?:is|has|was|did|does|have|are|were|when|whats|what|how)\b/i;
const AMOUNT =
  /\$\s?(\d[\d,]*(?:\.\d{1,2})?)|\b(\d[\d,]*(?:\.\d{1,2})?)\s*(?:dollars|bucks|usd)\b|\b(?:payment|check|cheque|cash)\s+of\s+(\d[\d,]*(?:\.\d{1,2})?)\b(?!\s*%)/i;

const NUMBER_WORDS: Record<string, number> = {
  ten: 10,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
  hundred: 100,
};

/** "fifty bucks", "a hundred dollars", "two hundred": amounts said in words, as digits. */
function amountWords(text: string): string {
  return text.replace(
    /\b(?:(a|one|two|three|four|five)\s+)?(ten|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred)\s+(dollars|bucks)\b/gi,
    (_all, multiplier: string | undefined, word: string, unit: string) => {
      const times = { a: 1, one: 1, two: 2, three: 3, four: 4, five: 5 }[(multiplier ?? "a").toLowerCase()] ?? 1;
      return `${times * NUMBER_WORDS[word.toLowerCase()]!} ${unit}`;
    },
  );
}

function amountIn(text: string): number | null {
  const found = AMOUNT.exec(amountWords(text));
  if (!found) return null;
  return Math.round(Number((found[1] ?? found[2] ?? found[3])!.replace(/,/g, "")) * 100);
}

function methodIn(message: ReadMessage): "cash" | "check" | "ach" | "card" | null {
  if (mentions(message, "cash")) return "cash";
  if (mentions(message, "check", "cheque", "checks", "chk")) return "check";
  if (mentions(message, "ach", "bank transfer", "wire transfer", "wired", "zelle", "direct deposit", "e-transfer"))
    return "ach";
  if (mentions(message, "card", "credit card", "debit card", "visa", "mastercard", "amex")) return "card";
  return null;
}

/** Who paid, as said: "Elena Garcia just paid…", "…a check from Luis Ortiz for $50", "Luis paid off the rest…". */
const PAYER = [
  /^\s*(?:(?:so|ok|okay|fyi)[,\s]+)?(.+?)\s+(?:just\s+|finally\s+|has\s+|already\s+)?(?:paid|dropped off|sent|mailed|brought|handed|gave)\b/i,
  /\b(?:from|by)\s+(.+?)(?:\s+(?:for|of|on|today|this|yesterday|in|by)\b|\s*[,.;]|\s*$)/i,
];

/** The one open invoice of the customer who paid (named, else the one selected); a question when there are several. */
async function payersInvoice(
  message: ReadMessage,
  input: PlannerInput,
): Promise<InvoiceRecord | { plan: AssistantPlan } | null> {
  const names = PAYER.map((pattern) => pattern.exec(message.raw)?.[1])
    .map((found) => (found ? cleanName(found.replace(/^(?:got|received|took)\b.*$/i, "")) : null))
    .filter((name): name is string => name !== null && !isPronoun(name) && !/^(?:we|i|they|he|she|you)$/i.test(name));
  let customer: { id: string; name: string } | null = null;
  for (const name of names) {
    const resolved = await resolveCustomer(name, input);
    if ("customer" in resolved) {
      customer = resolved.customer;
      break;
    }
  }
  if (!customer && input.context.customerId) {
    const resolved = await resolveCustomer(null, input);
    if ("customer" in resolved) customer = resolved.customer;
  }
  if (!customer) return null;
  const open = await input.lookup.openInvoices(customer.id);
  if (open.length === 1) return open[0]!;
  const who = `**${asMarkdownText(customer.name)}**`;
  if (open.length === 0)
    return { plan: { kind: "answer", reply: `${who} has no open invoice to record a payment on.` } };
  return {
    plan: {
      kind: "clarify",
      reply: `Which of ${who}'s invoices was paid: ${open
        .slice(0, 4)
        .map((invoice) => `#${invoice.number} (${formatCents(invoice.balanceCents)} open)`)
        .join(", ")}?`,
    },
  };
}

function invoiceLabel(invoice: InvoiceRecord): string {
  return `invoice #${invoice.number} for **${asMarkdownText(invoice.customerName)}**`;
}

/** "Record a cash payment on invoice 1032", "the Garcias paid invoice 1032 by check, $120": a payment to record. */
export async function planRecordPayment(message: ReadMessage, input: PlannerInput): Promise<AssistantPlan | null> {
  // "…invoices and payments to flow into QuickBooks on its own. Get that hooked up.": a connection, not a payment.
  if (
    /\b(?:quickbooks|qbo|stripe)\b/i.test(message.raw) &&
    /\b(?:hook|hooked|connect|sync|flow|link|set\s+up|integrat)/i.test(message.raw)
  )
    return null;
  const money =
    mentions(message, "payment", "paid", "cash") ||
    CHECK_AS_MONEY.test(message.raw) ||
    TERSE_PAYMENT.test(message.raw) ||
    methodIn(message) === "ach";
  if (
    !(RECEIVED.test(message.raw) || TERSE_PAYMENT.test(message.raw)) ||
    !money ||
    ASKS.test(message.raw) ||
    PAID_QUESTION.test(message.raw) ||
    NOT_PAID.test(message.raw)
  )
    return null;
  if (mentions(message, "remind", "reminder", "reminders", "how much", "settings")) return null;
  // "Would you please bring up invoice 1033? Acme says they paid it": to see it, whatever the customer says.
  if (SHOW_FIRST.test(message.raw) && !/\b(?:record|log|enter|mark|apply|register)\b/i.test(message.raw)) return null;
  const number = invoiceNumberIn(message.raw) ?? bareInvoiceNumber(message.raw);
  const recordsPayment =
    mentions(message, "record", "log", "enter") &&
    (mentions(message, "payment", "cash", "check") || methodIn(message) === "ach");
  // "the garcias paid cash": a payment said with its method is one to record, once its invoice is known.
  // "got a check from Luis Ortiz for $50": money in hand from someone is a payment too.
  const paidBy =
    (mentions(message, "paid") ||
      CHECK_AS_MONEY.test(message.raw) ||
      /\b(?:cash|check|cheque)\s+from\b/i.test(message.raw) ||
      // "Elena Garcia handed over $250 cash": an amount handed over is paid.
      (amountIn(message.raw) !== null && /\b(?:gave|handed|brought|dropped off)\b/i.test(message.raw))) &&
    (methodIn(message) === "cash" || methodIn(message) === "check" || methodIn(message) === "ach");
  if (number === null && !mentions(message, "invoice") && !recordsPayment && !paidBy) return null;
  const refusal = refusalOf(CAPABILITIES.recordPayment, input);
  if (refusal) return refusal;
  const byNumber = number === null ? null : await input.lookup.invoiceByNumber(number);
  // "Elena Garcia just paid her invoice in cash", "a check for the $80, #5531" (the check's number): the payer's one
  // open invoice.
  const invoice =
    byNumber ?? (number === null || methodIn(message) === "check" ? await payersInvoice(message, input) : null);
  if (invoice !== null && "plan" in invoice) return invoice.plan;
  if (!invoice) {
    if (number === null) return { kind: "clarify", reply: "Which invoice was paid? Tell me its number." };
    return { kind: "clarify", reply: `I couldn't find invoice #${number}. Which invoice was paid?` };
  }
  if (invoice.status === "paid")
    return { kind: "answer", reply: `${capitalized(invoiceLabel(invoice))} is already paid in full.` };
  if (invoice.status === "draft" || invoice.status === "void")
    return {
      kind: "answer",
      reply: `${capitalized(invoiceLabel(invoice))} is ${invoice.status === "draft" ? "a draft not sent yet" : "void"}, so it can't take a payment.`,
    };
  const method = methodIn(message);
  if (method === "card")
    return {
      kind: "answer",
      reply: `Card payments are taken through the invoice's pay link, so they record themselves. I can record cash, a check or a bank transfer on ${invoiceLabel(invoice)}.`,
    };
  if (method === null)
    return { kind: "clarify", reply: `Was the payment on ${invoiceLabel(invoice)} cash, a check or a bank transfer?` };
  const amount = mentions(message, "in full", "full amount", "the balance", "whole balance")
    ? null
    : amountIn(message.raw);
  if (amount !== null && amount > invoice.balanceCents)
    return {
      kind: "clarify",
      reply: `${capitalized(invoiceLabel(invoice))} has ${formatCents(invoice.balanceCents)} open, less than ${formatCents(amount)}. How much was paid?`,
    };
  const paid = amount ?? invoice.balanceCents;
  const check = method === "check" ? checkNumberIn(message.raw) : null;
  const checkNumber = check ? check : method === "check" && number !== null && !byNumber ? String(number) : undefined;
  return propose(
    input,
    "record-payment",
    {
      invoiceId: invoice.id,
      method,
      ...(amount !== null ? { amountCents: amount } : {}),
      // The check's number alone, as the module asks and QuickBooks' PaymentRefNum takes it.
      ...(checkNumber ? { reference: String(checkNumber) } : {}),
    },
    `Record a ${PAYMENT_METHOD_WORDS[method]} payment of **${formatCents(paid)}**${checkNumber ? ` (check #${checkNumber})` : ""} on ${invoiceLabel(invoice)}${paid === invoice.balanceCents ? ", paying it in full" : ""}.`,
  );
}

/**
 * Any mention of an invoice by its number that no rule before took as a change: a request to see it. "Check 1032 for
 * me, did she ever pay": a number and a question whether its customer paid.
 */
const SHOW_INVOICE =
  /\b(?:did|has|have|is|was)\s+[\w'’ ]{1,40}?\s+(?:paid|pay)\s+(?:(?:for|on)\s+)?(?:invoice\s+)?#?\d{3,9}\b|\b(?:balance|owed?|owing|outstanding|open|left|due)\b.*\b(?:on|for|of)\s+#?\d{3,9}\s*\??\s*$|\b(?:invoices?|inv)\s*(?:#|no\.?|numbers?)?\s*\d{1,9}\b|\b(?:did|has|is|was)\s+#?\d{3,9}\s+(?:get|been|be)?\s*paid\b|(?:^|\s)#?\d{3,9}\b.*\b(?:did|has|have)\s+(?:he|she|they|the customer|the client)\s+(?:ever\s+|already\s+|yet\s+)?(?:pay|paid)\b/i;
const CHANGES_INVOICE = /\b(?:void|cancel|delete|edit|change|update|send|email|text|resend|refund)\b/i;

/** "1032?", "#1033 paid yet?": a number alone names the job or the invoice the company has under it. */
const NUMBER_ALONE =
  /^\s*(?:and\s+|what about\s+|how about\s+)?#?\s*(\d{1,9})\s*(?:(?:paid|status|done|open|finished|closed|yet|now|still|then)\s*)*\??\s*$/i;

export async function planNumberAlone(message: ReadMessage, input: PlannerInput): Promise<AssistantPlan | null> {
  const found = NUMBER_ALONE.exec(message.raw);
  if (!found) return null;
  const number = Number(found[1]);
  const [invoice, [job]] = await Promise.all([input.lookup.invoiceByNumber(number), input.lookup.findJobs({ number })]);
  const invoiceRead: AssistantPlan = refusalOf(CAPABILITIES.seeInvoices, input) ?? {
    kind: "read",
    reply: invoiceSaid(number, invoice),
    reads: [{ tool: "findInvoice", number }],
  };
  if (invoice && (!job || mentions(message, "paid"))) return invoiceRead;
  if (job && !invoice)
    return (
      refusalOf(CAPABILITIES.seeJobs, input) ?? {
        kind: "read",
        reply: `Here is job #${number}.`,
        reads: [{ tool: "findJobs", query: String(number) }],
      }
    );
  if (job && invoice) return { kind: "clarify", reply: `Do you mean job #${number} or invoice #${number}?` };
  return { kind: "clarify", reply: `I couldn't find a job or an invoice numbered ${number}. Which do you mean?` };
}

/** "Here is invoice #1040 for Luis Ortiz: $80.00 still due.": what was asked about it ("paid yet?", "balance?") said too. */
function invoiceSaid(number: number, invoice: InvoiceRecord | null): string {
  if (!invoice) return `Here is invoice #${number}.`;
  const state =
    invoice.status === "paid" || invoice.balanceCents === 0
      ? "paid in full"
      : invoice.status === "draft"
        ? `a draft of ${formatCents(invoice.balanceCents)}`
        : `${formatCents(invoice.balanceCents)} still due${invoice.status === "partially_paid" ? " (partly paid)" : ""}`;
  return `Here is invoice #${number} for **${asMarkdownText(invoice.customerName)}**: ${state}.`;
}

/** "Open invoice 1032", "what's the status of invoice 1032": that invoice, whatever its status. */
export async function planShowInvoice(message: ReadMessage, input: PlannerInput): Promise<AssistantPlan | null> {
  if (!SHOW_INVOICE.test(message.raw)) return null;
  const change = CHANGES_INVOICE.exec(message.raw)?.[0].toLowerCase();
  // "email invoice 1032 to the customer": the invoice, and where that is done (the chat does not send or edit one).
  if (change && !/^(?:send|email|text|resend|edit|change|update|void)$/.test(change)) return null;
  const number = invoiceNumberIn(message.raw) ?? Number(/\d{3,9}/.exec(message.raw)![0]);
  const refusal = refusalOf(CAPABILITIES.seeInvoices, input);
  if (refusal) return refusal;
  const said = invoiceSaid(number, await input.lookup.invoiceByNumber(number));
  return {
    kind: "read",
    reply: change ? `${said} I can't ${change} an invoice from the chat: open it and do it from its page.` : said,
    reads: [{ tool: "findInvoice", number }],
  };
}
