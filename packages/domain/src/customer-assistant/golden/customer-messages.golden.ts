/**
 * What the customer assistant must understand in customers' messages: 209 rows written blind on 2026-11-29 by a helper
 * who had read none of the assistant's code. Read first by the reader as it stood: 169 of 209 (80.9%); learned since.
 */
import type { CustomerIntent } from "@fieldops/shared/customer-assistant";

export interface CustomerMessageRow {
  /** Exactly as a customer would type it: SMS style, lower case, typos, emoji, e-mail style with greeting and signature, several sentences. */
  text: string;
  intent: CustomerIntent;
  /** reschedule only: the calendar date the customer asks for (YYYY-MM-DD), or null when they name no day. */
  day?: string | null;
  /** reschedule only, when said: "morning" | "afternoon" | "evening". */
  partOfDay?: "morning" | "afternoon" | "evening" | null;
  /** quote only: the service asked for, lower case, the customer's own words trimmed to the service ("gutter cleaning"). */
  service?: string;
  /** pick only: which offered option (1-based) the customer chose, or null when the reply chooses none of them (then it is read as what else it says). */
  option?: number | null;
  /** When the message answers an offer of times the assistant sent: the options offered, as the customer saw them. */
  context?: { offered: string[] };
  /** Optional: why this row is tricky. */
  note?: string;
}

/** "Now" for every row: Monday 2026-12-07 at 10:00 in the company's time zone (America/Denver). */
export const GOLDEN_NOW = { date: "2026-12-07", time: "10:00", timeZone: "America/Denver" } as const;

/*
 * Calendar around GOLDEN_NOW (all 2026):
 *   Mon Dec 7 (today) · Tue Dec 8 (tomorrow) · Wed Dec 9 · Thu Dec 10 · Fri Dec 11 · Sat Dec 12 · Sun Dec 13
 *   Mon Dec 14 · Tue Dec 15 · Wed Dec 16 · Thu Dec 17 · Fri Dec 18
 * Conventions used below:
 *   - reschedule rows always carry `day` (null when no day is named); `partOfDay` only when the customer says one.
 *   - pick rows always carry `option`; rows that answer an offer but choose none of it carry `option: null`
 *     and the intent of what they say instead.
 */

const OFFER_TWO_CREWS: string[] = ["Thu Dec 10, 9:00 AM (Crew A)", "Fri Dec 11, 1:00 PM (Crew B)"];
const OFFER_THREE_DAYS: string[] = ["Tue Dec 8, 8:00 AM", "Wed Dec 9, 1:00 PM", "Fri Dec 11, 3:30 PM"];
const OFFER_NEXT_WEEK: string[] = [
  "Mon Dec 14, 10:00 AM (Maria)",
  "Tue Dec 15, 2:00 PM (Maria)",
  "Thu Dec 17, 9:00 AM (Dev)",
];
const OFFER_TODAY_TOMORROW: string[] = ["Today Dec 7, 4:00 PM", "Tomorrow Dec 8, 10:30 AM"];

