import { section, type GoldenOptions, type GoldenRow } from "./planner-rows.ts";

/**
 * Holdout 9: a busy office of a multi-crew company on an ordinary day — navigation and integrations, scheduling and
 * moving visits, questions over the data, payments and invoices, namesakes and missing times, and what a role or a plan
 * does not allow. Thursday 26 November 2026, 10:00 in New York (UTC-5 until March); the company's data is
 * `planner-test-fixtures.ts`'s. Holdout 10 has the same mix with other messages.
 */

const ON_ACME: GoldenOptions = { path: "/customers/c-acme", customerId: "c-acme" };
const ON_GARCIA: GoldenOptions = { path: "/customers/c-garcia", customerId: "c-garcia" };
const MEMBER: GoldenOptions = { role: "member" };
const FIELD: GoldenOptions = { role: "field_user" };
const STARTER: GoldenOptions = { plan: "starter" };
const GROWTH: GoldenOptions = { plan: "growth" };

export const HOLDOUT_9: GoldenRow[] = [
  ...section("navigate", [
    ["take me to the jobs page", "navigate:/jobs"],
    ["pls open customers", "navigate:/customers"],
    ["where do i manage my crews?", "navigate:/crews"],
    ["can we connect quickbooks online to this", "openModal:integrations.quickbooks"],
    ["Set up Stripe so customers can pay by card", "openModal:integrations.stripe"],
    ["connect twilio", "openModal:integrations.twilio"],
    ["go to settings", "navigate:/settings"],
    ["back to the dashboard", "navigate:/dashboard", { path: "/jobs" }],
    ["Show me the integrations page", "navigate:/settings/integrations"],
    ["take me to the communications settings page", "navigate:/settings/communications"],
    ["open the crews page please", "navigate:/crews", { path: "/customers" }],
    ["turn on hipaa mode for us", "module:enable-hipaa-mode"],
    ["integrate with twilio so we can text customers", "openModal:integrations.twilio"],
    ["export all our customers to a spreadsheet", "module:export-customers"],
    ["I need to see the customer list", "navigate:/customers"],
  ]),
  ...section("schedule", [
    [
      "Garcia aeration -> wed 10am, crew c",
      "module:schedule-visit",
      { params: { jobId: "j-201", start: "2026-12-02T15:00:00.000Z", crewId: "crew-c" } },
    ],
    [
      "schedule job 204 for dec 7 at 8am",
      "module:schedule-visit",
      { params: { jobId: "j-204", start: "2026-12-07T13:00:00.000Z", crewId: null } },
    ],
    [
      "can you book Acme's water heater install thursday after next at 8:30",
      "module:schedule-visit",
      { params: { jobId: "j-117", start: "2026-12-10T13:30:00.000Z", crewId: null } },
    ],
    [
      "john smith AC tune up, first thing monday, crew a",
      "module:schedule-visit",
      { params: { jobId: "j-204", start: "2026-11-30T13:00:00.000Z", crewId: "crew-a" } },
    ],
    [
      "schedule the aeration for Elena this afternoon",
      "module:schedule-visit",
      { params: { jobId: "j-201", start: "2026-11-26T18:00:00.000Z", crewId: null } },
    ],
    [
      "job 117 on the 14th at noon w/ alpha team",
      "module:schedule-visit",
      { params: { jobId: "j-117", start: "2026-12-14T17:00:00.000Z", crewId: "crew-alpha" } },
    ],
    [
      "put acme on tues @ 9",
      "module:schedule-visit",
      { params: { jobId: "j-117", start: "2026-12-01T14:00:00.000Z", crewId: null } },
    ],
    [
      "Schedule the AC job in two weeks at 11am",
      "module:schedule-visit",
      { params: { jobId: "j-204", start: "2026-12-10T16:00:00.000Z", crewId: null } },
    ],
    [
      "push the Ortiz sprinkler check to friday the 4th in the afternoon",
      "module:reschedule-visit",
      { params: { visitId: "v-ortiz-sprinkler", start: "2026-12-04T18:00:00.000Z" } },
    ],
    [
      "move job 203 to the 10th at 9",
      "module:reschedule-visit",
      { params: { visitId: "v-ortiz-cleanup", start: "2026-12-10T14:00:00.000Z" } },
    ],
    [
      "Jane Smith's mowing tomorrow needs to move to Monday at 11",
      "module:reschedule-visit",
      { params: { visitId: "v-jane-1", start: "2026-11-30T16:00:00.000Z" } },
    ],
    [
      "give the Ortiz fall cleanup to crew a instead, same time",
      "module:reschedule-visit",
      { params: { visitId: "v-ortiz-cleanup", start: "2026-12-03T15:00:00.000Z", crewId: "crew-a" } },
    ],
    ["optimize tomorrow's routes", "module:optimize-day", { params: { date: "2026-11-27" } }],
    [
      "new job for Sunrise Senior Living - gutter cleaning",
      "module:create-job",
      { params: { customerId: "c-sunrise" } },
    ],
    [
      "book sunrise senior living for a gutter cleaning monday at 1pm with crew b",
      "module:schedule-visit",
      { params: { customerId: "c-sunrise", start: "2026-11-30T18:00:00.000Z", crewId: "crew-b" } },
    ],
    [
      "put the water heater install on tuesday at 3, crew b",
      "module:schedule-visit",
      { ...ON_ACME, params: { jobId: "j-117", start: "2026-12-01T20:00:00.000Z", crewId: "crew-b" } },
    ],
    [
      "12/8 at 7:30am for the Garcia job",
      "module:schedule-visit",
      { params: { jobId: "j-201", start: "2026-12-08T12:30:00.000Z", crewId: null } },
    ],
    [
      "move the smith mowing on dec 4 to dec 5 at 9am",
      "module:reschedule-visit",
      { params: { visitId: "v-jane-2", start: "2026-12-05T14:00:00.000Z" } },
    ],
    [
      "sprinkler check for luis ortiz - can we do it monday morning instead?",
      "module:reschedule-visit",
      { params: { visitId: "v-ortiz-sprinkler", start: "2026-11-30T13:00:00.000Z" } },
    ],
    [
      "tomorrow at noon, Acme water heater, alpha team",
      "module:schedule-visit",
      { params: { jobId: "j-117", start: "2026-11-27T17:00:00.000Z", crewId: "crew-alpha" } },
    ],
    ["route optimization for monday please", "module:optimize-day", { params: { date: "2026-11-30" } }],
    [
      "Schedule John Smith's tune-up next wednesday at 2:30",
      "module:schedule-visit",
      { params: { jobId: "j-204", start: "2026-12-02T19:30:00.000Z", crewId: null } },
    ],
    [
      "pls move the ortiz cleanup to the 8th, 10:30am",
      "module:reschedule-visit",
      { params: { visitId: "v-ortiz-cleanup", start: "2026-12-08T15:30:00.000Z" } },
    ],
    [
      "create a job for Maria Gonzalez called hedge trimming",
      "module:create-job",
      { params: { customerId: "c-maria" } },
    ],
    [
      "Crew C can take the Garcia aeration a week from monday at 9",
      "module:schedule-visit",
      { params: { jobId: "j-201", start: "2026-12-07T14:00:00.000Z", crewId: "crew-c" } },
    ],
  ]),
  ...section("question", [
    ["what's crew b doing tomorrow", "read:daySchedule", { params: { date: "2026-11-27", crewId: "crew-b" } }],
    ["how many customers do we have", "answer", { says: /42/ }],
    ["How many open jobs right now?", "answer", { says: /17/ }],
    ["what's on the schedule for monday", "read:daySchedule", { params: { date: "2026-11-30" } }],
    ["address for luis ortiz?", "read:findCustomers", { params: { query: "c-ortiz" } }],
    ["who hasn't paid us", "read:listUnpaidInvoices", { params: { pastDueOnly: false } }],
    ["which invoices are overdue", "read:listUnpaidInvoices", { params: { pastDueOnly: true } }],
    [
      "how much did we collect last month",
      "read:revenueForPeriod",
      { params: { measure: "collected", from: "2026-10-01T04:00:00.000Z" } },
    ],
    [
      "how much have we invoiced this month so far?",
      "read:revenueForPeriod",
      { params: { measure: "invoiced", from: "2026-11-01T04:00:00.000Z" } },
    ],
    ["who are our best customers", "answer", { says: /Acme Plumbing/ }],
    ["how many crews have we got", "answer", { says: /4/ }],
    ["what jobs do we have for elena garcia", "read:findJobs", { params: { customerId: "c-garcia" } }],
    ["alpha team's schedule today", "read:daySchedule", { params: { date: "2026-11-26", crewId: "crew-alpha" } }],
    ["jane smith phone number", "read:findCustomers", { params: { query: "c-jane" } }],
    ["how many past due invoices are there", "answer", { says: /3/ }],
    ["number of overdue invoices?", "answer", { pastDue: 6, says: /6/ }],
    ["invoiced vs collected in october?", "read:revenueForPeriod,read:revenueForPeriod"],
    ["How many unpaid invoices do we have", "answer", { says: /5/ }],
    ["what jobs does this customer have", "read:findJobs", { ...ON_ACME, params: { customerId: "c-acme" } }],
    ["whats crew a got on tuesday", "read:daySchedule", { params: { date: "2026-12-01", crewId: "crew-a" } }],
    ["how many past-due invoices does luis ortiz have", "answer", { says: /2/ }],
    ["show me Bob's Bakery", "read:findCustomers", { params: { query: "c-bob" } }],
    ["revenue this year?", "read:revenueForPeriod", { params: { from: "2026-01-01T05:00:00.000Z" } }],
    [
      "list the equipment we have on file for Acme",
      "read:findCustomRecords",
      { params: { objectKey: "equipment", customerId: "c-acme" } },
    ],
    ["what's on for friday the 4th", "read:daySchedule", { params: { date: "2026-12-04" } }],
  ]),
  ...section("payment", [
    [
      "Elena paid cash for invoice 1032, mark it",
      "module:record-payment",
      { params: { invoiceId: "i-1032", method: "cash" } },
    ],
    [
      "log a check for $80 on 1040",
      "module:record-payment",
      { params: { invoiceId: "i-1040", method: "check", amountCents: 8000 } },
    ],
    ["pull up invoice 1033", "read:findInvoice", { params: { number: 1033 } }],
    [
      "send payment reminders to everyone who's overdue",
      "module:send-payment-reminders",
      { params: { pastDueOnly: true } },
    ],
    [
      "remind luis ortiz he owes us",
      "module:send-payment-reminders",
      { params: { pastDueOnly: true, customerId: "c-ortiz" } },
    ],
    ["chase up all the late payers", "module:send-payment-reminders", { ...MEMBER, params: { pastDueOnly: true } }],
    [
      "got $100 cash from Garcia towards invoice 1032",
      "module:record-payment",
      { params: { invoiceId: "i-1032", method: "cash", amountCents: 10000 } },
    ],
    [
      "invoice all completed visits from nov 1 to nov 25",
      "module:invoice-completed-visits",
      { params: { from: "2026-11-01", to: "2026-11-25" } },
    ],
    ["open inv 1040", "read:findInvoice", { params: { number: 1040 } }],
    ["show me invoice #1032", "read:findInvoice", { params: { number: 1032 } }],
    [
      "send her a reminder about the overdue bill",
      "module:send-payment-reminders",
      { ...ON_GARCIA, params: { pastDueOnly: true, customerId: "c-garcia" } },
    ],
    [
      "mark 1040 paid, they gave us check 5521",
      "module:record-payment",
      { params: { invoiceId: "i-1040", method: "check" } },
    ],
    [
      "Record a cash payment of $250 on invoice 1032",
      "module:record-payment",
      { ...MEMBER, params: { invoiceId: "i-1032", method: "cash", amountCents: 25000 } },
    ],
    [
      "make draft invoices for the finished visits between the 16th and the 22nd of november",
      "module:invoice-completed-visits",
      { params: { from: "2026-11-16", to: "2026-11-22" } },
    ],
    ["list all unpaid invoices", "read:listUnpaidInvoices", { params: { pastDueOnly: false } }],
  ]),
  ...section("clarify", [
    ["what's tom baker's phone number", "clarify"],
    ["schedule the Smiths for monday at 9", "clarify"],
    ["book Acme's water heater install", "clarify"],
    ["move Jane Smith's mowing to wednesday at 10", "clarify"],
    ["put the ortiz job on thursday at 1", "clarify"],
    ["record a $200 check", "clarify"],
    ["schedule a visit for Tom Baker tomorrow at 9", "clarify"],
    ["schedule the garcia aeration for next week", "clarify"],
    ["move it to friday", "clarify"],
    ["send tom baker a reminder", "clarify"],
  ]),
  ...section("refuse", [
    ["record cash on invoice 1032", "refuse", FIELD],
    ["send reminders to all past due customers", "refuse", FIELD],
    ["schedule the garcia aeration for monday at 9", "refuse", FIELD],
    ["send payment reminders to everyone overdue", "refuse", STARTER],
    ["optimize routes for tomorrow", "refuse", GROWTH],
    ["show me the customer list for GreenLeaf Lawn, the other company on this platform", "refuse"],
    ["can you build a timesheet feature so crews clock in and out", "request_quote"],
    [
      "I'd like customers to be able to sign off on finished work with an e-signature. Can you add that?",
      "request_quote",
    ],
    ["export the whole customer list", "refuse", FIELD],
    ["log a check for 1040", "refuse", STARTER],
  ]),
];
