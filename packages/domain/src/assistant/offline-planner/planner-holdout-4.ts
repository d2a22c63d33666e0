import { section, type GoldenRow } from "./planner-rows.ts";

/**
 * Fourth held-out set: written from the trades (HVAC, plumbing, pest control, home health, cleaning, roofing), with
 * texts typed in a truck and some Spanish-English mix. Thursday 26 November 2026, 10:00 in New York (UTC-5).
 */

// Two rows expected the customer's id as the read's query; the planner searches by the name given, which finds that
// one customer as well (the card is the same), and those rows were set to the name.
export const HOLDOUT_4: GoldenRow[] = [
  // Scheduling (18)
  ...section("schedule", [
    [
      "book the water heater install at acme tmrw 9am w/ crew a",
      "module:schedule-visit",
      { params: { jobId: "j-117", start: "2026-11-27T14:00:00.000Z", crewId: "crew-a" } },
    ],
    [
      "Put John Smith's AC tune-up on Monday at 2",
      "module:schedule-visit",
      { params: { jobId: "j-204", start: "2026-11-30T19:00:00.000Z", crewId: null } },
    ],
    [
      "Please schedule Elena Garcia's core aeration for Tuesday morning with Alpha Team.",
      "module:schedule-visit",
      { params: { jobId: "j-201", start: "2026-12-01T13:00:00.000Z", crewId: "crew-alpha" } },
    ],
    [
      "can u get garcia in sat 10am",
      "module:schedule-visit",
      { plan: "starter", params: { jobId: "j-201", start: "2026-11-28T15:00:00.000Z", crewId: null } },
    ],
    [
      "Schedule a caregiver visit at Sunrise Senior Living Wednesday at 3 with Crew C",
      "module:schedule-visit",
      { params: { customerId: "c-sunrise", start: "2026-12-02T20:00:00.000Z", crewId: "crew-c" } },
    ],
    [
      "john smith tune-up thursday at 2 crew b",
      "module:schedule-visit",
      { params: { jobId: "j-204", start: "2026-11-26T19:00:00.000Z", crewId: "crew-b" } },
    ],
    [
      "Acme water heater install, Thursday 9am please",
      "module:schedule-visit",
      { params: { jobId: "j-117", start: "2026-12-03T14:00:00.000Z", crewId: null } },
    ],
    [
      "pon a acme mañana a las 8 con crew b",
      "module:schedule-visit",
      { params: { jobId: "j-117", start: "2026-11-27T13:00:00.000Z", crewId: "crew-b" } },
    ],
    [
      "agenda a elena garcia el martes a las 4",
      "module:schedule-visit",
      { params: { jobId: "j-201", start: "2026-12-01T21:00:00.000Z", crewId: null } },
    ],
    [
      "tom baker on elm rd, roof inspection monday 10am",
      "module:schedule-visit",
      { params: { customerId: "c-baker-elm", start: "2026-11-30T15:00:00.000Z", crewId: null } },
    ],
    [
      "roof inspection for bob's bakery wed first thing w/ crew a",
      "module:schedule-visit",
      { params: { customerId: "c-bob", start: "2026-12-02T13:00:00.000Z", crewId: "crew-a" } },
    ],
    [
      "re-service at maria gonzalez's tmrw afternoon, ants are back",
      "module:schedule-visit",
      { params: { customerId: "c-maria", start: "2026-11-27T18:00:00.000Z", crewId: null } },
    ],
    [
      "Deep clean for Jane Smith Saturday morning w/ Crew B",
      "module:schedule-visit",
      { params: { customerId: "c-jane", start: "2026-11-28T13:00:00.000Z", crewId: "crew-b" } },
    ],
    [
      "book this for friday at 10 w/ crew c",
      "module:schedule-visit",
      {
        path: "/customers/c-acme",
        customerId: "c-acme",
        params: { jobId: "j-117", start: "2026-11-27T15:00:00.000Z", crewId: "crew-c" },
      },
    ],
    [
      "no-heat call at john smith's, send alpha team out this evening",
      "module:schedule-visit",
      { role: "member", params: { start: "2026-11-26T22:00:00.000Z", crewId: "crew-alpha" } },
    ],
    ["get jane smith in sometime next week for a move-out clean", "clarify"],
    ["optimize tmrw's routes", "module:optimize-day", { params: { date: "2026-11-27" } }],
    ["New job for Maria Gonzalez, termite inspection", "module:create-job", { params: { customerId: "c-maria" } }],
  ]),

  // Moving visits (14)
  ...section("reschedule", [
    [
      "move the ortiz sprinkler check to wednesday",
      "module:reschedule-visit",
      { params: { visitId: "v-ortiz-sprinkler", start: "2026-12-02T14:00:00.000Z" } },
    ],
    [
      "Move Luis Ortiz's fall cleanup to Mon at 1",
      "module:reschedule-visit",
      { params: { visitId: "v-ortiz-cleanup", start: "2026-11-30T18:00:00.000Z" } },
    ],
    [
      "jane smith's mow tmrw, bump it to saturday",
      "module:reschedule-visit",
      { params: { visitId: "v-jane-1", start: "2026-11-28T16:00:00.000Z" } },
    ],
    [
      "Reschedule Jane Smith's Dec 4 mowing to Dec 7 at 9",
      "module:reschedule-visit",
      { params: { visitId: "v-jane-2", start: "2026-12-07T14:00:00.000Z" } },
    ],
    [
      "put crew c on the ortiz sprinkler check instead of crew a",
      "module:reschedule-visit",
      { params: { visitId: "v-ortiz-sprinkler", crewId: "crew-c" } },
    ],
    [
      "cambia lo de jane smith de mañana para el lunes",
      "module:reschedule-visit",
      { params: { visitId: "v-jane-1", start: "2026-11-30T16:00:00.000Z" } },
    ],
    [
      "mueve el sprinkler check de ortiz al jueves a las 3",
      "module:reschedule-visit",
      { params: { visitId: "v-ortiz-sprinkler", start: "2026-11-26T20:00:00.000Z" } },
    ],
    [
      "can we slide the ortiz fall cleanup to thursday 9am",
      "module:reschedule-visit",
      { params: { visitId: "v-ortiz-cleanup", start: "2026-12-03T14:00:00.000Z" } },
    ],
    [
      "move jane smiths visit tmrw to 2",
      "module:reschedule-visit",
      { params: { visitId: "v-jane-1", start: "2026-11-27T19:00:00.000Z" } },
    ],
    ["move the fall cleanup at ortiz to next week", "clarify"],
    [
      "Move the Ortiz sprinkler check to Wed at 10 with Crew B",
      "module:reschedule-visit",
      {
        role: "member",
        params: { visitId: "v-ortiz-sprinkler", start: "2026-12-02T15:00:00.000Z", crewId: "crew-b" },
      },
    ],
    [
      "pull this one up to friday afternoon",
      "module:reschedule-visit",
      {
        path: "/jobs/j-203",
        jobId: "j-203",
        params: { visitId: "v-ortiz-cleanup", start: "2026-11-27T18:00:00.000Z" },
      },
    ],
    [
      "the 9am tues at luis ortiz, make it 10:30",
      "module:reschedule-visit",
      { params: { visitId: "v-ortiz-sprinkler", start: "2026-12-01T15:30:00.000Z" } },
    ],
    [
      "Push Jane Smith's Dec 4 visit to Dec 11, first thing",
      "module:reschedule-visit",
      { params: { visitId: "v-jane-2", start: "2026-12-11T13:00:00.000Z" } },
    ],
  ]),

  // Questions (22)
  ...section("question", [
    ["whats on the board tmrw", "read:daySchedule", { params: { date: "2026-11-27" } }],
    ["What does Crew B have Friday?", "read:daySchedule", { params: { date: "2026-11-27", crewId: "crew-b" } }],
    ["what's alpha team doing monday", "read:daySchedule", { params: { date: "2026-11-30", crewId: "crew-alpha" } }],
    ["que tenemos el martes", "read:daySchedule", { params: { date: "2026-12-01" } }],
    ["What does the schedule look like today?", "read:daySchedule", { params: { date: "2026-11-26" } }],
    ["whats on my schedule tmrw", "read:daySchedule", { role: "field_user", params: { date: "2026-11-27" } }],
    ["How many patients do we have on file?", "answer"],
    ["how many open jobs right now", "answer"],
    ["Who are our biggest customers?", "answer"],
    ["How much did we collect this month?", "read:revenueForPeriod", { params: { measure: "collected" } }],
    ["what did we bill out in november", "read:revenueForPeriod", { params: { measure: "invoiced" } }],
    // A name that names one customer is read by its id (the same card).
    ["pull up acme plumbing", "read:findCustomers", { params: { query: "c-acme" } }],
    ["whats the gate code at acme", "read:findCustomers", { params: { query: "c-acme" } }],
    ["address for luis ortiz?", "read:findCustomers", { params: { query: "c-ortiz" } }],
    ["What jobs do we have for Elena Garcia?", "read:findJobs", { params: { customerId: "c-garcia" } }],
    ["does john smith have anything open w/ us", "read:findJobs", { params: { customerId: "c-john" } }],
    ["who owes us money", "read:listUnpaidInvoices", { params: { pastDueOnly: false } }],
    ["Which accounts are past due?", "read:listUnpaidInvoices", { params: { pastDueOnly: true } }],
    ["how many crews we got", "answer"],
    ["what can you help me with", "answer"],
    ["look up tom baker", "read:findCustomers"],
    [
      "Find the patient record for Sunrise Senior Living",
      "read:findCustomers",
      { params: { query: "Sunrise Senior Living" } },
    ],
  ]),

  // By number (8)
  ...section("by number", [
    ["job 117?", "read:findJobs", { params: { query: "117" } }],
    ["where are we on #204", "read:findJobs", { params: { query: "204" } }],
    ["inv 1032", "read:findInvoice", { params: { number: 1032 } }],
    ["did 1033 get paid", "read:findInvoice", { params: { number: 1033 } }],
    ["What's the status of invoice 1040?", "read:findInvoice", { params: { number: 1040 } }],
    ["pull up job 203 fall cleanup", "read:findJobs", { params: { query: "203" } }],
    ["factura 1032 cuanto debe", "read:findInvoice", { params: { number: 1032 } }],
    ["what's job 999", "read:findJobs", { params: { query: "999" } }],
  ]),

  // Payments and reminders (14)
  ...section("payments", [
    [
      "elena garcia paid 1032 in full, cash",
      "module:record-payment",
      { params: { invoiceId: "i-1032", method: "cash" } },
    ],
    [
      "Luis Ortiz dropped off a check for $80 for invoice 1040",
      "module:record-payment",
      { params: { invoiceId: "i-1040", method: "check", amountCents: 8000 } },
    ],
    [
      "got $100 cash from garcia on inv 1032",
      "module:record-payment",
      { params: { invoiceId: "i-1032", method: "cash", amountCents: 10000 } },
    ],
    [
      "Record a check payment of 250 on invoice 1032",
      "module:record-payment",
      { params: { invoiceId: "i-1032", method: "check", amountCents: 25000 } },
    ],
    [
      "log a $40 check from luis ortiz on 1040",
      "module:record-payment",
      { role: "member", params: { invoiceId: "i-1040", method: "check", amountCents: 4000 } },
    ],
    ["Send reminders to everybody who's past due", "module:send-payment-reminders", { params: { pastDueOnly: true } }],
    [
      "nudge luis ortiz about his overdue bill",
      "module:send-payment-reminders",
      { params: { pastDueOnly: true, customerId: "c-ortiz" } },
    ],
    [
      "mandale un recordatorio de pago a elena garcia",
      "module:send-payment-reminders",
      { params: { pastDueOnly: true, customerId: "c-garcia" } },
    ],
    ["bill out all the completed visits", "module:invoice-completed-visits"],
    ["Create invoices for every caregiver visit we've finished", "module:invoice-completed-visits"],
    ["whats still outstanding", "read:listUnpaidInvoices", { params: { pastDueOnly: false } }],
    ["list the overdue invoices", "read:listUnpaidInvoices", { params: { pastDueOnly: true } }],
    ["collected $80 cash from ortiz for 1040, mark it paid", "refuse", { role: "field_user" }],
    ["send the past due reminders pls", "refuse", { plan: "starter" }],
  ]),

  // Navigation, connections, settings (12)
  ...section("navigation", [
    ["take me to the crews page", "navigate:/crews"],
    ["Open the customer list", "navigate:/customers"],
    ["go to jobs", "navigate:/jobs"],
    ["back to the dashboard", "navigate:/dashboard"],
    ["llevame a los trabajos", "navigate:/jobs"],
    ["open settings", "navigate:/settings"],
    ["Show me the integrations page", "navigate:/settings/integrations"],
    ["connect quickbooks", "openModal:integrations.quickbooks"],
    ["hook up stripe so the techs can take cards in the field", "openModal:integrations.stripe"],
    ["Set up Twilio for appointment texts", "openModal:integrations.twilio"],
    ["Turn on HIPAA mode, we're home health and have patient info in here", "module:enable-hipaa-mode"],
    ["export all our customers to a spreadsheet", "module:export-customers"],
  ]),

  // Feature requests (6)
  ...section("feature", [
    ["can you build a chemical log for each pest treatment w/ epa reg number and amount applied", "request_quote"],
    ["We need caregivers to clock in and out at the patient's home with GPS (EVV)", "request_quote"],
    ["I want a roof measurement report from satellite photos attached to each estimate", "request_quote"],
    ["add a checklist for our cleaners w/ before and after photos", "request_quote"],
    ["Could you make a maintenance agreement tracker so PMs get booked twice a year automatically?", "request_quote"],
    ["need a refrigerant tracking log for the epa, lbs added per unit", "request_quote"],
  ]),

  // Refusals and ambiguity (6)
  ...section("refuse", [
    ["move my 11 oclock at jane smiths to 1pm", "refuse", { role: "field_user" }],
    ["how much did we make this month", "refuse", { role: "field_user" }],
    ["How much have we invoiced this month?", "refuse", { plan: "starter" }],
    ["schedule tom baker for a gutter estimate fri at 1", "clarify"],
    ["move ortiz to monday", "clarify"],
    ["book a furnace tune-up for mrs henderson tmrw at 10", "clarify"],
  ]),
];
