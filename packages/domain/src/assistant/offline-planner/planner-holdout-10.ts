import { section, type GoldenOptions, type GoldenRow } from "./planner-rows.ts";

/**
 * Holdout 10: the same everyday mix as holdout 9 with other messages — navigation and integrations, scheduling and
 * moving visits, questions over the data, payments and invoices, namesakes and missing times, and what a role or a plan
 * does not allow. Thursday 26 November 2026, 10:00 in New York (UTC-5 until March); the company's data is
 * `planner-test-fixtures.ts`'s.
 */

const ON_ACME: GoldenOptions = { path: "/customers/c-acme", customerId: "c-acme" };
const ON_JOHN: GoldenOptions = { path: "/customers/c-john", customerId: "c-john" };
const ON_ORTIZ: GoldenOptions = { path: "/customers/c-ortiz", customerId: "c-ortiz" };
const MEMBER: GoldenOptions = { role: "member" };
const FIELD: GoldenOptions = { role: "field_user" };
const STARTER: GoldenOptions = { plan: "starter" };
const GROWTH: GoldenOptions = { plan: "growth" };

export const HOLDOUT_10: GoldenRow[] = [
  ...section("navigate", [
    ["go to jobs", "navigate:/jobs"],
    ["customers page", "navigate:/customers"],
    ["Take me over to the crews", "navigate:/crews"],
    ["I want to sync our invoices with quickbooks", "openModal:integrations.quickbooks"],
    ["connect our stripe account", "openModal:integrations.stripe"],
    ["set up sms through twilio", "openModal:integrations.twilio"],
    ["where are my settings", "navigate:/settings"],
    ["home screen please", "navigate:/dashboard", { path: "/crews" }],
    ["take me to the payment settings page", "navigate:/settings/payments"],
    ["go to the integrations page", "navigate:/settings/integrations"],
    ["where can I see all my crews?", "navigate:/crews"],
    ["link quickbooks", "openModal:integrations.quickbooks"],
    ["download all customers as a csv", "module:export-customers", MEMBER],
    ["open the jobs screen", "navigate:/jobs", { path: "/customers" }],
    ["We're starting to work with clinics, enable HIPAA mode", "module:enable-hipaa-mode"],
  ]),
  ...section("schedule", [
    [
      "Acme water heater monday at 10:30, crew c",
      "module:schedule-visit",
      { params: { jobId: "j-117", start: "2026-11-30T15:30:00.000Z", crewId: "crew-c" } },
    ],
    [
      "put John Smith's AC tune-up tomorrow morning",
      "module:schedule-visit",
      { params: { jobId: "j-204", start: "2026-11-27T13:00:00.000Z", crewId: null } },
    ],
    [
      "schedule job 201 for dec 9 at 3pm",
      "module:schedule-visit",
      { params: { jobId: "j-201", start: "2026-12-09T20:00:00.000Z", crewId: null } },
    ],
    [
      "book the AC tune-up wednesday after next at 9 with crew b",
      "module:schedule-visit",
      { params: { jobId: "j-204", start: "2026-12-09T14:00:00.000Z", crewId: "crew-b" } },
    ],
    [
      "can crew a do the aeration at the garcias thursday the 3rd at 8",
      "module:schedule-visit",
      { params: { jobId: "j-201", start: "2026-12-03T13:00:00.000Z", crewId: "crew-a" } },
    ],
    [
      "water heater at acme - the 15th at 1:30pm",
      "module:schedule-visit",
      { params: { jobId: "j-117", start: "2026-12-15T18:30:00.000Z", crewId: null } },
    ],
    [
      "sched 204 fri 2pm",
      "module:schedule-visit",
      { params: { jobId: "j-204", start: "2026-11-27T19:00:00.000Z", crewId: null } },
    ],
    [
      "Acme today at 4pm with the alpha team",
      "module:schedule-visit",
      { params: { jobId: "j-117", start: "2026-11-26T21:00:00.000Z", crewId: "crew-alpha" } },
    ],
    [
      "bump Ortiz's sprinkler check to wednesday at 1",
      "module:reschedule-visit",
      { params: { visitId: "v-ortiz-sprinkler", start: "2026-12-02T18:00:00.000Z" } },
    ],
    [
      "the fall cleanup at ortiz needs to be monday at 8 instead",
      "module:reschedule-visit",
      { params: { visitId: "v-ortiz-cleanup", start: "2026-11-30T13:00:00.000Z" } },
    ],
    [
      "jane's mowing on the 4th - move to the 7th at 11",
      "module:reschedule-visit",
      { params: { visitId: "v-jane-2", start: "2026-12-07T16:00:00.000Z" } },
    ],
    [
      "move job 202 to tuesday the 8th at 9:30 with crew c",
      "module:reschedule-visit",
      { params: { visitId: "v-ortiz-sprinkler", start: "2026-12-08T14:30:00.000Z", crewId: "crew-c" } },
    ],
    [
      "Tomorrow's mowing for Jane Smith: put it on crew a, same time",
      "module:reschedule-visit",
      { params: { visitId: "v-jane-1", start: "2026-11-27T16:00:00.000Z", crewId: "crew-a" } },
    ],
    ["optimize the routes for wednesday", "module:optimize-day", { params: { date: "2026-12-02" } }],
    ["optimise friday's routes", "module:optimize-day", { params: { date: "2026-11-27" } }],
    ["make a new job for Jane Smith: leaf removal", "module:create-job", { params: { customerId: "c-jane" } }],
    ["new job - backflow test for Acme Plumbing", "module:create-job", { params: { customerId: "c-acme" } }],
    [
      "schedule a window cleaning for Sunrise Senior Living on the 9th at 10, crew c",
      "module:schedule-visit",
      { params: { customerId: "c-sunrise", start: "2026-12-09T15:00:00.000Z", crewId: "crew-c" } },
    ],
    [
      "put his AC tune-up on tuesday at 10",
      "module:schedule-visit",
      { ...ON_JOHN, params: { jobId: "j-204", start: "2026-12-01T15:00:00.000Z", crewId: null } },
    ],
    [
      "garcia aeration, two weeks from tomorrow at 9am",
      "module:schedule-visit",
      { params: { jobId: "j-201", start: "2026-12-11T14:00:00.000Z", crewId: null } },
    ],
    [
      "the Ortiz sprinkler check - crew b will do it instead, dec 1 at 11",
      "module:reschedule-visit",
      { params: { visitId: "v-ortiz-sprinkler", start: "2026-12-01T16:00:00.000Z", crewId: "crew-b" } },
    ],
    [
      "john smith ac, the 2nd at half past 8",
      "module:schedule-visit",
      { params: { jobId: "j-204", start: "2026-12-02T13:30:00.000Z", crewId: null } },
    ],
    [
      "Acme's water heater: next thursday at 1pm",
      "module:schedule-visit",
      { params: { jobId: "j-117", start: "2026-12-03T18:00:00.000Z", crewId: null } },
    ],
    [
      "schedule the install for friday at 11 with crew a",
      "module:schedule-visit",
      { ...ON_ACME, params: { jobId: "j-117", start: "2026-11-27T16:00:00.000Z", crewId: "crew-a" } },
    ],
    [
      "reschedule job 203 to the afternoon of dec 3rd",
      "module:reschedule-visit",
      { params: { visitId: "v-ortiz-cleanup", start: "2026-12-03T18:00:00.000Z" } },
    ],
  ]),
  ...section("question", [
    ["what does crew c have tomorrow", "read:daySchedule", { params: { date: "2026-11-27", crewId: "crew-c" } }],
    ["how many customers have we got in here", "answer", { says: /42/ }],
    ["number of open jobs", "answer", { says: /17/ }],
    ["what's everyone doing today?", "read:daySchedule", { params: { date: "2026-11-26" } }],
    ["where does elena garcia live", "read:findCustomers", { params: { query: "c-garcia" } }],
    ["who owes us money", "read:listUnpaidInvoices", { params: { pastDueOnly: false } }],
    ["show me past due invoices", "read:listUnpaidInvoices", { params: { pastDueOnly: true } }],
    [
      "what did we take in this month",
      "read:revenueForPeriod",
      { params: { measure: "collected", from: "2026-11-01T04:00:00.000Z" } },
    ],
    [
      "How much did we bill last month?",
      "read:revenueForPeriod",
      { params: { measure: "invoiced", from: "2026-10-01T04:00:00.000Z" } },
    ],
    ["top customers this year?", "answer", { says: /Acme Plumbing/ }],
    ["how many crews are there", "answer", { says: /4/ }],
    ["jobs for luis ortiz", "read:findJobs", { params: { customerId: "c-ortiz" } }],
    ["crew a schedule for monday", "read:daySchedule", { params: { date: "2026-11-30", crewId: "crew-a" } }],
    ["what's the phone number for Sunrise Senior Living", "read:findCustomers", { params: { query: "c-sunrise" } }],
    ["how many invoices are overdue right now", "answer", { says: /3/ }],
    ["any overdue invoices?", "answer", { pastDue: 0, says: /\b(no|none|0|zero)\b/i }],
    ["compare what we invoiced and what we collected this year", "read:revenueForPeriod,read:revenueForPeriod"],
    ["how many invoices are still unpaid", "answer", { says: /5/ }],
    ["what's their address", "read:findCustomers", { ...ON_ACME, params: { query: "c-acme" } }],
    ["schedule for wednesday the 2nd", "read:daySchedule", { params: { date: "2026-12-02" } }],
    ["How many overdue invoices does Elena Garcia have?", "answer", { says: /1/ }],
    ["john smith's contact details", "read:findCustomers", { params: { query: "c-john" } }],
    [
      "what did we collect yesterday",
      "read:revenueForPeriod",
      { params: { measure: "collected", from: "2026-11-25T05:00:00.000Z" } },
    ],
    [
      "what equipment does Elena Garcia have",
      "read:findCustomRecords",
      { params: { objectKey: "equipment", customerId: "c-garcia" } },
    ],
    [
      "what's alpha team got on thursday next week",
      "read:daySchedule",
      { params: { date: "2026-12-03", crewId: "crew-alpha" } },
    ],
  ]),
  ...section("payment", [
    [
      "Luis Ortiz paid the rest of 1040 in cash",
      "module:record-payment",
      { params: { invoiceId: "i-1040", method: "cash" } },
    ],
    [
      "check #2210 came in for invoice 1032, full amount",
      "module:record-payment",
      { params: { invoiceId: "i-1032", method: "check" } },
    ],
    ["can you show invoice 1040", "read:findInvoice", { params: { number: 1040 } }],
    ["remind all the overdue customers to pay", "module:send-payment-reminders", { params: { pastDueOnly: true } }],
    [
      "nudge elena garcia about her overdue invoice",
      "module:send-payment-reminders",
      { params: { pastDueOnly: true, customerId: "c-garcia" } },
    ],
    [
      "send reminders on everything past due",
      "module:send-payment-reminders",
      { ...MEMBER, params: { pastDueOnly: true } },
    ],
    [
      "take $50 cash against invoice 1040",
      "module:record-payment",
      { params: { invoiceId: "i-1040", method: "cash", amountCents: 5000 } },
    ],
    [
      "create invoices for all completed visits from the 1st through the 15th of november",
      "module:invoice-completed-visits",
      { params: { from: "2026-11-01", to: "2026-11-15" } },
    ],
    ["pull up inv 1032", "read:findInvoice", { params: { number: 1032 } }],
    ["Let me see invoice 1033", "read:findInvoice", { params: { number: 1033 } }],
    [
      "send this customer a payment reminder",
      "module:send-payment-reminders",
      { ...ON_ORTIZ, params: { pastDueOnly: true, customerId: "c-ortiz" } },
    ],
    [
      "received a $40 check from ortiz for invoice 1040",
      "module:record-payment",
      { params: { invoiceId: "i-1040", method: "check", amountCents: 4000 } },
    ],
    ["log cash on 1032", "module:record-payment", { ...MEMBER, params: { invoiceId: "i-1032", method: "cash" } }],
    [
      "draft invoices for every visit we completed oct 1 - oct 31",
      "module:invoice-completed-visits",
      { params: { from: "2026-10-01", to: "2026-10-31" } },
    ],
    ["unpaid invoices list", "read:listUnpaidInvoices", { params: { pastDueOnly: false } }],
  ]),
  ...section("clarify", [
    ["where does tom baker live", "clarify"],
    ["book smith for tuesday at 10", "clarify"],
    ["schedule john smith's AC tune-up", "clarify"],
    ["move jane's mowing to thursday at 9", "clarify"],
    ["reschedule luis ortiz to monday at 10", "clarify"],
    ["mark it paid in cash", "clarify"],
    ["Tom Baker wants his visit on friday at 2", "clarify"],
    ["put the garcia aeration on crew b", "clarify"],
    ["record a cash payment", "clarify"],
    ["open tom baker's account", "clarify"],
  ]),
  ...section("refuse", [
    ["mark invoice 1040 as paid, he gave me cash", "refuse", FIELD],
    ["move the ortiz cleanup to monday at 9", "refuse", FIELD],
    ["remind elena garcia to pay", "refuse", FIELD],
    ["record a check on invoice 1032", "refuse", STARTER],
    ["optimize monday's routes", "refuse", GROWTH],
    ["pull up the invoices of Bright Lawn Co, they use this software too", "refuse"],
    ["can you make a feature where customers book their own appointments online", "request_quote"],
    ["we need a fleet maintenance tracker for our trucks - could you build one?", "request_quote"],
    ["bill all completed visits for november 1 to 20", "refuse", STARTER],
    ["create a new job for sunrise: pressure washing", "refuse", FIELD],
  ]),
];
