import { correctedByKind } from "./kind-corrections.ts";
import { editDistance, typoAllowance } from "./fuzzy-match.ts";

/** The words the planner's rules look for; a message's word within a typo of one of them is read as it. */
const VOCABULARY = [
  "address",
  "reschedule",
  "record",
  "payment",
  "cash",
  "appointment",
  "appointments",
  "assign",
  "book",
  "bring",
  "build",
  "calendar",
  "client",
  "clients",
  "communication",
  "communications",
  "configure",
  "connect",
  "create",
  "crew",
  "crews",
  "customer",
  "customers",
  "dashboard",
  "export",
  "feature",
  "find",
  "help",
  "hipaa",
  "home",
  "income",
  "integrate",
  "invoiced",
  "integration",
  "integrations",
  "invoice",
  "invoices",
  "job",
  "jobs",
  "link",
  "month",
  "navigate",
  "notification",
  "notifications",
  "open",
  "optimise",
  "optimize",
  "outstanding",
  "overdue",
  "page",
  "patient",
  "patients",
  "payment",
  "payments",
  "please",
  "quickbooks",
  "reminder",
  "reminders",
  "remind",
  "received",
  "revenue",
  "route",
  "routes",
  "schedule",
  "search",
  "settings",
  "show",
  "stripe",
  "takings",
  "team",
  "teams",
  "technicians",
  "today",
  "tomorrow",
  "twilio",
  "unpaid",
  "visit",
  "visits",
  "week",
  "yesterday",
];
/** Everyday words a typo away from a known word, kept as they are ("look up" is not "book up"). */
const COMMON_WORDS = [
  "come",
  "cook",
  "done",
  "fine",
  "give",
  "have",
  "held",
  "hook",
  "hope",
  "kind",
  "like",
  "line",
  "live",
  "look",
  "lookup",
  "mind",
  "reschedule",
  "rescheduled",
  "unschedule",
  "more",
  "move",
  "none",
  "seek",
  "some",
  "take",
  "that",
  "them",
  "then",
  "this",
  "took",
  "want",
  "weak",
  "what",
  "when",
  "wish",
  "with",
  "work",
  "would",
  "team",
  "shop",
  "ring",
  "sow",
  "spend",
  "visitor",
  "books",
  "remainder",
  // Trades' words a typo away from a command ("mow" is not "move").
  "mow",
  "mows",
  "mowed",
  "mower",
  "mulch",
  "moss",
  "roof",
  "pool",
  "pest",
  "tree",
  "trim",
  "lawn",
  "pump",
  "vent",
  "duct",
  "leak",
  "sink",
  "drain",
  "pipe",
  "filter",
];
const VOCABULARY_SET = new Set([...VOCABULARY, ...COMMON_WORDS]);

/** A word as the rules read it: lower case, and a typo of a known word read as that word. */
export function correctedWord(word: string): string {
  return correct(word.toLowerCase().replace(/[^a-z]/g, ""));
}

