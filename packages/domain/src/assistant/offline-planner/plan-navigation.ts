import type { AssistantPlan } from "@fieldops/shared/assistant";
import { NAVIGATE_TARGETS, type NavigateTarget, type OpenModalTarget } from "@fieldops/shared/ui-actions";
import { CAPABILITIES, refusalFor, type AssistantAbility } from "./planner-policy.ts";
import type { PlannerInput } from "./planner-input.ts";
import { mentions, readMessage, type ReadMessage } from "./read-message.ts";

type Page = { target: NavigateTarget; name: string; phrases: string[]; capability: AssistantAbility };

// Most specific first: "payment settings" is its page, not the general settings.
const PAGES: Page[] = [
  {
    target: "/settings/integrations",
    name: "integration settings",
    phrases: [
      "integration settings",
      "integrations settings",
      "settings/integrations",
      "integrations page",
      "integrations",
      "integration",
    ],
    capability: CAPABILITIES.manageSettings,
  },
  {
    target: "/settings/payments",
    name: "payment settings",
    phrases: ["payment settings", "payments settings", "settings/payments", "payment setting"],
    capability: CAPABILITIES.manageSettings,
  },
  {
    target: "/settings/communications",
    name: "communication settings",
    phrases: [
      "communication settings",
      "communications settings",
      "settings/communications",
      "notification settings",
      "notifications settings",
      "email settings",
      "sms settings",
      "text settings",
      "texting settings",
      "message settings",
      "messaging settings",
      "email text settings",
      "email and text settings",
      "text and email settings",
      "email sms settings",
      "communications",
      "notifications",
    ],
    capability: CAPABILITIES.manageSettings,
  },
  {
    target: "/settings",
    name: "settings",
    phrases: ["settings", "preferences", "account settings", "company settings"],
    capability: CAPABILITIES.seeSettings,
  },
  {
    target: "/dashboard",
    name: "dashboard",
    phrases: ["dashboard", "home", "home page", "homepage", "overview", "main page", "start page"],
    capability: CAPABILITIES.seeDashboard,
  },
  {
    target: "/jobs",
    name: "jobs",
    phrases: ["jobs", "job list", "job", "work orders", "service calls", "patient visits", "work"],
    capability: CAPABILITIES.seeJobs,
  },
  {
    target: "/customers",
    name: "customers",
    phrases: ["customers", "customer list", "clients", "client list", "patients", "customer"],
    capability: CAPABILITIES.seeCustomers,
  },
  {
    target: "/crews",
    name: "crews",
    phrases: [
      "roster",
      "crew roster",
      "crews",
      "crew list",
      "teams",
      "team",
      "technicians",
      "techs",
      "staff",
      "workers",
      "plumbers",
      "nurses",
      "landscapers",
      "cleaners",
      "crew",
    ],
    capability: CAPABILITIES.seeCrews,
  },
];

/** Pages that exist but that the assistant may not take anyone to. */
const OFF_LIMITS = [
  "admin",
  "reports",
  "payments",
  "plans",
  "support",
  "security",
  "documentation",
  "billing",
  "userdash",
  "admin dashboard",
  "integrations/",
];

type Modal = { target: OpenModalTarget; phrases: string[]; capability: AssistantAbility; reply: string };

const MODALS: Modal[] = [
  {
    target: "integrations.quickbooks",
    phrases: ["quickbooks", "quick books", "qb", "qbo", "intuit", "accounting"],
    capability: CAPABILITIES.connectQuickbooks,
    reply: "Opening the QuickBooks connection. Follow its steps to authorize access to your QuickBooks company.",
  },
  {
    target: "integrations.stripe",
    phrases: ["stripe", "card payments", "credit cards", "credit card", "take cards", "accept cards"],
    capability: CAPABILITIES.connectStripe,
    reply: "Opening the Stripe connection, so customers can pay invoices by card.",
  },
  {
    target: "integrations.twilio",
    phrases: ["twilio", "sms", "text messages", "text messaging", "texting", "texts"],
    capability: CAPABILITIES.connectTwilio,
    reply: "Opening the Twilio connection for text messages.",
  },
  {
    target: "settings.payments",
    phrases: ["payments", "payment", "online payments", "payment methods"],
    capability: CAPABILITIES.setUpPayments,
    reply: "Opening the payment settings.",
  },
  {
    target: "settings.communications",
    phrases: [
      "communications",
      "communication",
      "notifications",
      "notification",
      "emails",
      "email",
      "reminders emails",
    ],
    capability: CAPABILITIES.manageSettings,
    reply: "Opening the communication settings.",
  },
  {
    target: "settings.integrations",
    phrases: ["integrations", "integration", "apps", "connections"],
    capability: CAPABILITIES.manageSettings,
    reply: "Opening the integration settings.",
  },
  // The feature being quoted ("quote" alone is an estimate's word in the trades, so these name the feature or the build).
  {
    target: "builder.refine",
    phrases: [
      "refine the feature",
      "change the feature",
      "edit the feature",
      "feature fields",
      "fields of the feature",
      "change the fields",
      "refine the build",
    ],
    capability: CAPABILITIES.requestFeature,
    reply: "Opening the feature's data models: rename, add or drop fields, then ask for a new quote.",
  },
  {
    target: "builder.confirm",
    phrases: ["feature quote", "build quote", "quote for the feature", "accept the build", "start the build"],
    capability: CAPABILITIES.requestFeature,
    reply: "Opening the feature's quote.",
  },
];

