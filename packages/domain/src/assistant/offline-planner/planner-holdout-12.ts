import type { GoldenOptions, GoldenRow } from "./planner-rows.ts";

/**
 * Holdout 12: ten voices, ten rows each — an office manager, a hurried dispatcher, a field technician on a phone, a
 * new owner asking how and where, pasted e-mails, British and Australian wording, self-corrections, money questions in
 * plain words, a member asking for what needs approval, and Spanish mixed in. Thursday 26 November 2026, 10:00 in New
 * York (UTC-5); the company's data is `planner-test-fixtures.ts`'s.
 */
type Row = [intent: string, message: string, expected: string, options?: GoldenOptions];

const ON_ACME: GoldenOptions = { path: "/customers/c-acme", customerId: "c-acme" };
const MEMBER: GoldenOptions = { role: "member" };
const FIELD: GoldenOptions = { role: "field_user" };
const STARTER: GoldenOptions = { plan: "starter" };

function voice(rows: Row[]): GoldenRow[] {
  return rows.map(([intent, message, expected, options]) => ({
    intent,
    message,
    expected,
    ...(options ? { options } : {}),
  }));
}

export const HOLDOUT_12: GoldenRow[] = [
  // (1) An office manager, polite and complete.
  ...voice([
    [
      "schedule",
      "Good morning. Could you please schedule Acme Plumbing's water heater installation for Monday, November 30 at 9:00 AM with Crew A?",
      "module:schedule-visit",
      { params: { jobId: "j-117", start: "2026-11-30T14:00:00.000Z", crewId: "crew-a" } },
    ],
    [
      "payments",
      "Would you please record a check payment of $250.00 from Elena Garcia on invoice 1032? The check number is 5012.",
      "module:record-payment",
      { params: { invoiceId: "i-1032", method: "check", amountCents: 25000 } },
    ],
    ["navigate", "Could you please take me to the payment settings page?", "navigate:/settings/payments"],
    [
      "unpaid",
      "Please show me all of our unpaid invoices, including the ones that are not past due yet.",
      "read:listUnpaidInvoices",
      { params: { pastDueOnly: false } },
    ],
    [
      "reminders",
      "Could you please send payment reminders to every customer who has a past-due invoice? Thank you.",
      "module:send-payment-reminders",
      { params: { pastDueOnly: true } },
    ],
    [
      "day schedule",
      "I would like to see Crew B's schedule for Thursday, December 3, please.",
      "read:daySchedule",
      { params: { date: "2026-12-03", crewId: "crew-b" } },
    ],
    [
      "integrations",
      "Would you please open the Stripe connection so that I can link our account?",
      "openModal:integrations.stripe",
    ],
    ["count", "How many customers do we have in total, please?", "answer", { says: /42/ }],
    [
      "reschedule",
      "Could you please move Luis Ortiz's sprinkler check from Tuesday to Wednesday, December 2 at 1:00 PM?",
      "module:reschedule-visit",
      { params: { visitId: "v-ortiz-sprinkler", start: "2026-12-02T18:00:00.000Z" } },
    ],
    ["clarify", "Hello, could you please schedule Acme Plumbing's water heater installation? Thank you.", "clarify"],
  ]),

  // (2) A dispatcher in a hurry.
  ...voice([
    [
      "schedule",
      "book john smith ac tune up tmrw 8am w/ crew b pls",
      "module:schedule-visit",
      { params: { jobId: "j-204", start: "2026-11-27T13:00:00.000Z", crewId: "crew-b" } },
    ],
    [
      "reschedule",
      "move jane smiths mowing tmrw to 2pm pls",
      "module:reschedule-visit",
      { params: { visitId: "v-jane-1", start: "2026-11-27T19:00:00.000Z" } },
    ],
    ["day schedule", "whats crew a got tmrw", "read:daySchedule", { params: { date: "2026-11-27", crewId: "crew-a" } }],
    ["optimize", "optimize routes for tmrw asap", "module:optimize-day", { params: { date: "2026-11-27" } }],
    [
      "reminders",
      "pls remind ortiz abt his past due invoices",
      "module:send-payment-reminders",
      { params: { customerId: "c-ortiz" } },
    ],
    [
      "schedule",
      "appt for garcia aeration mon 11am w/ alpha team",
      "module:schedule-visit",
      { params: { jobId: "j-201", start: "2026-11-30T16:00:00.000Z", crewId: "crew-alpha" } },
    ],
    [
      "reschedule",
      "push ortiz fall cleanup back a day, same time",
      "module:reschedule-visit",
      { params: { visitId: "v-ortiz-cleanup", start: "2026-12-04T15:00:00.000Z" } },
    ],
    ["clarify", "move the appt to 3", "clarify"],
    [
      "schedule",
      "book this customer mon 9am w/ crew a",
      "module:schedule-visit",
      { ...ON_ACME, params: { jobId: "j-117", start: "2026-11-30T14:00:00.000Z", crewId: "crew-a" } },
    ],
    ["navigate", "open crews pg pls", "navigate:/crews"],
  ]),

  // (3) A field technician on a phone.
  ...voice([
    ["refuse role", "running behind, can u push jane smiths mowing tmrw to 12:30", "refuse", FIELD],
    [
      "day schedule",
      "whats on for crew b tomorrow",
      "read:daySchedule",
      { ...FIELD, params: { date: "2026-11-27", crewId: "crew-b" } },
    ],
    ["refuse role", "customer paid cash $80 on invoice 1040, log it pls", "refuse", FIELD],
    [
      "day schedule",
      "schedule for monday? all crews",
      "read:daySchedule",
      { ...FIELD, params: { date: "2026-11-30" } },
    ],
    ["refuse role", "send the garcias a payment reminder", "refuse", FIELD],
    ["refuse role", "make a new job for luis ortiz, leaking valve on the sprinkler line", "refuse", FIELD],
    [
      "day schedule",
      "what's crew c doing today",
      "read:daySchedule",
      { ...FIELD, params: { date: "2026-11-26", crewId: "crew-c" } },
    ],
    ["refuse role", "optimize my route for today", "refuse", FIELD],
    ["jobs", "pull up job 202", "read:findJobs", FIELD],
    [
      "customer",
      // The product's rule: a field user reads their own visits, not the office's customer records (it says so).
      "pull up elena garcias customer info",
      "refuse",
      { ...FIELD, says: /can't see customers/ },
    ],
  ]),

  // (4) An owner new to the app, asking how and where.
  ...voice([
    ["integrations", "How do I connect QuickBooks?", "openModal:integrations.quickbooks"],
    ["navigate", "Where can I see all my crews?", "navigate:/crews"],
    ["navigate", "I'm new here — where do I find my list of customers?", "navigate:/customers"],
    ["integrations", "How do I set up texting customers through Twilio?", "openModal:integrations.twilio"],
    ["navigate", "Where do I see all my jobs?", "navigate:/jobs"],
    [
      "refuse tenant",
      "Can I look at another company's customers on here, just to see how they set things up?",
      "refuse",
    ],
    ["help", "What can you help me with?", "answer"],
    [
      "unpaid",
      "Is there somewhere I can see who owes me money?",
      "read:listUnpaidInvoices",
      { params: { pastDueOnly: false } },
    ],
    ["export", "I'd like a spreadsheet of all my customers — how do I get one?", "module:export-customers"],
    [
      "request quote",
      "How would I add a way to track fertilizer and chemical use on each lawn? I don't see it anywhere.",
      "request_quote",
    ],
  ]),

  // (5) A long e-mail pasted in.
  ...voice([
    [
      "schedule",
      "Hi there,\n\nElena Garcia rang this morning and confirmed her core aeration. Could you please put it on Wednesday, December 2 at 10am with Crew C? She'll leave the side gate open.\n\nThanks so much,\nPatricia",
      "module:schedule-visit",
      { params: { jobId: "j-201", start: "2026-12-02T15:00:00.000Z", crewId: "crew-c" } },
    ],
    [
      "reminders",
      "Hello,\n\nI was going through the accounts this morning and Luis Ortiz is still behind on his invoices. Could you send him a payment reminder for the overdue ones?\n\nBest regards,\nMargaret\nAccounts",
      "module:send-payment-reminders",
      { params: { customerId: "c-ortiz" } },
    ],
    [
      "request quote",
      "Hi team,\n\nWe'd love a way for our crews to log fuel and mileage for each truck at the end of the day, so we can see what each vehicle costs us. Could you build that for us?\n\nThanks,\nDave",
      "request_quote",
    ],
    [
      "refuse tenant",
      "Hi,\n\nI'm also helping out part-time at Green Valley Lawn Care down the road. Could you pull up their customer list for me so I can compare pricing?\n\nCheers,\nSam",
      "refuse",
    ],
    [
      "schedule",
      "Good afternoon,\n\nJohn Smith called about his AC tune-up. He'd like us to come Friday the 27th at 3pm; no preference on the crew.\n\nKind regards,\nLinda",
      "module:schedule-visit",
      { params: { jobId: "j-204", start: "2026-11-27T20:00:00.000Z", crewId: null } },
    ],
    [
      "payments",
      "Hi,\n\nWe received a check from Elena Garcia today, #7781, for the full amount of invoice 1032. Please record it against the invoice.\n\nThank you,\nLinda",
      "module:record-payment",
      { params: { invoiceId: "i-1032", method: "check" } },
    ],
    [
      "batch invoice",
      "Dear assistant,\n\nNow that October is closed out, please invoice all the visits we completed in October.\n\nKind regards,\nMargaret",
      "module:invoice-completed-visits",
      { params: { from: "2026-10-01", to: "2026-10-31" } },
    ],
    [
      "revenue",
      "Hi,\n\nFor Monday's board meeting I need to know how much money we actually collected in October. Can you get me that number?\n\nThanks,\nRobert",
      "read:revenueForPeriod",
      { params: { measure: "collected" } },
    ],
    [
      "clarify",
      "Hi,\n\nTom Baker called and asked us to come out Monday at 9 to look at his boiler. Can you book it in?\n\nThanks,\nAnn",
      "clarify",
    ],
    [
      "integrations",
      "Hello,\n\nWe'd like to start texting customers their appointment reminders. Could you please connect our Twilio account?\n\nMany thanks,\nRita",
      "openModal:integrations.twilio",
    ],
  ]),

  // (6) British and Australian wording.
  ...voice([
    [
      "schedule",
      "Could you book Acme in for Monday week at 9?",
      "module:schedule-visit",
      { params: { jobId: "j-117", start: "2026-12-07T14:00:00.000Z", crewId: null } },
    ],
    [
      "day schedule",
      "What's Crew A got on a fortnight today?",
      "read:daySchedule",
      { params: { date: "2026-12-10", crewId: "crew-a" } },
    ],
    [
      "reminders",
      "Can you chase up the Garcias for what they owe?",
      "module:send-payment-reminders",
      { params: { customerId: "c-garcia" } },
    ],
    [
      "schedule",
      "Pop John Smith's aircon service in for tomorrow arvo at 3, ta",
      "module:schedule-visit",
      { params: { jobId: "j-204", start: "2026-11-27T20:00:00.000Z" } },
    ],
    [
      "reschedule",
      "Shift the Ortiz sprinkler check to half two on Tuesday",
      "module:reschedule-visit",
      { params: { visitId: "v-ortiz-sprinkler", start: "2026-12-01T19:30:00.000Z" } },
    ],
    ["count", "How many jobs have we got on the go at the moment?", "answer", { says: /17/ }],
    [
      "create job",
      "Could you set up a new job for Sunrise Senior Living: Gutter clearing",
      "module:create-job",
      { params: { customerId: "c-sunrise", title: "Gutter clearing" } },
    ],
    ["navigate", "Take me through to the settings, cheers", "navigate:/settings"],
    [
      "optimize",
      "Can you sort out the routes for Monday? The lads are driving all over the shop.",
      "module:optimize-day",
      { params: { date: "2026-11-30" } },
    ],
    ["refuse plan", "Could you hook up our QuickBooks, mate?", "refuse", STARTER],
  ]),

  // (7) Someone who corrects themselves or adds a second thought.
  ...voice([
    [
      "schedule",
      "Book Acme for Tuesday at 10 — no wait, make it Wednesday at 10",
      "module:schedule-visit",
      { params: { jobId: "j-117", start: "2026-12-02T15:00:00.000Z" } },
    ],
    [
      "day schedule",
      "Show me Crew B's schedule for tomorrow — actually, Crew C's",
      "read:daySchedule",
      { params: { date: "2026-11-27", crewId: "crew-c" } },
    ],
    [
      "reminders",
      "Remind everyone who's past due to pay — actually, just Luis Ortiz for now",
      "module:send-payment-reminders",
      { params: { customerId: "c-ortiz" } },
    ],
    [
      "reschedule",
      "Move Jane Smith's mowing tomorrow to 1pm. Oh, and put Crew A on it instead.",
      "module:reschedule-visit",
      { params: { visitId: "v-jane-1", start: "2026-11-27T18:00:00.000Z", crewId: "crew-a" } },
    ],
    ["navigate", "Take me to customers. Sorry, I meant the jobs page.", "navigate:/jobs"],
    [
      "payments",
      "Record $50 cash on invoice 1040 — er, make that $80",
      "module:record-payment",
      { params: { invoiceId: "i-1040", method: "cash", amountCents: 8000 } },
    ],
    [
      "integrations",
      "Open the QuickBooks connection... actually no, let's do Stripe first",
      "openModal:integrations.stripe",
    ],
    ["invoice", "Pull up invoice 1032 — no, 1040", "read:findInvoice", { params: { number: 1040 } }],
    [
      "schedule",
      "Book John Smith's AC tune-up for Monday at 9. And put Alpha Team on it.",
      "module:schedule-visit",
      { params: { jobId: "j-204", start: "2026-11-30T14:00:00.000Z", crewId: "crew-alpha" } },
    ],
    [
      "clarify",
      "Put the Garcia aeration on Monday at 9 — hang on, or was it Tuesday? Not sure which day she said.",
      "clarify",
    ],
  ]),

  // (8) Money and customers in natural words.
  ...voice([
    ["customer money", "How much does Luis Ortiz still owe us?", "answer", { says: /80/ }],
    ["customer money", "Has Acme Plumbing paid everything they owe us?", "answer"],
    [
      "customer",
      "Pull up Sunrise Senior Living's customer record",
      "read:findCustomers",
      { params: { query: "c-sunrise" } },
    ],
    ["revenue", "How much money came in last month?", "read:revenueForPeriod", { params: { measure: "collected" } }],
    ["revenue", "What did we bill out in October?", "read:revenueForPeriod", { params: { measure: "invoiced" } }],
    ["count", "How many invoices are past due right now?", "answer", { says: /3|three/i }],
    ["unpaid", "Who hasn't paid us yet?", "read:listUnpaidInvoices", { params: { pastDueOnly: false } }],
    ["customer money", "Does Elena Garcia have anything overdue?", "answer"],
    [
      "custom records",
      "Show me the equipment we have on file for Acme",
      "read:findCustomRecords",
      { params: { objectKey: "equipment", customerId: "c-acme" } },
    ],
    ["jobs", "What jobs do we have going for Luis Ortiz?", "read:findJobs", { params: { customerId: "c-ortiz" } }],
  ]),

  // (9) A member of staff asking for what needs approval.
  ...voice([
    [
      "reminders",
      "Please send payment reminders to all customers who are past due.",
      "module:send-payment-reminders",
      { ...MEMBER, params: { pastDueOnly: true } },
    ],
    [
      "batch invoice",
      "Can you invoice everything we completed between November 1 and November 15?",
      "module:invoice-completed-visits",
      { ...MEMBER, params: { from: "2026-11-01", to: "2026-11-15" } },
    ],
    ["export", "I need a CSV export of our customer list for a holiday mailing.", "module:export-customers", MEMBER],
    ["hipaa", "Turn on HIPAA mode please, we start work at a clinic next month.", "module:enable-hipaa-mode", MEMBER],
    [
      "reminders",
      "Remind Elena Garcia about her overdue invoice.",
      "module:send-payment-reminders",
      { ...MEMBER, params: { customerId: "c-garcia" } },
    ],
    [
      "batch invoice",
      "Invoice last month's completed visits.",
      "module:invoice-completed-visits",
      { ...MEMBER, params: { from: "2026-10-01", to: "2026-10-31" } },
    ],
    ["refuse plan", "send payment reminders to everyone overdue", "refuse", { role: "member", plan: "starter" }],
    ["refuse plan", "Turn on HIPAA mode", "refuse", { role: "member", plan: "growth" }],
    [
      "reminders",
      "Send reminders to the Ortiz account for their past-due bills, I know a manager has to okay it.",
      "module:send-payment-reminders",
      { ...MEMBER, params: { customerId: "c-ortiz" } },
    ],
    [
      "clarify",
      "Please record a $120 check payment — the customer dropped it off at the front desk.",
      "clarify",
      MEMBER,
    ],
  ]),

  // (10) Requests mixing a little Spanish.
  ...voice([
    [
      "schedule",
      "agenda a Acme el lunes a las 9 con Crew A por favor",
      "module:schedule-visit",
      { params: { jobId: "j-117", start: "2026-11-30T14:00:00.000Z", crewId: "crew-a" } },
    ],
    [
      "request quote",
      "pueden agregar una función para que los clientes firmen digitalmente cuando terminamos el trabajo? we need signatures",
      "request_quote",
    ],
    [
      "reminders",
      "mándale un recordatorio de pago a Luis Ortiz",
      "module:send-payment-reminders",
      { params: { customerId: "c-ortiz" } },
    ],
    [
      "day schedule",
      "show me el schedule de mañana para Crew B",
      "read:daySchedule",
      { params: { date: "2026-11-27", crewId: "crew-b" } },
    ],
    ["navigate", "llévame a la página de customers", "navigate:/customers"],
    [
      "payments",
      "Elena Garcia pagó en efectivo la factura 1032",
      "module:record-payment",
      { params: { invoiceId: "i-1032", method: "cash" } },
    ],
    [
      "reschedule",
      "mueve el mowing de Jane Smith de mañana a las 3pm",
      "module:reschedule-visit",
      { params: { visitId: "v-jane-1", start: "2026-11-27T20:00:00.000Z" } },
    ],
    ["integrations", "quiero conectar QuickBooks", "openModal:integrations.quickbooks"],
    ["clarify", "agenda una visita para el martes a las 10, porfa", "clarify"],
    [
      "unpaid",
      "necesito ver las facturas vencidas, please",
      "read:listUnpaidInvoices",
      { params: { pastDueOnly: true } },
    ],
  ]),
];