export const CUSTOMER_MESSAGES: CustomerMessageRow[] = [
  // ───────────────────────────── next_visit ─────────────────────────────
  { text: "when r u guys coming next", intent: "next_visit" },
  { text: "Hi, what time is my appointment tomorrow?", intent: "next_visit" },
  {
    text: "is the crew still coming today?? its snowing pretty hard here",
    intent: "next_visit",
    note: "Weather worry, but the question is whether the visit is still on.",
  },
  { text: "wen r u comming to do the lawn", intent: "next_visit" },
  {
    text: "Hello,\n\nCould you please let me know when your technician is scheduled to service our furnace? I want to make sure someone is home to let him in.\n\nThank you,\nDorothy Hensley",
    intent: "next_visit",
  },
  { text: "what day is my next pool cleaning", intent: "next_visit" },
  { text: "hey is the pest control guy coming this week", intent: "next_visit" },
  { text: "cuando viene el tecnico?? what day", intent: "next_visit", note: "Spanglish." },
  { text: "are you still coming at 2", intent: "next_visit" },
  { text: "When is my next visit?", intent: "next_visit" },
  { text: "running late from work, what time is the plumber supposed to show up today", intent: "next_visit" },
  { text: "do i have anything scheduled with you guys", intent: "next_visit" },
  {
    text: "Is my nurse visit still on for Thursday",
    intent: "next_visit",
    note: "Names a day but only confirms it; nothing is to be moved.",
  },
  { text: "what time window is the roofer coming", intent: "next_visit" },
  {
    text: "hola, a que hora vienen mañana? gracias",
    intent: "next_visit",
    note: "Spanish: what time are you coming tomorrow.",
  },
  { text: "my next cleaning is when again? forgot 😅", intent: "next_visit" },
  {
    text: "Good morning. I am 84 years old and do not use the computer much. Can you tell me when the man is coming to spray for the bugs. Thank you. Edna",
    intent: "next_visit",
  },
  { text: "eta?", intent: "next_visit", note: "Terse; the only reasonable reading is when the crew arrives." },
  {
    text: "Is someone coming today? I need to know if I should leave the side gate unlocked for the dog run",
    intent: "next_visit",
  },
  { text: "Did you schedule the follow up for the AC yet? when is it", intent: "next_visit" },
  { text: "when is the electrician coming back to finish the panel", intent: "next_visit" },
  { text: "what time tmrw", intent: "next_visit" },
  {
    text: "Hi! Just confirming — you're coming Thursday morning, right?",
    intent: "next_visit",
    note: "Day and part of day are said, but it is a confirmation, not a reschedule.",
  },
  { text: "Please tell me the date of my next appointment. My english not so good. Thank you", intent: "next_visit" },
  { text: "is the crew on the way? im home waiting", intent: "next_visit" },
  {
    text: "Quick q — when's the next mow? want to move the trampoline before",
    intent: "next_visit",
    note: "'move' refers to the trampoline, not the visit.",
  },

  // ───────────────────────────── balance ─────────────────────────────
  { text: "how much do i owe", intent: "balance" },
  { text: "whats my balance", intent: "balance" },
  { text: "Did you get my payment? want to make sure I'm at zero", intent: "balance" },
  { text: "Hi, could you tell me my current account balance?\n\nThanks,\nGreg", intent: "balance" },
  { text: "how much is the bill for last weeks visit", intent: "balance" },
  { text: "do i owe anything", intent: "balance" },
  { text: "balance?", intent: "balance" },
  { text: "what do i owe u for the furnace repair", intent: "balance" },
  {
    text: "Is my account paid up? I mailed a check last week.",
    intent: "balance",
    note: "Mentions a payment but only asks whether it landed — no dispute.",
  },
  { text: "cuanto debo? 🙏", intent: "balance", note: "Spanish: how much do I owe." },
  { text: "how much is outstanding on my account", intent: "balance" },
  {
    text: "Good afternoon,\n\nBefore the end of the year I'd like to settle up. Could you let me know the total I owe across all invoices?\n\nRegards,\nPriya Raman\nRaman Family Dental",
    intent: "balance",
    note: "Wants to pay eventually, but the question asked is the total owed.",
  },
  { text: "did my autopay go thru this month", intent: "balance" },
  { text: "whats the total on the invoice for the gutter job", intent: "balance" },
  { text: "how much do I still owe on the roof", intent: "balance" },
  { text: "Are we all squared up or do I owe you for the december cleaning", intent: "balance" },
  { text: "can u tell me the amount due pls", intent: "balance" },
  { text: "My daughter says I have a bill with you. How much is it? - Frank", intent: "balance" },
  { text: "hey did the $120 i sent friday go thru?", intent: "balance" },
  { text: "what's left on my bill after the deposit", intent: "balance" },

  // ───────────────────────────── pay_link ─────────────────────────────
  { text: "send me a link to pay", intent: "pay_link" },
  { text: "can i pay the balance online", intent: "pay_link", note: "Says 'balance' but asks how to pay." },
  { text: "How can I pay online?", intent: "pay_link" },
  { text: "can i pay by card", intent: "pay_link" },
  { text: "text me the payment link pls", intent: "pay_link" },
  {
    text: "Hi,\n\nI'd like to pay my invoice with a credit card. Could you send me the link?\n\nThanks,\nLauren",
    intent: "pay_link",
  },
  { text: "can i pay with apple pay or card online?", intent: "pay_link" },
  { text: "link to pay plz 💳", intent: "pay_link" },
  {
    text: "I want to pay what I owe. where do i do that",
    intent: "pay_link",
    note: "'what I owe' is balance wording; the want is to pay.",
  },
  { text: "can you email me the invoice link so I can pay it", intent: "pay_link" },
  { text: "pay link", intent: "pay_link" },
  { text: "quiero pagar con tarjeta, send link please", intent: "pay_link", note: "Spanglish: I want to pay by card." },
  { text: "lost the link to pay, can u resend", intent: "pay_link" },
  { text: "Is there a way to pay online instead of mailing a check?", intent: "pay_link" },
  {
    text: "how much do i owe? just send the link and ill pay it tonight",
    intent: "pay_link",
    note: "Balance and pay-link both asked; the pay link answers both (it shows the amount).",
  },
  { text: "ok ready to pay for the drain cleaning, how do i pay", intent: "pay_link" },
  {
    text: "I tried to pay on the portal but can't find where. can you send me a direct link",
    intent: "pay_link",
  },
  { text: "how do i pay the $85", intent: "pay_link" },

  // ───────────────────────────── reschedule (with a day) ─────────────────────────────
  { text: "can you come thursday instead", intent: "reschedule", day: "2026-12-10" },
  {
    text: "need to move my visit to tomorrow afternoon",
    intent: "reschedule",
    day: "2026-12-08",
    partOfDay: "afternoon",
  },
  {
    text: "cancel thursday's visit, can you come friday instead",
    intent: "reschedule",
    day: "2026-12-11",
    note: "Says 'cancel' but asks for another day: a reschedule, not a skip or cancellation.",
  },
  { text: "Can we push the cleaning to the 15th?", intent: "reschedule", day: "2026-12-15" },
  { text: "resceduale to wednesday pls", intent: "reschedule", day: "2026-12-09" },
  {
    text: "could the tech come this afternoon instead of friday",
    intent: "reschedule",
    day: "2026-12-07",
    partOfDay: "afternoon",
    note: "Two days named; the asked-for day is today, Friday is the old one.",
  },
  {
    text: "can you do next friday instead",
    intent: "reschedule",
    day: "2026-12-18",
    note: "Written as the coming Friday; the product reads 'next friday' said on a Monday as next week's, as the office's planner does.",
  },
  { text: "move my appt to saturday morning", intent: "reschedule", day: "2026-12-12", partOfDay: "morning" },
  {
    text: "Hi there,\n\nSomething came up at work and I won't be home for Thursday's furnace tune-up. Would Tuesday the 15th work instead? Mornings are best for us.\n\nThanks,\nMary",
    intent: "reschedule",
    day: "2026-12-15",
    partOfDay: "morning",
    note: "Thursday is the old day; Tuesday the 15th is the new one.",
  },
  { text: "can u come tmrw evening instead, after 5", intent: "reschedule", day: "2026-12-08", partOfDay: "evening" },
  {
    text: "Necesito cambiar la cita para el viernes",
    intent: "reschedule",
    day: "2026-12-11",
    note: "Spanish: I need to change the appointment to Friday.",
  },
  { text: "is there any way to move the pool service to December 14?", intent: "reschedule", day: "2026-12-14" },
  { text: "pls change my appt to dec 18", intent: "reschedule", day: "2026-12-18" },
  {
    text: "i cant do thursday. wednesday afternoon?",
    intent: "reschedule",
    day: "2026-12-09",
    partOfDay: "afternoon",
    note: "'cant do thursday' alone could read as a skip; the alternative day makes it a reschedule.",
  },
  { text: "reschedule for friday morning please", intent: "reschedule", day: "2026-12-11", partOfDay: "morning" },
  {
    text: "can the nurse come tomorrow instead of wednesday? my dialysis got moved",
    intent: "reschedule",
    day: "2026-12-08",
  },
  { text: "different day please, maybe the 10th?", intent: "reschedule", day: "2026-12-10" },
  { text: "Could you come on Sat. the 12th instead?", intent: "reschedule", day: "2026-12-12" },
  {
    text: "we need to move the roof inspection to the 16th, morning if possible",
    intent: "reschedule",
    day: "2026-12-16",
    partOfDay: "morning",
  },
  { text: "can you swap my visit to 12/17", intent: "reschedule", day: "2026-12-17", note: "US month/day format." },
  {
    text: "hey can the crew come today around 3 instead of wed?",
    intent: "reschedule",
    day: "2026-12-07",
    partOfDay: "afternoon",
    note: "'around 3' on the same day as now (10:00) is the afternoon.",
  },

  // ───────────────────────────── reschedule (no day) ─────────────────────────────
  { text: "need a different day", intent: "reschedule", day: null },
  { text: "can we reschedule?", intent: "reschedule", day: null },
  {
    text: "need to move my appt to next week",
    intent: "reschedule",
    day: null,
    note: "'next week' without a day → null.",
  },
  { text: "something came up, can we do another day", intent: "reschedule", day: null },
  {
    text: "Can the technician come in the afternoon instead? same day is fine",
    intent: "reschedule",
    day: null,
    partOfDay: "afternoon",
    note: "'same day' means the already-booked day, which is not named in the text.",
  },
  { text: "can you move me to a morning slot", intent: "reschedule", day: null, partOfDay: "morning" },
  { text: "wont be home for the exterminator, can we pick a new time", intent: "reschedule", day: null },
  {
    text: "Hello,\n\nI need to reschedule my AC maintenance appointment. Please let me know what times you have available.\n\nBest,\nTom Becker",
    intent: "reschedule",
    day: null,
  },
  {
    text: "can u guys come later in the week instead",
    intent: "reschedule",
    day: null,
    note: "'later in the week' names no day.",
  },
  { text: "pls push my mow back a few days", intent: "reschedule", day: null },
  {
    text: "Is it possible to change my appointment to an evening? I work days.",
    intent: "reschedule",
    day: null,
    partOfDay: "evening",
  },
  { text: "resked pls", intent: "reschedule", day: null },
  {
    text: "my kid is sick can we move the cleaning",
    intent: "reschedule",
    day: null,
    note: "Wants the visit moved, not dropped — not a skip.",
  },
  {
    text: "can we do it after the holidays instead?",
    intent: "reschedule",
    day: null,
    note: "Vague window, no calendar day. Could be argued as a skip; 'do it ... instead' asks to move it.",
  },
  { text: "need to change the day of my next visit, whats open", intent: "reschedule", day: null },

  // ───────────────────────────── skip ─────────────────────────────
  { text: "skip next week", intent: "skip" },
  { text: "skip my next visit pls", intent: "skip" },
  { text: "we're away, don't come this time", intent: "skip" },
  {
    text: "cancel thursday, we'll be away",
    intent: "skip",
    note: "'cancel' one visit with no new day is a skip, not cancelling the service.",
  },
  {
    text: "Hi, we will be out of town for the holidays so please skip our next cleaning. Thanks! -the Nguyens",
    intent: "skip",
  },
  { text: "no need to come this week, lawn is covered in snow lol", intent: "skip" },
  { text: "skip this one, pool cover is on", intent: "skip" },
  { text: "dont come tmrw, we're good this time", intent: "skip" },
  { text: "can we skip the december spray", intent: "skip" },
  { text: "pass on this month's visit please", intent: "skip" },
  {
    text: "No necesitamos servicio esta semana, gracias",
    intent: "skip",
    note: "Spanish: we don't need service this week.",
  },
  {
    text: "Please do not send the crew on Friday. We'll be at my sister's. Back to normal after that.",
    intent: "skip",
  },
  {
    text: "cancel my next visit",
    intent: "skip",
    note: "Cancels one visit, not the service.",
  },
  { text: "we dont need the next cleaning, house is empty till jan", intent: "skip" },
  { text: "hold off on the next treatment, I'll be in the hospital that week", intent: "skip" },

  // ───────────────────────────── cancel_service ─────────────────────────────
  { text: "cancel my service", intent: "cancel_service" },
  { text: "please stop coming", intent: "cancel_service" },
  { text: "I want to end my contract", intent: "cancel_service" },
  {
    text: "To whom it may concern,\n\nWe have sold the house and will be moving at the end of the month. Please cancel our weekly lawn service effective immediately.\n\nSincerely,\nRobert and Ann Kowalski",
    intent: "cancel_service",
  },
  { text: "we're done with you guys. cancel everything", intent: "cancel_service" },
  { text: "cancel my monthly pest plan", intent: "cancel_service" },
  { text: "Please discontinue the pool service, we're having the pool filled in.", intent: "cancel_service" },
  { text: "no longer need your services thank you", intent: "cancel_service" },
  { text: "I'd like to cancel the maintenance agreement on my furnace", intent: "cancel_service" },
  { text: "quiero cancelar el servicio", intent: "cancel_service", note: "Spanish: I want to cancel the service." },
  { text: "found another company, pls cancel my account", intent: "cancel_service" },
  {
    text: "stop the weekly cleanings after this month please",
    intent: "cancel_service",
    note: "Ends the recurring service (at a future date), not one visit.",
  },

  // ───────────────────────────── quote ─────────────────────────────
  { text: "I need a quote for gutter cleaning", intent: "quote", service: "gutter cleaning" },
  { text: "how much for lawn aeration?", intent: "quote", service: "lawn aeration" },
  {
    text: "can I get an estimate for water heater replacement",
    intent: "quote",
    service: "water heater replacement",
  },
  { text: "how much would a roof inspection cost", intent: "quote", service: "roof inspection" },
  {
    text: "Hi, could you send me an estimate for a deep cleaning of a 3 bedroom house? Thanks, Jess",
    intent: "quote",
    service: "deep cleaning",
  },
  { text: "price for termite treatment?", intent: "quote", service: "termite treatment" },
  { text: "quote for ev charger installation pls", intent: "quote", service: "ev charger installation" },
  { text: "how much for carpet cleaning? cuanto cuesta", intent: "quote", service: "carpet cleaning" },
  { text: "what would you charge for snow removal this winter", intent: "quote", service: "snow removal" },
  { text: "need estimate on a panel upgrade, 100 to 200 amp", intent: "quote", service: "panel upgrade" },
  { text: "how much is pool heater repair", intent: "quote", service: "pool heater repair" },
  { text: "do you do duct cleaning? how much", intent: "quote", service: "duct cleaning" },
  {
    text: "Could I get a quote for mosquito treatment for next summer",
    intent: "quote",
    service: "mosquito treatment",
  },
  { text: "how much for a leaky faucet repair", intent: "quote", service: "leaky faucet repair" },
  { text: "estimate for tree trimming", intent: "quote", service: "tree trimming" },
  { text: "what do you charge for window cleaning, 2 story house", intent: "quote", service: "window cleaning" },
  {
    text: "Hello,\n\nThere is a small leak in the ceiling near the chimney. Could you give me an estimate for roof repair?\n\nRegards,\nHal Jennings",
    intent: "quote",
    service: "roof repair",
    note: "Describes a problem, but asks for an estimate — not a complaint about past work.",
  },
  { text: "hvac tune up price?", intent: "quote", service: "hvac tune up" },
  { text: "how much would it cost for rodent exclusion in the attic", intent: "quote", service: "rodent exclusion" },

  // ───────────────────────────── pick (answers to an offer of times) ─────────────────────────────
  { text: "2", intent: "pick", option: 2, context: { offered: OFFER_TWO_CREWS } },
  { text: "the second one", intent: "pick", option: 2, context: { offered: OFFER_THREE_DAYS } },
  { text: "first", intent: "pick", option: 1, context: { offered: OFFER_NEXT_WEEK } },
  { text: "friday works", intent: "pick", option: 2, context: { offered: OFFER_TWO_CREWS } },
  { text: "the 1pm one", intent: "pick", option: 2, context: { offered: OFFER_THREE_DAYS } },
  { text: "1", intent: "pick", option: 1, context: { offered: OFFER_THREE_DAYS } },
  { text: "3 please", intent: "pick", option: 3, context: { offered: OFFER_THREE_DAYS } },
  { text: "Option 2 is good for us, thank you!", intent: "pick", option: 2, context: { offered: OFFER_NEXT_WEEK } },
  {
    text: "tuesday",
    intent: "pick",
    option: 2,
    context: { offered: OFFER_NEXT_WEEK },
    note: "Tuesday is Dec 15 in this offer (option 2), not tomorrow.",
  },
  { text: "thursday at 9 is perfect", intent: "pick", option: 3, context: { offered: OFFER_NEXT_WEEK } },
  {
    text: "either is fine",
    intent: "pick",
    option: 1,
    context: { offered: OFFER_TWO_CREWS },
    note: "Chooses none in particular; an office person would book the first (earliest) offered time.",
  },
  {
    text: "morning one pls",
    intent: "pick",
    option: 1,
    context: { offered: OFFER_TWO_CREWS },
    note: "Only option 1 is in the morning.",
  },
  { text: "the last one", intent: "pick", option: 3, context: { offered: OFFER_NEXT_WEEK } },
  { text: "👍 first one", intent: "pick", option: 1, context: { offered: OFFER_THREE_DAYS } },
  { text: "lets do the 8am", intent: "pick", option: 1, context: { offered: OFFER_THREE_DAYS } },
  { text: "Maria on the 14th", intent: "pick", option: 1, context: { offered: OFFER_NEXT_WEEK } },
  { text: "dec 11 works", intent: "pick", option: 2, context: { offered: OFFER_TWO_CREWS } },
  { text: "#3", intent: "pick", option: 3, context: { offered: OFFER_THREE_DAYS } },
  { text: "wednesday afternoon is good", intent: "pick", option: 2, context: { offered: OFFER_THREE_DAYS } },
  {
    text: "crew a",
    intent: "pick",
    option: 1,
    context: { offered: OFFER_TWO_CREWS },
    note: "Picks by crew name.",
  },
  {
    text: "the earliest",
    intent: "pick",
    option: 1,
    context: { offered: OFFER_THREE_DAYS },
    note: "Earliest offered is option 1 (Tue Dec 8, 8:00 AM).",
  },
  {
    text: "Hi,\n\nThe Tuesday 2:00 slot works for me.\n\nThanks,\nEllen",
    intent: "pick",
    option: 2,
    context: { offered: OFFER_NEXT_WEEK },
  },
  {
    text: "si, el jueves porfa",
    intent: "pick",
    option: 1,
    context: { offered: OFFER_TWO_CREWS },
    note: "Spanish: yes, Thursday please.",
  },
  {
    text: "tomorrow is better",
    intent: "pick",
    option: 2,
    context: { offered: OFFER_TODAY_TOMORROW },
    note: "Relative day in the reply matches the 'Tomorrow' option.",
  },
  {
    text: "any of those is fine, whatever is easiest for you",
    intent: "pick",
    option: 1,
    context: { offered: OFFER_NEXT_WEEK },
    note: "No preference; an office person would book the first offered time.",
  },
  {
    text: "the 4 oclock today",
    intent: "pick",
    option: 1,
    context: { offered: OFFER_TODAY_TOMORROW },
  },

  // answers to an offer that choose none of the options
  {
    text: "none of those work, can you do saturday",
    intent: "reschedule",
    day: "2026-12-12",
    option: null,
    context: { offered: OFFER_TWO_CREWS },
  },
  {
    text: "neither, I need a morning next week",
    intent: "reschedule",
    day: null,
    partOfDay: "morning",
    option: null,
    context: { offered: OFFER_TWO_CREWS },
    note: "Thu Dec 10 9:00 AM is a morning but this week; 'next week' without a day → null.",
  },
  {
    text: "actually just skip this week",
    intent: "skip",
    option: null,
    context: { offered: OFFER_THREE_DAYS },
  },
  {
    text: "whats my balance first?",
    intent: "balance",
    option: null,
    context: { offered: OFFER_NEXT_WEEK },
    note: "Defers the choice; reads as a balance question.",
  },
  {
    text: "can i do the 3:30 but on thursday instead",
    intent: "reschedule",
    day: "2026-12-10",
    partOfDay: "afternoon",
    option: null,
    context: { offered: OFFER_THREE_DAYS },
    note: "Borrows option 3's time but asks for a day that was not offered.",
  },
  {
    text: "none of these, my AC is leaking water everywhere can someone call me",
    intent: "handoff",
    option: null,
    context: { offered: OFFER_THREE_DAYS },
  },

  // ───────────────────────────── handoff ─────────────────────────────
  { text: "the crew left clippings all over my driveway. not happy", intent: "handoff" },
  { text: "call me", intent: "handoff" },
  { text: "thanks!", intent: "handoff" },
  { text: "ok", intent: "handoff" },
  { text: "👍", intent: "handoff" },
  {
    text: "I paid yesterday, why does it still say I owe",
    intent: "handoff",
    note: "Balance words, but it is a billing dispute.",
  },
  {
    text: "Why was I charged $250? The quote said $180.",
    intent: "handoff",
    note: "Dispute, not a quote or balance request.",
  },
  { text: "what kind of chemical did you spray? is it safe for my dog", intent: "handoff" },
  { text: "wrong number", intent: "handoff" },
  { text: "Who is this?", intent: "handoff" },
  {
    text: "your tech tracked mud all over my new carpet and didnt even say sorry. I want to talk to a manager",
    intent: "handoff",
  },
  {
    text: "Hi,\n\nThe technician mentioned our heat exchanger might be cracked. Is that something we need to deal with right away, or can it wait until spring?\n\nThanks,\nBeth",
    intent: "handoff",
    note: "Question about the work; not a quote request.",
  },
  { text: "my toilet is still running after you 'fixed' it", intent: "handoff" },
  { text: "can you have someone call me about the warranty on the roof", intent: "handoff" },
  { text: "lol", intent: "handoff" },
  { text: "thank u so much, Jose did a great job 🙌", intent: "handoff" },
  { text: "is it normal that the breaker keeps tripping since the install?", intent: "handoff" },
  { text: "I think you double charged my card", intent: "handoff" },
  { text: "hows your day going", intent: "handoff" },
  {
    text: "the nurse didnt show up today and my mother needs her meds",
    intent: "handoff",
    note: "Visit words, but a missed visit with urgency — a human must answer.",
  },
  {
    text: "There's a wasp nest by the front door again, the treatment didn't work",
    intent: "handoff",
    note: "Complaint about the work; not a quote.",
  },
  { text: "you people are useless. nobody ever answers the phone", intent: "handoff" },
  {
    text: "Can I get a receipt of all my 2026 payments for my taxes?",
    intent: "handoff",
    note: "Billing paperwork; neither a balance question nor a pay link.",
  },
  { text: "do your techs wear shoe covers? we just redid the floors", intent: "handoff" },
  { text: "my neighbor wants your number, can I give it to her?", intent: "handoff" },
  { text: "Why did the price go up this year?", intent: "handoff" },
  { text: "Merry Christmas to the whole crew! 🎄", intent: "handoff" },
  {
    text: "I want a refund for the last visit, the pool is still green",
    intent: "handoff",
    note: "Dispute about a past visit.",
  },
  {
    text: "I paid the balance already, stop sending me reminders",
    intent: "handoff",
    note: "Balance and 'stop' words; it is a billing dispute, not a cancellation.",
  },
  { text: "can the tech leave the invoice under the mat next time", intent: "handoff" },
  {
    text: "can I get the same guy as last time? the new one didnt edge the beds",
    intent: "handoff",
    note: "Crew request plus a complaint; no date asked.",
  },
];