/** What a user needs to be taken to a page (the model's tools follow the same rules as the planner). */
export function navigateCapability(target: NavigateTarget): AssistantAbility {
  return PAGES.find((page) => page.target === target)!.capability;
}

/** What a user needs to have a dialog opened; the builder's dialogs belong to requesting a feature. */
export function modalCapability(target: OpenModalTarget): AssistantAbility {
  return MODALS.find((modal) => modal.target === target)?.capability ?? CAPABILITIES.requestFeature;
}

const SETUP_VERBS = [
  "connect",
  "link",
  "set up",
  "setup",
  "configure",
  "integrate",
  "hook up",
  "enable",
  "turn on",
  "sync",
  "add",
  "manage",
  "change",
  "edit",
  "update",
];
const NAVIGATE_VERBS = [
  "go to",
  "go",
  "back to",
  "take me",
  "navigate",
  "open",
  "show",
  "show me",
  "bring up",
  "pull up",
  "view",
  "see",
  "switch to",
  "head to",
  "jump to",
  "get me to",
  "visit",
  "page",
  "screen",
  "tab",
  "list",
  "where do",
  "where can i find",
  "where can i see",
  "where do i see",
  "where can i view",
  "cant find",
  "how do i get to",
];

const FILLER = new Set([
  // A page's usual nouns: "jobs board", "customer screen", "crews tab".
  "board",
  "screen",
  "tab",
  "view",
  "section",
  "area",
  "menu",
  "my",
  "the",
  "all",
  "our",
  "please",
  "pls",
  "plz",
  "thanks",
  "yo",
  "hey",
  "now",
  "list",
  "page",
]);

