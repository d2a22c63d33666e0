import { section, type GoldenOptions, type GoldenRow } from "./planner-rows.ts";

/**
 * Fifth held-out set: impatient owners, statements of fact instead of commands, questions with negation, and
 * follow-up fragments that still stand alone. Thursday 26 November 2026, 10:00 in New York (UTC-5); the company's
 * data is `planner-test-fixtures.ts`'s.
 */

const MEMBER: GoldenOptions = { role: "member" };
const FIELD: GoldenOptions = { role: "field_user" };
const STARTER: GoldenOptions = { plan: "starter" };

export const HOLDOUT_5: GoldenRow[] = [
  // Scheduling: 18
  ...section("schedule", [
    [
      "acme tomorrow 9am crew a",
      "module:schedule-visit",
      { params: { jobId: "j-117", start: "2026-11-27T14:00:00.000Z", crewId: "crew-a" } },
    ],
    [
      "garcia's aeration, monday morning, alpha team",
      "module:schedule-visit",
      { params: { jobId: "j-201", start: "2026-11-30T13:00:00.000Z", crewId: "crew-alpha" } },
    ],
    [
      "john smith's ac needs looking at tuesday at 2",
      "module:schedule-visit",
      { params: { jobId: "j-204", start: "2026-12-01T19:00:00.000Z", crewId: null } },
    ],
    [
      "acme wants someone out saturday afternoon",
      "module:schedule-visit",
      { params: { jobId: "j-117", start: "2026-11-28T18:00:00.000Z", crewId: null } },
    ],
    [
      "garcia friday first thing, crew c",
      "module:schedule-visit",
      { params: { jobId: "j-201", start: "2026-11-27T13:00:00.000Z", crewId: "crew-c" } },
    ],
    [
      "maria gonzalez needs a visit wednesday at 10",
      "module:schedule-visit",
      { params: { customerId: "c-maria", start: "2026-12-02T15:00:00.000Z", crewId: null } },
    ],
    [
      "sunrise senior living dec 8 at 9, crew b",
      "module:schedule-visit",
      { params: { customerId: "c-sunrise", start: "2026-12-08T14:00:00.000Z", crewId: "crew-b" } },
    ],
    [
      "john smith can do thursday 3pm",
      "module:schedule-visit",
      { params: { jobId: "j-204", start: "2026-11-26T20:00:00.000Z", crewId: null } },
    ],
    [
      "acme thursday at 9",
      "module:schedule-visit",
      { params: { jobId: "j-117", start: "2026-12-03T14:00:00.000Z", crewId: null } },
    ],
    [
      "garcia tomorrow evening",
      "module:schedule-visit",
      { params: { jobId: "j-201", start: "2026-11-27T22:00:00.000Z", crewId: null } },
    ],
    [
      "jane smith wants an extra mow sunday at 11",
      "module:schedule-visit",
      { params: { customerId: "c-jane", start: "2026-11-29T16:00:00.000Z", crewId: null } },
    ],
    [
      "book john smith 12/2 at 1",
      "module:schedule-visit",
      { params: { jobId: "j-204", start: "2026-12-02T18:00:00.000Z", crewId: null } },
    ],
    [
      "acme's water heater install can go in monday 7am",
      "module:schedule-visit",
      { params: { jobId: "j-117", start: "2026-11-30T12:00:00.000Z", crewId: null } },
    ],
    [
      "get garcia on the books tuesday 10am crew a",
      "module:schedule-visit",
      { ...MEMBER, params: { jobId: "j-201", start: "2026-12-01T15:00:00.000Z", crewId: "crew-a" } },
    ],
    [
      "bob's bakery needs somebody wed 2pm",
      "module:schedule-visit",
      { params: { customerId: "c-bob", start: "2026-12-02T19:00:00.000Z", crewId: null } },
    ],
    [
      "get them out here tomorrow at 4",
      "module:schedule-visit",
      {
        path: "/customers/c-acme",
        customerId: "c-acme",
        params: { jobId: "j-117", start: "2026-11-27T21:00:00.000Z", crewId: null },
      },
    ],
    [
      "john smith's ac tune-up, next thursday 8am, crew b",
      "module:schedule-visit",
      { params: { jobId: "j-204", start: "2026-12-03T13:00:00.000Z", crewId: "crew-b" } },
    ],
    [
      "alpha team takes acme monday afternoon",
      "module:schedule-visit",
      { params: { jobId: "j-117", start: "2026-11-30T18:00:00.000Z", crewId: "crew-alpha" } },
    ],
  ]),

  // Moving: 14
  ...section("reschedule", [
    [
      "jane's mow is off tomorrow, rain. push it to saturday",
      "module:reschedule-visit",
      { params: { visitId: "v-jane-1", start: "2026-11-28T16:00:00.000Z" } },
    ],
    ["jane's mow is off tomorrow, rain", "clarify"],
    ["ortiz wants thursday instead", "clarify"],
    [
      "ortiz sprinkler check is now wednesday",
      "module:reschedule-visit",
      { params: { visitId: "v-ortiz-sprinkler", start: "2026-12-02T14:00:00.000Z" } },
    ],
    [
      "ortiz fall cleanup got bumped to friday at 1",
      "module:reschedule-visit",
      { params: { visitId: "v-ortiz-cleanup", start: "2026-11-27T18:00:00.000Z" } },
    ],
    [
      "sprinkler check at ortiz's goes to crew b",
      "module:reschedule-visit",
      { params: { visitId: "v-ortiz-sprinkler", crewId: "crew-b" } },
    ],
    [
      "job 203 visit -> dec 10 at 2",
      "module:reschedule-visit",
      { params: { visitId: "v-ortiz-cleanup", start: "2026-12-10T19:00:00.000Z" } },
    ],
    [
      "jane's dec 4 mow moves to dec 5",
      "module:reschedule-visit",
      { params: { visitId: "v-jane-2", start: "2026-12-05T16:00:00.000Z" } },
    ],
    [
      "ortiz sprinkler, make it 11 instead",
      "module:reschedule-visit",
      { params: { visitId: "v-ortiz-sprinkler", start: "2026-12-01T16:00:00.000Z" } },
    ],
    [
      "jane smith tomorrow needs to be 3pm instead",
      "module:reschedule-visit",
      { ...MEMBER, params: { visitId: "v-jane-1", start: "2026-11-27T20:00:00.000Z" } },
    ],
    ["move ortiz's sprinkler check to thursday", "refuse", FIELD],
    [
      "the cleanup at luis's place is moving to monday afternoon, crew c",
      "module:reschedule-visit",
      { params: { visitId: "v-ortiz-cleanup", start: "2026-11-30T18:00:00.000Z", crewId: "crew-c" } },
    ],
    [
      "jane's dec 4 one can go to monday the 7th",
      "module:reschedule-visit",
      { params: { visitId: "v-jane-2", start: "2026-12-07T16:00:00.000Z" } },
    ],
    [
      "ortiz's sprinkler check slides to thursday morning",
      "module:reschedule-visit",
      { params: { visitId: "v-ortiz-sprinkler", start: "2026-12-03T13:00:00.000Z" } },
    ],
  ]),

  // Questions: 22
  ...section("question", [
    ["who hasn't paid", "read:listUnpaidInvoices", { params: { pastDueOnly: false } }],
    ["who's late paying us", "read:listUnpaidInvoices", { params: { pastDueOnly: true } }],
    ["what's on tomorrow", "read:daySchedule", { params: { date: "2026-11-27" } }],
    ["crew b tomorrow?", "read:daySchedule", { params: { date: "2026-11-27", crewId: "crew-b" } }],
    ["what does tuesday look like", "read:daySchedule", { params: { date: "2026-12-01" } }],
    ["alpha team's monday", "read:daySchedule", { params: { date: "2026-11-30", crewId: "crew-alpha" } }],
    ["how much came in this month", "read:revenueForPeriod", { params: { measure: "collected" } }],
    ["what'd we invoice last month", "read:revenueForPeriod", { params: { measure: "invoiced" } }],
    ["how many customers we got", "answer"],
    ["how many jobs still open", "answer"],
    ["number of crews?", "answer"],
    ["top customers", "answer"],
    ["elena garcia's number", "read:findCustomers"],
    ["garcia's jobs", "read:findJobs", { params: { customerId: "c-garcia" } }],
    ["anything not scheduled yet for john smith", "read:findJobs", { params: { customerId: "c-john" } }],
    ["gate code at acme", "read:findCustomers"],
    ["don't we have a customer called bob's bakery", "read:findCustomers"],
    ["who hasn't paid", "refuse", FIELD],
    ["how much did we make this month", "refuse", FIELD],
    ["schedule for dec 3", "read:daySchedule", { params: { date: "2026-12-03" } }],
    ["nobody told me what's on today", "read:daySchedule", { params: { date: "2026-11-26" } }],
    ["who's overdue", "read:listUnpaidInvoices", { ...MEMBER, params: { pastDueOnly: true } }],
  ]),

  // By number: 8
  ...section("by number", [
    ["1032?", "read:findInvoice", { params: { number: 1032 } }],
    ["job 117", "read:findJobs", { params: { query: "117" } }],
    ["where's job 204 at", "read:findJobs", { params: { query: "204" } }],
    ["invoice 1040 status", "read:findInvoice", { params: { number: 1040 } }],
    ["#1033 paid yet?", "read:findInvoice", { params: { number: 1033 } }],
    ["pull up job 202", "read:findJobs", { params: { query: "202" } }],
    ["what's still owed on invoice 1040", "read:findInvoice", { params: { number: 1040 } }],
    ["invoice 1032 never got paid right", "read:findInvoice", { params: { number: 1032 } }],
  ]),

  // Payments and reminders: 14
  ...section("payments", [
    ["garcia paid cash for 1032", "module:record-payment", { params: { invoiceId: "i-1032", method: "cash" } }],
    [
      "ortiz sent a check, 80 bucks, invoice 1040",
      "module:record-payment",
      { params: { invoiceId: "i-1040", method: "check", amountCents: 8000 } },
    ],
    [
      "1040 got $50 cash",
      "module:record-payment",
      { params: { invoiceId: "i-1040", method: "cash", amountCents: 5000 } },
    ],
    [
      "elena garcia paid 1032 in full by check",
      "module:record-payment",
      { params: { invoiceId: "i-1032", method: "check" } },
    ],
    [
      "took a $125 check from garcia on 1032",
      "module:record-payment",
      { ...MEMBER, params: { invoiceId: "i-1032", method: "check", amountCents: 12500 } },
    ],
    // The product records card payments through the invoice's pay link (record-payment takes cash or a check), and says so.
    ["card payment came in on invoice 1040, $80", "answer", { says: /pay link/ }],
    [
      "invoice 1032 got paid, cash, $250",
      "module:record-payment",
      { params: { invoiceId: "i-1032", method: "cash", amountCents: 25000 } },
    ],
    ["overdue folks need a nudge", "module:send-payment-reminders", { params: { pastDueOnly: true } }],
    [
      "ortiz is behind again, remind him",
      "module:send-payment-reminders",
      { params: { pastDueOnly: true, customerId: "c-ortiz" } },
    ],
    [
      "garcia still hasn't paid, send her a reminder",
      "module:send-payment-reminders",
      { params: { pastDueOnly: true, customerId: "c-garcia" } },
    ],
    ["chase everyone who's late", "module:send-payment-reminders", { params: { pastDueOnly: true } }],
    [
      "past due reminders need to go out",
      "module:send-payment-reminders",
      { ...MEMBER, params: { pastDueOnly: true } },
    ],
    ["ortiz paid cash on 1040", "refuse", FIELD],
    ["garcia paid cash for 1032", "refuse", STARTER],
  ]),

  // Navigation: 12
  ...section("navigation", [
    ["customer list", "navigate:/customers"],
    ["crews page", "navigate:/crews"],
    ["jobs board", "navigate:/jobs"],
    ["settings", "navigate:/settings"],
    ["back to the dashboard", "navigate:/dashboard"],
    ["where's the integrations screen", "navigate:/settings/integrations"],
    ["payment settings page", "navigate:/settings/payments"],
    ["communication settings", "navigate:/settings/communications"],
    ["open the job list", "navigate:/jobs"],
    ["quickbooks still isn't connected", "openModal:integrations.quickbooks"],
    ["hook up stripe", "openModal:integrations.stripe"],
    ["texting isn't set up yet, twilio", "openModal:integrations.twilio"],
  ]),

  // Features: 6
  ...section("feature", [
    ["need every customer in a spreadsheet", "module:export-customers"],
    ["bill out everything that's done", "module:invoice-completed-visits"],
    ["we've got sunrise senior living now, hipaa has to be on", "module:enable-hipaa-mode"],
    ["tomorrow's routes are a mess, fix the order", "module:optimize-day", { params: { date: "2026-11-27" } }],
    ["monday's routes need optimizing", "module:optimize-day", { params: { date: "2026-11-30" } }],
    ["we need a truck maintenance tracker built for us", "request_quote"],
  ]),

  // Refusals and ambiguity: 6
  ...section("refuse", [
    ["delete every customer", "refuse"],
    ["wipe out all the invoices", "refuse"],
    ["tom baker needs a visit friday at 10", "clarify"],
    ["acme sometime next week", "clarify"],
    ["priya ramanathan paid cash", "clarify"],
    ["give me everyone's address and phone in a list", "refuse", FIELD],
  ]),
];
