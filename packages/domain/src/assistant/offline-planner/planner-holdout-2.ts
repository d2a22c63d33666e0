import { section, type GoldenRow } from "./planner-rows.ts";

/**
 * A second held-out set, written as office staff type (typos, run-ons, dictation), without looking at the parser.
 * Thursday 26 November 2026, 10:00 in New York (UTC-5); the data is `planner-test-fixtures.ts`'s.
 */

export const HOLDOUT_2: GoldenRow[] = [
  // Scheduling (20)
  ...section("schedule", [
    [
      "schedule acme water heater install wed 12/2 at 10am crew a",
      "module:schedule-visit",
      { params: { jobId: "j-117", start: "2026-12-02T15:00:00.000Z", crewId: "crew-a" } },
    ],
    [
      "put elena garcia aeration on monday morning w/ alpha team",
      "module:schedule-visit",
      { params: { jobId: "j-201", start: "2026-11-30T13:00:00.000Z", crewId: "crew-alpha" } },
    ],
    [
      "book john smith ac tune up tmrw at 2",
      "module:schedule-visit",
      { params: { jobId: "j-204", start: "2026-11-27T19:00:00.000Z", crewId: null } },
    ],
    [
      "can u get crew c out to sunrise senior living tuesday first thing",
      "module:schedule-visit",
      { params: { customerId: "c-sunrise", start: "2026-12-01T13:00:00.000Z", crewId: "crew-c" } },
    ],
    [
      "maria gonzalez wants someone out friday afternoon",
      "module:schedule-visit",
      { params: { customerId: "c-maria", start: "2026-11-27T18:00:00.000Z", crewId: null } },
    ],
    ["schedule bobs bakery sometime next week", "clarify"],
    [
      "schedule the acme job thursday at 9",
      "module:schedule-visit",
      { params: { jobId: "j-117", start: "2026-12-03T14:00:00.000Z" } },
    ],
    ["tom baker needs a visit monday 10am", "clarify"],
    [
      "tom baker the one on elm rd monday 10am crew b",
      "module:schedule-visit",
      { params: { customerId: "c-baker-elm", start: "2026-11-30T15:00:00.000Z", crewId: "crew-b" } },
    ],
    [
      "set up a visit for luis ortiz dec 8 at 3 crew a",
      "module:schedule-visit",
      { params: { customerId: "c-ortiz", start: "2026-12-08T20:00:00.000Z", crewId: "crew-a" } },
    ],
    [
      "schedule elena garcia core aeration tuesday at 11 in the morning with crew c",
      "module:schedule-visit",
      { params: { jobId: "j-201", start: "2026-12-01T16:00:00.000Z", crewId: "crew-c" } },
    ],
    ["new job for jane smith gutter cleaning", "module:create-job", { params: { customerId: "c-jane" } }],
    [
      "create a job for sunrise senior living quarterly pest treatment",
      "module:create-job",
      { params: { customerId: "c-sunrise" } },
    ],
    ["optimize tmrws routes pls", "module:optimize-day", { params: { date: "2026-11-27" } }],
    ["can you optimize the route for monday dec 7", "module:optimize-day", { params: { date: "2026-12-07" } }],
    ["schedule someone for the smiths tmrw", "clarify"],
    [
      "can you schedule john smith ac tuneup evening of dec 9",
      "module:schedule-visit",
      { params: { jobId: "j-204", start: "2026-12-09T22:00:00.000Z" } },
    ],
    [
      "book acme in for 12/2 1pm w crew b",
      "module:schedule-visit",
      { params: { jobId: "j-117", start: "2026-12-02T18:00:00.000Z", crewId: "crew-b" } },
    ],
    [
      "schedule this for wednesday at 8",
      "module:schedule-visit",
      {
        path: "/customers/c-acme",
        customerId: "c-acme",
        params: { jobId: "j-117", start: "2026-12-02T13:00:00.000Z" },
      },
    ],
    ["schedule a visit for rodriguez landscaping friday at 10", "clarify"],
  ]),

  // Moving visits (15)
  ...section("reschedule", [
    [
      "move jane smiths friday visit to monday",
      "module:reschedule-visit",
      { params: { visitId: "v-jane-1", start: "2026-11-30T16:00:00.000Z" } },
    ],
    [
      "push luis ortiz sprinkler check to wednesday",
      "module:reschedule-visit",
      { params: { visitId: "v-ortiz-sprinkler", start: "2026-12-02T14:00:00.000Z" } },
    ],
    [
      "ortiz fall cleanup move it to fri dec 4 at 1 w crew a",
      "module:reschedule-visit",
      { params: { visitId: "v-ortiz-cleanup", start: "2026-12-04T18:00:00.000Z", crewId: "crew-a" } },
    ],
    [
      "reschedule job 202 to thursday 2pm",
      "module:reschedule-visit",
      { params: { visitId: "v-ortiz-sprinkler", start: "2026-11-26T19:00:00.000Z" } },
    ],
    [
      "janes dec 4 mowing can we bump it to the 7th same time",
      "module:reschedule-visit",
      { params: { visitId: "v-jane-2", start: "2026-12-07T16:00:00.000Z" } },
    ],
    ["move ortiz to monday", "clarify"],
    [
      "swap the crew on jane smith tmrw to crew a",
      "module:reschedule-visit",
      { params: { visitId: "v-jane-1", crewId: "crew-a" } },
    ],
    ["reschedule the ortiz sprinkler check to next week", "clarify"],
    [
      "move luis ortiz cleanup up to tmrw morning",
      "module:reschedule-visit",
      { params: { visitId: "v-ortiz-cleanup", start: "2026-11-27T13:00:00.000Z" } },
    ],
    [
      "can we push jane smith tomorrows mow to saturday first thing",
      "module:reschedule-visit",
      { params: { visitId: "v-jane-1", start: "2026-11-28T13:00:00.000Z" } },
    ],
    [
      "rain delay move job 203 to dec 10",
      "module:reschedule-visit",
      { params: { visitId: "v-ortiz-cleanup", start: "2026-12-10T15:00:00.000Z" } },
    ],
    [
      "move the ortiz sprinkler job to friday at 3 with crew c",
      "module:reschedule-visit",
      { role: "member", params: { visitId: "v-ortiz-sprinkler", start: "2026-11-27T20:00:00.000Z", crewId: "crew-c" } },
    ],
    ["move jane smith fri visit to monday", "refuse", { role: "field_user" }],
    [
      "move jane smith visit on the 27th to 4",
      "module:reschedule-visit",
      { params: { visitId: "v-jane-1", start: "2026-11-27T21:00:00.000Z" } },
    ],
    [
      "move this to thursday morning",
      "module:reschedule-visit",
      {
        path: "/jobs/j-202",
        jobId: "j-202",
        params: { visitId: "v-ortiz-sprinkler", start: "2026-12-03T13:00:00.000Z" },
      },
    ],
  ]),

  // Questions (20)
  ...section("question", [
    ["how many customers do we have", "answer", { says: /42/ }],
    ["how many open jobs rn", "answer", { says: /17/ }],
    ["how many crews we got", "answer", { says: /4/ }],
    ["how many unpaid invoices are there", "answer", { says: /5/ }],
    ["whats crew b doing tmrw", "read:daySchedule", { params: { date: "2026-11-27", crewId: "crew-b" } }],
    ["alpha team schedule for monday", "read:daySchedule", { params: { date: "2026-11-30", crewId: "crew-alpha" } }],
    ["whats on the schedule today", "read:daySchedule", { params: { date: "2026-11-26" } }],
    ["who's working tuesday dec 1", "read:daySchedule", { params: { date: "2026-12-01" } }],
    ["pull up elena garcias info", "read:findCustomers", { params: { query: "c-garcia" } }],
    ["whats the gate code at acme plumbing", "read:findCustomers", { params: { query: "c-acme" } }],
    ["phone # for tom baker over on elm rd", "read:findCustomers", { params: { query: "c-baker-elm" } }],
    ["how much did we collect this month", "read:revenueForPeriod", { params: { measure: "collected" } }],
    ["what did we invoice in october", "read:revenueForPeriod", { params: { measure: "invoiced" } }],
    ["who are our best customers", "answer", { says: /Acme Plumbing/ }],
    ["top 3 customers by $ this yr", "answer", { says: /Sunrise Senior Living/ }],
    ["who owes us money", "read:listUnpaidInvoices", { params: { pastDueOnly: false } }],
    ["whos past due", "read:listUnpaidInvoices", { params: { pastDueOnly: true } }],
    ["what jobs does luis ortiz have going", "read:findJobs", { params: { customerId: "c-ortiz" } }],
    ["jane smith jobs", "read:findJobs", { params: { customerId: "c-jane" } }],
    ["how much money did we bring in this month", "refuse", { role: "field_user" }],
  ]),

  // By number (8)
  ...section("by number", [
    ["job 117", "read:findJobs", { params: { query: "117" } }],
    ["pull up job #204", "read:findJobs", { params: { query: "204" } }],
    ["job number 203 whats that one", "read:findJobs", { params: { query: "203" } }],
    ["inv 1032", "read:findInvoice", { params: { number: 1032 } }],
    ["whats the balance on invoice 1040", "read:findInvoice", { params: { number: 1040 } }],
    ["did invoice #1033 get paid yet", "read:findInvoice", { params: { number: 1033 } }],
    ["look up invoice 1099", "read:findInvoice", { params: { number: 1099 } }],
    ["show me job #202", "read:findJobs", { params: { query: "202" } }],
  ]),

  // Payments & reminders (15)
  ...section("payments", [
    [
      "elena garcia paid cash for invoice 1032",
      "module:record-payment",
      { params: { invoiceId: "i-1032", method: "cash" } },
    ],
    [
      "got a check from luis ortiz for $80 on inv 1040",
      "module:record-payment",
      { params: { invoiceId: "i-1040", method: "check", amountCents: 8000 } },
    ],
    [
      "record $100 cash payment on 1032",
      "module:record-payment",
      { params: { invoiceId: "i-1032", method: "cash", amountCents: 10000 } },
    ],
    [
      "log a check payment on invoice 1040",
      "module:record-payment",
      { role: "member", params: { invoiceId: "i-1040", method: "check" } },
    ],
    ["log cash payment on 1032", "refuse", { role: "field_user" }],
    ["record a payment", "clarify"],
    ["send reminders to everyone past due", "module:send-payment-reminders", { params: { pastDueOnly: true } }],
    [
      "nudge elena garcia about her overdue bill",
      "module:send-payment-reminders",
      { params: { pastDueOnly: true, customerId: "c-garcia" } },
    ],
    [
      "text luis ortiz a payment reminder hes late",
      "module:send-payment-reminders",
      { params: { pastDueOnly: true, customerId: "c-ortiz" } },
    ],
    ["send out the past due reminders pls", "module:send-payment-reminders", { params: { pastDueOnly: true } }],
    [
      "invoice everything we finished nov 1 thru nov 25",
      "module:invoice-completed-visits",
      { params: { from: "2026-11-01", to: "2026-11-25" } },
    ],
    ["batch invoice all the completed visits", "module:invoice-completed-visits"],
    ["send payment reminders to past due customers", "refuse", { plan: "starter" }],
    [
      "check number 4471 came in from luis ortiz inv 1040 for 80 dollars",
      "module:record-payment",
      { params: { invoiceId: "i-1040", method: "check", amountCents: 8000 } },
    ],
    [
      "elena garcia dropped off $250 cash for 1032",
      "module:record-payment",
      { params: { invoiceId: "i-1032", method: "cash", amountCents: 25000 } },
    ],
  ]),

  // Navigation, connections, settings (12)
  ...section("navigation", [
    ["take me to the dashbord", "navigate:/dashboard"],
    ["crews page", "navigate:/crews"],
    ["open settings", "navigate:/settings"],
    ["go to the jobs list", "navigate:/jobs"],
    ["customer list pls", "navigate:/customers"],
    ["connect quickbooks", "openModal:integrations.quickbooks"],
    ["hook up stripe so customers can pay by card", "openModal:integrations.stripe"],
    ["set up twilio for texting", "openModal:integrations.twilio"],
    ["go to integrations", "navigate:/settings/integrations"],
    ["take me to payment settings", "navigate:/settings/payments"],
    ["export all our customers to a spreadsheet", "module:export-customers"],
    ["turn on hipaa mode we do home health visits now", "module:enable-hipaa-mode"],
  ]),

  // Feature requests (5)
  ...section("feature", [
    ["i need something to track chemical usage per property for the state ag report", "request_quote"],
    ["can we get a customer portal where clients sign estimates online", "request_quote"],
    ["build me a timeclock so the guys can clock in from their phones", "request_quote"],
    ["we need gps tracking on the trucks", "request_quote"],
    ["add a way to track refrigerant recovery logs for epa 608", "request_quote"],
  ]),

  // Refusals & ambiguity (5)
  ...section("refuse", [
    ["delete all of bobs bakery jobs", "refuse"],
    ["show me green valley lawn co's customer list they use this app too", "refuse"],
    ["go to /admin/billing", "refuse"],
    ["smith appt tmrw at 2", "clarify"],
    ["move it", "clarify"],
  ]),
];