/** A navigation verb, or nothing but a page's name ("custmers", "jobs page"), so that "text the customer" is not. */
function isNavigationRequest(message: ReadMessage, page: Page): boolean {
  if (mentions(message, ...NAVIGATE_VERBS)) return true;
  // "where are the sms settings" asks for a page; "where are my technicians" does not.
  if (/\bwhere(?:\s+(?:are|is)|['’]?s)\b.*\b(?:settings|page|screen|tab)\b/i.test(message.raw)) return true;
  const pageWords = new Set(page.phrases.flatMap((phrase) => phrase.split(" ")));
  // "Where's the main dashboard?": where a page is, said with nothing but its name.
  // ("where are my technicians" asks where people are).
  const where = /^\s*where(?:\s+is|['’]?s)\s+/i.exec(message.raw);
  if (
    where &&
    readMessage(message.raw.slice(where[0].length)).words.every(
      (word) => FILLER.has(word) || pageWords.has(word) || word === "main",
    )
  )
    return true;
  return message.words.every((word) => FILLER.has(word) || pageWords.has(word));
}

function action(input: PlannerInput, fields: { type: "navigate" | "openModal"; target: string }) {
  return { id: input.newId!(), ...fields };
}

/** Opening a connection or settings dialog ("connect quickbooks", "set up payments", "open twilio"). */
/** A question of where something is: "where do I…", "where are the…", "where can I…". */
const WHERE = /\bwhere\s+(?:do|can|would|should|could|is|are|['’]?s)\b|\bwheres\b/i;

/** The settings page a settings dialog belongs to ("settings.communications" → /settings/communications). */
function settingsPageOf(target: OpenModalTarget): Page | undefined {
  if (!target.startsWith("settings.")) return undefined;
  return PAGES.find((page) => page.target === `/settings/${target.slice("settings.".length)}`);
}

export function planModal(message: ReadMessage, input: PlannerInput): AssistantPlan | null {
  // "where are the sms settings": a settings page named by its name is that page, not a connection's dialog.
  const settingsPage = PAGES.find(
    (page) =>
      page.target.startsWith("/settings/") &&
      mentions(message, ...page.phrases.filter((phrase) => phrase.includes("settings"))),
  );
  const setup = mentions(message, ...SETUP_VERBS);
  // "where do I manage all my app connections, like stripe and quickbooks": the integrations, all of them, on their page.
  if (
    mentions(message, "connections", "connected apps", "app connections") ||
    (WHERE.test(message.raw) && (message.raw.match(/\b(?:stripe|quickbooks|quick books|twilio)\b/gi) ?? []).length > 1)
  )
    return toPage(
      PAGES.find((page) => page.target === "/settings/integrations")!,
      input,
    );
  // "set up how I get paid, payment settings and all that": the page, to set up there.
  if (settingsPage) return setup ? toPage(settingsPage, input) : null;
  for (const modal of MODALS) {
    if (!mentions(message, ...modal.phrases)) continue;
    const isIntegration = modal.target.startsWith("integrations.") || modal.target.startsWith("builder.");
    // A bare provider name (or the feature's quote) is a request to open it; a settings area needs a verb that sets something up.
    if (!isIntegration && !setup && !WHERE.test(message.raw)) continue;
    if (!isIntegration && mentions(message, "settings", "page")) continue;
    // "where do I change the emails customers get": where it is, so its page, not its dialog.
    const page = !isIntegration && WHERE.test(message.raw) ? settingsPageOf(modal.target) : undefined;
    if (page) {
      const plan = toPage(page, input);
      return plan.kind === "actions"
        ? {
            ...plan,
            reply: `Opening ${page.name}: ${modal.reply.replace(/^Opening [^.:]+[.:]\s*/, "")}`.replace(/:\s*$/, "."),
          }
        : plan;
    }
    return (
      refusalFor(modal.capability, input.role, input.features) ?? {
        kind: "actions",
        reply: modal.reply,
        actions: [action(input, { type: "openModal", target: modal.target })],
      }
    );
  }
  return null;
}

const PAY_ONLINE =
  /\b(?:pay|paying|payments?)\s+(?:me\s+|us\s+|invoices?\s+|their invoices?\s+)?(?:online|on ?line|by card|with (?:a )?card|by credit card|with (?:a )?credit card|from (?:the|their) (?:invoice|email|phone)|through (?:a|the) link)\b|\b(?:accept|take)\s+(?:online\s+)?payments?\s+online\b|\bpay(?:ment)? links?\b/i;

/**
 * "I want customers to pay online": the payment settings, though the words also name customers and paying (a question
 * about revenue, or the customers page, reads the same words).
 */
export function planOnlinePayments(message: ReadMessage, input: PlannerInput): AssistantPlan | null {
  if (!PAY_ONLINE.test(message.raw) || mentions(message, "how much", "revenue", "remind", "reminder")) return null;
  // A provider named is its connection ("hook up Stripe so customers can pay by card").
  if (mentions(message, "stripe", "quickbooks", "twilio")) return null;
  const modal = MODALS.find((candidate) => candidate.target === "settings.payments")!;
  return (
    refusalFor(modal.capability, input.role, input.features) ?? {
      kind: "actions",
      reply: "Opening the payment settings: turn on online payments there, and invoices carry a link to pay by card.",
      actions: [action(input, { type: "openModal", target: modal.target })],
    }
  );
}

const COMPLETE_IN_THE_APP =
  "Open the visit from your day's schedule (or from its job) and press Complete when the work is done; the chat doesn't complete visits itself.";

/** Screens of the app the chat does not open (not in its navigation list), with what it can do about them instead. */
const ELSEWHERE: { pattern: RegExp; reply: string }[] = [
  {
    pattern:
      /^\s*(?:(?:please\s+)?(?:(?:can|could|may)\s+(?:i|we|you)\s+(?:please\s+)?)?(?:go to|take me to|open|show(?: me)?|view|see|look at|get to|pull up|bring up|navigate to)\s+)?(?:the\s+|my\s+|our\s+|all\s+(?:the\s+|my\s+)?)?invoices?(?:\s+(?:page|list|screen|tab))?\s*[.!?]*$/i,
    reply:
      'I can\'t open the invoices page from the chat, but I can show the unpaid invoices ("show unpaid invoices"), open one by its number ("open invoice 1032"), or tell you what was invoiced in a period.',
  },
  {
    pattern:
      /^\s*(?:(?:please\s+)?(?:(?:can|could|may)\s+(?:i|we|you)\s+(?:please\s+)?)?(?:go to|take me to|open|show(?: me)?|view|see|look at|get to|pull up|bring up|navigate to)\s+)?(?:the\s+|my\s+|our\s+|all\s+(?:the\s+|my\s+)?)?(?:estimates?|quotes?)(?:\s+(?:page|list|screen|tab))?\s*[.!?]*$/i,
    reply:
      "I can't open the estimates page from the chat: open Estimates from the menu. I can find a customer or a job for you.",
  },
  {
    pattern:
      /^\s*(?:(?:please\s+)?(?:go to|take me to|open|show(?: me)?|view|see|pull up|bring up|navigate to|where are)\s+)?(?:the\s+|my\s+|our\s+)?reports?(?:\s+(?:page|screen|tab))?\s*[.!?]*$/i,
    reply:
      "I can't open reports from the chat: open Reports from the menu. Ask me instead what was invoiced or collected in a period, or who your best customers are.",
  },
];

/**
 * Screens the app has but the chat does not open, asked about in a sentence ("where are the reports? I can't find
 * them", "is there a way to see the schedule as a calendar?"): where they are, in words, before the words read as a
 * feature to build or a page refused.
 */
const SCREENS_IN_WORDS: { pattern: RegExp; reply: string }[] = [
  {
    pattern:
      /^(?!.*\b(?:invoiced|collected|revenue|made|earned|how much)\b).*\b(?:where|find|get to|is there|do (?:we|you) have|how (?:do|can) (?:i|we) (?:see|get|open))\b.*\breports?\b(?!\s+(?:for|on|of|about)\b)/i,
    reply:
      "Reports are a page of their own: open Reports from the menu. Ask me here what was invoiced or collected in a period, or who your best customers are.",
  },
  {
    pattern:
      /^(?!.*\b(?:remind\w*|reviews?|follow-?ups?|turn|switch|enable|disable|stop|change|set)\b).*\b(?:where|find|open|show|see|get to|take me to|go to)\b.*\bautomations?\b/i,
    reply:
      'Automations have their own page: open Automations from the menu to turn each one on or off, change it and read its runs. I can also turn one on or change it here ("remind customers the day before their visit").',
  },
  {
    pattern:
      /\b(?:schedule|visits?|jobs?|appointments?|bookings?)\b[^.?!]*\b(?:as|like|in|on)\s+(?:a\s+)?calendar\b|\bcalendar\s+view\b/i,
    reply:
      "Yes: the Schedule page (in the menu) lays out your crews' visits day by day, and I can show a crew's day here (\"what's Crew A doing tomorrow?\"). To see visits in Google Calendar or Outlook, subscribe to a crew's calendar feed in Settings.",
  },
];

/** Asking for a screen: where it is, how to get to it, whether there is one, or to be taken there. */
const ASKS_FOR_A_SCREEN =
  /\b(?:where(?:['’]s|\s+is|\s+are|\s+do\s+i\s+find|\s+can\s+i\s+(?:find|see))?|how\s+(?:do|can)\s+(?:i|we)\s+(?:get\s+to|find|open|see)|is\s+there|do\s+(?:we|you)\s+have|take\s+me\s+to|go\s+to|get\s+to|open|show\s+me|bring\s+up|pull\s+up|navigate\s+to|see|view|look\s+at)\b/i;

/**
 * Screens the app has and the chat does not open, by the names an office gives them: where each one is, in words,
 * and what the chat does instead; one a role may not see is refused as its capability says.
 */
const SCREENS_BY_NAME: { names: RegExp; reply: string; capability?: AssistantAbility }[] = [
  {
    names: /\b(?:schedule|dispatch(?:ing)?|scheduling)\s+(?:board|page|screen|view|calendar)\b|\bdispatch\s+board\b/i,
    reply:
      "The Schedule page is the dispatch board: open Schedule from the menu to see each crew's visits day by day and drag one to another time or crew. Here I can show a crew's day (\"what's Crew A doing tomorrow?\") or move a visit for you.",
  },
  {
    names: /\b(?:support|help\s*desk|help\s+cent(?:er|re))(?:\s+(?:page|screen|tab|section))?\b/i,
    reply:
      "Support is in the menu, under Platform (Support, beside Settings): write to us there. Ask me here anything about using the app.",
  },
  {
    names: /\baudit\s*(?:log|trail|history)s?\b/i,
    reply:
      "The audit log is on the Security page (Security in the menu, for owners and administrators): who changed what, and when.",
    capability: CAPABILITIES.readAudit,
  },
];

/** "is there a timesheets page?", "where's the payroll screen": a screen the app does not have, asked about. */
const ASKS_FOR_A_NAMED_SCREEN =
  /\b(?:where(?:['’]s|\s+is)|is\s+there|do\s+(?:we|you)\s+have|how\s+do\s+i\s+get\s+to)\s+(?:a|an|the|my|our)\s+([a-z][\w-]*(?:\s+[a-z][\w-]*)?)\s+(?:page|screen|tab|section)\b/i;

export function planScreenInWords(message: ReadMessage, input: PlannerInput): AssistantPlan | null {
  const screen = SCREENS_IN_WORDS.find((entry) => entry.pattern.test(message.raw));
  if (screen) return { kind: "answer", reply: screen.reply };
  if (!ASKS_FOR_A_SCREEN.test(message.raw)) return null;
  const named = SCREENS_BY_NAME.find((entry) => entry.names.test(message.raw));
  if (named)
    return (
      (named.capability && refusalFor(named.capability, input.role, input.features)) || {
        kind: "answer",
        reply: named.reply,
      }
    );
  const asked = ASKS_FOR_A_NAMED_SCREEN.exec(message.raw)?.[1]?.toLowerCase();
  if (asked && !PAGES.some((page) => page.phrases.some((phrase) => asked.includes(phrase))))
    return {
      kind: "answer",
      reply: `There is no ${asked} page in the app. I can take you to the dashboard, jobs, customers, crews or settings, or answer questions about your schedule, customers and money.`,
    };
  return null;
}

const ALLOWED_LIST = NAVIGATE_TARGETS.map((target) => `\`${target}\``).join(", ");

/** Going to an allowed page; a path or page outside the list is refused in words. */
export function planNavigation(message: ReadMessage, input: PlannerInput): AssistantPlan | null {
  const path = /(?:^|\s)(\/[a-z0-9/_-]*)/i.exec(message.raw)?.[1]?.replace(/\/$/, "").toLowerCase();
  if (path !== undefined && path !== "") {
    const page = PAGES.find((candidate) => candidate.target === path);
    if (!page)
      return { kind: "refuse", reply: `I can't take you to \`${path}\`. I can open these pages: ${ALLOWED_LIST}.` };
    return toPage(page, input);
  }
  const page = PAGES.find((candidate) => mentions(message, ...candidate.phrases));
  if (page) return isNavigationRequest(message, page) ? toPage(page, input) : null;
  if ((mentions(message, ...NAVIGATE_VERBS) || message.words.length <= 3) && mentions(message, ...OFF_LIMITS))
    return { kind: "refuse", reply: `I can't open that page from the chat. I can open these pages: ${ALLOWED_LIST}.` };
  // "show me my invoices", "open estimates": pages of the app the chat does not open, and what it can do instead.
  const elsewhere = ELSEWHERE.find((page) => page.pattern.test(message.raw));
  if (elsewhere) return { kind: "answer", reply: elsewhere.reply };
  // "take me to the payroll page", "open payroll": a page the product does not have.
  const unknownPage =
    /\b(?:go to|take me to|open|show me|navigate to)\s+(?:the\s+|my\s+)?([a-z][\w-]*(?:\s+[a-z][\w-]*)?)\s+(?:page|screen|tab)\b/i.exec(
      message.raw,
    ) ??
    /^\s*(?:go to|take me to|open|navigate to)\s+(?:the\s+|my\s+)?(payroll|timesheets?|time ?sheets|inventory|accounting|hr|marketing|chat ?rooms?|forums?|store|shop)\s*[.!?]*$/i.exec(
      message.raw,
    );
  if (unknownPage)
    return {
      kind: "refuse",
      reply: `There is no ${unknownPage[1]!.toLowerCase()} page in the app. I can take you to the dashboard, jobs, customers, crews or settings, or answer questions about your schedule, customers and money.`,
    };
  return null;
}

/** "How do I…", "where can I…", "is there somewhere I can…": a question about using the app. */
const INTEGRATION_NAMED = /\b(?:stripe|quickbooks|quick books|twilio)\b/i;
const HOW_TO =
  /\b(?:how (?:do|can|would|should|could) (?:i|we|you)|how to|where (?:do|can|would|should|could) (?:i|we)|is there (?:a way|somewhere|a place|anywhere)|(?:can|could) i (?:change|set|update|edit|add|invite|see|find|upload|turn)|i (?:want|need|would like|'d like) to (?:change|set|update|edit|upload|add|invite|see))\b/i;

/** What a how-to question is about: the page that has it, or what to do, in words. */
const HOW_TO_TOPICS: { pattern: RegExp; target?: NavigateTarget; reply: string }[] = [
  {
    // "where do I change how the reminder texts and e-mails are sent?": how the company's messages go out.
    pattern:
      /\b(?:how|when|what)\s+(?:the\s+|our\s+)?(?:reminder|notification|automatic)?\s*(?:texts?|e-?mails?|messages?|reminders?|notifications?)\b.*\b(?:are|get|is)\s+(?:sent|worded|written)\b/i,
    target: "/settings/communications",
    reply:
      "Opening communication settings: how reminders and other messages go out (e-mail, text) and what they say are set there.",
  },
  {
    pattern:
      /\b(?:business hours|working hours|opening hours|our hours|hours of operation|work days|days off|breaks?)\b/i,
    target: "/crews",
    reply: "Opening crews: working days, hours and breaks are set per crew, in each crew's settings.",
  },
  {
    pattern:
      /\b(?:logo|branding|brand colou?rs?|colou?rs|company (?:name|details|info|information|address|profile|phone|email)|business (?:name|address|details|info)|time ?zone)\b/i,
    target: "/settings",
    reply: "Opening settings: your company's name, logo, colours and time zone are there.",
  },
  // "how do i add a new tech to one of my crews": people join a crew on the Crews page.
  {
    pattern:
      /\b(?:add|put|move|assign)\b.*\bto\s+(?:(?:a|another|one of|one of (?:my|our|the)|my|our|the|their)\s+)?(?:crews?|teams?)\b|\b(?:add|new)\s+(?:(?:a|another|my|our)\s+)?(?:new\s+)?crew\s+members?\b/i,
    target: "/crews",
    reply:
      "Opening crews: open a crew to add people to it. Someone new to the app is invited first, from the Team card in settings.",
  },
  // "how do I add my crews?", "set up our teams": crews are added on their page.
  {
    pattern: /\b(?:add|create|set up|setup|make)\s+(?:(?:my|our|the|some|more|all)\s+)?(?:crews|teams)\b/i,
    target: "/crews",
    reply: "Opening crews: add your crews there, then their people, working days and hours.",
  },
  {
    pattern:
      /\b(?:add|invite|new|hire|hired|onboard)\b.*\b(?:technicians?|techs?|employees?|staff|workers?|team members?|users?|crew members?|guys?|nurses?|cleaners?|(?:office\s+)?managers?|dispatchers?|bookkeepers?|receptionists?|admins?|administrators?)\b|\b(?:technicians?|employees?|staff|team members?|users?)\b.*\b(?:log ?in|sign ?in|access|accounts?)\b/i,
    target: "/settings",
    reply: "Opening settings: invite people from the Team card there, then add them to a crew on the Crews page.",
  },
  {
    pattern:
      /\b(?:text|sms|email|e-mail)\s+(?:reminders?|notifications?|confirmations?)\b|\b(?:texts?|e-?mails?|messages?|sms)\s+(?:that\s+)?(?:go|goes|get|gets|are)\s+(?:sent\s+)?(?:out\s+)?to\s+(?:my\s+|our\s+|the\s+)?(?:customers?|clients?)\b|\b(?:reminders?|notifications?|confirmations?)\b.*\b(?:text|sms|email|e-mail|customers?|clients?)\b|\bwhat (?:my |our )?(?:customers?|clients?) (?:get|receive|see)\b|\b(?:e-?mails?|texts?|messages?|sms)\b.*\b(?:my |our |the )?(?:customers?|clients?) (?:get|receive|see)\b/i,
    target: "/settings/communications",
    reply: "Opening the communication settings: what your customers receive, and when, is set there.",
  },
  {
    pattern:
      /\b(?:payouts?|bank account|deposits?|get paid online|paid online|pay online|card payments?|credit cards?)\b|\b(?:paid|pay|payments?)\s+(?:by|with|via|through)\s+(?:credit\s+|debit\s+)?cards?\b|\b(?:take|taking|accept|accepting)\s+(?:credit\s+)?cards?\b|\bhow\s+(?:my\s+|our\s+|the\s+)?(?:customers?|clients?|people|patients?)\s+(?:can\s+)?pay\b/i,
    target: "/settings/payments",
    reply: "Opening the payment settings: online payments and where the money goes are set there.",
  },
  {
    pattern: /\b(?:my|our|a|the|his|her|their)?\s*pass(?:word|code|wd)s?\b/i,
    reply:
      "Change your password on the Security page (/security), with your current one; if you've forgotten it, sign out and use Forgot password on the sign-in page.",
  },
  {
    pattern:
      /\b(?:google|outlook|apple|icloud|ical)\s*(?:calendars?|cal)?\b|\bcalendar\s+(?:feeds?|sync|subscriptions?|links?)\b|\b(?:sync|subscribe|link|connect)\b.*\bcalendars?\b/i,
    target: "/settings",
    reply:
      "Opening settings: the Calendar feeds card gives a link for the company's or a crew's schedule that Google Calendar, Outlook or Apple Calendar subscribe to.",
  },
  {
    pattern: /\b(?:xero|sage|freshbooks|wave|zoho books|netsuite)\b/i,
    reply:
      "The accounting integration the app has is QuickBooks Online: customers, invoices, payments and refunds go to it exactly once. Other accounting apps aren't connected; say \"connect QuickBooks\", or ask me for the feature and I'll get a quote to build it.",
  },
  {
    pattern:
      /\bclock(?:ing)?[\s-]?(?:in|out|on|off)\b|\btime\s?(?:sheets?|clock|cards?)\b|\btrack\s+(?:my|our|their)\s+hours\b/i,
    reply:
      "The app has no time clock: a visit records when the crew starts and completes it (Start and Complete in the field app), and its job shows those times. If you need clock-in and timesheets, ask me for the feature and I'll get a quote to build it.",
  },
  {
    pattern:
      /\b(?:mark|set|close out|complete|finish|check off|sign off)\s+(?:an?\s+|the\s+|my\s+|this\s+)?(?:visit|job|appointment)s?\s+(?:as\s+)?(?:done|complete|completed|finished)\b|\b(?:complete|finish|close out|check off)\s+(?:an?\s+|the\s+|my\s+|this\s+)?(?:visit|appointment)s?\b/i,
    reply: COMPLETE_IN_THE_APP,
  },
  {
    pattern: /\b(?:send|create|make|write|do)\s+(?:an?\s+|the\s+|my\s+)?invoices?\b/i,
    reply:
      "Open the job and create its invoice from there, then press Send: it goes by e-mail with a link to pay. I can also invoice all of a period's completed visits at once: say \"invoice last month's completed visits\".",
  },
  {
    pattern: /\b(?:schedule|book)\s+(?:an?\s+|the\s+)?(?:job|visit|appointment)s?\b/i,
    reply:
      'Tell me who, when and with which crew, for example "book Acme tomorrow at 9 with Crew B", and I\'ll propose it; or open Jobs and schedule it there.',
  },
];

/** "mark the mowing done", "can you check off the Ortiz cleanup as complete": done where the work is, not in the chat. */
const MARK_DONE =
  /^\s*(?:please\s+)?(?:(?:can|could|would)\s+(?:you|u)\s+(?:please\s+)?)?(?:(?:mark|set|check off|close out|tick off)\s+(?:[\w'’-]+\s+){0,5}?(?:as\s+)?|(?:log|note|record)\s+(?:that\s+)?(?:[\w'’-]+\s+){1,5}?(?:is|was|are|were|got)\s+)(?:done|complete|completed|finished)\b/i;

export function planMarkDone(message: ReadMessage): AssistantPlan | null {
  return MARK_DONE.test(message.raw) ? { kind: "answer", reply: COMPLETE_IN_THE_APP } : null;
}

/** "invite my office manager", "turn off email notifications", "sync with xero": a task on a settings page, as told. */
const SETTINGS_TASK =
  /^\s*(?:please\s+)?(?:(?:can|could|would)\s+(?:you|u)\s+(?:please\s+)?)?(?:add|invite|change|reset|set up|set|update|edit|upload|turn|switch|enable|disable|stop|start|sync|link|connect|hook up|integrate)\b/i;

export function planSettingsTask(message: ReadMessage, input: PlannerInput): AssistantPlan | null {
  if (!SETTINGS_TASK.test(message.raw) || INTEGRATION_NAMED.test(message.raw)) return null;
  return howToAnswer(message, input);
}

export function planHowTo(message: ReadMessage, input: PlannerInput): AssistantPlan | null {
  // "how do I hook up stripe so people can pay online": a named integration is connected, not explained.
  if (!HOW_TO.test(message.raw) || INTEGRATION_NAMED.test(message.raw)) return null;
  return howToAnswer(message, input);
}

/** Asking the assistant to change the company's own details, not how to: "can you change our company name…". */
const CHANGE_THE_COMPANY =
  /^\s*(?:please\s+)?(?:(?:can|could|would)\s+(?:you|u)\s+(?:please\s+)?)?(?:change|update|edit|rename|replace|swap)\s+(?:our|the|my)\s+(?:company|business|logo|branding)\b/i;

function howToAnswer(message: ReadMessage, input: PlannerInput): AssistantPlan | null {
  const topic = HOW_TO_TOPICS.find((candidate) => candidate.pattern.test(message.raw));
  if (!topic) return null;
  if (!topic.target) return { kind: "answer", reply: topic.reply };
  // The company's details are changed by those who may change its settings.
  const refusal = CHANGE_THE_COMPANY.test(message.raw)
    ? refusalFor(CAPABILITIES.manageSettings, input.role, input.features)
    : null;
  if (refusal) return refusal;
  const plan = toPage(
    PAGES.find((page) => page.target === topic.target)!,
    input,
  );
  return plan.kind === "actions" ? { ...plan, reply: topic.reply } : plan;
}

/** Records the chat does not add: the page that has the form, with what it is for. */
const ADD_RECORD: { pattern: RegExp; target: NavigateTarget; what: string }[] = [
  {
    pattern: /\b(?:create|add|new|make)\s+(?:a\s+|an\s+)?(?:new\s+)?(?:customer|client)\b/i,
    target: "/customers",
    what: "a customer",
  },
  {
    pattern:
      /\b(?:create|add|new|make|set up|start)\s+(?:a\s+|an\s+|another\s+)?(?:new\s+)?(?:crew|team)\b(?!\s+(?:member|to)\b)/i,
    target: "/crews",
    what: "a crew",
  },
];

/** There is no module that adds a customer or a crew: their page has the form. */
export function planAddCustomer(message: ReadMessage, input: PlannerInput): AssistantPlan | null {
  const wanted = ADD_RECORD.find((record) => record.pattern.test(message.raw));
  if (!wanted) return null;
  const page = PAGES.find((candidate) => candidate.target === wanted.target)!;
  const plan = toPage(page, input);
  return plan.kind === "actions"
    ? { ...plan, reply: `I can't add ${wanted.what} from the chat; opening ${page.name}, where you can add one.` }
    : plan;
}

function toPage(page: Page, input: PlannerInput, reply = `Opening ${page.name}.`): AssistantPlan {
  return (
    refusalFor(page.capability, input.role, input.features) ?? {
      kind: "actions",
      reply,
      actions: [action(input, { type: "navigate", target: page.target })],
    }
  );
}

/** "upgrade us to the Suite plan", "downgrade to starter": the company's plan. */
const PLAN_CHANGE =
  /\b(?:upgrade|downgrade|switch|change|move|put|bump)\b.*\b(?:plan|tier|subscription)\b|\b(?:upgrade|downgrade)\s+(?:us|me|the company|our account|my account)\b/i;
/** "approve my own export request", "reject the pending hipaa request": a request that waits for an owner. */
const DECIDE_APPROVAL =
  /\b(?:approve|sign off on|reject|decline|deny)\b.*\b(?:requests?|proposals?|approvals?|exports?|runs?|changes?)\b/i;

/**
 * Changing the company's plan and deciding on requests that wait for approval are an owner's, on their own screens:
 * refused to those who may not, and otherwise said where it is done.
 */
export function planAccountChange(message: ReadMessage, input: PlannerInput): AssistantPlan | null {
  if (DECIDE_APPROVAL.test(message.raw)) {
    const refusal = refusalFor(CAPABILITIES.decideApprovals, input.role, input.features);
    if (refusal) return refusal;
    return toPage(
      PAGES.find((page) => page.target === "/dashboard")!,
      input,
      "Opening the dashboard: requests waiting for approval are listed there, to approve or reject.",
    );
  }
  if (PLAN_CHANGE.test(message.raw) && !mentions(message, "schedule", "visit", "job", "crew", "invoice")) {
    const refusal = refusalFor(CAPABILITIES.changePlan, input.role, input.features);
    if (refusal) return refusal;
    return {
      kind: "answer",
      reply: "Plans are changed on the Plans page, from the menu: it shows each plan and switches yours.",
    };
  }
  return null;
}