function correct(word: string): string {
  if (VOCABULARY_SET.has(word) || word.length < 4) return word;
  let best = word;
  let bestDistance = typoAllowance(word.length) + 1;
  for (const candidate of VOCABULARY) {
    if (Math.abs(candidate.length - word.length) >= bestDistance) continue;
    const distance = editDistance(word, candidate);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

/**
 * The message with typos of the rules' words written right ("recrod a cash paymnet on invoce 1032"), so the rules that
 * read whole phrases see them. A capitalized word inside a sentence is a name and stays as typed, as does a word said
 * as someone's ("Bob's").
 */
export function typosFixed(text: string): string {
  return text.replace(/\b[A-Za-z]{4,}\b(?!['’]s\b)/g, (word, offset: number) => {
    const startsSentence = offset === 0 || /[.!?]\s*$/.test(text.slice(0, offset));
    if (/^[A-Z]/.test(word) && !startsSentence) return word;
    const lower = word.toLowerCase();
    const fixed = correct(lower);
    // "todays" is today's, not a typo: a word that only adds to or drops from a known one stays as written.
    return fixed === lower || lower.startsWith(fixed) || fixed.startsWith(lower) ? word : fixed;
  });
}

/** Office shorthand written out, so every rule reads one spelling: "w/ crew b", "pd 1032", "phone #", "# of jobs". */
const SHORTHAND: [RegExp, string][] = [
  [/\bw\/\s*/gi, "with "],
  [/\bw\s+(?=(?:crew|team)\b)/gi, "with "],
  [
    /\b(?:u|ya)\b(?=\s+(?:get|send|book|schedule|put|move|push|pull|show|tell|give|add|make|do|check|see|find))/gi,
    "you",
  ],
  [/\b(?:pls|plz)\b/gi, "please"],
  [/\b(today|tomorrow)s\b/gi, "$1's"],
  [/\bw\/o\b/gi, "without"],
  [/\bpd\b/gi, "paid"],
  [/\binvs\b/gi, "invoices"],
  [/\b(?:phone|ph|tel|cell)\s*(?:#|no\.?)(?=\s|$)/gi, "phone number"],
  [/(?:^|\s)#\s*of\b/gi, " number of"],
  [/\bappts?\b/gi, "appointment"],
  [/\bsched\b/gi, "schedule"],
  // "crew c → acme wh install fri 8a": a crew sent to the work that follows.
  [/^\s*((?:crew|team)\s+[a-z0-9]+)\s*(?:->|=>|→|:)\s*(.+?)\s*$/i, "$2 with $1"],
  // "B sched tmrw?": a crew's letter before its schedule.
  [/^\s*([A-Z])\s+(?=sched(?:ule)?\b)/, "crew $1 "],
  // "fri 8a", "mon 2p": a time's am or pm by its letter.
  [/\b(\d{1,2}(?::\d{2})?)([ap])\b/gi, "$1$2m"],
  [/\b1st thing\b/gi, "first thing"],
  [/\bcrw\b/gi, "crew"],
  [/\bopt\b(?=\s+(?:the\s+)?(?:routes?|day|schedule)\b)/gi, "optimize"],
  // "… Oh, and put Crew A on it instead.": the crew for what was just asked.
  [
    /[.,;]?\s*(?:oh,?\s*)?(?:and\s+)?(?:please\s+)?(?:put|give it to|assign it to|hand it to|have)\s+((?:crew|team)\s+[a-z0-9]+|[a-z0-9]+\s+(?:crew|team))\s+(?:on it|on that|do it|take it|on the job)(?:\s+instead)?\s*[.!]?\s*$/gi,
    " with $1",
  ],
  // "…at 10:30? crew c can go", "Crew B can do it": the crew for what was just asked.
  [
    /\s*[.,;?!]?\s*((?:crew|team)\s+[a-z0-9]+|[a-z0-9]+\s+(?:crew|team))\s+(?:can|could|will|is free to|is able to)\s+(?:go|do it|do that|take it|take that|handle it|cover it)\s*[.!]?\s*$/gi,
    " with $1",
  ],
  // "…to the afternoon, same day", "…to the alpha team instead, same day and time": what stays as it is goes unsaid.
  [
    /\s*,?\s*(?:(?:\bon\s+|\bat\s+)?(?:the\s+)?same|keep(?:ing)?\s+the(?:\s+same)?)\s+(?:day|time|date|hour)(?:\s+(?:and|&)\s+(?:day|time|date|hour))?\b(?!\s+as\b)/gi,
    "",
  ],
  // "ortiz cleanup +1 day", "-2 hrs": a shift, written as one.
  [/(?<![\w$])\+\s*(\d{1,2})\s*(days?|weeks?|hours?|hrs?)\b/gi, "$1 $2 later"],
  [/(?<![\w$])-\s*(\d{1,2})\s*(days?|weeks?|hours?|hrs?)\b/gi, "$1 $2 earlier"],
  // "jane mow tmrw -> 9am": an arrow says where it goes.
  [/\s*(?:->|=>|→)\s*/g, " to "],
  // "(yes theyre a customer lol)": an aside in brackets says nothing to do.
  [/\s*\((?=[^()]*[a-z]{2,}\s+[a-z]{2,})[^()]{3,80}\)/gi, " "],
  // "thursdays cleanup" is Thursday's.
  [
    /\b(sunday|monday|tuesday|wednesday|thursday|friday|saturday)s\s+(?!(?:and|or|at|in|on|are|is|with|from|to|for|only|please|now|instead|works?|then|morning|afternoon|evening|night|first|next|after|before|week)\b)(?=[a-z])/gi,
    "$1's ",
  ],
  [/\b2day\b/gi, "today"],
  [/\b2nite\b/gi, "tonight"],
  [/\b(\d+)\s*hrs?\b/gi, "$1 hours"],
  [/\b(what|how|who|where|when|why)['’]d\b/gi, "$1 did"],
  [/\barvo\b/gi, "afternoon"],
  [/\b(?:aircon|air[- ]con|a\/c)\b/gi, "AC"],
  [/\bpunters\b/gi, "customers"],
  [/\bfortnight\b/gi, "two weeks"],
  [/\b(?:yday|ystrdy|yest)\b/gi, "yesterday"],
  // "which clients are in arrears", "how many bills are late": what is past due, in other words for it.
  [/\b(?:in\s+)?arrears\b/gi, "past due"],
  [/\bbills\b(?=\s+(?:are|r|that\s+are|still)\s+(?:late|overdue|past\s+due|unpaid|outstanding|open)\b)/gi, "invoices"],
  [/\binvoice\s+(?:ref|reference|ref\.)\s*(?=#?\d)/gi, "invoice "],
  [/\binv\.?\s*(?=#?\d)/gi, "invoice "],
  // "email/text settings": two words joined by a slash are both meant ("12/8" is a date, "settings/payments" a page).
  [/(?<![/\w])(?!settings\/)([a-z]{2,})\/([a-z]{2,})\b(?!\/)/gi, "$1 and $2"],
  // "furnace filter change", "dressing change": the work of changing a part is a noun, not a move.
  [
    /\b(filters?|oil|tires?|tyres?|batter(?:y|ies)|bulbs?|locks?|cartridges?|belts?|fluids?|sheets?|linens?|bedding|dressings?|catheters?|air)\s+change\b(?!\s+(?:it|the|that|this|to|from|them|her|his|their)\b)/gi,
    "$1 changeout",
  ],
  // "a move out clean": the clean of a home being left (or moved into), not a move of a visit.
  [/\bmove[- ]?(out|in)\b(?=\s+(?:clean|cleaning|cleanup|clean-up|deep clean|inspection|carpet|paint))/gi, "move-$1"],
  // The words an office shortens when it types in a hurry.
  [/\binv\b/gi, "invoice"],
  [/\b(?:custs|cxs)\b/gi, "customers"],
  [/\b(?:cust|cx)\b/gi, "customer"],
  [/\b(?:addy|addr)\b/gi, "address"],
  [/\brev\b(?!\.|\s+(?:up|it)\b)/gi, "revenue"],
  [/\b(?:appts)\b/gi, "appointments"],
  [/\b(?:appt)\b/gi, "appointment"],
  [/\bpg\b/gi, "page"],
  [/\byrs\b/gi, "years"],
  [/\byr\b/gi, "year"],
  [/\bwks\b/gi, "weeks"],
  [/\bwk\b/gi, "week"],
  [/\b(?:mths|mnths)\b/gi, "months"],
  [/\b(?:mth|mnth)\b/gi, "month"],
  [/\b(?:chq|chk|cheque)\b/gi, "check"],
  [/\btxts\b/gi, "texts"],
  [/\btxt\b/gi, "text"],
  [/\bmsgs\b/gi, "messages"],
  [/\bmsg\b/gi, "message"],
  [/\bu\b(?!\.s\b|-)/gi, "you"],
  [/\bur\b/gi, "your"],
  [/\b(where|what|who|how|when|why)\s+r\b/gi, "$1 are"],
  [/\br\s+(?=you\b|we\b|they\b|there\b)/gi, "are "],
  // "swap the dec 4 mowing from crew b to crew a": the crew it leaves is not where it goes.
  [
    /\bfrom\s+(?:(?:crew|team)\s+[a-z0-9]+|[a-z0-9]+\s+(?:crew|team))\s+(?=to\s+(?:the\s+)?(?:(?:crew|team)\s+[a-z0-9]+|[a-z0-9]+\s+(?:crew|team))\b)/gi,
    "",
  ],
  // "…, crew b stays", "keep crew b on it": the crew that stays goes unsaid.
  [
    /\s*[,;-]?\s*(?:(?:crew|team)\s+[a-z0-9]+|[a-z0-9]+\s+(?:crew|team)|same crew|the crew)\s+(?:stays(?:\s+on\s+it)?|keeps\s+it|stays\s+the\s+same)\b/gi,
    "",
  ],
  [
    /\s*[,;-]?\s*keep\s+(?:(?:crew|team)\s+[a-z0-9]+|[a-z0-9]+\s+(?:crew|team)|the same crew|the crew)(?:\s+on\s+it)?\b/gi,
    "",
  ],
  [
    /\s*[,;-]?\s*(?:with\s+)?(?:the\s+)?same\s+(?:crew|team)\b(?:\s+(?:is|['’]s)\s+(?:fine|ok|okay|good|great)|\s+works)?/gi,
    "",
  ],
  // "get 204 in asap tmrw": as soon as possible, when the day is said, is that day.
  [
    /\s*\basap\b\s*(?=.*\b(?:today|tomorrow|tmrw|monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon|tue|tues|wed|thu|thurs|fri|sat|sun)\b)/gi,
    " ",
  ],
  // "reminder 4 this guy", "new job 4 jane smith": "for", where no count or time is meant.
  [
    /(?<=\b(?:reminders?|jobs?|invoices?|visits?|appointments?|payments?|quotes?|estimates?|texts?|e-?mails?|messages?|notes?|something|one|it|them|him|her)\s)4(?=\s+(?!(?:am|pm|a\.m|p\.m|o['’]?clock|days?|weeks?|hours?|mins?|minutes?|months?|tomorrow|today|tonight|(?:this|next)\s+(?:morning|afternoon|evening|week|month|year|monday|tuesday|wednesday|thursday|friday|saturday|sunday))\b)[a-z])/gi,
    "for",
  ],
];

/** Spanish an office mixes in, read as the English the rules know: "pon a acme mañana a las 8 con crew b". */
const SPANISH: [RegExp, string][] = [
  [/,?\s*\bpor favor\b/gi, " please"],
  [
    /\b(?:pueden|podr[ií]an|puedes|podr[ií]as)\s+(?:agregar|a[nñ]adir|crear|hacer)\s+(?:una|un)\s+(?:funci[oó]n|opci[oó]n|herramienta|m[oó]dulo)\b/gi,
    "can you add a feature",
  ],
  [/\bpag[oó]\s+en\s+efectivo\b/gi, "paid in cash"],
  [/\ben\s+efectivo\b/gi, "in cash"],
  [/\b(?:con|en)\s+cheque\b/gi, "by check"],
  [/\bpag[oó]\s+(?:con|en)\s+cheque\b/gi, "paid by check"],
  [/\bpag[oó](?=\s+(?:la|el|su|sus|los|las|\$|\d))/gi, "paid"],
  [/\b(?:necesito|quiero)\s+ver\b/gi, "show me"],
  [/\b(?:las\s+)?facturas\s+(?:vencidas|atrasadas)\b/gi, "past due invoices"],
  [/\b(?:las\s+)?facturas\s+(?:sin pagar|pendientes|impagas)\b/gi, "unpaid invoices"],
  [/\b(?:las\s+)?facturas\b/gi, "invoices"],
  [/\b(?:la|el)\s+(?=invoice\b|factura\b)/gi, ""],
  [/\bqui[eé]n(?:es)?\s+no\s+(?:ha|han)\s+pagado\b/gi, "who hasn't paid"],
  [/\bnuevo\s+trabajo\b/gi, "new job"],
  [/\bpara\b/gi, "for"],
  [/\bpasado mañana\b/gi, "the day after tomorrow"],
  [/\bpor la (?:tarde)\b/gi, "afternoon"],
  [/\bpor la mañana\b/gi, "morning"],
  [/\bmisma hora\b/gi, "same time"],
  // "al lunes 7": Monday the 7th (a time is said "a las 7").
  [
    /\b(lunes|martes|mi[eé]rcoles|jueves|viernes|s[aá]bado|domingo)\s+(\d{1,2})\b(?!\s*(?::|am\b|pm\b|h\b|hrs?\b))/gi,
    "$1 the $2th",
  ],
  [/\bde\s+mañana\s+al?\s+(?=lunes|martes|mi[eé]rcoles|jueves|viernes|s[aá]bado|domingo)/gi, "from tomorrow to "],
  [/\bcu[aá]nt[oa]s\s+(clientes|trabajos|facturas|visitas)\s+tenemos\b/gi, "how many $1 do we have"],
  [/\bqui[eé]n(?:es)?\s+(?:me|nos)\s+debe(?:n)?\s+(?:dinero|plata)?/gi, "who owes us money"],
  [
    /\bq(?:u|ú)[eé]\s+tiene\s+(.+?)\s+(?=mañana|hoy|el\s|para\s|lunes|martes|mi[eé]rcoles|jueves|viernes)/gi,
    "what does $1 have ",
  ],
  [
    /\b(?:manda|m[aá]ndale|env[ií]a|env[ií]ale)\s+(?:un|el)\s+(?:reminder|recordatorio)\s+de\s+pago\s+a\b/gi,
    "send a payment reminder to",
  ],
  [/\bvisitas\b/gi, "visits"],
  [/\b(?:la\s+)?visita\s+de\s+/gi, "the visit of "],
  [/\b(?:lo\s+)?de\s+mañana\b/gi, "tomorrow's"],
  [/\bmañana\b/gi, "tomorrow"],
  [/\bhoy\b/gi, "today"],
  [/\bal\s+(lunes|martes|mi[eé]rcoles|jueves|viernes|s[aá]bado|domingo)\b/gi, "to $1"],
  [/\b(?:para\s+el|el)\s+(lunes|martes|mi[eé]rcoles|jueves|viernes|s[aá]bado|domingo)\b/gi, " $1"],
  [/\blunes\b/gi, "monday"],
  [/\bmartes\b/gi, "tuesday"],
  [/\bmi[eé]rcoles\b/gi, "wednesday"],
  [/\bjueves\b/gi, "thursday"],
  [/\bviernes\b/gi, "friday"],
  [/\bs[aá]bado\b/gi, "saturday"],
  [/\bdomingo\b/gi, "sunday"],
  [/\ba las (\d{1,2}(?::\d{2})?)/gi, "at $1"],
  [/\bcon\s+(?=(?:crew|team|equipo)\b)/gi, "with "],
  [/\bequipo\s+/gi, "crew "],
  [/\b(?:pon|ponle|agenda|agendar|programa|programar|reserva)\s+(?:a\s+)?/gi, "schedule "],
  [/\b(?:mueve|mover|cambia|cambiar|pasa)\s+(?:lo\s+de\s+|el\s+|la\s+)?/gi, "move "],
  [/\bq(?:u|ú)e\s+tenemos\b/gi, "what's on"],
  [/\bfactura\b/gi, "invoice"],
  [
    /\b(?:cu[aá]nto|how much)\s+(?:nos\s+|me\s+)?debe\s+(?!(?:el|ella|ellos|usted)\b)([^?¿]+?)\s*\??$/gi,
    "how much does $1 owe",
  ],
  // "cuánto cobramos el mes pasado": what was collected, in a period.
  [/\bcu[aá]nto\s+(?:dinero\s+)?(?:cobramos|hemos cobrado|recibimos)\b/gi, "how much did we collect"],
  [/\bcu[aá]nto\s+(?:facturamos|hemos facturado)\b/gi, "how much did we invoice"],
  // "el corte de césped": the mowing.
  [/\b(?:el\s+)?(?:corte\s+(?:de|del)\s+(?:c[eé]sped|pasto)|cortar\s+el\s+(?:c[eé]sped|pasto))\b/gi, "mowing"],
  // "¿Pueden construir eso?": can you build that?
  [
    /¿?\s*(?:pueden|puedes|podr[ií]an|podr[ií]as)\s+(?:construir|hacer|crear|armar)\s+(?:eso|esto)\s*\??/gi,
    "can you build that?",
  ],
  [/\b(?:el\s+)?mes\s+pasado\b/gi, "last month"],
  [/\b(?:este|esta)\s+mes\b/gi, "this month"],
  [/\b(?:la\s+)?semana\s+pasada\b/gi, "last week"],
  [/\bcu[aá]nto\s+debe\b/gi, "how much do they owe"],
  [/\b(?:m[aá]ndale|env[ií]ale|manda)\s+un\s+recordatorio\s+de\s+pago\s+a\b/gi, "send a payment reminder to"],
  [/\bll[eé]vame\s+a\b/gi, "take me to"],
  [/\b(?:los\s+)?trabajos\b/gi, "jobs"],
  [/\b(?:el\s+)?trabajo\s+(?=#?\d)/gi, "job "],
  [/\b(?:el\s+)?trabajo\b/gi, "the job"],
  [
    /\b(?:a\s+)?todos\s+los\s+clientes\s+(?:atrasados|morosos|vencidos|que\s+(?:deben|no\s+han\s+pagado))\b/gi,
    "to all past due customers",
  ],
  [/\brecordatorios?\s+de\s+pago\b/gi, "payment reminders"],
  [/\b(?:manda|m[aá]ndales|env[ií]a|env[ií]ales)\s+(?=payment reminders\b)/gi, "send "],
  [/\b(?:los\s+)?clientes\b/gi, "customers"],
  [/\b(?:las\s+)?cuadrillas\b/gi, "crews"],
  [/\b(?:la\s+)?p[aá]gina\s+de\s+(\w+)/gi, "the $1 page"],
  [/\b(?:la\s+)?p[aá]gina\b/gi, "the page"],
  [/\b(?:los\s+)?ajustes\b|\b(?:la\s+)?configuraci[oó]n\b/gi, "settings"],
  // "del 4 de diciembre al lunes 7": from one day to another.
  [
    /\bdel\s+(\d{1,2})\s+de\s+(enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|setiembre|octubre|noviembre|diciembre)\b/gi,
    "from $2 $1",
  ],
  [
    /\b(?:el\s+)?(\d{1,2})\s+de\s+(enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|setiembre|octubre|noviembre|diciembre)\b/gi,
    "$2 $1",
  ],
  [
    /\bal\s+(?=(?:lunes|martes|mi[eé]rcoles|jueves|viernes|s[aá]bado|domingo|monday|tuesday|wednesday|thursday|friday|saturday|sunday|enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre)\b)/gi,
    "to ",
  ],
  [/\benero\b/gi, "january"],
  [/\bfebrero\b/gi, "february"],
  [/\bmarzo\b/gi, "march"],
  [/\babril\b/gi, "april"],
  [/\bmayo\b/gi, "may"],
  [/\bjunio\b/gi, "june"],
  [/\bjulio\b/gi, "july"],
  [/\bagosto\b/gi, "august"],
  [/\bs(?:ep)?tiembre\b/gi, "september"],
  [/\boctubre\b/gi, "october"],
  [/\bnoviembre\b/gi, "november"],
  [/\bdiciembre\b/gi, "december"],
];

/** Words that tell what happened, which a greeting's opening does not: "hey so luis ortiz called,". */
const SAYS_WHAT_HAPPENED =
  /\b(?:called|rang|phoned|texted|emailed|e-mailed|wrote|messaged|said|asked|wants|needs|booked|paid|cancel(?:l?ed)?|is|has|was)\b/i;
/** A greeting, a sign-off or an apology around the request: "Hi there,", "Many thanks, Sarah", "New hire here, sorry!". */
const CHATTER_SENTENCE =
  /^(?:hi|hello|hey|hiya|g['’]?day|good (?:morning|afternoon|evening)|dear\b|hope\b|i hope\b|apologies|sorry\b|many thanks|thanks|thank you|cheers|best\b|kind regards|regards|warm regards|all the best|ta\b|new hire|i['’]?m new|i only started)/i;
/** What a business is or does, as an owner introduces it. */
const TRADE = String.raw`(?:company|business|outfit|agency|firm|shop|operation|trade|crew|plumb\w*|roof\w*|hvac|lawns?|landscap\w*|pools?|pest(?: control)?|clean\w*|electric\w*|home health|nurs\w*|gutters?|trees?|computers?|apps?|owner|guy|gal)`;
/**
 * An owner saying who they are before asking ("Im a plumber, 20 yrs in the trade.", "We do lawns and aeration.",
 * "roofer here.", "HVAC guy here,"): set aside when a request follows, as a greeting is.
 */
const INTRODUCTION = new RegExp(
  String.raw`^(?:(?:ok|okay|so|well|hi|hey|hello)[,\s]+)*(?:(?:i|we)(?:['’]?m|['’]?re|\s+am|\s+are)?\s+(?:(?:mostly|mainly|just|only|really|also|a|an|the)\s+)*(?:(?:run|own|have|operate|started|do|work in|work)\s+)?(?:(?:a|an|my|our|the)\s+)?(?:(?!(?:at|for|with|on|to|from)\b)[\w-]+\s+){0,3}?${TRADE}\b(?![^.!?]*\b(?:asked|asking|wants?|needs?|called|rang|texted|emailed|said|booked|paid|owes?|tomorrow|today|tmrw|monday|tuesday|wednesday|thursday|friday|saturday|sunday|\d{1,2}(?::\d{2})?\s*(?:am|pm))\b)[^.!?]*|(?:[\w-]+\s+){1,3}here)\s*[.!,;:-]+\s+`,
  "i",
);

/** Words that carry no request: "um", "like", "so yeah", "mate", "do you know if". */
const FILLERS: [RegExp, string][] = [
  // "When you have a moment, please record…": a courtesy before the request, not a question of when.
  [
    /^\s*(?:when(?:ever)?\s+you\s+(?:have|get|find)\s+a\s+(?:moment|minute|sec|second|chance)|if\s+you\s+(?:have|get)\s+a\s+(?:moment|minute|sec|second|chance)|at\s+your\s+(?:earliest\s+)?convenience)\s*[,.;:–—-]?\s*/i,
    "",
  ],
  [
    /\b(?:do you know|i was wondering|just wondering|wondering)\s+(?:(?:if|whether)\b|(?=(?:what|when|who|how|which|where)\b))/gi,
    "",
  ],
  [/,?\s*\bdo you know\b\??\s*$/gi, ""],
  [/\b(?:um+|uh+|erm+|er|hmm+)\b,?/gi, " "],
  [/\b(?:so yeah|yeah so|you know|i mean|kind of|sort of)\b,?/gi, " "],
  [/(?<!\b(?:would|'d|i|we|you|they|to|feel|looks|look|something))\s+like\s+(?!to\b|that\b|this\b)/gi, " "],
  [/,?\s*\b(?:mate|mates|cheers)\b[.!]?/gi, " "],

  [/\b(?:i reckon|reckon)\b/gi, " "],
  [/\b(?:mr|mrs|ms|miss|dr)\.?\s+(?=[a-z])/gi, ""],
];

const TIME_WORD = String.raw`(?:\d{1,2}(?::\d{2})?\s*(?:am|pm|a\.m\.|p\.m\.)?|noon|midday)`;
const DAY_WORD = String.raw`(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon|tues?|wed|thur?s?|fri|sat|sun|today|tomorrow|tmrw)(?![a-z])`;
const CREW_WORD = String.raw`(?:crew|team)\s+[a-z0-9]+|[a-z0-9]+\s+(?:crew|team)`;
const MONEY_WORD = String.raw`\$\s?\d[\d,]*(?:\.\d{1,2})?`;
const RETRACT = String.raw`(?:no,?\s*wait|no(?=\s*,?\s*[$\w])|wait,?\s*no|no,?\s*sorry|sorry|oops|i mean|i meant|actually|make that|scratch that|correction|er+m?|rather)`;
/**
 * A correction made while typing keeps what was meant: "thursday at 2, no wait, 3" is 3, "at 10 — sorry, 11" is 11,
 * "2, not 11" is 2, "crew b not crew c" is crew b, "not thursday, friday" is friday.
 */
const CORRECTIONS: [RegExp, string][] = [MONEY_WORD, TIME_WORD, DAY_WORD, CREW_WORD].flatMap(
  (kind): [RegExp, string][] => [
    [
      new RegExp(String.raw`(?<![\w$])(${kind})\s*[,;:–—-]*\s*${RETRACT}\b[,:;.!–—-]*\s*(${kind})(?![\w:])`, "gi"),
      "$2",
    ],
    [
      new RegExp(
        String.raw`(?<![\w$])(${kind})\s*,?\s+(?:and\s+)?(?:not|instead of|rather than)\s+(?:at\s+|on\s+)?(?:${kind})(?![\w:])`,
        "gi",
      ),
      "$1",
    ],
    [
      new RegExp(String.raw`\bnot\s+(?:at\s+|on\s+)?(?:${kind})\s*[,;–—-]*\s*(?:but\s+)?(${kind})(?![\w:])`, "gi"),
      "$1",
    ],
  ],
);
/** "with crew a... hmm, crew b is closer, use them": the crew preferred after a reason replaces the one said. */
const CREW_SAID = String.raw`(?:crew|team)\s+[a-z0-9]+|(?!(?:with|and|the|to|a|use|for|on|by|give)\b)[a-z0-9]+\s+(?:crew|team)`;
const CREW_PREFERRED = new RegExp(
  String.raw`\b(${CREW_SAID})\b([^.!?…]*?)\s*[.,;…]+\s*(?:(?:hmm+|oh|actually|wait|no|ah)[,.!]?\s*)*(${CREW_SAID})\s+(?:is|are|would be|['’]s|will be)\s+(?:closer|nearer|better|free|available|around|in the area|quicker)\b[^.!?]*?(?:[,;.]\s*|\s+)(?:so\s+)?(?:use|take|go with|send|give it to|put)\s+(?:them|it|those guys|that one|him|her)\b`,
  "gi",
);
const TIME_AFTER = /\s*[.;]\s+(?:at\s+)?(\d{1,2}(?::\d{2})?\s*(?:am|pm|a\.m\.|p\.m\.)|noon)\s*[.!]?\s*$/i;
const CREW_BEFORE_TIME = new RegExp(
  String.raw`\b(${DAY_WORD})\s+(with\s+(?:${CREW_SAID}))\s+(?:at\s+|@\s*)(${TIME_WORD})(?![\w:])`,
  "gi",
);
const CREW_NOT_LETTER = /\b((?:crew|team)\s+[a-z0-9]+)\s*,?\s+not\s+[a-z0-9]\b/gi;

/** "push the cleanup to friday. wait no, leave that one, move the sprinkler check…": what was said before is dropped. */
const START_OVER =
  /^[\s\S]*?[.!;,]\s*(?:(?:wait|hold on|hmm+|actually|oh)[,.!]?\s*)*(?:no|nope)?[,.!]?\s*(?:leave (?:that|it|this)(?: one)?(?: alone| as is)?|forget (?:that|it|this)(?: one)?|never ?mind(?: (?:that|it)|(?=[,.;!]?\s+just\b))|scratch that|don['’]?t do that)(?!\s+(?:unassigned|without|open|empty|blank|off|on|for|with|to)\b)[,.;!]?\s+(?:just\s+)?(?=\S)(?![^\s.!?]+[.!?]*$)(?!(?:give|hand|assign|put)\s+(?:it|that|them|this)\s+(?:to|with|on)\s+(?:the\s+)?(?:(?:crew|team)\s+\w+|\w+\s+(?:crew|team))\s*[.!]*$)/i;

/**
 * A repair in the middle of a sentence: "for Jane Smith, I mean John Smith, for a duct cleaning", "on the 2nd, er, the
 * 3rd, at 1", "to Elena Garcia... no, to Luis Ortiz", "to wednesday at 3... actually the 3rd at 3 is better". What
 * follows the retraction replaces what it repeats the shape of: from the same preposition, or as many words alike.
 */
const MID_RETRACT =
  /(?:\s*(?:\.{2,}|…|[,;–—])\s*|\s+[-–—]+\s*)(?:(?:no|nope|er+m?|um+|uh+|oh|hmm+|sorry|oops|wait|hang on|hold on|actually|i mean|i meant|or rather|rather)[,:.!]?\s+)+(?=\S)/gi;
const REPAIR_PREPOSITION = /^(to|for|on|at|with|from)\b/i;
const WEEKDAY_OR_DATE =
  /^(?:(?:mon|tues?|wed|thur?s?|fri|sat|sun)(?:day)?|wednesday|saturday|today|tomorrow|tmrw|\d{1,2}(?:st|nd|rd|th)|\d{1,2}\/\d{1,2})$/i;

function wordShape(word: string): string {
  const bare = word.replace(/[^\w/:]+/g, "");
  if (WEEKDAY_OR_DATE.test(bare)) return "day";
  if (/^\d{1,2}(?::\d{2})?(?:am|pm|a|p)?$/i.test(bare)) return "time";
  if (/^[A-Z][a-z]/.test(word)) return "name";
  return bare.toLowerCase();
}

function repaired(text: string): string {
  for (const found of [...text.matchAll(MID_RETRACT)].reverse()) {
    const head = text.slice(0, found.index);
    const after = text.slice(found.index + found[0].length);
    const clause = /^[^,.;!?…]+/.exec(after)?.[0] ?? "";
    const said = clause
      .replace(/\s+(?:is|would be|works|['’]d be)\s+(?:better|best|good|fine|easier)\b.*$/i, "")
      .replace(/\s+(?:instead|please)\s*$/i, "")
      .trim();
    if (said === "" || said.split(/\s+/).length > 5) continue;
    const rest = after.slice(clause.length);
    const preposition = REPAIR_PREPOSITION.exec(said)?.[1];
    if (preposition) {
      const earlier = [...head.matchAll(new RegExp(`\\b${preposition}\\b`, "gi"))].at(-1);
      if (earlier) {
        text = `${head.slice(0, earlier.index)}${said}${rest}`;
        continue;
      }
    }
    const saidWords = said.split(/\s+/).filter((word) => !/^the$/i.test(word));
    const headWords = head.trimEnd().split(/\s+/);
    let start = headWords.length;
    let matched = 0;
    while (start > 0 && matched < saidWords.length) {
      start -= 1;
      if (!/^the$/i.test(headWords[start]!)) matched += 1;
    }
    if (/^the\b/i.test(said) && start > 0 && /^the$/i.test(headWords[start - 1]!)) start -= 1;
    const replaced = headWords.slice(start).filter((word) => !/^the$/i.test(word));
    if (
      replaced.length === saidWords.length &&
      replaced.every((word, index) => wordShape(word) === wordShape(saidWords[index]!)) &&
      replaced.some((word) => ["day", "time", "name"].includes(wordShape(word)))
    )
      text = `${headWords.slice(0, start).join(" ")} ${said}${rest}`;
  }
  return text;
}

function corrected(text: string): string {
  text = text.replace(START_OVER, "");
  // "with crew b, at 9": a time set off by a comma is still the clause's.
  text = repaired(text);
  text = text.replace(CREW_PREFERRED, "$3$2");
  // "…on monday with crew b. 10am": a time said alone after the request is the request's.
  text = text.replace(TIME_AFTER, " at $1");
  // "monday with crew b at 10am": the day and its time together, the crew after them.
  text = text.replace(CREW_BEFORE_TIME, "$1 at $3 $2");
  const fixed = CORRECTIONS.reduce(
    (out, [pattern, replacement]) => out.replace(pattern, replacement),
    text.replace(CREW_NOT_LETTER, "$1"),
  );
  // "with crew b, at 9": a time set off by a comma is still the clause's.
  const tail = tailCorrected(fixed.replace(/,\s+(?=(?:at|@)\s*\d)/gi, " ").replace(CREW_BEFORE_TIME, "$1 at $3 $2"));
  // What the corrections above did not read, read by the kinds of things the correction names.
  return correctedByKind(tail) ?? tail;
}

/** "… — actually, Crew C's", "… er, make that $80", "Sorry, I meant the jobs page": a correction at the end. */
const TAIL_CORRECTION =
  /(?:\s*[.,;…]+\s*|\s+[-–—]+\s*|\s+)(?:or\s+)?(?:(?:oh|er+m?|um+|sorry|no|nope|wait|actually|no wait|i meant|i mean|make (?:that|it)|scratch that|correction|let['’]?s (?:do|go with)|rather|(?:it|that)\s+was(?:\s+(?:a|by|in|paid by|paid in))?)[,:!.]?\s+)+(?:(?:just|only)\s+)?(?:the\s+)?(.+?)\s*(?:\b(?:first|instead|for now|please|then)\b\s*|,?\s*(?:(?:at|with)\s+)?(?:the\s+)?same\s+(?:time|hour|crew)\s*|\b(?:is|would be|works|['’]d be)\s+(?:better|best|good|fine|easier)(?:\s+for\s+(?:him|her|them|us|me))?\s*)?[.!?]*$/i;

/** What a correction can replace: the same kind of thing said before it, the last of them. */
const CORRECTABLE: RegExp[] = [
  new RegExp(String.raw`${MONEY_WORD}`, "gi"),
  /#?\b\d{3,9}\b/g,
  new RegExp(
    String.raw`\b(?:first thing\s+|early\s+)?(?:${DAY_WORD})(?:\s+(?:at|@)\s*${TIME_WORD}|\s+(?:morning|afternoon|first thing))?`,
    "gi",
  ),
  // A number or a little word before "crew" is no crew's name ("wed 10 crew a", "with crew b").
  /\b(?:crew|team)\s+[a-z0-9]+(?:['’]s)?|\b(?!(?:\d+|with|to|for|by|and|the|a|an|on|at|in|of|from|my|our|same)\s)[a-z0-9]+\s+(?:crew|team)(?:['’]s)?/gi,
  /\b(?:quickbooks|stripe|twilio)\b/gi,
  /\b(?:customers|jobs|crews|settings|dashboard)(?:\s+page)?\b/gi,
  /\b(?:cash|check|cheque|card)\b/gi,
  /\b(?:january|february|march|april|may|june|july|august|september|october|november|december)(?:['’]s)?/gi,
  // "…to 1, actually make it 2": a time said alone, the last one a request gave ("the 9am tues…" names a visit).
  /(?<=\b(?:to|at|for)\s+)\d{1,2}(?::\d{2})?(?:\s*(?:am|pm))?(?![\w:])/gi,
];
/** "Remind everyone who's past due — actually, just Luis Ortiz": everyone, corrected to one of them. */
const EVERYONE_OWING =
  /\b(?:everyone|everybody|all (?:the )?(?:customers|clients))(?:\s+(?:who['’]?s|who is|that['’]?s|that are|who are)\s+(?:past due|overdue|late|behind))?/i;

const DAY_ONLY = new RegExp(String.raw`^(?:${DAY_WORD})$`, "i");
const AT_TIME = new RegExp(String.raw`\s+(?:at|@)\s*${TIME_WORD}$`, "i");

/** "give it to alpha team": the crew is what the correction names. */
const GIVE_IT_TO = /^(?:give|hand|assign|put)\s+(?:it|that|them|this)\s+(?:to|with|on)\s+/i;
const CREW_KIND = CORRECTABLE[3]!;

/** The head with `part` in place of the last thing of its kind said in it; null when `part` is of no kind. */
function replacedIn(head: string, said: string): string | null {
  const part = said.replace(/^(?:a|an|the)\s+/i, "");
  // "…$100 check on 1032 — no wait, it was $150, check 2207": a check's number is added, never an invoice's replaced.
  const checkNumber = /^(?:(?:check|cheque|chq)\s*(?:#|no\.?|number)?\s*|(?:#|no\.?|number)\s*)(\d{3,12})$/i.exec(
    part,
  )?.[1];
  if (checkNumber) return `${head.replace(/\b(?:cash|card)\b/i, "check")} check number ${checkNumber}`;
  for (const kind of CORRECTABLE) {
    // A kind read after a word ("to 1") is whole without that word: the correction says it alone.
    const whole = new RegExp(`^(?:${kind.source.replace(/^\(\?<=.*?\)(?=\\d)/, "")})$`, "i");
    if (!whole.test(part)) continue;
    const last = [...head.matchAll(kind)].at(-1);
    // "schedule 201 friday at 9 — make that 10, crew c": a crew not said before is added.
    if (!last) return kind === CREW_KIND ? `${head} with ${part}` : null;
    // "monday at 9, actually make that tuesday": another day, at the time said.
    const keptTime = DAY_ONLY.test(part) ? (AT_TIME.exec(last[0])?.[0] ?? "") : "";
    return head.slice(0, last.index) + part + keptTime + head.slice(last.index + last[0].length);
  }
  return null;
}

function tailCorrected(text: string): string {
  const found = TAIL_CORRECTION.exec(text);
  if (!found || found.index === 0) return text;
  const head = text.slice(0, found.index);
  const replacement = found[1]!
    .replace(/\binstead\b/gi, " ")
    // "make that 1 in the afternoon": the hour as it is written elsewhere.
    .replace(
      /\b(\d{1,2})(:[0-5]\d)?\s+in\s+the\s+(morning|afternoon|evening)\b/gi,
      (_all, hour: string, minutes: string | undefined, part: string) =>
        `${hour}${minutes ?? ""}${part.toLowerCase() === "morning" ? "am" : "pm"}`,
    )
    .replace(GIVE_IT_TO, "")
    .replace(/\s*,\s*(?=(?:at|@)\s)/gi, " ")
    .replace(/\s+/g, " ")
    .trim();
  const whole = replacedIn(head, replacement);
  if (whole !== null) return whole;
  // "make that 10, crew c": each part in its place.
  const parts = replacement.split(/\s*,\s*|\s+and\s+/).filter((part) => part !== "");
  if (parts.length > 1) {
    let out: string | null = head;
    for (const part of parts) out = out === null ? null : replacedIn(out, part.replace(GIVE_IT_TO, ""));
    if (out !== null) return out;
  }
  const everyone = EVERYONE_OWING.exec(head);
  if (everyone && /^[a-z][\w'’-]*(?:\s+[a-z][\w'’-]*){0,3}$/i.test(replacement))
    return head.slice(0, everyone.index) + replacement + head.slice(everyone.index + everyone[0].length);
  return text;
}

/**
 * What the rules read: office shorthand written out, and the politeness around a request set aside (greetings and
 * sign-offs as their own sentences, fillers), so that a pasted e-mail reads as its request.
 */
export function writtenOut(raw: string): string {
  const bullets = corrected(raw)
    .replace(/^\s*[-*•]\s*/, "")
    .replace(/\n\s*[-*•]\s*/g, ". ")
    .replace(
      /(?<=^|[.\n]\s*)(?:customer|client|what|when|where|time|date|day|crew|team|job|service|visit)\s*:\s*/gi,
      " ",
    )
    .replace(/\b(move to|to):\s*/gi, "$1 ");
  const sentences = bullets
    .split(/(?<=[.!?\n])\s+/)
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence !== "");
  // A short greeting, thanks or apology is set aside; a longer one carries the request after it.
  const kept = sentences
    .filter((sentence) => !(CHATTER_SENTENCE.test(sentence) && sentence.length <= 60))
    .map((sentence) => {
      // "Apologies, Jane Smith has rung…": the apology is its first words, up to the comma; "hey so luis ortiz called,"
      // says who, and stays.
      const opening = /^[^,]{1,60},\s*/.exec(sentence)?.[0] ?? "";
      const opened =
        CHATTER_SENTENCE.test(sentence) && !SAYS_WHAT_HAPPENED.test(opening)
          ? sentence.slice(opening.length)
          : sentence;
      const dash = /\s+[-–—]\s+/.exec(opened);
      return dash && CHATTER_SENTENCE.test(opened) ? opened.slice(dash.index + dash[0].length) : opened;
    });
  let text = (kept.length > 0 ? kept : sentences)
    .map((sentence) =>
      sentence.replace(
        /^(?:(?:hi|hello|hey|g['’]?day|good (?:morning|afternoon|evening))(?:\s+there)?|dear [^,]{1,40})[,!]\s*/i,
        "",
      ),
    )
    .join(" ");
  for (let introduced = INTRODUCTION.exec(text); introduced; introduced = INTRODUCTION.exec(text))
    text = text.slice(introduced[0].length);
  const translated = SPANISH.reduce((out, [pattern, replacement]) => out.replace(pattern, replacement), text);
  // In a sentence that is partly Spanish, "de" and "del" are "of": "el sprinkler check de ortiz".
  const english = translated === text ? text : translated.replace(/\bdel\b/gi, "of the").replace(/\bde\b/gi, "of");
  const withoutFillers = FILLERS.reduce((out, [pattern, replacement]) => out.replace(pattern, replacement), english);
  return SHORTHAND.reduce((out, [pattern, replacement]) => out.replace(pattern, replacement), withoutFillers)
    .replace(/\s{2,}/g, " ")
    .trim();
}

/** Counts said in words ("a week", "two days", "forty-eight hours"), as the rules that read durations take them. */
const COUNT_WORDS: Readonly<Record<string, number>> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  twelve: 12,
  fourteen: 14,
  "twenty-four": 24,
  thirty: 30,
  "forty-eight": 48,
};

/** A count written in digits or in words; undefined for a word that is no count. */
export function countOf(word: string): number | undefined {
  return /^\d+$/.test(word) ? Number(word) : COUNT_WORDS[word.toLowerCase()];
}

/** A message as the rules read it: lower case, punctuation gone, typos of known words corrected. */
export type ReadMessage = {
  raw: string;
  /** The corrected words joined by single spaces, padded with a space on each side for whole-word matching. */
  text: string;
  words: readonly string[];
};

export function readMessage(raw: string): ReadMessage {
  // "Bob's Bakery": a word said as someone's is a name, not a typo of a known word ("bobs" is not "jobs").
  const owners = new Set([...raw.toLowerCase().matchAll(/\b([a-z]+)['’]s\b/g)].map((found) => `${found[1]}s`));
  const words = raw
    .toLowerCase()
    .replace(/[’']/g, "")
    .split(/[^a-z0-9/]+/)
    .filter((word) => word !== "")
    .map((word) => (owners.has(word) ? word : correct(word)));
  return { raw, words, text: ` ${words.join(" ")} ` };
}

/** Whether the message holds any of the phrases as whole words (a phrase is words separated by single spaces). */
/** The words that take back what came before them: "no, hold on", "actually", "wait", "scratch that", "i meant". */
const CHANGE_OF_MIND =
  /[.!;,?—–-]\s*(?:(?:no|nope|wait|hold on|hmm+|oh|actually|sorry|on second thought|scratch that|never ?mind|i mean|i meant)[,.!]?\s*)+/gi;

/**
 * What follows the last change of mind ("send Elena a reminder. no, hold on, send it to Luis instead" → "send it to
 * Luis instead"), or null when the text takes nothing back.
 */
export function afterChangeOfMind(raw: string): string | null {
  const last = [...raw.matchAll(CHANGE_OF_MIND)].at(-1);
  return last ? raw.slice(last.index + last[0].length) : null;
}

export function mentions(message: ReadMessage, ...phrases: string[]): boolean {
  return phrases.some((phrase) => message.text.includes(` ${phrase} `));
}

/** The raw text after the first word that reads as one of `verbs` (typos allowed), or null when none does. */
export function textAfter(raw: string, verbs: readonly string[]): string | null {
  const parts = raw.split(/(\s+)/);
  for (let i = 0; i < parts.length; i++) {
    const word = parts[i]!.toLowerCase().replace(/[^a-z]/g, "");
    if (word !== "" && verbs.includes(correct(word)))
      return parts
        .slice(i + 1)
        .join("")
        .trim();
  }
  return null;
}
