import { section, type GoldenOptions, type GoldenRow } from "./planner-rows.ts";

/**
 * Holdout 16, written blind (without reading the planner or the other sets) and held out: owners of small
 * field-service businesses (HVAC, plumbing, electrical, roofing, cleaning, home health, pest control, pools,
 * landscaping, snow removal), new to the app, in their own words. Thursday 26 November 2026, 10:00 in New York
 * (UTC-5: 9:00 there is 14:00 UTC); morning is 8:00, afternoon 13:00, "first thing" 8:00 on the company's wall clock;
 * the company's data is `planner-test-fixtures.ts`'s.
 */

const MEMBER: GoldenOptions = { role: "member" };
const FIELD: GoldenOptions = { role: "field_user" };
const STARTER: GoldenOptions = { plan: "starter" };
const GROWTH: GoldenOptions = { plan: "growth" };

export const HOLDOUT_16: GoldenRow[] = [
  ...section("schedule", [
    [
      "got a water heater to put in over at Acme Plumbing, can my guys do it Monday at 8?",
      "module:schedule-visit",
      { params: { jobId: "j-117", start: "2026-11-30T13:00:00.000Z", crewId: null } },
    ],
    [
      "John Smith's AC needs its tune-up. put him down for tuesday at half 9 with crew A",
      "module:schedule-visit",
      { params: { jobId: "j-204", start: "2026-12-01T14:30:00.000Z", crewId: "crew-a" } },
    ],
    [
      "Elena Garcia wants her lawn aerated first thing Wednesday, give that one to Alpha Team",
      "module:schedule-visit",
      { params: { jobId: "j-201", start: "2026-12-02T13:00:00.000Z", crewId: "crew-alpha" } },
    ],
    [
      "can we squeeze job #117 in tomorrow after lunch",
      "module:schedule-visit",
      { params: { jobId: "j-117", start: "2026-11-27T18:00:00.000Z", crewId: null } },
    ],
    [
      "HVAC shop here. John Smith called back, the 3rd at 10am works for him",
      "module:schedule-visit",
      { params: { jobId: "j-204", start: "2026-12-03T15:00:00.000Z", crewId: null } },
    ],
    [
      "the core aeration job, Monday week at 11, crew C please",
      "module:schedule-visit",
      { params: { jobId: "j-201", start: "2026-12-07T16:00:00.000Z", crewId: "crew-c" } },
    ],
    [
      "Sunrise Senior Living needs a furnace inspection, book it for Friday Dec 4th at 9 with crew B",
      "module:schedule-visit",
      { params: { customerId: "c-sunrise", start: "2026-12-04T14:00:00.000Z", crewId: "crew-b" } },
    ],
    [
      "put Maria Gonzalez down for a move-out deep clean tomorrow at 1",
      "module:schedule-visit",
      { params: { customerId: "c-maria", start: "2026-11-27T18:00:00.000Z", crewId: null } },
    ],
    [
      "Tom Baker on Elm Rd wants his gutters cleared monday afternoon",
      "module:schedule-visit",
      { params: { customerId: "c-baker-elm", start: "2026-11-30T18:00:00.000Z", crewId: null } },
    ],
    [
      "we've got a gap today, book the water heater install for 2 this afternoon",
      "module:schedule-visit",
      { params: { jobId: "j-117", start: "2026-11-26T19:00:00.000Z", crewId: null } },
    ],
    [
      "Luis Ortiz has ants again, send someone out to treat next tuesday at 10",
      "module:schedule-visit",
      { params: { customerId: "c-ortiz", start: "2026-12-01T15:00:00.000Z", crewId: null } },
    ],
    [
      "job 204 → thursday the 3rd, 8am, crew b",
      "module:schedule-visit",
      { params: { jobId: "j-204", start: "2026-12-03T13:00:00.000Z", crewId: "crew-b" } },
    ],
    [
      "I need the Garcia aeration on the calendar for the 8th at noon",
      "module:schedule-visit",
      { params: { jobId: "j-201", start: "2026-12-08T17:00:00.000Z", crewId: null } },
    ],
    [
      "schedual acme for 7:30 tmrw morning",
      "module:schedule-visit",
      { params: { jobId: "j-117", start: "2026-11-27T12:30:00.000Z", crewId: null } },
    ],
    [
      "electrician here. Sunrise Senior Living wants the emergency lights tested Monday week, first thing",
      "module:schedule-visit",
      { params: { customerId: "c-sunrise", start: "2026-12-07T13:00:00.000Z", crewId: null } },
    ],
  ]),
  ...section("reschedule", [
    [
      "Jane Smith asked if tomorrow's mowing can be pushed to Monday, same time",
      "module:reschedule-visit",
      { params: { visitId: "v-jane-1", start: "2026-11-30T16:00:00.000Z" } },
    ],
    [
      "move the sprinkler check at Luis Ortiz's to Wednesday at 1",
      "module:reschedule-visit",
      { params: { visitId: "v-ortiz-sprinkler", start: "2026-12-02T18:00:00.000Z" } },
    ],
    [
      "the fall cleanup on the 3rd has to go to Friday the 4th at 8, and crew C takes it instead",
      "module:reschedule-visit",
      { params: { visitId: "v-ortiz-cleanup", start: "2026-12-04T13:00:00.000Z", crewId: "crew-c" } },
    ],
    [
      "rain coming tuesday. bump the Ortiz sprinkler visit to the 3rd at 2",
      "module:reschedule-visit",
      { params: { visitId: "v-ortiz-sprinkler", start: "2026-12-03T19:00:00.000Z" } },
    ],
    [
      "shift Jane's mowing on the 4th to saturday morning",
      "module:reschedule-visit",
      { params: { visitId: "v-jane-2", start: "2026-12-05T13:00:00.000Z" } },
    ],
    [
      "give tomorrow's visit at Jane Smith's to crew A, keep the time",
      "module:reschedule-visit",
      { params: { visitId: "v-jane-1", start: "2026-11-27T16:00:00.000Z", crewId: "crew-a" } },
    ],
    [
      "Ortiz fall cleanup: make it an hour later",
      "module:reschedule-visit",
      { params: { visitId: "v-ortiz-cleanup", start: "2026-12-03T16:00:00.000Z" } },
    ],
    [
      "push job 202 back a week",
      "module:reschedule-visit",
      { params: { visitId: "v-ortiz-sprinkler", start: "2026-12-08T14:00:00.000Z" } },
    ],
    [
      "the mowing tomorrow at Jane Smith's, can it be 3 instead of 11?",
      "module:reschedule-visit",
      { params: { visitId: "v-jane-1", start: "2026-11-27T20:00:00.000Z" } },
    ],
    // Luis Ortiz has two visits coming (the sprinkler check and the fall cleanup).
    ["move Luis Ortiz's visit to monday", "clarify"],
  ]),
  ...section("create-job", [
    [
      "new job for Tom Baker on Oak St: swap out the old thermostat",
      "module:create-job",
      { params: { customerId: "c-baker-oak" } },
    ],
    [
      "add a job for Sunrise Senior Living, quarterly pest treatment",
      "module:create-job",
      { params: { customerId: "c-sunrise" } },
    ],
    [
      "open up a job under Bob's Bakery for a grease trap pump-out",
      "module:create-job",
      { params: { customerId: "c-bob" } },
    ],
    [
      "make Elena Garcia a job for snow plowing this winter",
      "module:create-job",
      { params: { customerId: "c-garcia" } },
    ],
    // Two customers are called Tom Baker.
    ["I need a job for Tom Baker, roof leak over the garage", "clarify"],
  ]),
  ...section("reads", [
    ["how many customers do I even have in here?", "answer", { says: /\b42\b/ }],
    ["how many jobs we got open right now", "answer", { says: /\b17\b/ }],
    ["how many crews have I set up so far", "answer", { says: /\b4\b/ }],
    ["how many visits have we finished", "answer", { says: /\b9\b/ }],
    ["what's crew B doing tomorrow", "read:daySchedule", { params: { date: "2026-11-27", crewId: "crew-b" } }],
    ["pool guy here, what's on the board for today?", "read:daySchedule", { params: { date: "2026-11-26" } }],
    ["what does Monday look like for everybody", "read:daySchedule", { params: { date: "2026-11-30" } }],
    ["Alpha Team's day on the 3rd?", "read:daySchedule", { params: { date: "2026-12-03", crewId: "crew-alpha" } }],
    ["what's Luis Ortiz's address again", "read:findCustomers", { says: /9 Lake Dr/, alsoRight: "answer" }],
    ["phone number for Tom Baker over on Oak Street", "read:findCustomers", { says: /010-2000/, alsoRight: "answer" }],
    ["where does Elena Garcia live?", "read:findCustomers", { says: /22 Birch Ln/, alsoRight: "answer" }],
    ["need the Smiths' address, John not Jane", "read:findCustomers", { says: /5 Pine Rd/, alsoRight: "answer" }],
    ["how much did we invoice last month?", "read:revenueForPeriod", { params: { measure: "invoiced" } }],
    [
      "what actually came in the door this month, money collected not billed",
      "read:revenueForPeriod",
      { params: { measure: "collected" } },
    ],
    ["who are my best customers", "answer", { says: /Acme Plumbing/ }],
    ["top 2 customers by what they've paid us", "answer", { says: /Sunrise Senior Living/ }],
    ["how much has Acme Plumbing paid us all told", "answer", { says: /12,500/ }],
    ["who hasn't paid me?", "read:listUnpaidInvoices", { params: { pastDueOnly: false } }],
    ["show me everything that's overdue", "read:listUnpaidInvoices", { params: { pastDueOnly: true } }],
    ["how many invoices are still out unpaid", "answer", { says: /\b5\b/, alsoRight: "read:listUnpaidInvoices" }],
    ["is invoice 1040 paid off yet?", "read:findInvoice", { says: /80/, alsoRight: "answer" }],
    ["how much is left on #1032", "read:findInvoice", { says: /250/, alsoRight: "answer" }],
    ["does Elena Garcia owe us anything", "answer", { says: /250/ }],
    ["what jobs do we have going for Luis Ortiz", "read:findJobs", { params: { customerId: "c-ortiz" } }],
    ["when are we back at Jane Smith's next?", "answer", { says: /Fri|27|tomorrow/i, alsoRight: "read:findJobs" }],
    [
      "what equipment do we have on file at Sunrise Senior Living",
      "read:findCustomRecords",
      { params: { objectKey: "equipment", customerId: "c-sunrise" } },
    ],
  ]),
  ...section("payments", [
    [
      "Elena Garcia just paid 1032 in cash",
      "module:record-payment",
      { params: { invoiceId: "i-1032", method: "cash" } },
    ],
    [
      "got a check from Luis Ortiz for the $80 he owed, check number 2281",
      "module:record-payment",
      { params: { invoiceId: "i-1040", method: "check", amountCents: 8000 } },
    ],
    [
      "mark invoice 1040 paid, he handed my tech cash",
      "module:record-payment",
      { params: { invoiceId: "i-1040", method: "cash" } },
    ],
    [
      "Garcia gave us $100 cash toward invoice 1032",
      "module:record-payment",
      { params: { invoiceId: "i-1032", method: "cash", amountCents: 10000 } },
    ],
    [
      "record a $250 check on 1032, check #5512",
      "module:record-payment",
      { params: { invoiceId: "i-1032", method: "check", amountCents: 25000 } },
    ],
    ["Ortiz paid by check", "module:record-payment", { params: { invoiceId: "i-1040", method: "check" } }],
    ["nudge Luis Ortiz about his bill", "module:send-payment-reminders", { params: { customerId: "c-ortiz" } }],
    [
      "send a reminder to everybody who's late paying",
      "module:send-payment-reminders",
      { params: { pastDueOnly: true } },
    ],
    [
      "can you chase Elena Garcia for the money she owes",
      "module:send-payment-reminders",
      { params: { customerId: "c-garcia" } },
    ],
    [
      "bill out all the visits we finished last month",
      "module:invoice-completed-visits",
      { params: { from: "2026-10-01", to: "2026-10-31" } },
    ],
  ]),
  ...section("modules", [
    ["optimize the routes for monday", "module:optimize-day", { params: { date: "2026-11-30" } }],
    ["can I get all my customers out into excel", "module:export-customers"],
    ["we're a home health agency, need that HIPAA mode switched on", "module:enable-hipaa-mode"],
  ]),
  ...section("navigate", [
    ["take me to my customer list", "navigate:/customers"],
    ["where do I see all my jobs", "navigate:/jobs", { alsoRight: "answer" }],
    ["how do I add another crew", "navigate:/crews", { alsoRight: "answer" }],
    ["where do I change my company name and logo", "navigate:/settings", { alsoRight: "answer" }],
    [
      "where do I set up how customers pay me",
      "navigate:/settings/payments",
      { alsoRight: "openModal:settings.payments" },
    ],
    ["back to the home screen please", "navigate:/dashboard"],
    [
      "where do I change what the reminder emails say",
      "navigate:/settings/communications",
      { alsoRight: "openModal:settings.communications" },
    ],
    ["open up the crews page", "navigate:/crews"],
    [
      "where are the integrations at",
      "navigate:/settings/integrations",
      { alsoRight: "openModal:settings.integrations" },
    ],
  ]),
  ...section("integrations", [
    ["hook up my quickbooks", "openModal:integrations.quickbooks"],
    ["I want folks to pay by card online, connect stripe", "openModal:integrations.stripe"],
    ["connect twilio so we can text customers", "openModal:integrations.twilio"],
    ["get my invoices syncing into QuickBooks Online", "openModal:integrations.quickbooks"],
    [
      "I already use Stripe for the pool business, how do I link it here",
      "openModal:integrations.stripe",
      { alsoRight: "answer" },
    ],
  ]),
  ...section("refuse", [
    ["send reminders to everyone who's past due", "refuse", STARTER],
    ["link my quickbooks", "refuse", STARTER],
    ["record a cash payment on invoice 1032", "refuse", STARTER],
    ["export my customer list", "refuse", STARTER],
    ["optimize tomorrow's routes for the snow plow crews", "refuse", GROWTH],
    ["turn hipaa mode on", "refuse", GROWTH],
    ["schedule John Smith's AC tune-up for Monday at 9", "refuse", FIELD],
    ["how much have we collected this month", "refuse", FIELD],
    ["who owes us money", "refuse", FIELD],
    ["connect quickbooks for us", "refuse", MEMBER],
  ]),
  ...section("clarify", [
    ["book a visit", "clarify"],
    // Two customers are called Tom Baker; one at 12 Oak St, one at 48 Elm Rd.
    ["what's Tom Baker's number", "clarify", { alsoRight: "read:findCustomers" }],
    // John Smith or Jane Smith.
    ["put Smith on the schedule for friday at 10", "clarify"],
    ["schedule Acme", "clarify"],
    ["move the visit to 3", "clarify"],
    ["record the payment", "clarify"],
  ]),
  ...section("answer", [["what can you actually do for me?", "answer"]]),
];
