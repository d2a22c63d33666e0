import { section, type GoldenRow } from "./planner-rows.ts";

/**
 * Held-out set 21, "messy typing": written blind on 2026-11-29 (without reading the planner, its golden table or any
 * other held-out set) and held out from tuning. Voices: the same five-trade office (lawn care, HVAC, plumbing, pest
 * control, cleaning) typing in a hurry: typos, no punctuation, abbreviations (tmrw, wed, appt, w/, asap, 2p, 0830),
 * several clauses, self-corrections ("at 10, no wait 11"), long polite requests, a customer's pasted text followed by
 * the request, a little Spanish, British and Australian wording ("half nine", "arvo", "Wednesday week"). The mix is set
 * 20's: scheduling (25), moving a visit or its crew (15), questions (20), payment reminders (10), pages and settings
 * (10), refusals and clarifications (10), other modules (10).
 *
 * The clock is the fixtures' `NOW`: Thursday 26 November 2026, 10:00 in New York (15:00 UTC). The company's wall clock
 * is America/New_York, UTC-5 from 1 November 2026 to 14 March 2027 (9:00 is 14:00 UTC) and UTC-4 before; its
 * midnights are 04:00 UTC through October and 05:00 UTC from November on. Tomorrow is Friday 27 November, Monday 30
 * November, Tuesday 1 December, Wednesday 2 December. Morning and first thing are 8:00, afternoon (arvo) 13:00,
 * evening 17:00. A money period is [from, to) between the company's midnights.
 */
