import type { AssistantPlan } from "@fieldops/shared/assistant";
import { PLAN_FEATURE_LABELS, PLANS, planIdSchema, type Plan, type PlanId } from "@fieldops/shared/plans";
import type { PlannerInput } from "./planner-input.ts";
import type { ReadMessage } from "./read-message.ts";

/**
 * Questions about the product itself and requests it cannot carry out, answered in words: what a plan includes, what
 * the app's words mean, what is done outside the app, and a request from outside the company for its data.
 */

const PLAN_NAMED = /\b(starter|growth|pro|suite)\b(?:\s+(?:plan|tier|package|subscription))?/gi;
const ABOUT_PLANS = /\b(?:plans?|tiers?|packages?|subscriptions?|upgrade|downgrade|pricing|price|cost)\b/i;

function featureList(plan: Plan, over?: Plan): string {
  const features = plan.features.filter((feature) => !over?.features.includes(feature));
  return features.map((feature) => PLAN_FEATURE_LABELS[feature]).join(", ");
}

/** "What does the Pro plan get us that Growth doesn't?", "how much is the growth plan": from the plans' own table. */
/** "What plan are we on, and what does it let us do?": the company's own plan, known by its features. */
const OUR_PLAN =
  /\b(?:what|which)\s+(?:plan|tier|package|subscription)\s+(?:are\s+we|am\s+i|is\s+(?:this|the\s+company|our\s+company)|do\s+(?:we|i)\s+have)\b|\b(?:our|my)\s+(?:current\s+)?(?:plan|subscription)\b(?!\s+to\b)/i;

export function planPlanQuestion(message: ReadMessage, input: PlannerInput): AssistantPlan | null {
  if (!ABOUT_PLANS.test(message.raw)) return null;
  if (OUR_PLAN.test(message.raw) && !PLAN_NAMED.test(message.raw)) {
    const ours = Object.values(PLANS).find(
      (plan) =>
        plan.features.length === input.features.length &&
        plan.features.every((feature) => input.features.includes(feature)),
    );
    if (ours)
      return {
        kind: "answer",
        reply: `You're on **${ours.name}** ($${ours.price} a month), which includes: ${featureList(ours)}. Owners change the plan on the Plans page (/plans).`,
      };
  }
  PLAN_NAMED.lastIndex = 0;
  const named = [...new Set([...message.raw.matchAll(PLAN_NAMED)].map((found) => found[1]!.toLowerCase()))]
    .map((id) => planIdSchema.safeParse(id))
    .filter((parsed) => parsed.success)
    .map((parsed) => PLANS[parsed.data as PlanId]);
  // "pro" alone is too common a word to mean the plan without the word "plan" near it.
  if (named.length === 0 || (named.length === 1 && !/\b(?:plan|tier|package|subscription)\b/i.test(message.raw)))
    return null;
  const order = Object.keys(PLANS);
  const [lower, higher] = [...named].sort((a, b) => order.indexOf(a.id) - order.indexOf(b.id));
  const price = (plan: Plan) => `**${plan.name}** ($${plan.price} a month)`;
  if (named.length >= 2 && lower && higher)
    return {
      kind: "answer",
      reply: `${price(higher)} has everything in ${price(lower)}, and adds: ${featureList(higher, lower)}. Owners change the plan on the Plans page (/plans).`,
    };
  return {
    kind: "answer",
    reply: `${price(lower!)} includes: ${featureList(lower!)}. Owners change the plan on the Plans page (/plans).`,
  };
}

