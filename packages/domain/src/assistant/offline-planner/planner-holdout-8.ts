import { section, type GoldenOptions, type GoldenRow } from "./planner-rows.ts";

/**
 * Holdout 8: owners of small businesses in different trades (HVAC, plumbing, roofing, cleaning, home health, pest
 * control, pool service), new to the app, asking in their own words: questions, rambling context, mild misspellings.
 * Thursday 26 November 2026, 10:00 in New York (UTC-5); the company's data is `planner-test-fixtures.ts`'s.
 * Morning is 8:00 and afternoon 13:00 on the company's wall clock.
 */

const ON_ACME: GoldenOptions = { path: "/customers/c-acme", customerId: "c-acme" };
const ON_GARCIA: GoldenOptions = { path: "/customers/c-garcia", customerId: "c-garcia" };
const ON_ORTIZ: GoldenOptions = { path: "/customers/c-ortiz", customerId: "c-ortiz" };
const MEMBER: GoldenOptions = { role: "member" };
const FIELD: GoldenOptions = { role: "field_user" };
const STARTER: GoldenOptions = { plan: "starter" };
const GROWTH: GoldenOptions = { plan: "growth" };

export const HOLDOUT_8: GoldenRow[] = [
  ...section("schedule", [
    [
      "Hi, I run a small plumbing outfit and I'm still figuring this app out. Acme Plumbing needs their water heater put in, can we get someone out there Monday at 9am?",
      "module:schedule-visit",
      { params: { jobId: "j-117", start: "2026-11-30T14:00:00.000Z", crewId: null } },
    ],
    [
      "I promised John we'd be there friday morning for the AC tune-up, can you put that on the schedual?",
      "module:schedule-visit",
      { params: { jobId: "j-204", start: "2026-11-27T13:00:00.000Z", crewId: null } },
    ],
    [
      "how do I book Elena Garica's aeration for Tuesday at 10? Crew A can do it",
      "module:schedule-visit",
      { params: { jobId: "j-201", start: "2026-12-01T15:00:00.000Z", crewId: "crew-a" } },
    ],
    [
      "can we get someone out to the Garcia place on wednesday afternoon?",
      "module:schedule-visit",
      { params: { jobId: "j-201", start: "2026-12-02T18:00:00.000Z", crewId: null } },
    ],
    [
      "book Acme for tomorrow at 1pm with the alpha team please",
      "module:schedule-visit",
      { params: { jobId: "j-117", start: "2026-11-27T18:00:00.000Z", crewId: "crew-alpha" } },
    ],
    [
      "We're a little HVAC company, pretty new at all this. John Smith's AC tune-up still isn't on the calendar. Could Crew C take it Thursday December 3rd at 11?",
      "module:schedule-visit",
      { params: { jobId: "j-204", start: "2026-12-03T16:00:00.000Z", crewId: "crew-c" } },
    ],
    [
      "can you schedule them for Saturday at 8?",
      "module:schedule-visit",
      { ...ON_ACME, params: { jobId: "j-117", start: "2026-11-28T13:00:00.000Z", crewId: null } },
    ],
    [
      "is there a way to get this customer on the calendar for december 8th at 2 in the afternoon?",
      "module:schedule-visit",
      { ...ON_GARCIA, params: { jobId: "j-201", start: "2026-12-08T19:00:00.000Z", crewId: null } },
    ],
    [
      "Sunrise Senior Living called, they have a furnace that keeps shutting off in the east wing. Can we get someone over there Monday at 10 to look at it?",
      "module:schedule-visit",
      { params: { customerId: "c-sunrise", start: "2026-11-30T15:00:00.000Z", crewId: null } },
    ],
    [
      "Tom Baker over on Elm Rd wants his gutters cleaned out before the snow. Can you book him for Friday December 4th at 9?",
      "module:schedule-visit",
      { params: { customerId: "c-baker-elm", start: "2026-12-04T14:00:00.000Z", crewId: null } },
    ],
    [
      "I do pest control. Bob's Bakery needs a rodent treatment in their back storeroom, put Crew B down for Tuesday at 7am",
      "module:schedule-visit",
      { params: { customerId: "c-bob", start: "2026-12-01T12:00:00.000Z", crewId: "crew-b" } },
    ],
    [
      "can we squeeze John Smith's tune-up in today at 3?",
      "module:schedule-visit",
      { params: { jobId: "j-204", start: "2026-11-26T20:00:00.000Z", crewId: null } },
    ],
    [
      "Acme Plumbing water heater job: december 10th, 8:30 in the morning, whoever is free",
      "module:schedule-visit",
      { params: { jobId: "j-117", start: "2026-12-10T13:30:00.000Z", crewId: null } },
    ],
    [
      "Maria Gonzalez wants us to start doing her pool every week. Can you set her up with a job for weekly pool cleaning? We'll figure out the day later",
      "module:create-job",
      { params: { customerId: "c-maria" } },
    ],
    [
      "how do I add a new job for Luis Ortiz? it's a pool opening, no date yet",
      "module:create-job",
      { params: { customerId: "c-ortiz" } },
    ],
    [
      "is there a way to figure out the best driving order for my crews tomorrow? they waste so much time going back and forth across town",
      "module:optimize-day",
      { params: { date: "2026-11-27" } },
    ],
    [
      "can you plan out the routes for Monday so the guys aren't zigzagging",
      "module:optimize-day",
      { params: { date: "2026-11-30" } },
    ],
  ]),
  ...section("reschedule", [
    [
      "Jane Smith called, she can't do tomorrow for the mowing. Can we push it to Saturday, same time?",
      "module:reschedule-visit",
      { params: { visitId: "v-jane-1", start: "2026-11-28T16:00:00.000Z" } },
    ],
    [
      "Luis Ortiz asked if the sprinkler check could be moved to Wednesday at 9 instead",
      "module:reschedule-visit",
      { params: { visitId: "v-ortiz-sprinkler", start: "2026-12-02T14:00:00.000Z" } },
    ],
    [
      "we need to move Ortiz's fall cleanup to Friday the 4th at 1pm and give it to crew C",
      "module:reschedule-visit",
      { params: { visitId: "v-ortiz-cleanup", start: "2026-12-04T18:00:00.000Z", crewId: "crew-c" } },
    ],
    [
      "can I change the time of the Ortiz sprinkler check on Tuesday to 11 instead of 9?",
      "module:reschedule-visit",
      { params: { visitId: "v-ortiz-sprinkler", start: "2026-12-01T16:00:00.000Z" } },
    ],
    [
      "Jane's lawn mowing on december 4th, can it be moved up to Thursday the 3rd at the same time?",
      "module:reschedule-visit",
      { params: { visitId: "v-jane-2", start: "2026-12-03T16:00:00.000Z" } },
    ],
    [
      "The fall cleanup at the Ortiz place, Crew B can't make it anymore. Can the Alpha Team do it instead? Same day and time",
      "module:reschedule-visit",
      { params: { visitId: "v-ortiz-cleanup", start: "2026-12-03T15:00:00.000Z", crewId: "crew-alpha" } },
    ],
    [
      "how do i reschedual their sprinkler visit to monday morning?",
      "module:reschedule-visit",
      { ...ON_ORTIZ, params: { visitId: "v-ortiz-sprinkler", start: "2026-11-30T13:00:00.000Z" } },
    ],
    [
      "rain's coming tomorrow, can we move Jane Smith's mowing to Monday at 11?",
      "module:reschedule-visit",
      { params: { visitId: "v-jane-1", start: "2026-11-30T16:00:00.000Z" } },
    ],
  ]),
  ...section("question", [
    ["how many jobs do we have open right now?", "answer", { says: /\b17\b/ }],
    ["can you tell me how many customers we have in the system?", "answer", { says: /\b42\b/ }],
    ["how many crews do I have set up?", "answer", { says: /\b(4|four)\b/i }],
    ["I need to know how many invoices are still unpaid", "answer", { says: /\b(5|five)\b/i }],
    ["how many of our invoices are past due?", "answer", { says: /\b(3|three)\b/i }],
    [
      "is anybody late paying us? how many invoices are overdue?",
      "answer",
      { pastDue: 0, says: /\b(no|none|0|zero)\b/i },
    ],
    ["who are my best customers this year?", "answer", { says: /Acme Plumbing/ }],
    ["who has paid us the most so far this year? just the top one", "answer", { says: /Acme/ }],
    [
      "what's the address for the Garica place?",
      "answer",
      { says: /22 Birch/, alsoRight: "read:findCustomers", alsoRightParams: { query: "c-garcia" } },
    ],
    [
      "where does John Smith live? my tech needs the address",
      "answer",
      { says: /5 Pine/, alsoRight: "read:findCustomers", alsoRightParams: { query: "c-john" } },
    ],
    [
      "can you tell me Jane Smith's address?",
      "answer",
      { says: /7 Pine/, alsoRight: "read:findCustomers", alsoRightParams: { query: "c-jane" } },
    ],
    [
      "what's the phone number for Tom Baker on Oak Street?",
      "answer",
      { says: /010-2000/, alsoRight: "read:findCustomers", alsoRightParams: { query: "c-baker-oak" } },
    ],
    [
      "Tom Baker, the one in Shelbyville, what's his number?",
      "answer",
      { says: /010-3000/, alsoRight: "read:findCustomers", alsoRightParams: { query: "c-baker-elm" } },
    ],
    [
      "what's their address?",
      "answer",
      { ...ON_ACME, says: /1 Main St/, alsoRight: "read:findCustomers", alsoRightParams: { query: "c-acme" } },
    ],
    [
      "how much is left to pay on invoice 1040?",
      "answer",
      { says: /\b80\b/, alsoRight: "read:findInvoice", alsoRightParams: { number: 1040 } },
    ],
    [
      "has invoice 1033 been paid yet?",
      "answer",
      {
        says: /^(?![\s\S]*\b(?:not|hasn't|isn't|unpaid)\b)[\s\S]*\bpaid\b/i,
        alsoRight: "read:findInvoice",
        alsoRightParams: { number: 1033 },
      },
    ],
    [
      "how much does Elena Garcia still owe us on invoice 1032?",
      "answer",
      { says: /\b250\b/, alsoRight: "read:findInvoice", alsoRightParams: { number: 1032 } },
    ],
    [
      "what's the status on invoice 1040?",
      "answer",
      { says: /partial/i, alsoRight: "read:findInvoice", alsoRightParams: { number: 1040 } },
    ],
    [
      "what jobs do we have going for Luis Ortiz?",
      "answer",
      {
        says: /Sprinkler check[\s\S]*Fall cleanup|Fall cleanup[\s\S]*Sprinkler check/i,
        alsoRight: "read:findJobs",
        alsoRightParams: { customerId: "c-ortiz" },
      },
    ],
    ["when are we next out at Jane Smith's?", "answer", { says: /Nov(ember|\.)? 27|Friday|tomorrow/i }],
    ["when is the Ortiz fall cleanup scheduled for?", "answer", { says: /Dec(ember|\.)? 3\b|Thursday/i }],
    ["what are my crews called again? I forget what I named them", "answer", { says: /Alpha Team/ }],
    ["does Elena Garcia have any overdue invoices?", "answer", { says: /\b(1|one|yes)\b/i }],
    ["how many past-due invoices does Luis Ortiz have?", "answer", { says: /\b(2|two)\b/i }],
    ["can you pull up Luis Ortiz's customer info for me?", "read:findCustomers"],
  ]),
  ...section("payments", [
    [
      "a few customers are behind on paying me. how do I send them all a reminder?",
      "module:send-payment-reminders",
      { params: { pastDueOnly: true } },
    ],
    [
      "can you nudge Elena Garcia about her overdue invoise?",
      "module:send-payment-reminders",
      { params: { pastDueOnly: true, customerId: "c-garcia" } },
    ],
    [
      "send this customer a payment reminder",
      "module:send-payment-reminders",
      { ...ON_ORTIZ, params: { pastDueOnly: true, customerId: "c-ortiz" } },
    ],
    [
      "send Luis Ortiz a reminder about the money he owes us",
      "module:send-payment-reminders",
      { params: { pastDueOnly: true, customerId: "c-ortiz" } },
    ],
    [
      "can you send reminders to everyone who's past due?",
      "module:send-payment-reminders",
      { ...MEMBER, params: { pastDueOnly: true } },
    ],
    [
      "Luis Ortiz just handed me a check for what he still owes on invoice 1040, check #5521",
      "module:record-payment",
      { params: { invoiceId: "i-1040", method: "check", reference: "5521" } },
    ],
    [
      "Elena Garcia paid $100 cash toward invoice 1032, how do I put that in?",
      "module:record-payment",
      { params: { invoiceId: "i-1032", method: "cash", amountCents: 10000 } },
    ],
    [
      "Elena Garcia paid off invoice 1032 with a check, number 3307",
      "module:record-payment",
      { params: { invoiceId: "i-1032", method: "check", reference: "3307" } },
    ],
    [
      "record 40 dollars cash on invoice 1040",
      "module:record-payment",
      { params: { invoiceId: "i-1040", method: "cash", amountCents: 4000 } },
    ],
    [
      "Luis paid $30 by check on invoice 1040, check number 118",
      "module:record-payment",
      { params: { invoiceId: "i-1040", method: "check", amountCents: 3000, reference: "118" } },
    ],
    ["Acme says they paid invoice 1033 last week, can you mark it as paid?", "answer", { says: /already/i }],
    [
      "can you invoice everything we finished in November?",
      "module:invoice-completed-visits",
      { params: { from: "2026-11-01", to: "2026-11-30" } },
    ],
    [
      "can you make up invoices for all the visits we did last month?",
      "module:invoice-completed-visits",
      { params: { from: "2026-10-01", to: "2026-10-31" } },
    ],
    [
      "I need to bill out the work from the 16th through the 22nd of this month",
      "module:invoice-completed-visits",
      { params: { from: "2026-11-16", to: "2026-11-22" } },
    ],
    [
      "can you invoice all of October's completed visits?",
      "module:invoice-completed-visits",
      { ...MEMBER, params: { from: "2026-10-01", to: "2026-10-31" } },
    ],
  ]),
  ...section("navigate", [
    ["where can I see all my jobs?", "navigate:/jobs"],
    ["where's the page with all the jobs on it? I can't find it in the menu", "navigate:/jobs"],
    ["how do I get to my list of customers?", "navigate:/customers"],
    ["is there somewhere I can see my crews and who's on them?", "navigate:/crews"],
    ["take me back to the main dashboard", "navigate:/dashboard"],
    ["how do I get back to the home page?", "navigate:/dashboard"],
    ["where are the settings for my company?", "navigate:/settings"],
    ["I'm new here, where do I see which apps are hooked up to my account?", "navigate:/settings/integrations"],
    ["open up the integrations page", "navigate:/settings/integrations"],
    ["where do I go to change my payment settings?", "navigate:/settings/payments"],
    ["where can I change the emails and texts that go out to my customers?", "navigate:/settings/communications"],
    ["we use QuickBooks for our books, can you connect it?", "openModal:integrations.quickbooks"],
    ["how do I conect my quickbooks account", "openModal:integrations.quickbooks"],
    [
      "I want my customers to be able to pay me by card through Stripe, can you set that up?",
      "openModal:integrations.stripe",
    ],
    ["hook up stripe for me please", "openModal:integrations.stripe"],
    ["can you connect Twilio so I can text my customers?", "openModal:integrations.twilio"],
    ["can I get all my customers in a spreadsheet? my accountant wants a copy", "module:export-customers"],
    ["export my customer list", "module:export-customers"],
    [
      "We do home health visits for seniors, so patient privacy is a big deal for us. Is there a HIPAA setting I should turn on?",
      "module:enable-hipaa-mode",
    ],
    ["turn on hipaa mode", "module:enable-hipaa-mode", { role: "admin" }],
  ]),
  ...section("clarify", [
    ["can we get someone out to Tom Baker's on Monday at 9?", "clarify"],
    ["what's Tom Baker's phone number?", "clarify"],
    ["can you move Luis Ortiz's visit to Friday at 10?", "clarify"],
    ["reschedule Jane Smith's mowing to Wednesday at 10", "clarify"],
    ["can you get someone out to the Smith house on Friday at 10?", "clarify"],
    ["book Maria Gonzalez for Tuesday at 9", "clarify"],
    ["can you schedule Acme?", "clarify"],
    ["can we get a crew out to Sunrise Senior Living?", "clarify"],
    ["a customer paid me by check this morning, how do I record it?", "clarify"],
    ["record a payment on invoice 1040", "clarify"],
  ]),
  ...section("refuse", [
    ["can you book Acme for Monday at 9?", "refuse", FIELD],
    ["I'm out at the Garcia place and she gave me $250 cash for invoice 1032, log it", "refuse", FIELD],
    ["send reminders to everyone who owes us money", "refuse", STARTER],
    ["can you optimize the routes for tomorrow?", "refuse", GROWTH],
    [
      "Blue Wave Pools is a competitor and I know they use this app too. Can you show me their customer list?",
      "refuse",
    ],
  ]),
];
