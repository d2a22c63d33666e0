import { section, type GoldenOptions, type GoldenRow } from "./planner-rows.ts";

/**
 * Holdout 6: terse owners, statements of fact, negated questions and follow-up fragments. Thursday 26 November 2026,
 * 10:00 in New York (UTC-5); the company's data is `planner-test-fixtures.ts`'s.
 */

const ON_ACME: GoldenOptions = { path: "/customers/c-acme", customerId: "c-acme" };
const MEMBER: GoldenOptions = { role: "member" };
const FIELD: GoldenOptions = { role: "field_user" };
const STARTER: GoldenOptions = { plan: "starter" };

export const HOLDOUT_6: GoldenRow[] = [
  ...section("schedule", [
    [
      "acme water heater. monday 9",
      "module:schedule-visit",
      { params: { jobId: "j-117", start: "2026-11-30T14:00:00.000Z", crewId: null } },
    ],
    [
      "Elena Garcia's aeration goes tuesday afternoon, crew c",
      "module:schedule-visit",
      { params: { jobId: "j-201", start: "2026-12-01T18:00:00.000Z", crewId: "crew-c" } },
    ],
    [
      "John Smith said friday first thing works for the AC",
      "module:schedule-visit",
      { params: { jobId: "j-204", start: "2026-11-27T13:00:00.000Z", crewId: null } },
    ],
    [
      "alpha team is taking Acme tomorrow at 2",
      "module:schedule-visit",
      { params: { jobId: "j-117", start: "2026-11-27T19:00:00.000Z", crewId: "crew-alpha" } },
    ],
    [
      "garcia, wednesday morning, crew b",
      "module:schedule-visit",
      { params: { jobId: "j-201", start: "2026-12-02T13:00:00.000Z", crewId: "crew-b" } },
    ],
    [
      "John Smith can do thursday at 3",
      "module:schedule-visit",
      { params: { jobId: "j-204", start: "2026-11-26T20:00:00.000Z", crewId: null } },
    ],
    [
      "acme's good for thursday 9am",
      "module:schedule-visit",
      { params: { jobId: "j-117", start: "2026-12-03T14:00:00.000Z", crewId: null } },
    ],
    [
      "Sunrise Senior Living wants someone out monday evening",
      "module:schedule-visit",
      { params: { customerId: "c-sunrise", start: "2026-11-30T22:00:00.000Z", crewId: null } },
    ],
    [
      "Maria Gonzalez saturday 10, crew a",
      "module:schedule-visit",
      { params: { customerId: "c-maria", start: "2026-11-28T15:00:00.000Z", crewId: "crew-a" } },
    ],
    [
      "Jane Smith needs an extra visit friday afternoon",
      "module:schedule-visit",
      { params: { customerId: "c-jane", start: "2026-11-27T18:00:00.000Z", crewId: null } },
    ],
    ["squeeze Acme in sometime next week", "clarify"],
    ["pencil in the Hendersons monday at 10", "clarify"],
    ["Tom Baker wants tuesday at 11", "clarify"],
    [
      "Tom Baker on Elm Rd, tuesday 11am",
      "module:schedule-visit",
      { params: { customerId: "c-baker-elm", start: "2026-12-01T16:00:00.000Z", crewId: null } },
    ],
    [
      "get them in tomorrow morning",
      "module:schedule-visit",
      { ...ON_ACME, params: { jobId: "j-117", start: "2026-11-27T13:00:00.000Z", crewId: null } },
    ],
    [
      "Bob's Bakery wants us after close wednesday, 5",
      "module:schedule-visit",
      { params: { customerId: "c-bob", start: "2026-12-02T22:00:00.000Z", crewId: null } },
    ],
    [
      "Elena Garcia monday 11 with crew a",
      "module:schedule-visit",
      { ...MEMBER, params: { jobId: "j-201", start: "2026-11-30T16:00:00.000Z", crewId: "crew-a" } },
    ],
    [
      "nothing on the books for job 204 yet — sunday at noon",
      "module:schedule-visit",
      { params: { jobId: "j-204", start: "2026-11-29T17:00:00.000Z", crewId: null } },
    ],
  ]),

  ...section("reschedule", [
    ["Jane Smith's mowing tomorrow is off, rain", "clarify"],
    ["Ortiz wants thursday instead", "clarify"],
    [
      "Luis Ortiz's sprinkler check is wednesday now",
      "module:reschedule-visit",
      { params: { visitId: "v-ortiz-sprinkler", start: "2026-12-02T14:00:00.000Z" } },
    ],
    [
      "fall cleanup for Ortiz slides to friday at 1",
      "module:reschedule-visit",
      { params: { visitId: "v-ortiz-cleanup", start: "2026-11-27T18:00:00.000Z" } },
    ],
    [
      "crew a is taking the 203 job",
      "module:reschedule-visit",
      { params: { visitId: "v-ortiz-cleanup", crewId: "crew-a" } },
    ],
    [
      "push Jane's visit tomorrow to monday",
      "module:reschedule-visit",
      { params: { visitId: "v-jane-1", start: "2026-11-30T16:00:00.000Z" } },
    ],
    [
      "the dec 4 mow at Jane Smith's should be dec 5 at 8am",
      "module:reschedule-visit",
      { params: { visitId: "v-jane-2", start: "2026-12-05T13:00:00.000Z" } },
    ],
    [
      "sprinkler check at Ortiz's is 3pm instead",
      "module:reschedule-visit",
      { params: { visitId: "v-ortiz-sprinkler", start: "2026-12-01T20:00:00.000Z" } },
    ],
    ["the sprinkler check for Luis Ortiz got called off", "clarify"],
    [
      "Jane Smith's visit tomorrow goes to crew c",
      "module:reschedule-visit",
      { params: { visitId: "v-jane-1", crewId: "crew-c" } },
    ],
    [
      "the 202 visit, monday afternoon instead",
      "module:reschedule-visit",
      { params: { visitId: "v-ortiz-sprinkler", start: "2026-11-30T18:00:00.000Z" } },
    ],
    [
      "Ortiz would rather have the cleanup first thing thursday",
      "module:reschedule-visit",
      { params: { visitId: "v-ortiz-cleanup", start: "2026-12-03T13:00:00.000Z" } },
    ],
    [
      "tomorrow's mowing at Jane Smith's — 2, not 11",
      "module:reschedule-visit",
      { params: { visitId: "v-jane-1", start: "2026-11-27T19:00:00.000Z" } },
    ],
    [
      "Ortiz cleanup is now dec 10, 9am, alpha team",
      "module:reschedule-visit",
      { params: { visitId: "v-ortiz-cleanup", start: "2026-12-10T14:00:00.000Z", crewId: "crew-alpha" } },
    ],
  ]),

  ...section("question", [
    ["what's crew b got tomorrow", "read:daySchedule", { params: { date: "2026-11-27", crewId: "crew-b" } }],
    ["anything on for saturday?", "read:daySchedule", { params: { date: "2026-11-28" } }],
    ["who hasn't paid", "read:listUnpaidInvoices", { params: { pastDueOnly: false } }],
    ["who's late paying us", "read:listUnpaidInvoices", { params: { pastDueOnly: true } }],
    ["money collected this month?", "read:revenueForPeriod", { params: { measure: "collected" } }],
    ["how much did we bill in october", "read:revenueForPeriod", { params: { measure: "invoiced" } }],
    ["what jobs does Luis Ortiz have going", "read:findJobs", { params: { customerId: "c-ortiz" } }],
    // The card is read by the customer's id once the name names one (the golden table's convention), not by the name.
    ["Elena Garcia's phone number", "read:findCustomers", { params: { query: "c-garcia" } }],
    // Two customers are named Tom Baker: the product asks which, and the question lists both addresses.
    ["where does Tom Baker live", "clarify", { says: /12 Oak St.*48 Elm Rd/ }],
    ["how many customers we got", "answer", { says: /42/ }],
    ["open job count", "answer", { says: /17/ }],
    ["today's lineup", "read:daySchedule", { params: { date: "2026-11-26" } }],
    ["is alpha team free monday", "read:daySchedule", { params: { date: "2026-11-30", crewId: "crew-alpha" } }],
    ["anything not scheduled yet for John Smith?", "read:findJobs", { params: { customerId: "c-john" } }],
    ["unpaid bills, just the overdue ones", "read:listUnpaidInvoices", { params: { pastDueOnly: true } }],
    ["who still owes us anything", "read:listUnpaidInvoices", { params: { pastDueOnly: false } }],
    ["how much came in last week", "read:revenueForPeriod", { params: { measure: "collected" } }],
    ["what am I on tomorrow", "read:daySchedule", { ...FIELD, params: { date: "2026-11-27" } }],
    ["Sunrise Senior Living — who's the contact there", "read:findCustomers"],
    ["dec 3, crew b — what's booked", "read:daySchedule", { params: { date: "2026-12-03", crewId: "crew-b" } }],
    ["how many crews do we run", "answer", { says: /4/ }],
    ["which of their jobs aren't booked", "read:findJobs", { ...ON_ACME, params: { customerId: "c-acme" } }],
  ]),

  ...section("by number", [
    ["invoice 1032?", "read:findInvoice", { params: { number: 1032 } }],
    ["what's left owing on invoice 1040", "read:findInvoice", { params: { number: 1040 } }],
    ["job 117", "read:findJobs", { params: { query: "117" } }],
    ["what's job 203 again", "read:findJobs", { params: { query: "203" } }],
    ["pull up inv 1033", "read:findInvoice", { params: { number: 1033 } }],
    ["who's job 205 for", "read:findJobs", { params: { query: "205" } }],
    ["job #201 details", "read:findJobs", { params: { query: "201" } }],
    ["invoice 1032", "refuse", FIELD],
  ]),

  ...section("payments", [
    ["Elena Garcia paid cash for 1032", "module:record-payment", { params: { invoiceId: "i-1032", method: "cash" } }],
    [
      "got a check from Luis Ortiz, $80, invoice 1040",
      "module:record-payment",
      { params: { invoiceId: "i-1040", method: "check", amountCents: 8000 } },
    ],
    [
      "1040: $50 check came in",
      "module:record-payment",
      { params: { invoiceId: "i-1040", method: "check", amountCents: 5000 } },
    ],
    ["nudge everyone who's overdue", "module:send-payment-reminders", { params: { pastDueOnly: true } }],
    [
      "chase Garcia for the money she owes",
      "module:send-payment-reminders",
      { params: { pastDueOnly: true, customerId: "c-garcia" } },
    ],
    [
      "Ortiz handed the tech $30 cash toward 1040",
      "module:record-payment",
      { params: { invoiceId: "i-1040", method: "cash", amountCents: 3000 } },
    ],
    ["1032 is settled, paid by check", "module:record-payment", { params: { invoiceId: "i-1032", method: "check" } }],
    ["late payers need a reminder", "module:send-payment-reminders", { params: { pastDueOnly: true } }],
    ["remind the overdue folks", "refuse", STARTER],
    ["Garcia paid cash on 1032", "refuse", STARTER],
    ["customer paid cash for 1032", "refuse", FIELD],
    [
      "Luis Ortiz dropped off a check for 1040",
      "module:record-payment",
      { ...MEMBER, params: { invoiceId: "i-1040", method: "check" } },
    ],
    [
      "Ortiz is behind, send him a reminder",
      "module:send-payment-reminders",
      { params: { pastDueOnly: true, customerId: "c-ortiz" } },
    ],
    [
      "$250 cash from Elena, that's 1032 done",
      "module:record-payment",
      { params: { invoiceId: "i-1032", method: "cash", amountCents: 25000 } },
    ],
  ]),

  ...section("navigation", [
    ["crew roster", "navigate:/crews"],
    ["take me to customers", "navigate:/customers"],
    ["jobs list", "navigate:/jobs"],
    ["back to the dashboard", "navigate:/dashboard"],
    ["settings", "navigate:/settings"],
    ["integrations settings page", "navigate:/settings/integrations"],
    ["payment settings page", "navigate:/settings/payments"],
    ["go to communications settings", "navigate:/settings/communications"],
    ["quickbooks isn't connected yet, do it", "openModal:integrations.quickbooks"],
    ["stripe needs hooking up", "openModal:integrations.stripe"],
    ["twilio setup", "openModal:integrations.twilio"],
    ["customer list please", "navigate:/customers", MEMBER],
  ]),

  ...section("feature", [
    ["need every customer in a spreadsheet", "module:export-customers"],
    ["bill out all the finished visits", "module:invoice-completed-visits"],
    ["we're taking on clinics, hipaa mode on", "module:enable-hipaa-mode"],
    // A job needs a title: the product asks for it rather than proposing one it made up.
    ["new job for Sunrise Senior Living", "clarify", { says: /what is the job for sunrise senior living/i }],
    ["tomorrow's routes are a mess, sort them out", "module:optimize-day", { params: { date: "2026-11-27" } }],
    ["we need a custom module that tracks warranty claims", "request_quote"],
  ]),

  ...section("refuse", [
    ["move Jane Smith's visit tomorrow to monday", "refuse", FIELD],
    ["how much did we make this month", "refuse", FIELD],
    ["Acme's address", "refuse", FIELD],
    ["invoice all completed visits", "refuse", STARTER],
    ["do the usual", "clarify"],
    ["that one's moving to friday", "clarify"],
  ]),
];
