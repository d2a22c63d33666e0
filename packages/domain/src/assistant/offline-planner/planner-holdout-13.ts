import { section, type GoldenOptions, type GoldenRow } from "./planner-rows.ts";

/**
 * Holdout 13: ten voices, ten rows each (the voice is the comment after each row): v1 a polite office manager, v2 a
 * hurried dispatcher, v3 a field technician (field_user), v4 a new owner asking how and where, v5 pasted e-mails,
 * v6 British and Australian wording, v7 self-corrections and second thoughts, v8 money and customers in plain words,
 * v9 a member asking for what needs approval, v10 a little Spanish. Thursday 26 November 2026, 10:00 in New York
 * (UTC-5); the company's data is `planner-test-fixtures.ts`'s.
 */

const MEMBER: GoldenOptions = { role: "member" };
const FIELD: GoldenOptions = { role: "field_user" };
const STARTER: GoldenOptions = { plan: "starter" };

export const HOLDOUT_13: GoldenRow[] = [
  ...section("navigate", [
    ["Please open the Crews page so I can review our team assignments.", "navigate:/crews"], // v1
    ["jobs pg pls", "navigate:/jobs"], // v2
    ["I'm new here — where can I see all of my customers?", "navigate:/customers"], // v4
    ["Where would I go to manage my crews?", "navigate:/crews"], // v4
    ["Where do I find the list of jobs?", "navigate:/jobs"], // v4
    ["Take me to the customers page, cheers", "navigate:/customers"], // v6
    ["Take me to jobs. Actually no, the crews page.", "navigate:/crews"], // v7
    ["llévame a la página de customers", "navigate:/customers"], // v10
  ]),

  ...section("integrations", [
    [
      "Could you please help me connect our Twilio account, so that we can send text messages to our customers?",
      "openModal:integrations.twilio",
    ], // v1
    ["How do I connect QuickBooks to this?", "openModal:integrations.quickbooks"], // v4
    ["Where do I connect my Stripe account?", "openModal:integrations.stripe"], // v4
    ["First time using this — how do I hook up Twilio?", "openModal:integrations.twilio"], // v4
    ["Could you get Stripe hooked up so punters can pay by card?", "openModal:integrations.stripe"], // v6
    ["Connect Stripe — actually no, QuickBooks first, Stripe can wait", "openModal:integrations.quickbooks"], // v7
    ["necesito conectar QuickBooks, where do I do that?", "openModal:integrations.quickbooks"], // v10
  ]),

  ...section("schedule", [
    [
      "Good morning. Could you please schedule the water heater installation for Acme Plumbing on Monday, November 30th at 9:00 AM with Crew A? Thank you.",
      "module:schedule-visit",
      { params: { jobId: "j-117", start: "2026-11-30T14:00:00.000Z", crewId: "crew-a" } },
    ], // v1
    [
      "john smith ac tune-up tmrw 8am w/ crew c pls",
      "module:schedule-visit",
      { params: { jobId: "j-204", start: "2026-11-27T13:00:00.000Z", crewId: "crew-c" } },
    ], // v2
    [
      "Hi there,\n\nHope your week is going well. Elena Garcia called this morning and said Wednesday, December 2nd at 11am works for her core aeration. Could you get that booked in with Crew C?\n\nThanks so much,\nDiane",
      "module:schedule-visit",
      { params: { jobId: "j-201", start: "2026-12-02T16:00:00.000Z", crewId: "crew-c" } },
    ], // v5
    [
      "Can you pop Acme's water heater job in for Monday week at half nine with Crew A?",
      "module:schedule-visit",
      { params: { jobId: "j-117", start: "2026-12-07T14:30:00.000Z", crewId: "crew-a" } },
    ], // v6
    [
      "Book the Garcia aeration in for a fortnight today at half two, Crew B",
      "module:schedule-visit",
      { params: { jobId: "j-201", start: "2026-12-10T19:30:00.000Z", crewId: "crew-b" } },
    ], // v6
    [
      "Schedule Acme for Tuesday at 9 — sorry, Wednesday at 9 — with Crew B",
      "module:schedule-visit",
      { params: { jobId: "j-117", start: "2026-12-02T14:00:00.000Z", crewId: "crew-b" } },
    ], // v7
    [
      "Programa la aeration de Elena Garcia para el lunes at 10am con Crew A, por favor",
      "module:schedule-visit",
      { params: { jobId: "j-201", start: "2026-11-30T15:00:00.000Z", crewId: "crew-a" } },
    ], // v10
  ]),

  ...section("reschedule", [
    [
      "Please move Luis Ortiz's fall cleanup from Thursday, December 3rd to Friday, December 4th at 1:00 PM. It can stay with Crew B.",
      "module:reschedule-visit",
      { params: { visitId: "v-ortiz-cleanup", start: "2026-12-04T18:00:00.000Z" } },
    ], // v1
    [
      "jane smith mowing tmrw - push to 3pm, same crew",
      "module:reschedule-visit",
      { params: { visitId: "v-jane-1", start: "2026-11-27T20:00:00.000Z" } },
    ], // v2
    [
      "ortiz sprinkler appt tues -> wed 9am asap",
      "module:reschedule-visit",
      { params: { visitId: "v-ortiz-sprinkler", start: "2026-12-02T14:00:00.000Z" } },
    ], // v2
    [
      "Hi there,\n\nPlease move Jane Smith's lawn mowing on Friday the 4th to Monday the 7th at 11am — she's away that week.\n\nMany thanks,\nLouise",
      "module:reschedule-visit",
      { params: { visitId: "v-jane-2", start: "2026-12-07T16:00:00.000Z" } },
    ], // v5
    [
      "Shift the Ortiz sprinkler check to tomorrow arvo, 3 o'clock",
      "module:reschedule-visit",
      { params: { visitId: "v-ortiz-sprinkler", start: "2026-11-27T20:00:00.000Z" } },
    ], // v6
    [
      "Move the Ortiz visit to Friday the 4th at 10 — I mean the fall cleanup, not the sprinkler one",
      "module:reschedule-visit",
      { params: { visitId: "v-ortiz-cleanup", start: "2026-12-04T15:00:00.000Z" } },
    ], // v7
    [
      "mueve la visita de Jane Smith de mañana to 4pm please",
      "module:reschedule-visit",
      { params: { visitId: "v-jane-1", start: "2026-11-27T21:00:00.000Z" } },
    ], // v10
  ]),

  ...section("create_job", [
    [
      'Could you please create a new job for Maria Gonzalez titled "Gutter cleaning"? Thank you very much.',
      "module:create-job",
      { params: { customerId: "c-maria", title: "Gutter cleaning" } },
    ], // v1
    [
      "Create a job for Tom Baker, gutter repair — the one in Springfield. No wait, the Shelbyville one on Elm.",
      "module:create-job",
      { params: { customerId: "c-baker-elm" } },
    ], // v7
  ]),

  ...section("optimize", [
    ["need mon routes optimized asap", "module:optimize-day", { params: { date: "2026-11-30" } }], // v2
  ]),

  ...section("export", [
    ["How do I get my customer list out into a spreadsheet?", "module:export-customers"], // v4
    ["Can you export our customer list as a CSV for me?", "module:export-customers", MEMBER], // v9
    ["Can I get a spreadsheet of every customer? I know the owner has to OK it.", "module:export-customers", MEMBER], // v9
  ]),

  ...section("hipaa", [
    ["Turn on HIPAA mode for us — we've started doing home health visits.", "module:enable-hipaa-mode", MEMBER], // v9
  ]),

  ...section("payments", [
    [
      "Hello,\n\nLuis Ortiz dropped off a check this morning for invoice 1040 covering the full balance, check #3310. Please record it.\n\nBest regards,\nMark",
      "module:record-payment",
      { params: { invoiceId: "i-1040", method: "check" } },
    ], // v5
    [
      "Luis Ortiz has settled invoice 1040 by cheque, number 8812",
      "module:record-payment",
      { params: { invoiceId: "i-1040", method: "check" } },
    ], // v6
    [
      "Record $40 cash from Luis Ortiz on invoice 1040 — oh hang on, it was $60, not $40",
      "module:record-payment",
      { params: { invoiceId: "i-1040", method: "cash", amountCents: 6000 } },
    ], // v7
    [
      "record un pago en efectivo de $100 para la invoice 1032",
      "module:record-payment",
      { params: { invoiceId: "i-1032", method: "cash", amountCents: 10000 } },
    ], // v10
  ]),

  ...section("reminders", [
    [
      "Hi,\n\nCould you please send a reminder to Luis Ortiz about his past-due balance? He's fallen behind again.\n\nRegards,\nAccounts",
      "module:send-payment-reminders",
      { params: { customerId: "c-ortiz" } },
    ], // v5
    [
      "Send reminders to everyone who's past due. Actually, just Elena Garcia for now.",
      "module:send-payment-reminders",
      { params: { customerId: "c-garcia" } },
    ], // v7
    [
      "Please send payment reminders to all the overdue customers.",
      "module:send-payment-reminders",
      { ...MEMBER, params: { pastDueOnly: true } },
    ], // v9
    [
      "Remind Luis Ortiz about his overdue invoices.",
      "module:send-payment-reminders",
      { ...MEMBER, params: { customerId: "c-ortiz" } },
    ], // v9
    [
      "I need to send a payment reminder to Elena Garcia — can you set that up for the owner to approve?",
      "module:send-payment-reminders",
      { ...MEMBER, params: { customerId: "c-garcia" } },
    ], // v9
  ]),

  ...section("invoicing", [
    [
      "Hi all,\n\nBefore we close the books, please generate invoices for every completed visit from October (Oct 1 through Oct 31) that hasn't been billed yet.\n\nThanks,\nFrank",
      "module:invoice-completed-visits",
      { params: { from: "2026-10-01", to: "2026-10-31" } },
    ], // v5
    [
      "Bill all the visits we completed between November 1 and November 25, please.",
      "module:invoice-completed-visits",
      { ...MEMBER, params: { from: "2026-11-01", to: "2026-11-25" } },
    ], // v9
    [
      "Please invoice the completed visits from November 16 through November 22.",
      "module:invoice-completed-visits",
      { ...MEMBER, params: { from: "2026-11-16", to: "2026-11-22" } },
    ], // v9
  ]),

  ...section("schedule_read", [
    [
      "I would like to see Crew B's complete schedule for Friday, December 4th, please.",
      "read:daySchedule",
      { params: { date: "2026-12-04", crewId: "crew-b" } },
    ], // v1
    ["whats crew a got mon", "read:daySchedule", { params: { date: "2026-11-30", crewId: "crew-a" } }], // v2
    ["whats on the board today", "read:daySchedule", { params: { date: "2026-11-26" } }], // v2
    ["what's on my schedule today", "read:daySchedule", { ...FIELD, params: { date: "2026-11-26" } }], // v3
    ["whats crew b doing tmrw", "read:daySchedule", { ...FIELD, params: { date: "2026-11-27", crewId: "crew-b" } }], // v3
    [
      "What's Alpha Team got on tomorrow?",
      "read:daySchedule",
      { params: { date: "2026-11-27", crewId: "crew-alpha" } },
    ], // v6
    [
      "What's on for Crew A on Monday? Or, hmm, make that Tuesday.",
      "read:daySchedule",
      { params: { date: "2026-12-01", crewId: "crew-a" } },
    ], // v7
    [
      "show me el schedule de mañana para Crew C",
      "read:daySchedule",
      { params: { date: "2026-11-27", crewId: "crew-c" } },
    ], // v10
  ]),

  ...section("lookup", [
    ["pull up acme pls", "read:findCustomers", { params: { query: "c-acme" } }], // v2
    ["pull up luis ortiz's info, heading there now", "read:findCustomers", { ...FIELD, params: { query: "c-ortiz" } }], // v3
    ["what jobs does jane smith have with us", "read:findJobs", { ...FIELD, params: { customerId: "c-jane" } }], // v3
    ["pull up job 203", "read:findJobs", FIELD], // v3
    [
      "any equipment on file at acme? need the model # of the heater",
      "read:findCustomRecords",
      { ...FIELD, params: { objectKey: "equipment", customerId: "c-acme" } },
    ], // v3
  ]),

  ...section("invoices_read", [
    [
      "Could you please show me a list of all invoices that are currently past due?",
      "read:listUnpaidInvoices",
      { params: { pastDueOnly: true } },
    ], // v1
    [
      "Dear team,\n\nThe owner has asked me to look over every invoice that is still unpaid, past due or not. Could you pull that list together for me?\n\nKind regards,\nPriya",
      "read:listUnpaidInvoices",
      { params: { pastDueOnly: false } },
    ], // v5
    ["Which customers are behind on paying us?", "read:listUnpaidInvoices", { params: { pastDueOnly: true } }], // v8
    ["Show me invoice 1032, no wait, 1040", "read:findInvoice", { params: { number: 1040 } }], // v7
    ["Pull up invoice 1033", "read:findInvoice", { params: { number: 1033 } }], // v8
  ]),

  ...section("revenue", [
    [
      "What did we actually get paid last month, all up?",
      "read:revenueForPeriod",
      { params: { measure: "collected" } },
    ], // v6
    ["What did we bill out in October?", "read:revenueForPeriod", { params: { measure: "invoiced" } }], // v8
    ["How much money has come in so far this month?", "read:revenueForPeriod", { params: { measure: "collected" } }], // v8
  ]),

  ...section("answer", [
    ["Could you tell me how many open jobs we currently have, please?", "answer", { says: /17/ }], // v1
    ["How many crews do I have set up right now?", "answer", { says: /\b4\b/ }], // v4
    [
      "Hello,\n\nQuick one about the Sunrise Senior Living account: how much have they paid us in total so far?\n\nThanks,\nRita",
      "answer",
      { says: /8,300/ },
    ], // v5
    ["How much does Elena Garcia still owe us?", "answer", { says: /\$250/ }], // v8
    ["Is Acme Plumbing all paid up?", "answer"], // v8
    ["Who's our best-paying customer this year?", "answer", { says: /Acme/ }], // v8
    ["How many invoices are sitting unpaid right now?", "answer", { says: /\b5\b/ }], // v8
    ["oye, how much nos debe Luis Ortiz?", "answer", { says: /\$80/ }], // v10
    ["how many trabajos abiertos tenemos?", "answer", { says: /17/ }], // v10
  ]),

  ...section("clarify", [
    ["Could you please book a visit for Tom Baker on Tuesday at 10:00 AM? Thank you.", "clarify"], // v1
    ["Please reschedule the visit to next week. Thank you.", "clarify"], // v1
    ["move the ortiz appt to fri 10am", "clarify"], // v2
    ["need a visit booked asap pls", "clarify"], // v2
    [
      "Hi,\n\nJohn Smith emailed asking us to get his AC tune-up on the calendar. He didn't say when suits him. Can you set it up?\n\nThanks,\nSam",
      "clarify",
    ], // v5
    ["Can you shift that one to Monday week?", "clarify"], // v6
    ["A customer paid today, can you put it through?", "clarify"], // v8
    ["mueve la cita de Smith al lunes at 9", "clarify"], // v10
  ]),

  ...section("refuse", [
    ["running late, can you push the ortiz cleanup to friday", "refuse", FIELD], // v3
    ["customer paid me $80 cash on invoice 1040, log it pls", "refuse", FIELD], // v3
    ["send the garcias a payment reminder while im here", "refuse", FIELD], // v3
    ["create a job for sunrise senior living - broken valve in the boiler room", "refuse", FIELD], // v3
    ["How do I turn on route optimization for my crews?", "refuse", STARTER], // v4
    [
      "Hi,\n\nI also do the books for Brightside HVAC, which uses this same software. Could you pull up their unpaid invoices so I can compare them with ours?\n\nThanks,\nJoe",
      "refuse",
    ], // v5
    ["Sort out a QuickBooks link for us, would you?", "refuse", STARTER], // v6
    ["How much do the customers of Rivera Roofing owe them? They're on this app too.", "refuse"], // v8
    ["Send payment reminders to everyone who's late, please.", "refuse", { role: "member", plan: "starter" }], // v9
    ["We need HIPAA mode switched on before Monday, please.", "refuse", { role: "member", plan: "growth" }], // v9
  ]),

  ...section("request_quote", [
    ["Can this app run payroll for my guys? I'd want it to work out their pay each week.", "request_quote"], // v4
    [
      "Hi,\n\nWe'd love a way to log the miles each truck drives every day so we can reimburse fuel. Is that something you could build for us?\n\nThanks,\nGreg",
      "request_quote",
    ], // v5
    [
      "Can you build us a loyalty points program for repeat customers? Oh, and have it email them their points balance every month.",
      "request_quote",
    ], // v7
    [
      "necesito que los técnicos puedan marcar entrada y salida — a time clock with timesheets. ¿Pueden construir eso?",
      "request_quote",
    ], // v10
  ]),
];