/** The app's own words, as a newcomer asks about them. */
const GLOSSARY: { term: RegExp; meaning: string }[] = [
  {
    term: /\bjobs?\b/i,
    meaning:
      "A **job** is the work you do for a customer (a water heater install, weekly mowing): its title, notes, checklist, and what you bill.",
  },
  {
    term: /\bvisits?\b/i,
    meaning:
      "A **visit** is one trip to do a job's work, on a day and time with a crew; a job can have one visit or many (a weekly mowing has one a week).",
  },
  {
    term: /\bcrews?\b|\bteams?\b/i,
    meaning:
      "A **crew** is a team that goes out together (or one technician): visits are assigned to crews, and each has its working days and hours.",
  },
  {
    term: /\bestimates?\b|\bquotes?\b/i,
    meaning: "An **estimate** is a price you send before the work; once the customer approves it, it becomes a job.",
  },
  {
    term: /\binvoices?\b/i,
    meaning:
      "An **invoice** bills a job's work; sent, it carries a link where the customer pays online, and payments and refunds move its balance.",
  },
  {
    term: /\b(?:collected|invoiced|billed)\b/i,
    meaning:
      '**Invoiced** is what your invoices billed in a period; **collected** is the money that actually came in (the payments received). Ask me for either in any period ("what did we collect in October?").',
  },
  {
    term: /\bpartial(?:ly)?[\s-]+paid\b|\bpartly[\s-]+paid\b/i,
    meaning:
      "**Partially paid** means the invoice has received a payment, but less than its total: the rest is still due, and the invoice shows that balance until it is paid in full.",
  },
  {
    term: /\bdashboard\b/i,
    meaning:
      "The **dashboard** is the app's home page: the day's visits, what is waiting to be scheduled or paid, and recent activity at a glance, with links to each.",
  },
  {
    term: /\bautomations?\b/i,
    meaning:
      "An **automation** does something on its own when something happens: a reminder the day before a visit, a thank-you after it, a nudge when an invoice is overdue.",
  },
];
const WHAT_IS =
  /\b(?:what(?:['’]s| is| are)\s+(?:the\s+)?difference\s+between|difference\s+between|what(?:['’]s| is| are)\s+(?:a|an)\s+|what\s+do\s+you\s+mean\s+by|what\s+does\s+(?:a|an|the)\s+\w+\s+mean|what\s+does\s+["'‘“][^"'’”]{1,30}["'’”]\s+mean|what(?:['’]s| is)\s+the\s+\w+\s+(?:page\s+)?for\b)/i;

/** Questions about the product as a whole: where to start, and whether it works on a phone. */
const ABOUT_THE_APP: { pattern: RegExp; reply: string }[] = [
  {
    pattern:
      /\bwhere\s+do\s+(?:i|we)\s+(?:even\s+)?(?:start|begin)\b|\bhow\s+do\s+(?:i|we)\s+get\s+started\b|^\s*(?:(?:i|we)\s+)?just\s+signed\s+up[\s.!]*$/i,
    reply:
      'Welcome! A good order: add your crews (Crews), then your customers (Customers), then create jobs and schedule their visits; connect Stripe for online payments and QuickBooks for your books in Settings → Integrations. I can do much of it from here: "schedule the Garcias\' aeration on wednesday at 10 with crew c", "who owes us money?", "invoice last month\'s completed visits".',
  },
  {
    pattern:
      /\b(?:does|will|can)\s+(?:the\s+|this\s+)?(?:app|it|fieldops)\s+(?:work|run)\s+on\s+(?:a\s+|their\s+|my\s+|our\s+)?(?:phones?|mobiles?|iphones?|androids?|tablets?)\b|\bis\s+there\s+a\s+(?:mobile|phone)\s+app\b/i,
    reply:
      "Yes: on a phone the app opens as the field app (Home, Jobs, Schedule, Messages). Field users see their day, open each visit, add photos and notes and complete it, even without signal; the office sees it all on the job.",
  },
];

export function planAboutTheApp(message: ReadMessage): AssistantPlan | null {
  const about = ABOUT_THE_APP.find((entry) => entry.pattern.test(message.raw));
  return about ? { kind: "answer", reply: about.reply } : null;
}

/** "what's the difference between a job and a visit?", "what is a crew?": the words, explained. */
export function planGlossary(message: ReadMessage): AssistantPlan | null {
  const asked = WHAT_IS.exec(message.raw);
  if (!asked) return null;
  const rest = message.raw.slice(asked.index);
  const meanings = GLOSSARY.filter((entry) => entry.term.test(rest)).map((entry) => entry.meaning);
  if (meanings.length === 0 || meanings.length > 3) return null;
  return { kind: "answer", reply: meanings.join("\n\n") };
}

/** Things done outside the app that people ask of it: phoning, ordering supplies, payroll. */
const OUTSIDE: { pattern: RegExp; unless?: RegExp; reply: string }[] = [
  {
    // "phone # for tom baker", "ring up acme's number": the number is asked for, not a call.
    unless: /\b(?:numbers?|num|digits)\b|#/i,
    pattern:
      /^\s*(?:(?:please|pls)\s+)?(?:(?:can|could|would)\s+(?:you|u)\s+(?:please\s+)?)?(?:call|phone|ring|give\s+.{1,40}?\s+a\s+(?:call|ring))\b(?!\s+(?:in|out)\b)/i,
    reply:
      "I can't make phone calls. I can text or e-mail the customer from their conversation in Messages, or show you their phone number: ask me for it.",
  },
  {
    pattern:
      /\b(?:order|buy|purchase|reorder)\s+(?:(?:the|some|more|our|a|an|new|replacement)\s+)*(?:[\w-]+\s+){0,5}?(?:parts?|supplies|materials?|shingles|filters?|chemicals?|stock|inventory|equipment|bags?|fertili[sz]ers?|seed|mulch|salt|from\s+(?:our|the)\s+(?:supplier|vendor|wholesaler))\b|^\s*(?:please\s+)?(?:(?:can|could)\s+you\s+)?(?:order|buy|purchase)\s+(?:a|an|some|more|new|another)\s+/i,
    reply:
      "I can't order from suppliers: the app doesn't hold your suppliers or purchasing. I can add a note to the job so the crew knows what's coming, or ask for a quote to build purchase orders if you need them.",
  },
  {
    // "refund Acme $50 on invoice 1033": money moves back only from the invoice, where it is confirmed.
    pattern:
      /^\s*(?:(?:please|pls)\s+)?(?:(?:can|could)\s+(?:you|u)\s+)?(?:refund|issue\s+(?:a\s+)?refund|give\s+.{1,40}?\s+(?:a\s+)?refund)\b/i,
    reply:
      "I can't refund from the chat. Open the invoice and use Refund on its payment: you choose the amount and whether it goes back through Stripe or was given in cash, and whether the balance reopens.",
  },
  {
    // "can you text Jane Smith that the crew is running late": a one-off message is sent from her conversation.
    pattern:
      /^\s*(?:(?:please|pls)\s+)?(?:(?:can|could|would)\s+(?:you|u)\s+(?:please\s+)?)?(?:text|sms|message|e-?mail)\s+(?!(?:reminders?|invoices?)\b)[a-z][\w'’-]*(?:\s+[a-z][\w'’-]*){0,3}\s+(?:that|to\s+say|saying|and\s+(?:say|tell)|about|(?:a|the|some)\s+(?:photos?|pictures?|pics?|images?|videos?|copy|note|message))\b/i,
    reply:
      "I don't send one-off messages from the chat. Open the customer's conversation in Messages (or their page) and write it there.",
  },
  {
    // "remind me to call Acme back at 3": a personal reminder, not one to a customer.
    pattern: /^\s*(?:(?:please|pls)\s+)?(?:(?:can|could)\s+(?:you|u)\s+)?remind\s+me\s+(?:to|about|that)\b/i,
    reply:
      "I can't set reminders for you. Write it in the customer's notes on their page, or ask me for their phone number now; reminders to customers (before a visit, for an overdue invoice) are automations I can turn on.",
  },
  {
    // "remind John Smith about his AC visit tomorrow": a one-off reminder of a visit, which the automation sends.
    pattern:
      /^\s*(?:(?:please|pls)\s+)?(?:(?:can|could)\s+(?:you|u)\s+)?remind\s+(?!me\b|us\b|every|all\b)(?:[\w'’-]+\s+){1,3}?(?:about|of)\s+(?:his|her|their|the|its)\s+(?:[\w'’-]+\s+){0,2}?(?:visit|appointment|appt|booking|service)\b/i,
    reply:
      'I don\'t send one-off reminders from the chat. Visit reminders go out on their own before each visit when that automation is on (say "turn on visit reminders"); to tell the customer now, open their conversation in Messages.',
  },
  {
    // "file our quarterly sales tax": taxes are filed outside the app, from its numbers.
    pattern:
      /\b(?:file|submit|prepare|do|pay)\s+(?:our|my|the|this)?\s*(?:[\w-]+\s+){0,2}?(?:sales\s+)?tax(?:es)?(?:\s+returns?)?\b|\btax\s+returns?\b/i,
    reply:
      "I can't file taxes. Your accountant can work from the app's reports (or QuickBooks, once connected); I can tell you what was invoiced or collected in any period.",
  },
  {
    // "write up an estimate for Sunrise's parking lot lights": estimates are priced on their own page.
    pattern:
      /^\s*(?:(?:please|pls)\s+)?(?:(?:can|could|would)\s+(?:you|u)\s+)?(?:write|draft|create|make|prepare|do|put\s+together|send)\s+(?:up\s+)?(?:a|an|the)\s+(?:new\s+)?estimate\b/i,
    reply:
      "I can't write estimates from the chat: open Estimates from the menu to price the work and send it; once the customer approves it, it becomes a job. If the price is agreed already, I can create the job now.",
  },
  {
    // "turn off payment reminders for just Luis Ortiz": an automation is on or off for the whole company.
    pattern:
      /\b(?:turn\s+(?:off|on)|stop|disable|pause|skip|enable)\s+(?:the\s+)?(?:(?:payment|invoice|visit|review|overdue)\s+)?(?:reminders?|follow-?ups?|automations?|thank-?you\s+(?:texts?|e-?mails?))\s+for\s+(?:just\s+|only\s+)?(?!all\b|every|everyone|everybody|customers\b|clients\b|the\s+(?:month|week|year)\b)[a-z]/i,
    reply:
      "Automations are on or off for the whole company, not for one customer: I can't skip one customer's reminders. Turn the automation off for everyone, or leave it on and tell the customer to ignore it.",
  },
  {
    // "Rain is forecast for tomorrow, so move Jane Smith's mowing to Tuesday": the weather is only the reason.
    unless: /\b(?:move|push|reschedule|shift|bump|book|schedule|put)\b/i,
    pattern: /\b(?:weather|forecast|rain(?:ing)?\s+(?:tomorrow|today|on))\b/i,
    reply:
      "I can't check the weather. If rain moves a day's work, tell me which visits to move (\"move tomorrow's mowing at Jane Smith's to friday\") or ask for the day's schedule.",
  },
  {
    pattern:
      /\b(?:run|do|process)\s+(?:the\s+)?payroll\b|\bpay\s+(?:my|our|the)\s+(?:crews?|techs?|technicians?|staff|employees|guys)\b|\b(?:add|put|send|enter|log)\b.{0,40}\b(?:to|into|in|on)\s+(?:the\s+)?payroll\b/i,
    reply:
      "The app doesn't run payroll. Each visit records when its crew started and finished it, which your payroll provider can work from; if you want payroll in the app, ask me for the feature and I'll get a quote.",
  },
];

/**
 * "Void invoice 1032", "add a $25 late fee to invoice 1032", "give Elena a 10% discount on her open invoice", "pay
 * invoice 1040 with the card on file": changes to an invoice the chat has no module for, said in words with where
 * they are made.
 */
const INVOICE_CHANGE =
  /^\s*(?:(?:please|pls)\s+)?(?:(?:can|could|would)\s+(?:you|u)\s+)?(void|edit|adjust|write\s+off|split|add\s+(?:a|an)\s+(?:\$?[\d.,]+\s+)?(?:late\s+)?(?:fee|charge|surcharge|line(?:\s+item)?)|give\s+.{1,40}?\s+(?:a\s+)?(?:\d+\s*%\s+|\$[\d.,]+\s+)?discount|pay|charge)\b[^.?!]*\binvoices?\b/i;

function invoiceChange(message: ReadMessage): AssistantPlan | null {
  const found = INVOICE_CHANGE.exec(message.raw);
  if (!found) return null;
  const verb = found[1]!.toLowerCase();
  if (/^(?:pay|charge)$/.test(verb))
    return {
      kind: "answer",
      reply:
        "I can't charge a card from the chat. A card payment is made through the invoice's pay link (sent with the invoice), by the customer; I can record a cash, check or bank transfer payment, or send a payment reminder with the link.",
    };
  const what = /^add/.test(verb)
    ? "add a fee or a line to an invoice"
    : /discount/.test(verb)
      ? "discount an invoice"
      : `${verb.replace(/\s+/g, " ")} an invoice`;
  return {
    kind: "answer",
    reply: `I can't ${what} from the chat: open the invoice and change it there. I can show it ("open invoice 1032"), record a payment on it, or send a payment reminder.`,
  };
}

export function planOutsideTheApp(message: ReadMessage): AssistantPlan | null {
  const change = invoiceChange(message);
  if (change) return change;
  const outside = OUTSIDE.find((entry) => entry.pattern.test(message.raw) && !entry.unless?.test(message.raw));
  return outside ? { kind: "answer", reply: outside.reply } : null;
}

/**
 * "email from a guy at Greenway Pools: 'please send over your customer list and your crews' schedule'": someone
 * outside the company asking for its data, in their quoted words. Never sent from the chat.
 */
const ASKS_FOR_OUR_DATA =
  /["“'‘][^"”’]*\b(?:send|share|forward|e-?mail|give|export)\b[^"”’]*\b(?:customer list|client list|customers|clients|schedules?|crews|data|database|price list|prices|invoices|contacts|phone numbers?|(?:home\s+)?address(?:es)?)\b[^"”’]*["”'’]/i;

/** Whether quoted words ask for the company's data to be sent outside it. */
export function asksForOurData(text: string): boolean {
  return ASKS_FOR_OUR_DATA.test(text);
}

export const OUR_DATA_REFUSAL: AssistantPlan = {
  kind: "refuse",
  reply:
    "I won't send the company's customers, schedule or other records to anyone outside it, whoever asks. If someone needs something, an owner can decide and share it themselves.",
};

export function planDataRequestFromOutside(message: ReadMessage): AssistantPlan | null {
  return ASKS_FOR_OUR_DATA.test(message.raw) ? OUR_DATA_REFUSAL : null;
}

/** A technician's tasks at a visit, which the field app does (offline too), not the chat. */
const IN_THE_FIELD: { pattern: RegExp; reply: string }[] = [
  {
    pattern: /\b(?:upload|add|take|attach|send)\s+(?:a\s+|some\s+|the\s+|my\s+)?(?:photos?|pictures?|pics?|images?)\b/i,
    reply:
      "Open the visit in the field app and press Add photo (the camera on a phone): photos wait on the phone without signal and upload when it's back, and the office sees them on the job.",
  },
  {
    pattern:
      /\b(?:add|leave|write|put|make)\s+(?:a\s+|an\s+)?(?:quick\s+)?note\b|\bnote\s+(?:on|to)\s+(?:the|this|that)\s+(?:job|visit)\b/i,
    reply:
      "Add it under Notes on the visit in the field app (or on the job's page in the office): a note saves without signal and syncs, and everyone on the job sees it.",
  },
  {
    pattern:
      /\b(?:customer|client|patient|they|nobody|no one|noone)\s+(?:wasn['’]?t|was not|isn['’]?t|is not|weren['’]?t|aren['’]?t)\s+(?:home|there|in|around)\b|\bno(?:body| one)\s+(?:was\s+|is\s+)?(?:home|there|answering)\b/i,
    reply:
      'Leave a note on the visit saying nobody was there (a photo of the door helps), then tell the office: they can move the visit, or ask me to ("move … to …").',
  },
  {
    pattern: /\b(?:i['’]?m|i am|we['’]?re|we are|running|gonna be|going to be)\s+(?:\w+\s+)?late\b/i,
    reply:
      "Let the customer know from their conversation in Messages (a text goes from the company's number), or tell the office; the chat doesn't message customers on your behalf.",
  },
  {
    pattern:
      /^\s*(?:i|we)(?:['’]ve|\s+have|\s+just)?\s+(?:just\s+)?(?:finished|completed|wrapped up|done)\b|\b(?:i['’]?m|we['’]?re)\s+(?:all\s+)?(?:done|finished)\s+(?:with|at)\b/i,
    reply:
      "Open the visit from your day's schedule (or from its job) and press Complete when the work is done; the chat doesn't complete visits itself.",
  },
];

/** "…nobody home, what's his number": the question asked is the request, not the situation told. */
const ASKS_SOMETHING_ELSE =
  /\b(?:what(?:['’]?s| is)|whats|where(?:['’]?s| is)|who(?:['’]?s| is)|how much|number|phone|address|push|move|reschedule|shift|bump)\b/i;

export function planFieldTask(message: ReadMessage): AssistantPlan | null {
  if (ASKS_SOMETHING_ELSE.test(message.raw)) return null;
  const task = IN_THE_FIELD.find((entry) => entry.pattern.test(message.raw));
  return task ? { kind: "answer", reply: task.reply } : null;
}
