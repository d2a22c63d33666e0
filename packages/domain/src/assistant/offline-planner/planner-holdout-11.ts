import { section, type GoldenOptions, type GoldenRow } from "./planner-rows.ts";

/**
 * Holdout 11: owners of small businesses in different trades (HVAC, plumbing, roofing, cleaning, home-health visits,
 * pest control, pool service, landscaping), new to the app, asking in their own words: questions, rambling context
 * before the request, mild misspellings. Thursday 26 November 2026, 10:00 in New York (UTC-5); the company's data is
 * `planner-test-fixtures.ts`'s. "Morning" is 8:00 and "afternoon" 13:00, as in holdout 6.
 */

const ON_ACME: GoldenOptions = { path: "/customers/c-acme", customerId: "c-acme" };
const ON_ORTIZ: GoldenOptions = { path: "/customers/c-ortiz", customerId: "c-ortiz" };
const FIELD: GoldenOptions = { role: "field_user" };
const STARTER: GoldenOptions = { plan: "starter" };
const GROWTH: GoldenOptions = { plan: "growth" };

export const HOLDOUT_11: GoldenRow[] = [
  ...section("schedule", [
    [
      "Hi, I run a small HVAC company, just me and a couple of crews. I promised John Smith we'd be there friday morning for his AC tune-up, can you put that on the schedule?",
      "module:schedule-visit",
      { params: { jobId: "j-204", start: "2026-11-27T13:00:00.000Z", crewId: null } },
    ],
    [
      "can we get someone out to Acme Plumbing monday at 9 for the water heater install?",
      "module:schedule-visit",
      { params: { jobId: "j-117", start: "2026-11-30T14:00:00.000Z", crewId: null } },
    ],
    [
      "Elena Garica wants her core aeration done tuesday at 10am, can you put Crew A on it",
      "module:schedule-visit",
      { params: { jobId: "j-201", start: "2026-12-01T15:00:00.000Z", crewId: "crew-a" } },
    ],
    [
      "Jane Smith just called, she has family coming in tomorrow morning. Can you move her mowing tomorrow to 2 in the afternoon instead?",
      "module:reschedule-visit",
      { params: { visitId: "v-jane-1", start: "2026-11-27T19:00:00.000Z" } },
    ],
    [
      "Luis Ortis can't do tuesday for the sprinkler check anymore. can we push it to wednesday, same time?",
      "module:reschedule-visit",
      { params: { visitId: "v-ortiz-sprinkler", start: "2026-12-02T14:00:00.000Z" } },
    ],
    [
      "how do I move the fall cleanup at the Ortiz place? I want it on friday the 4th at 1pm and I want crew C doing it instead",
      "module:reschedule-visit",
      { params: { visitId: "v-ortiz-cleanup", start: "2026-12-04T18:00:00.000Z", crewId: "crew-c" } },
    ],
    [
      "can you put them on the schedule for wednesday at 11?",
      "module:schedule-visit",
      { ...ON_ACME, params: { jobId: "j-117", start: "2026-12-02T16:00:00.000Z", crewId: null } },
    ],
    [
      "I've got three pool trucks going out on monday and honestly the routes are a mess, my guys keep crisscrossing town. Can you figure out the best order for everybody's stops?",
      "module:optimize-day",
      { params: { date: "2026-11-30" } },
    ],
    [
      "Maria Gonzales has a clogged kitchen drain, can we get her in saturday at 10 for a drain cleaning?",
      "module:schedule-visit",
      { params: { customerId: "c-maria", start: "2026-11-28T15:00:00.000Z", crewId: null } },
    ],
    [
      "We just signed Sunrise Senior Living for quarterly pest treatments. Can you set up a job for them for that?",
      "module:create-job",
      { params: { customerId: "c-sunrise" } },
    ],
    [
      "Bob's Bakery called about mice again, can you make a new job for them, rodent inspection",
      "module:create-job",
      { params: { customerId: "c-bob" } },
    ],
    [
      "Jane Smith's mowing on the 4th, is there a way to move that up to thursday the 3rd at 11?",
      "module:reschedule-visit",
      { params: { visitId: "v-jane-2", start: "2026-12-03T16:00:00.000Z" } },
    ],
    [
      "crew B is out sick tomorrow. can Alpha Team take Jane Smith's mowing at the same time?",
      "module:reschedule-visit",
      { params: { visitId: "v-jane-1", start: "2026-11-27T16:00:00.000Z", crewId: "crew-alpha" } },
    ],
    [
      "I need to get the Garcia aeration on the books finally, monday the 7th at 8am works for her",
      "module:schedule-visit",
      { params: { jobId: "j-201", start: "2026-12-07T13:00:00.000Z", crewId: null } },
    ],
    [
      "please schedual john smith's AC tuneup for monday december 7th at 3pm with crew c",
      "module:schedule-visit",
      { params: { jobId: "j-204", start: "2026-12-07T20:00:00.000Z", crewId: "crew-c" } },
    ],
    [
      "We do home health visits and Sunrise Senior Living asked for a wound check on one of their residents. Can you book that for tuesday at 10am?",
      "module:schedule-visit",
      { params: { customerId: "c-sunrise", start: "2026-12-01T15:00:00.000Z", crewId: null } },
    ],
    [
      "can you sort out the best routes for my crews for friday? we have a lot of stops",
      "module:optimize-day",
      { params: { date: "2026-11-27" } },
    ],
    [
      "acme water heater install, tommorow at 7:30am, crew a",
      "module:schedule-visit",
      { params: { jobId: "j-117", start: "2026-11-27T12:30:00.000Z", crewId: "crew-a" } },
    ],
    [
      "Can we move the Ortiz sprinkler check up to this saturday at 9? he wants it done before the freeze",
      "module:reschedule-visit",
      { params: { visitId: "v-ortiz-sprinkler", start: "2026-11-28T14:00:00.000Z" } },
    ],
    [
      "put John Smith's tune-up on thursday december 3rd at noon",
      "module:schedule-visit",
      { params: { jobId: "j-204", start: "2026-12-03T17:00:00.000Z", crewId: null } },
    ],
    [
      "book them friday at 3 with crew b",
      "module:schedule-visit",
      { ...ON_ACME, params: { jobId: "j-117", start: "2026-11-27T20:00:00.000Z", crewId: "crew-b" } },
    ],
    [
      "Elena Garcia has been waiting on her aeration forever and I feel bad. can we get her in monday afternoon?",
      "module:schedule-visit",
      { params: { jobId: "j-201", start: "2026-11-30T18:00:00.000Z", crewId: null } },
    ],
    [
      "Jane's mowing on friday the 4th, can you make it 1pm instead",
      "module:reschedule-visit",
      { params: { visitId: "v-jane-2", start: "2026-12-04T18:00:00.000Z" } },
    ],
    [
      "Luis Ortiz wants his sprinklers winterized, can you make me a job for that",
      "module:create-job",
      { params: { customerId: "c-ortiz" } },
    ],
    [
      "is there a way to plan out the best routes for all my crews on wednesday?",
      "module:optimize-day",
      { params: { date: "2026-12-02" } },
    ],
  ]),
  ...section("data", [
    ["how many customers do we have in the system now?", "answer"],
    ["I need to know how many jobs are still open right now", "answer"],
    ["how many crews do I have set up in here?", "answer"],
    ["can you tell me how many visits we've completed?", "answer"],
    ["what does the schedule look like tomorrow?", "read:daySchedule", { params: { date: "2026-11-27" } }],
    ["what's Crew B doing on friday?", "read:daySchedule", { params: { date: "2026-11-27", crewId: "crew-b" } }],
    ["who's on the schedual for monday", "read:daySchedule", { params: { date: "2026-11-30" } }],
    [
      "I run a roofing company with a few crews. Where can I see what Crew A has going on tuesday?",
      "read:daySchedule",
      { params: { date: "2026-12-01", crewId: "crew-a" } },
    ],
    ["what's going on today? who's out where", "read:daySchedule", { params: { date: "2026-11-26" } }],
    ["can you pull up Elena Garica's info", "read:findCustomers", { params: { query: "c-garcia" } }],
    ["show me Sunrize Senior Living", "read:findCustomers", { params: { query: "c-sunrise" } }],
    ["how much does Elena Garcia owe us?", "answer"],
    ["can you tell me how much Sunrise Senior Living has paid us so far", "answer"],
    ["when are we going back to Jane Smith's next?", "answer"],
    ["when is the fall cleanup at Luis Ortiz's happening?", "answer"],
    ["what jobs do we have for Luis Ortiz?", "read:findJobs", { params: { customerId: "c-ortiz" } }],
    ["what jobs do we have going for them?", "read:findJobs", { ...ON_ACME, params: { customerId: "c-acme" } }],
    ["how much has this customer paid us altogether?", "answer", ON_ACME],
    ["does John Smith have anything on the calendar yet?", "answer"],
    [
      "I'm trying to figure out if my landscaping business is doing ok. How much money did we bring in last month?",
      "read:revenueForPeriod",
      { params: { from: "2026-10-01T04:00:00.000Z" } },
    ],
    [
      "how much have we invoiced so far this year?",
      "read:revenueForPeriod",
      { params: { from: "2026-01-01T05:00:00.000Z", measure: "invoiced" } },
    ],
    ["who are my top 3 customers this year?", "answer"],
    [
      "we track all the furnaces and water heaters we service. can I see the equipment we have on file for Acme Plumbing?",
      "read:findCustomRecords",
      { params: { objectKey: "equipment", customerId: "c-acme" } },
    ],
    ["where can I see the service logs?", "read:findCustomRecords", { params: { objectKey: "service_log" } }],
    ["can you find the water heater install job for me", "read:findJobs"],
  ]),
  ...section("payments", [
    [
      "a bunch of people are late paying me this month. can you send reminders to everyone who's past due?",
      "module:send-payment-reminders",
      { params: { pastDueOnly: true } },
    ],
    [
      "Elena Garica is behind on her bill, can you send her a reminder",
      "module:send-payment-reminders",
      { params: { customerId: "c-garcia" } },
    ],
    [
      "can you send them a payment reminder?",
      "module:send-payment-reminders",
      { ...ON_ORTIZ, params: { customerId: "c-ortiz" } },
    ],
    [
      "Luis Ortiz handed my tech a check for invoice 1040 this morning, check number 5521. how do I put that in?",
      "module:record-payment",
      { params: { invoiceId: "i-1040", method: "check" } },
    ],
    [
      "Elena paid $100 cash towards invoice 1032",
      "module:record-payment",
      { params: { invoiceId: "i-1032", method: "cash", amountCents: 10000 } },
    ],
    [
      "mark invoice 1032 as paid, she paid the whole thing in cash",
      "module:record-payment",
      { params: { invoiceId: "i-1032", method: "cash" } },
    ],
    [
      "I clean houses and I'm way behind on billing. can you invoice all the visits we completed in October?",
      "module:invoice-completed-visits",
      { params: { from: "2026-10-01", to: "2026-10-31" } },
    ],
    [
      "bill out everything we finished between november 1st and the 25th",
      "module:invoice-completed-visits",
      { params: { from: "2026-11-01", to: "2026-11-25" } },
    ],
    ["is invoice 1032 paid yet?", "read:findInvoice", { params: { number: 1032 } }],
    ["can you pull up invoise 1033 for me", "read:findInvoice", { params: { number: 1033 } }],
    ["what's still left to pay on invoice 1040?", "read:findInvoice", { params: { number: 1040 } }],
    ["who still owes me money?", "read:listUnpaidInvoices", { params: { pastDueOnly: false } }],
    ["where can I see which invoices are past due?", "read:listUnpaidInvoices", { params: { pastDueOnly: true } }],
    ["how much does Luis Ortiz still owe on his account?", "answer"],
    ["how many invoices are past due right now?", "answer"],
  ]),
  ...section("navigate", [
    ["how do I connect quickbooks? my bookkeeper wants all our invoices in there", "openModal:integrations.quickbooks"],
    [
      "I want customers to be able to pay their invoices online by card through Stripe, how do I hook that up?",
      "openModal:integrations.stripe",
    ],
    ["can we connect Twilio so our texts go out from the business number?", "openModal:integrations.twilio"],
    ["where do I change my logo?", "navigate:/settings"],
    ["I just hired another plumber, where do I add him to my team?", "navigate:/crews"],
    ["take me to my customer list", "navigate:/customers"],
    ["take me to the jobs page", "navigate:/jobs"],
    ["how do I get back to the dashboard?", "navigate:/dashboard"],
    ["where are the payment settings?", "navigate:/settings/payments"],
    ["where do I change the wording on the emails our customers get from us?", "navigate:/settings/communications"],
    ["what other apps does this connect to? where are the integrations", "navigate:/settings/integrations"],
    [
      "my accountant wants a list of all my customers, can you export them to a spreadsheet?",
      "module:export-customers",
    ],
    [
      "We're a home health agency and our nurses put patient info in here, so we need the HIPAA mode turned on",
      "module:enable-hipaa-mode",
    ],
    ["where do I change the company name that shows up on my invoices?", "navigate:/settings"],
    ["how do I add a new customer?", "navigate:/customers"],
    [
      "Can the app keep track of how much chemical each of my pest control trucks has on board? like an inventory that goes down after each job",
      "request_quote",
    ],
    ["is there a way to see my trucks on a map with GPS so I know where my guys are during the day?", "request_quote"],
    ["take me to settings", "navigate:/settings"],
    ["where can I see my crews and who's on each one?", "navigate:/crews"],
    ["where do I manage the notifications we send to customers?", "navigate:/settings/communications"],
  ]),
  ...section("clarify", [
    ["can you book Tom Baker for monday at 9? his furnace is making a weird noise", "clarify"],
    ["move it to thursday", "clarify"],
    ["I need to reschedule Luis Ortiz, he called this morning", "clarify"],
    ["schedule a visit for tomorrow morning", "clarify"],
    ["how much has Tom Baker paid us this year?", "clarify"],
    ["one of my customers just paid me in cash, can you put that in?", "clarify"],
    ["send him a reminder", "clarify"],
    ["I need to make a new job", "clarify"],
    ["put the Smiths on for friday at 10", "clarify"],
    ["change the crew on that one", "clarify"],
  ]),
  ...section("refuse", [
    ["send payment reminders to everyone who's past due", "refuse", FIELD],
    ["move Jane Smith's mowing tomorrow to 3pm", "refuse", FIELD],
    ["can you optimize tomorrow's routes for my crews?", "refuse", GROWTH],
    ["record a cash payment on invoice 1032", "refuse", STARTER],
    [
      "There's another cleaning company in town that uses this same app, Sparkle Maids. Can you show me their customer list?",
      "refuse",
    ],
  ]),
];
