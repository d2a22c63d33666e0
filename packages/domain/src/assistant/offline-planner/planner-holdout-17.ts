import { section, type GoldenOptions, type GoldenRow } from "./planner-rows.ts";

/**
 * Holdout 17, written blind (without reading the planner or the other sets) and held out: ten voices, ten rows each,
 * the voice in a comment after each row. v1 a polite office manager, v2 a hurried dispatcher in shorthand, v3 a field
 * technician (role field_user), v4 a new owner asking how and where, v5 pasted customer e-mails or texts with a line
 * asking to act, v6 British, Australian or Canadian wording, v7 self-corrections and second thoughts, v8 money and
 * customers in plain words, v9 a member (role member) asking for what needs an owner's approval, v10 a little Spanish.
 * Thursday 26 November 2026, 10:00 in New York (UTC-5: 9:00 there is 14:00 UTC); morning is 8:00, afternoon 13:00,
 * "first thing" 8:00 on the company's wall clock; the company's data is `planner-test-fixtures.ts`'s.
 */

const MEMBER: GoldenOptions = { role: "member" };
const FIELD: GoldenOptions = { role: "field_user" };

export const HOLDOUT_17: GoldenRow[] = [
  ...section("schedule", [
    [
      "Good morning! Would you kindly schedule Mr. Smith's AC tune-up for Tuesday at 10 with Crew A? Thank you.",
      "module:schedule-visit",
      { params: { jobId: "j-204", start: "2026-12-01T15:00:00.000Z", crewId: "crew-a" } },
    ], // v1
    [
      "crew c → acme wh install fri 8a",
      "module:schedule-visit",
      { params: { jobId: "j-117", start: "2026-11-27T13:00:00.000Z", crewId: "crew-c" } },
    ], // v2
    [
      "204 mon 2p crw a",
      "module:schedule-visit",
      { params: { jobId: "j-204", start: "2026-11-30T19:00:00.000Z", crewId: "crew-a" } },
    ], // v2
    [
      "garcia aer tues 1st thing alpha",
      "module:schedule-visit",
      { params: { jobId: "j-201", start: "2026-12-01T13:00:00.000Z", crewId: "crew-alpha" } },
    ], // v2
    [
      'Customer text: "Hi it\'s Elena Garcia, can you guys do the aeration Wednesday morning? Thx" Book it.',
      "module:schedule-visit",
      { params: { jobId: "j-201", start: "2026-12-02T13:00:00.000Z", crewId: null } },
    ], // v5
    [
      'From John Smith: "My AC is making a rattling noise, could someone come Tuesday at 2?" Put him in.',
      "module:schedule-visit",
      { params: { jobId: "j-204", start: "2026-12-01T19:00:00.000Z", crewId: null } },
    ], // v5
    [
      "'Hello, this is Sunrise Senior Living. We need someone to look at the boiler on Friday the 4th at 9.' Book them with crew A.",
      "module:schedule-visit",
      { params: { customerId: "c-sunrise", start: "2026-12-04T14:00:00.000Z", crewId: "crew-a" } },
    ], // v5
    [
      "Email: 'This is Acme Plumbing, our water heater still isn't scheduled!' Get them on tomorrow at 3 with Crew B.",
      "module:schedule-visit",
      { params: { jobId: "j-117", start: "2026-11-27T20:00:00.000Z", crewId: "crew-b" } },
    ], // v5
    [
      "Maria Gonzalez texted: can you come shampoo the carpets on the 3rd at 1pm? set it up",
      "module:schedule-visit",
      { params: { customerId: "c-maria", start: "2026-12-03T18:00:00.000Z", crewId: null } },
    ], // v5
    [
      "Could you pop Acme in for half 9 on Monday week?",
      "module:schedule-visit",
      { params: { jobId: "j-117", start: "2026-12-07T14:30:00.000Z", crewId: null } },
    ], // v6
    [
      "Book John Smith's aircon service a week on Tuesday at 10",
      "module:schedule-visit",
      { params: { jobId: "j-204", start: "2026-12-08T15:00:00.000Z", crewId: null } },
    ], // v6
    [
      "book the Garcia aeration thursday at 4, sorry, I meant friday at 4",
      "module:schedule-visit",
      { params: { jobId: "j-201", start: "2026-11-27T21:00:00.000Z", crewId: null } },
    ], // v7
    [
      "schedule John Smith's AC monday with crew a, actually crew b, at 9",
      "module:schedule-visit",
      { params: { jobId: "j-204", start: "2026-11-30T14:00:00.000Z", crewId: "crew-b" } },
    ], // v7
    [
      "Acme water heater on the 2nd, er, the 3rd, at 1",
      "module:schedule-visit",
      { params: { jobId: "j-117", start: "2026-12-03T18:00:00.000Z", crewId: null } },
    ], // v7
    [
      "can you schedule Acme's water heater for Monday at 9",
      "module:schedule-visit",
      { ...MEMBER, params: { jobId: "j-117", start: "2026-11-30T14:00:00.000Z", crewId: null } },
    ], // v9
    [
      "agenda a John Smith para el martes a las 10, el AC tune-up",
      "module:schedule-visit",
      { params: { jobId: "j-204", start: "2026-12-01T15:00:00.000Z", crewId: null } },
    ], // v10
  ]),
  ...section("reschedule", [
    [
      "Might I ask you to move Jane Smith's mowing on December 4th to December 7th, at the same time?",
      "module:reschedule-visit",
      { params: { visitId: "v-jane-2", start: "2026-12-07T16:00:00.000Z" } },
    ], // v1
    [
      "ortiz sprnklr → wed 9",
      "module:reschedule-visit",
      { params: { visitId: "v-ortiz-sprinkler", start: "2026-12-02T14:00:00.000Z" } },
    ], // v2
    [
      "jane mow 12/4 -> 12/5 10a",
      "module:reschedule-visit",
      { params: { visitId: "v-jane-2", start: "2026-12-05T15:00:00.000Z" } },
    ], // v2
    [
      "Email from Jane Smith: 'We'll be away tomorrow, could the mowing happen Monday at the same time?' Please move it.",
      "module:reschedule-visit",
      { params: { visitId: "v-jane-1", start: "2026-11-30T16:00:00.000Z" } },
    ], // v5
    [
      "Reckon you could shift the Ortiz fall cleanup on the 3rd to the arvo?",
      "module:reschedule-visit",
      { params: { visitId: "v-ortiz-cleanup", start: "2026-12-03T18:00:00.000Z" } },
    ], // v6
    [
      "move Jane Smith's mowing tomorrow to 2, no wait, make it 3",
      "module:reschedule-visit",
      { params: { visitId: "v-jane-1", start: "2026-11-27T20:00:00.000Z" } },
    ], // v7
    [
      "push the Ortiz sprinkler check to wednesday at 3... actually the 3rd at 3 is better",
      "module:reschedule-visit",
      { params: { visitId: "v-ortiz-sprinkler", start: "2026-12-03T20:00:00.000Z" } },
    ], // v7
    [
      "mueve la visita de Jane Smith de mañana al lunes a las 9",
      "module:reschedule-visit",
      { params: { visitId: "v-jane-1", start: "2026-11-30T14:00:00.000Z" } },
    ], // v10
  ]),
  ...section("create-job", [
    [
      "Kindly create a new job for Sunrise Senior Living: replace the lobby light fixtures.",
      "module:create-job",
      { params: { customerId: "c-sunrise" } },
    ], // v1
    [
      "Create a job for Jane Smith, I mean John Smith, for a duct cleaning",
      "module:create-job",
      { params: { customerId: "c-john" } },
    ], // v7
    [
      "nuevo trabajo para Maria Gonzalez: limpieza profunda de la cocina",
      "module:create-job",
      { params: { customerId: "c-maria" } },
    ], // v10
  ]),
  ...section("reads", [
    ["Could you please let me know how many open jobs we currently have?", "answer", { says: /\b17\b/ }], // v1
    [
      "I'd be grateful if you could look up the phone number for Tom Baker at 48 Elm Rd.",
      "read:findCustomers",
      { says: /010-3000/, alsoRight: "answer" },
    ], // v1
    ["Would you be so kind as to tell me who our top paying customer is?", "answer", { says: /Acme Plumbing/ }], // v1
    ["B sched tmrw?", "read:daySchedule", { params: { date: "2026-11-27", crewId: "crew-b" } }], // v2
    ["past due list", "read:listUnpaidInvoices", { params: { pastDueOnly: true } }], // v2
    ["inv 1032 bal?", "read:findInvoice", { says: /250/, alsoRight: "answer" }], // v2
    ["all crews mon?", "read:daySchedule", { params: { date: "2026-11-30" } }], // v2
    [
      "How do I see which customers haven't paid me yet?",
      "read:listUnpaidInvoices",
      { params: { pastDueOnly: false }, alsoRight: "answer" },
    ], // v4
    ['Got this from Elena: "Please tell me what I still owe you." What is her balance?', "answer", { says: /250/ }], // v5
    [
      "Luis Ortiz asks: 'Didn't I already pay off invoice 1040?' Is it paid?",
      "read:findInvoice",
      { says: /80/, alsoRight: "answer" },
    ], // v5
    ["How many punters have we got on the books?", "answer", { says: /\b42\b/ }], // v6
    ["What's Crew A got on Tuesday?", "read:daySchedule", { params: { date: "2026-12-01", crewId: "crew-a" } }], // v6
    [
      "What did we take in during October? Money actually banked.",
      "read:revenueForPeriod",
      { params: { measure: "collected" } },
    ], // v6
    [
      "what's Crew C doing Monday? scratch that, Tuesday",
      "read:daySchedule",
      { params: { date: "2026-12-01", crewId: "crew-c" } },
    ], // v7
    ["who owes me money right now?", "read:listUnpaidInvoices", { params: { pastDueOnly: false } }], // v8
    ["how much does Luis Ortiz still owe us?", "answer", { says: /80/ }], // v8
    ["which customers spend the most with us?", "answer", { says: /Acme Plumbing/ }], // v8
    ["how much did we bill out last month?", "read:revenueForPeriod", { params: { measure: "invoiced" } }], // v8
    ["did Acme Plumbing ever pay invoice 1033?", "read:findInvoice", { says: /\bpaid\b/i, alsoRight: "answer" }], // v8
    ["who's late paying me?", "read:listUnpaidInvoices", { params: { pastDueOnly: true } }], // v8
    ["how many bills are overdue?", "answer", { says: /\b3\b/, alsoRight: "read:listUnpaidInvoices" }], // v8
    ["all told, what has Sunrise Senior Living paid us?", "answer", { says: /8,300/ }], // v8
    ["what have we been paid so far this year?", "read:revenueForPeriod", { params: { measure: "collected" } }], // v8
    ["cuántos clientes tenemos?", "answer", { says: /\b42\b/ }], // v10
    ["qué tiene Crew B mañana?", "read:daySchedule", { params: { date: "2026-11-27", crewId: "crew-b" } }], // v10
    ["quién no ha pagado?", "read:listUnpaidInvoices", { params: { pastDueOnly: false } }], // v10
  ]),
  ...section("payments", [
    [
      "Would it be possible to send Ms. Garcia a gentle reminder about her overdue invoice?",
      "module:send-payment-reminders",
      { params: { customerId: "c-garcia" } },
    ], // v1
    [
      "When you have a moment, please record the check we received from Mr. Ortiz for invoice 1040.",
      "module:record-payment",
      { params: { invoiceId: "i-1040", method: "check" } },
    ], // v1
    [
      "Luis Ortiz wrote: 'I mailed a check for the balance, #3320.' Record it.",
      "module:record-payment",
      { params: { invoiceId: "i-1040", method: "check" } },
    ], // v5
    [
      "Chase up Luis Ortiz for his overdue account, cheers",
      "module:send-payment-reminders",
      { params: { customerId: "c-ortiz" } },
    ], // v6
    [
      "Elena Garcia paid by cheque for invoice 1032",
      "module:record-payment",
      { params: { invoiceId: "i-1032", method: "check" } },
    ], // v6
    [
      "record a cash payment on 1032. hmm, on second thought it was a check",
      "module:record-payment",
      { params: { invoiceId: "i-1032", method: "check" } },
    ], // v7
    [
      "send a reminder to Elena Garcia... no, to Luis Ortiz",
      "module:send-payment-reminders",
      { params: { customerId: "c-ortiz" } },
    ], // v7
    [
      "Elena Garcia handed over $250 cash, put it against what she owes",
      "module:record-payment",
      { params: { invoiceId: "i-1032", method: "cash", amountCents: 25000 } },
    ], // v8
    [
      "send overdue reminders to all our customers",
      "module:send-payment-reminders",
      { ...MEMBER, params: { pastDueOnly: true } },
    ], // v9
    [
      "remind Elena Garcia her invoice is overdue",
      "module:send-payment-reminders",
      { ...MEMBER, params: { customerId: "c-garcia" } },
    ], // v9
    [
      "invoice all of October's completed visits",
      "module:invoice-completed-visits",
      { ...MEMBER, params: { from: "2026-10-01", to: "2026-10-31" } },
    ], // v9
    [
      "bill everything we finished between Nov 1 and Nov 15",
      "module:invoice-completed-visits",
      { ...MEMBER, params: { from: "2026-11-01", to: "2026-11-15" } },
    ], // v9
    [
      "Elena Garcia pagó en efectivo la factura 1032",
      "module:record-payment",
      { params: { invoiceId: "i-1032", method: "cash" } },
    ], // v10
    [
      "manda un recordatorio de pago a Luis Ortiz",
      "module:send-payment-reminders",
      { params: { customerId: "c-ortiz" } },
    ], // v10
  ]),
  ...section("modules", [
    ["opt routes tmrw", "module:optimize-day", { params: { date: "2026-11-27" } }], // v2
    ["Flip the customer list into a spreadsheet for my accountant, eh", "module:export-customers"], // v6
    ["export our customer list", "module:export-customers", MEMBER], // v9
    ["turn on HIPAA mode, we started doing home health visits", "module:enable-hipaa-mode", MEMBER], // v9
  ]),
  ...section("navigate", [
    [
      "Please could you open the payment settings for me?",
      "navigate:/settings/payments",
      { alsoRight: "openModal:settings.payments" },
    ], // v1
    ["I'm new here. Where do I add my customers?", "navigate:/customers", { alsoRight: "answer" }], // v4
    ["How do I set up my crews?", "navigate:/crews", { alsoRight: "answer" }], // v4
    ["where can I put my business logo", "navigate:/settings", { alsoRight: "answer" }], // v4
    ["where do I find the jobs I've created", "navigate:/jobs", { alsoRight: "answer" }], // v4
    [
      "how do I change the wording on the texts and emails my customers get",
      "navigate:/settings/communications",
      { alsoRight: "openModal:settings.communications" },
    ], // v4
    ["Where's the main dashboard?", "navigate:/dashboard", { alsoRight: "answer" }], // v4
    [
      "Where do I manage all my app connections, like stripe and quickbooks?",
      "navigate:/settings/integrations",
      { alsoRight: "openModal:settings.integrations" },
    ], // v4
    ["Take me to the crews page, ta", "navigate:/crews"], // v6
    ["llévame a los clientes", "navigate:/customers"], // v10
  ]),
  ...section("integrations", [
    ["How do I get QuickBooks talking to this thing?", "openModal:integrations.quickbooks", { alsoRight: "answer" }], // v4
    ["conecta QuickBooks por favor", "openModal:integrations.quickbooks"], // v10
  ]),
  ...section("refuse", [
    ["can I move my 11 o'clock at Jane Smith's tomorrow to 1?", "refuse", FIELD], // v3
    ["customer paid me cash for invoice 1032, log it", "refuse", FIELD], // v3
    ["remind Luis Ortiz he still owes $80", "refuse", FIELD], // v3
    ["put me on John Smith's AC job Monday morning", "refuse", FIELD], // v3
    ["what's the address for Elena Garcia", "refuse", FIELD], // v3
    ["how much did the company make last month", "refuse", FIELD], // v3
    ["export the customer list to my phone", "refuse", FIELD], // v3
    ["make a new job for Bob's Bakery, their oven hood fan is rattling", "refuse", FIELD], // v3
    ["optimize my route for tomorrow", "refuse", FIELD], // v3
    ["connect our Stripe account", "refuse", MEMBER], // v9
    ["approve the reminder request that's waiting", "refuse", MEMBER], // v9
    ["upgrade us to the Suite plan", "refuse", MEMBER], // v9
  ]),
  ...section("clarify", [
    // Two customers are called Tom Baker.
    ["Text from Tom Baker: 'Can you come look at my furnace Monday at 10?' Book it.", "clarify"], // v5
  ]),
  ...section("answer", [
    ["Thank you so much for your help this morning!", "answer"], // v1
    ["how do I mark a visit done in the app?", "answer", FIELD], // v3
    ["what can this assistant actually do?", "answer"], // v4
    ["Optimize the routes for tomorrow. Actually, never mind, don't.", "answer"], // v7
  ]),
];