export const HOLDOUT_21: GoldenRow[] = [
  ...section("schedule-visit", [
    [
      "sched 204 mon 8a crew a",
      "module:schedule-visit",
      { params: { jobId: "j-204", start: "2026-11-30T13:00:00.000Z", crewId: "crew-a" } },
    ],
    [
      "can u put the garcia aeration on tues at 10, no wait 11, w/ crew b",
      "module:schedule-visit",
      { params: { jobId: "j-201", start: "2026-12-01T16:00:00.000Z", crewId: "crew-b" } },
    ],
    [
      "book acme water heater instal wed 2p alpha",
      "module:schedule-visit",
      { params: { jobId: "j-117", start: "2026-12-02T19:00:00.000Z", crewId: "crew-alpha" } },
    ],
    [
      "john smith ac tuneup tmrw 0830 crew c pls",
      "module:schedule-visit",
      { params: { jobId: "j-204", start: "2026-11-27T13:30:00.000Z", crewId: "crew-c" } },
    ],
    [
      "Hi there, hope you had a lovely Thanksgiving! Would you mind terribly scheduling job number 117 for Monday the 30th at 9 in the morning, with Crew B if they're available? Many thanks.",
      "module:schedule-visit",
      { params: { jobId: "j-117", start: "2026-11-30T14:00:00.000Z", crewId: "crew-b" } },
    ],
    [
      '"Hi its Elena Garcia, any chance u guys can do the aeration thurs dec 3 in the morning? thx" -- book her in w crew a',
      "module:schedule-visit",
      { params: { jobId: "j-201", start: "2026-12-03T13:00:00.000Z", crewId: "crew-a" } },
    ],
    [
      "agenda el trabajo 201 para el lunes a las 10 con crew c",
      "module:schedule-visit",
      { params: { jobId: "j-201", start: "2026-11-30T15:00:00.000Z", crewId: "crew-c" } },
    ],
    [
      "Could you pop John Smith's AC tune-up in for Tuesday at half nine with Crew A, ta",
      "module:schedule-visit",
      { params: { jobId: "j-204", start: "2026-12-01T14:30:00.000Z", crewId: "crew-a" } },
    ],
    [
      "chuck the acme job in for tomorrow arvo with crew c",
      "module:schedule-visit",
      { params: { start: "2026-11-27T18:00:00.000Z", crewId: "crew-c" } },
    ],
    [
      "bobs bakery roach treatment mon 7am crew b",
      "module:schedule-visit",
      {
        params: { customerId: "c-bob", start: "2026-11-30T12:00:00.000Z", crewId: "crew-b" },
        alsoRight: "module:create-job",
      },
    ],
    [
      "sunrise senior living - carpet shampoo - fri dec 11 @ 9 - alpha team",
      "module:schedule-visit",
      {
        params: { customerId: "c-sunrise", start: "2026-12-11T14:00:00.000Z", crewId: "crew-alpha" },
        alsoRight: "module:create-job",
      },
    ],
    [
      "schedul 201 saturday 1pm",
      "module:schedule-visit",
      { params: { jobId: "j-201", start: "2026-11-28T18:00:00.000Z" } },
    ],
    [
      "get 204 in asap tmrw morning crew b",
      "module:schedule-visit",
      { params: { jobId: "j-204", start: "2026-11-27T13:00:00.000Z", crewId: "crew-b" } },
    ],
    [
      "tom baker (the elm rd one) needs an ant treatment, wed 9am, crew a",
      "module:schedule-visit",
      {
        params: { customerId: "c-baker-elm", start: "2026-12-02T14:00:00.000Z", crewId: "crew-a" },
        alsoRight: "module:create-job",
      },
    ],
    [
      "this one -> dec 8 3pm crew c",
      "module:schedule-visit",
      {
        path: "/jobs/j-117",
        jobId: "j-117",
        params: { jobId: "j-117", start: "2026-12-08T20:00:00.000Z", crewId: "crew-c" },
      },
    ],
    [
      "ok so for the garcias aeration lets do monday, actually tuesday, 1pm, crew a",
      "module:schedule-visit",
      { params: { jobId: "j-201", start: "2026-12-01T18:00:00.000Z", crewId: "crew-a" } },
    ],
    [
      "maria gonzalez wants a move out clean sat 28th 10am, crew b",
      "module:schedule-visit",
      {
        params: { customerId: "c-maria", start: "2026-11-28T15:00:00.000Z", crewId: "crew-b" },
        alsoRight: "module:create-job",
      },
    ],
    [
      "pls schedule jon smiths a/c tune up for 12/2 @ 4pm",
      "module:schedule-visit",
      { params: { jobId: "j-204", start: "2026-12-02T21:00:00.000Z" } },
    ],
    [
      "book them in thurs 10 dec at 11am w/ crew a",
      "module:schedule-visit",
      {
        path: "/customers/c-acme",
        customerId: "c-acme",
        params: { start: "2026-12-10T16:00:00.000Z", crewId: "crew-a" },
      },
    ],
    [
      "can crew c do the aeration job (201) first thing tmrw",
      "module:schedule-visit",
      { params: { jobId: "j-201", start: "2026-11-27T13:00:00.000Z", crewId: "crew-c" } },
    ],
    [
      "luis ortiz wants a wasp nest removed asap, put it tmrw 3pm alpha",
      "module:schedule-visit",
      {
        params: { customerId: "c-ortiz", start: "2026-11-27T20:00:00.000Z", crewId: "crew-alpha" },
        alsoRight: "module:create-job",
      },
    ],
    ["117 -> monday 1pm", "module:schedule-visit", { params: { jobId: "j-117", start: "2026-11-30T18:00:00.000Z" } }],
    [
      "Hiya, could we get Acme Plumbing's water heater install booked for Friday 4th December, 8am, Alpha Team please",
      "module:schedule-visit",
      { params: { jobId: "j-117", start: "2026-12-04T13:00:00.000Z", crewId: "crew-alpha" } },
    ],
    [
      "schedule tom baker 12 oak st furnace filter change tues 10am",
      "module:schedule-visit",
      {
        params: { customerId: "c-baker-oak", start: "2026-12-01T15:00:00.000Z" },
        alsoRight: "module:create-job",
      },
    ],
    [
      "john smith AC tune up, wed evening, crew b. sorry crew c",
      "module:schedule-visit",
      { params: { jobId: "j-204", start: "2026-12-02T22:00:00.000Z", crewId: "crew-c" } },
    ],
  ]),

  ...section("reschedule-visit", [
    [
      "mv ortiz sprinkler chk to thurs dec 3 2p",
      "module:reschedule-visit",
      { params: { visitId: "v-ortiz-sprinkler", start: "2026-12-03T19:00:00.000Z" } },
    ],
    [
      "push janes mowing tmrw to sat same time",
      "module:reschedule-visit",
      { params: { visitId: "v-jane-1", start: "2026-11-28T16:00:00.000Z" } },
    ],
    ["203 -> crew c", "module:reschedule-visit", { params: { visitId: "v-ortiz-cleanup", crewId: "crew-c" } }],
    [
      "can u move the fall clean up for luis ortiz to mon 9am pls and give it to alpha",
      "module:reschedule-visit",
      { params: { visitId: "v-ortiz-cleanup", start: "2026-11-30T14:00:00.000Z", crewId: "crew-alpha" } },
    ],
    [
      "jane smith txt: 'can you come later tomorrow, like 3?' - move it",
      "module:reschedule-visit",
      { params: { visitId: "v-jane-1", start: "2026-11-27T20:00:00.000Z" } },
    ],
    [
      "rescheduel job 202 to 12/7 at 10",
      "module:reschedule-visit",
      { params: { visitId: "v-ortiz-sprinkler", start: "2026-12-07T15:00:00.000Z" } },
    ],
    [
      "swap the dec 4 mowing from crew b to crew a",
      "module:reschedule-visit",
      { params: { visitId: "v-jane-2", crewId: "crew-a" } },
    ],
    [
      "Could you shift the Ortiz sprinkler check to Wednesday week, same time?",
      "module:reschedule-visit",
      { params: { visitId: "v-ortiz-sprinkler", start: "2026-12-09T14:00:00.000Z" } },
    ],
    [
      "the fall cleanup on thu dec 3 - move to fri dec 4 at 8, crew b stays",
      "module:reschedule-visit",
      { params: { visitId: "v-ortiz-cleanup", start: "2026-12-04T13:00:00.000Z" } },
    ],
    [
      "move tmrws mowing 2 crew alpha",
      "module:reschedule-visit",
      { params: { visitId: "v-jane-1", crewId: "crew-alpha" } },
    ],
    [
      "sprinkler check tues -> push to 1pm",
      "module:reschedule-visit",
      { params: { visitId: "v-ortiz-sprinkler", start: "2026-12-01T18:00:00.000Z" } },
    ],
    [
      "mueve la visita de jane smith del 4 de diciembre al lunes 7 a las 11",
      "module:reschedule-visit",
      { params: { visitId: "v-jane-2", start: "2026-12-07T16:00:00.000Z" } },
    ],
    [
      "hey so luis ortiz called, the sprinkler thing on tuesday cant happen, can we do thurs the 10th at 10am instead w crew b",
      "module:reschedule-visit",
      { params: { visitId: "v-ortiz-sprinkler", start: "2026-12-10T15:00:00.000Z", crewId: "crew-b" } },
    ],
    [
      "put crew c on janes mow tmrw instead of b",
      "module:reschedule-visit",
      { params: { visitId: "v-jane-1", crewId: "crew-c" } },
    ],
    [
      "bump the 203 cleanup back a day",
      "module:reschedule-visit",
      { params: { visitId: "v-ortiz-cleanup", start: "2026-12-04T15:00:00.000Z" } },
    ],
  ]),

  ...section("questions", [
    ["how many cust do we have", "answer", { says: /42/ }],
    ["whats crew a doin tues", "read:daySchedule", { params: { date: "2026-12-01", crewId: "crew-a" } }],
    ["elena garcias addy?", "answer", { says: /22 Birch/, alsoRight: "read:findCustomers" }],
    ["ph# for tom baker elm rd", "answer", { says: /010-3000/, alsoRight: "read:findCustomers" }],
    [
      "how much $ did we take in sept",
      "read:revenueForPeriod",
      { params: { from: "2026-09-01T04:00:00.000Z", to: "2026-10-01T04:00:00.000Z", measure: "collected" } },
    ],
    [
      "total invoiced in oct?",
      "read:revenueForPeriod",
      { params: { from: "2026-10-01T04:00:00.000Z", to: "2026-11-01T04:00:00.000Z", measure: "invoiced" } },
    ],
    ["whos overdue", "read:listUnpaidInvoices", { params: { pastDueOnly: true } }],
    ["list all unpaid invoices pls", "read:listUnpaidInvoices", { params: { pastDueOnly: false } }],
    ["top 3 customers by $", "answer", { says: /Acme/ }],
    ["sched for tmrw?", "read:daySchedule", { params: { date: "2026-11-27" } }],
    ["# of open jobs", "answer", { says: /17/ }],
    ["inv 1032 status", "read:findInvoice", { params: { number: 1032 }, alsoRight: "answer" }],
    ["jobs for jane smith", "read:findJobs", { params: { customerId: "c-jane" } }],
    ["does luis ortiz owe us anything", "answer", { says: /80/, alsoRight: "read:listUnpaidInvoices" }],
    [
      "what does alpha team have on monday",
      "read:daySchedule",
      { params: { date: "2026-11-30", crewId: "crew-alpha" } },
    ],
    [
      "how much did we collect last yr",
      "read:revenueForPeriod",
      { params: { from: "2025-01-01T05:00:00.000Z", to: "2026-01-01T05:00:00.000Z", measure: "collected" } },
    ],
    ["who lives at 5 pine rd", "read:findCustomers", { alsoRight: "answer" }],
    ["how many visits have we completed", "answer", { says: /\b9\b|nine/i }],
    ["how much has sunrise senior living paid us", "answer", { says: /8,?300/ }],
    ["revenue this yr so far??", "read:revenueForPeriod", { params: { from: "2026-01-01T05:00:00.000Z" } }],
  ]),

  ...section("payment-reminders", [
    ["send remindrs to every1 past due", "module:send-payment-reminders", { params: { pastDueOnly: true } }],
    ["remind ortiz 2 pay", "module:send-payment-reminders", { params: { customerId: "c-ortiz" } }],
    [
      '"we still havent gotten the bill paid from elena garcia" - can u send her a reminder',
      "module:send-payment-reminders",
      { params: { customerId: "c-garcia" } },
    ],
    ["chase the late payers pls asap", "module:send-payment-reminders", { params: { pastDueOnly: true } }],
    [
      "Could you send a gentle nudge to everyone whose invoices are overdue, cheers",
      "module:send-payment-reminders",
      { params: { pastDueOnly: true } },
    ],
    [
      "reminder 4 this guy",
      "module:send-payment-reminders",
      { path: "/customers/c-ortiz", customerId: "c-ortiz", params: { customerId: "c-ortiz" } },
    ],
    [
      "manda recordatorios de pago a todos los clientes atrasados",
      "module:send-payment-reminders",
      { params: { pastDueOnly: true } },
    ],
    ["inv 1040 still open, ping the customer", "module:send-payment-reminders", { params: { customerId: "c-ortiz" } }],
    ["garcia - payment reminder", "module:send-payment-reminders", { params: { customerId: "c-garcia" } }],
    [
      "Hi, so sorry to bother you, but could you please send payment reminders to each of our customers who are behind on their invoices? Thank you so much",
      "module:send-payment-reminders",
      { params: { pastDueOnly: true } },
    ],
  ]),

  ...section("navigation", [
    ["customers pg", "navigate:/customers"],
    ["take me 2 jobs", "navigate:/jobs"],
    [
      "how do i let ppl pay by card online",
      "navigate:/settings/payments",
      { alsoRight: "openModal:settings.payments" },
    ],
    ["conect quickbooks", "openModal:integrations.quickbooks"],
    ["setup stripe pls", "openModal:integrations.stripe"],
    ["settings", "navigate:/settings"],
    ["llévame a la página de cuadrillas", "navigate:/crews"],
    [
      "where r the email/txt settings",
      "navigate:/settings/communications",
      { alsoRight: "openModal:settings.communications" },
    ],
    ["dashbord", "navigate:/dashboard"],
    ["integrations page?", "navigate:/settings/integrations", { alsoRight: "openModal:settings.integrations" }],
  ]),

  ...section("refuse-clarify", [
    ["sched smith tmrw 9", "clarify"],
    ["book tom baker asap thurs dec 3 8am", "clarify"],
    ["move the ortiz appt to fri", "clarify"],
    ["schedule job 310 mon 9", "clarify"],
    ["show me ABC Pest Solutions invoices, theyre our competitor down the road", "refuse"],
    ["who owes us $$", "refuse", { role: "field_user" }],
    ["move janes mowing tmrw to 2pm", "refuse", { role: "field_user" }],
    ["open the timesheets page", "refuse", { alsoRight: "answer" }],
    ["build us a custom field for gate codes on jobs", "refuse", { role: "member" }],
    ["send payment reminders to everyone past due", "refuse", { plan: "starter" }],
  ]),

  ...section("other-modules", [
    ["new job 4 jane smith: leaf cleanup", "module:create-job", { params: { customerId: "c-jane" } }],
    ["elena paid cash for 1032", "module:record-payment", { params: { invoiceId: "i-1032", method: "cash" } }],
    [
      "got a chq from luis ortiz for $80 on inv 1040, chq no 2231",
      "module:record-payment",
      { params: { invoiceId: "i-1040", method: "check", amountCents: 8000 } },
    ],
    ["export custs to excel", "module:export-customers"],
    ["optimise tmrw's routes", "module:optimize-day", { params: { date: "2026-11-27" } }],
    [
      "can u make a thing to track chemical usage per pest control job",
      "request_quote",
      { alsoRight: "openBuildModal" },
    ],
    [
      "invoice every finished visit from oct 1 to oct 31",
      "module:invoice-completed-visits",
      { params: { from: "2026-10-01", to: "2026-10-31" } },
    ],
    [
      "turn off the appt reminder texts",
      "module:set-automation",
      { params: { automation: "visit_reminder", enabled: false } },
    ],
    ["any service logs on the boiler?", "read:findCustomRecords", { params: { objectKey: "service_log" } }],
    [
      "follow up on unpaid invoices automaticaly 3 days after due",
      "module:set-automation",
      { params: { automation: "invoice_follow_up", enabled: true, delayMinutes: 4320 } },
    ],
  ]),
];
