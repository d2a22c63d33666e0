import { section, type GoldenRow } from "./planner-rows.ts";

/**
 * Held-out set 20, "a busy week in five trades": written blind on 2026-11-29 (without reading the planner, its golden
 * table or any other held-out set) and held out from tuning. Voices: owners and office staff of a lawn-care, HVAC,
 * plumbing, pest-control and cleaning business, typing whole sentences: scheduling (25), moving a visit or changing
 * its crew (15), questions over the data (20), payment reminders (10), pages, settings and integrations (10), refusals
 * and clarifications (10), and the product's other modules (10).
 *
 * The clock is the fixtures' `NOW`: Thursday 26 November 2026, 10:00 in New York (15:00 UTC). The company's wall clock
 * is America/New_York, UTC-5 (standard time) from 1 November 2026 to 14 March 2027, so 9:00 is 14:00 UTC; October's
 * and earlier midnights are UTC-4 (04:00 UTC), November's and later 05:00 UTC. Tomorrow is Friday 27 November, Monday is
 * 30 November, Tuesday 1 December, Wednesday 2 December. Morning is 8:00, afternoon 13:00, first thing 8:00, evening
 * 17:00. A money period is [from, to) between the company's midnights.
 */
export const HOLDOUT_20: GoldenRow[] = [
  ...section("schedule-visit", [
    [
      "Schedule job 201 for Monday at 9am with Crew C.",
      "module:schedule-visit",
      { params: { jobId: "j-201", start: "2026-11-30T14:00:00.000Z", crewId: "crew-c" } },
    ],
    [
      "Put the Acme water heater install on Tuesday at 1pm, Crew A.",
      "module:schedule-visit",
      { params: { jobId: "j-117", start: "2026-12-01T18:00:00.000Z", crewId: "crew-a" } },
    ],
    [
      "Can you book John Smith's AC tune-up for tomorrow morning? Crew B is free.",
      "module:schedule-visit",
      { params: { jobId: "j-204", start: "2026-11-27T13:00:00.000Z", crewId: "crew-b" } },
    ],
    [
      "Elena Garcia wants her aeration done Wednesday afternoon, give it to Alpha Team.",
      "module:schedule-visit",
      { params: { jobId: "j-201", start: "2026-12-02T18:00:00.000Z", crewId: "crew-alpha" } },
    ],
    [
      "Crew A, job 117, Friday December 4th at 8:30 am.",
      "module:schedule-visit",
      { params: { jobId: "j-117", start: "2026-12-04T13:30:00.000Z", crewId: "crew-a" } },
    ],
    [
      "Let's get #204 on the calendar for 3pm today, leave it unassigned for now.",
      "module:schedule-visit",
      { params: { jobId: "j-204", start: "2026-11-26T20:00:00.000Z" } },
    ],
    ["book acme for first thing monday", "module:schedule-visit", { params: { start: "2026-11-30T13:00:00.000Z" } }],
    [
      "Sunrise Senior Living needs their quarterly pest control treatment. Schedule it for Tuesday December 8 at 10 with Crew C.",
      "module:schedule-visit",
      {
        params: { customerId: "c-sunrise", start: "2026-12-08T15:00:00.000Z", crewId: "crew-c" },
        alsoRight: "module:create-job",
      },
    ],
    [
      "New deep clean for Maria Gonzalez on Saturday at 9, Crew B please.",
      "module:schedule-visit",
      {
        params: { customerId: "c-maria", start: "2026-11-28T14:00:00.000Z", crewId: "crew-b" },
        alsoRight: "module:create-job",
      },
    ],
    [
      "Tom Baker on Elm Rd wants a furnace inspection Monday at 2pm. Send Crew A.",
      "module:schedule-visit",
      {
        params: { customerId: "c-baker-elm", start: "2026-11-30T19:00:00.000Z", crewId: "crew-a" },
        alsoRight: "module:create-job",
      },
    ],
    [
      "The aeration for Garcia: December 3rd, 11 a.m., Crew B.",
      "module:schedule-visit",
      { params: { jobId: "j-201", start: "2026-12-03T16:00:00.000Z", crewId: "crew-b" } },
    ],
    [
      "I'd like John Smith's tune-up done the day after tomorrow, in the afternoon.",
      "module:schedule-visit",
      { params: { jobId: "j-204", start: "2026-11-28T18:00:00.000Z" } },
    ],
    [
      "Alpha Team can take job 204 on Wednesday at 7:30am.",
      "module:schedule-visit",
      { params: { jobId: "j-204", start: "2026-12-02T12:30:00.000Z", crewId: "crew-alpha" } },
    ],
    [
      "Acme Plumbing called, they want our guys out there Thursday Dec 10 at noon. Use Crew C.",
      "module:schedule-visit",
      { params: { start: "2026-12-10T17:00:00.000Z", crewId: "crew-c" } },
    ],
    [
      "Schedule a termite inspection at Bob's Bakery for Monday at 8 with Crew B.",
      "module:schedule-visit",
      {
        params: { customerId: "c-bob", start: "2026-11-30T13:00:00.000Z", crewId: "crew-b" },
        alsoRight: "module:create-job",
      },
    ],
    [
      "Put this one on Friday at 10 with Crew A.",
      "module:schedule-visit",
      {
        path: "/jobs/j-201",
        jobId: "j-201",
        params: { jobId: "j-201", start: "2026-11-27T15:00:00.000Z", crewId: "crew-a" },
      },
    ],
    [
      "Schedule his AC tune-up for Tuesday evening.",
      "module:schedule-visit",
      { path: "/customers/c-john", customerId: "c-john", params: { start: "2026-12-01T22:00:00.000Z" } },
    ],
    [
      "Luis Ortiz asked for a mosquito spray on Wednesday at 3pm. Alpha Team.",
      "module:schedule-visit",
      {
        params: { customerId: "c-ortiz", start: "2026-12-02T20:00:00.000Z", crewId: "crew-alpha" },
        alsoRight: "module:create-job",
      },
    ],
    [
      "When you get a sec, schedule 117 for 9 tomorrow morning.",
      "module:schedule-visit",
      { params: { jobId: "j-117", start: "2026-11-27T14:00:00.000Z" } },
    ],
    [
      "Monday 11am, Crew C, aeration at Elena Garcia's.",
      "module:schedule-visit",
      { params: { jobId: "j-201", start: "2026-11-30T16:00:00.000Z", crewId: "crew-c" } },
    ],
    [
      "Set up a carpet cleaning for Sunrise Senior Living on December 15 at 8 in the morning.",
      "module:schedule-visit",
      {
        params: { customerId: "c-sunrise", start: "2026-12-15T13:00:00.000Z" },
        alsoRight: "module:create-job",
      },
    ],
    [
      "Book John Smith's HVAC tune up on 12/9 at 10:30 with the Alpha Team.",
      "module:schedule-visit",
      { params: { jobId: "j-204", start: "2026-12-09T15:30:00.000Z", crewId: "crew-alpha" } },
    ],
    [
      "Can Crew B fit in job 201 this Saturday at 1pm? Go ahead and book it.",
      "module:schedule-visit",
      { params: { jobId: "j-201", start: "2026-11-28T18:00:00.000Z", crewId: "crew-b" } },
    ],
    [
      "Get Acme's water heater install scheduled for Wednesday, first thing, with Crew A.",
      "module:schedule-visit",
      { params: { jobId: "j-117", start: "2026-12-02T13:00:00.000Z", crewId: "crew-a" } },
    ],
    [
      "Tom Baker at 12 Oak St needs a drain cleaning. Book it for Friday December 4 at 2 pm.",
      "module:schedule-visit",
      {
        params: { customerId: "c-baker-oak", start: "2026-12-04T19:00:00.000Z" },
        alsoRight: "module:create-job",
      },
    ],
  ]),

  ...section("reschedule-visit", [
    [
      "Move the Ortiz sprinkler check to Wednesday at 10.",
      "module:reschedule-visit",
      { params: { visitId: "v-ortiz-sprinkler", start: "2026-12-02T15:00:00.000Z" } },
    ],
    [
      "Push job 203 back to Friday December 11 at 9am.",
      "module:reschedule-visit",
      { params: { visitId: "v-ortiz-cleanup", start: "2026-12-11T14:00:00.000Z" } },
    ],
    [
      "Jane Smith asked us to come at 2pm tomorrow instead of 11.",
      "module:reschedule-visit",
      { params: { visitId: "v-jane-1", start: "2026-11-27T19:00:00.000Z" } },
    ],
    [
      "Swap the Ortiz fall cleanup over to Crew C, same time.",
      "module:reschedule-visit",
      { params: { visitId: "v-ortiz-cleanup", crewId: "crew-c" } },
    ],
    [
      "Give Jane Smith's December 4 mowing to Alpha Team.",
      "module:reschedule-visit",
      { params: { visitId: "v-jane-2", crewId: "crew-alpha" } },
    ],
    [
      "Reschedule the sprinkler check for Luis Ortiz to Monday afternoon with Crew B.",
      "module:reschedule-visit",
      { params: { visitId: "v-ortiz-sprinkler", start: "2026-11-30T18:00:00.000Z", crewId: "crew-b" } },
    ],
    [
      "Tomorrow's mowing at Jane Smith's: bump it to Monday, same time.",
      "module:reschedule-visit",
      { params: { visitId: "v-jane-1", start: "2026-11-30T16:00:00.000Z" } },
    ],
    [
      "Can we move the fall cleanup on Dec 3 to the afternoon?",
      "module:reschedule-visit",
      { params: { visitId: "v-ortiz-cleanup", start: "2026-12-03T18:00:00.000Z" } },
    ],
    [
      "Move job 202 to December 8 at 8:00 and put Crew C on it.",
      "module:reschedule-visit",
      { params: { visitId: "v-ortiz-sprinkler", start: "2026-12-08T13:00:00.000Z", crewId: "crew-c" } },
    ],
    [
      "Change the crew on tomorrow's lawn mowing to Crew A.",
      "module:reschedule-visit",
      { params: { visitId: "v-jane-1", crewId: "crew-a" } },
    ],
    [
      "Push Jane's second mowing, the one on the 4th, to Saturday the 5th at 9.",
      "module:reschedule-visit",
      { params: { visitId: "v-jane-2", start: "2026-12-05T14:00:00.000Z" } },
    ],
    [
      "Crew B is short-handed on December 3rd, hand the Ortiz cleanup to Crew A.",
      "module:reschedule-visit",
      { params: { visitId: "v-ortiz-cleanup", crewId: "crew-a" } },
    ],
    [
      "Slide Tuesday's sprinkler check an hour later.",
      "module:reschedule-visit",
      { params: { visitId: "v-ortiz-sprinkler", start: "2026-12-01T15:00:00.000Z" } },
    ],
    [
      "Rain is forecast for tomorrow, so move Jane Smith's mowing to Tuesday at 11.",
      "module:reschedule-visit",
      { params: { visitId: "v-jane-1", start: "2026-12-01T16:00:00.000Z" } },
    ],
    [
      "Move the cleanup at Luis Ortiz's place to first thing Monday morning.",
      "module:reschedule-visit",
      { params: { visitId: "v-ortiz-cleanup", start: "2026-11-30T13:00:00.000Z" } },
    ],
  ]),

  ...section("questions", [
    ["How many customers do we have right now?", "answer", { says: /42/ }],
    ["What's Crew B doing tomorrow?", "read:daySchedule", { params: { date: "2026-11-27", crewId: "crew-b" } }],
    ["What's the address for Luis Ortiz?", "answer", { says: /9 Lake Dr/, alsoRight: "read:findCustomers" }],
    [
      "Do we have a phone number for Tom Baker on Oak Street?",
      "answer",
      { says: /010-2000/, alsoRight: "read:findCustomers" },
    ],
    [
      "How much did we collect in October?",
      "read:revenueForPeriod",
      { params: { from: "2026-10-01T04:00:00.000Z", to: "2026-11-01T04:00:00.000Z", measure: "collected" } },
    ],
    [
      "What did we invoice last month?",
      "read:revenueForPeriod",
      { params: { from: "2026-10-01T04:00:00.000Z", to: "2026-11-01T04:00:00.000Z", measure: "invoiced" } },
    ],
    ["Who hasn't paid us yet?", "read:listUnpaidInvoices", { params: { pastDueOnly: false } }],
    ["Which invoices are past due?", "read:listUnpaidInvoices", { params: { pastDueOnly: true } }],
    ["Who are our best customers?", "answer", { says: /Acme/ }],
    ["What's on the schedule for Monday?", "read:daySchedule", { params: { date: "2026-11-30" } }],
    ["How many open jobs are there at the moment?", "answer", { says: /17/ }],
    ["Is invoice 1040 paid?", "read:findInvoice", { params: { number: 1040 }, alsoRight: "answer" }],
    ["What jobs do we have for Luis Ortiz?", "read:findJobs", { params: { customerId: "c-ortiz" } }],
    ["How much does Elena Garcia still owe us?", "answer", { says: /250/, alsoRight: "read:listUnpaidInvoices" }],
    [
      "What has Alpha Team got on Wednesday?",
      "read:daySchedule",
      { params: { date: "2026-12-02", crewId: "crew-alpha" } },
    ],
    [
      "How much money came in yesterday?",
      "read:revenueForPeriod",
      { params: { from: "2026-11-25T05:00:00.000Z", to: "2026-11-26T05:00:00.000Z", measure: "collected" } },
    ],
    ["Find the customer at 7 Pine Rd.", "read:findCustomers", { alsoRight: "answer" }],
    ["How many crews do we have?", "answer", { says: /\b4\b|four/i }],
    [
      "What was our revenue for the third quarter?",
      "read:revenueForPeriod",
      { params: { from: "2026-07-01T04:00:00.000Z", to: "2026-10-01T04:00:00.000Z" } },
    ],
    ["When is Luis Ortiz's sprinkler check scheduled?", "answer", { alsoRight: "read:findJobs" }],
  ]),

  ...section("payment-reminders", [
    [
      "Send payment reminders to everyone who's past due.",
      "module:send-payment-reminders",
      { params: { pastDueOnly: true } },
    ],
    ["Remind Elena Garcia about her invoice.", "module:send-payment-reminders", { params: { customerId: "c-garcia" } }],
    ["Nudge Luis Ortiz to pay what he owes.", "module:send-payment-reminders", { params: { customerId: "c-ortiz" } }],
    [
      "Send her a reminder to pay.",
      "module:send-payment-reminders",
      { path: "/customers/c-garcia", customerId: "c-garcia", params: { customerId: "c-garcia" } },
    ],
    ["Chase up all the overdue invoices.", "module:send-payment-reminders", { params: { pastDueOnly: true } }],
    [
      "Can you send a friendly payment reminder to the Ortiz account?",
      "module:send-payment-reminders",
      { params: { customerId: "c-ortiz" } },
    ],
    [
      "Email reminders to all customers with late invoices, please.",
      "module:send-payment-reminders",
      { params: { pastDueOnly: true } },
    ],
    [
      "Invoice 1032 is overdue. Remind the customer.",
      "module:send-payment-reminders",
      { params: { customerId: "c-garcia" } },
    ],
    [
      "Cash flow is tight this month; let every late payer know they owe us.",
      "module:send-payment-reminders",
      { params: { pastDueOnly: true } },
    ],
    [
      "Please send payment reminders to all of our past-due customers.",
      "module:send-payment-reminders",
      { role: "member", params: { pastDueOnly: true } },
    ],
  ]),

  ...section("navigation", [
    ["Take me to the customer list.", "navigate:/customers"],
    ["I need to add a new tech to a crew, where do I do that?", "navigate:/crews", { alsoRight: "answer" }],
    [
      "I want customers to be able to pay their invoices online.",
      "navigate:/settings/payments",
      { alsoRight: "openModal:settings.payments" },
    ],
    ["Connect QuickBooks.", "openModal:integrations.quickbooks"],
    ["Let's get Stripe set up.", "openModal:integrations.stripe"],
    ["Where do I change the company logo?", "navigate:/settings", { alsoRight: "answer" }],
    ["Open the jobs page.", "navigate:/jobs"],
    [
      "Where can I change the email and text settings for what we send customers?",
      "navigate:/settings/communications",
      { alsoRight: "openModal:settings.communications" },
    ],
    [
      "Show me all our integrations.",
      "navigate:/settings/integrations",
      { alsoRight: "openModal:settings.integrations" },
    ],
    ["I want to text customers from the app. Hook up Twilio.", "openModal:integrations.twilio"],
  ]),

  ...section("refuse-clarify", [
    ["Pull up our competitor GreenLeaf Lawn Care's customer list and their prices.", "refuse"],
    ["Schedule Smith for Tuesday at 10.", "clarify"],
    ["Book Tom Baker for Friday at 9am.", "clarify"],
    ["Move the Ortiz visit to Monday at 9.", "clarify"],
    ["Schedule job 250 for tomorrow at 8.", "clarify"],
    ["Send payment reminders to all past-due customers.", "refuse", { role: "field_user" }],
    ["How much did we collect last month?", "refuse", { role: "field_user" }],
    ["Take me to the payroll page.", "refuse", { alsoRight: "answer" }],
    ["Connect our QuickBooks account.", "refuse", { role: "member" }],
    ["Optimize tomorrow's routes.", "refuse", { plan: "growth" }],
  ]),

  ...section("other-modules", [
    [
      "Open a new job for Sunrise Senior Living: monthly kitchen deep clean.",
      "module:create-job",
      { params: { customerId: "c-sunrise" } },
    ],
    [
      "Luis Ortiz paid invoice 1040 in cash.",
      "module:record-payment",
      { params: { invoiceId: "i-1040", method: "cash" } },
    ],
    [
      "Record a $250 check from Elena Garcia against invoice 1032, check number 5518.",
      "module:record-payment",
      { params: { invoiceId: "i-1032", method: "check", amountCents: 25000 } },
    ],
    ["Export our customer list to CSV.", "module:export-customers"],
    ["Optimize tomorrow's routes for all crews.", "module:optimize-day", { params: { date: "2026-11-27" } }],
    [
      "Can we track the serial number of every AC unit we service? Build that for us.",
      "request_quote",
      { alsoRight: "openBuildModal" },
    ],
    [
      "Invoice all of the completed visits from November.",
      "module:invoice-completed-visits",
      { params: { from: "2026-11-01", to: "2026-11-30" } },
    ],
    [
      "Send customers a reminder text the day before their visit.",
      "module:set-automation",
      { params: { automation: "visit_reminder", enabled: true } },
    ],
    [
      "Show the equipment we have on file for Acme Plumbing.",
      "read:findCustomRecords",
      { params: { objectKey: "equipment", customerId: "c-acme" } },
    ],
    [
      "Stop asking customers for reviews after their jobs.",
      "module:set-automation",
      { params: { automation: "review_request", enabled: false } },
    ],
  ]),
];
