import type { OfferedSlot } from "@fieldops/shared/customer-assistant";

/**
 * The words of the assistant's answers to customers. They name only what was looked up for the customer who wrote, and
 * link only to the company's own pages; nothing the customer wrote is repeated back.
 */
export const answerWords = {
  nextVisit: (first: string, job: string, when: string, crew: string | null) =>
    `Hi ${first}, your next visit (${job}) is ${when}${crew ? ` with ${crew}` : ""}.`,
  noVisit: (first: string) =>
    `Hi ${first}, you have no visit booked with us right now. Reply here if you'd like one and we'll set it up.`,
  balance: (first: string, total: string, count: number) =>
    `Hi ${first}, your balance is ${total} on ${count === 1 ? "1 invoice" : `${count} invoices`}.`,
  nothingOwed: (first: string) => `Hi ${first}, you're all paid up: nothing is due right now.`,
  payLinks: (links: readonly { number: number; url: string }[]) =>
    links.length === 1
      ? `You can pay online here: ${links[0]!.url}`
      : `You can pay online here: ${links.map((link) => `invoice #${link.number}: ${link.url}`).join(", ")}`,
  offer: (first: string, slots: readonly OfferedSlot[]) =>
    `Hi ${first}, we can move your visit to ${slots
      .map((slot, i) => `${i + 1}) ${slot.label}`)
      .join(", ")}. Reply with the number that suits you.`,
  noTimes: (first: string) =>
    `Hi ${first}, thanks for letting us know. Someone from the office will find you a new time and get back to you.`,
  noVisitToMove: (first: string) =>
    `Hi ${first}, we couldn't find a booked visit to move. Someone from the office will get back to you.`,
  askingOffice: (first: string, what: string) =>
    `Thanks ${first}! We've asked the office to confirm ${what}. You'll get a confirmation shortly.`,
  rescheduled: (first: string, when: string) => `You're all set, ${first}: your visit is now ${when}. See you then!`,
  slotTaken: (first: string) =>
    `Sorry ${first}, that time was just taken. Someone from the office will get back to you with another.`,
  skipRequested: (first: string, when: string) =>
    `Thanks ${first}! We've passed your request to skip your visit on ${when} to the office; they'll confirm.`,
  skipped: (first: string, when: string) => `Done, ${first}: your visit on ${when} is skipped.`,
  cancelRequested: (first: string) =>
    `Thanks ${first}, we've passed your request to cancel your service to the office; someone will be in touch.`,
  quoteRequested: (first: string, service: string | null) =>
    `Thanks ${first}! We've passed your request${service ? ` for a quote on ${service}` : " for a quote"} to the team; they'll be in touch.`,
  handoff: (company: string) => `Thanks for your message. Someone from ${company} will reply soon.`,
  whichProperty: (streets: readonly string[]) =>
    `Thanks for your message. Which property is this about? ${streets.map((street, i) => `Reply ${i + 1} for ${street}`).join(", ")}.`,
};

/** A customer's first name for a greeting ("there" when the name says none). */
export function firstNameOf(name: string): string {
  const first = name.trim().split(/\s+/)[0] ?? "";
  return /^[\p{L}'-]{2,}$/u.test(first) ? first : "there";
}

/** A text carries the company's name first (the number alone does not say who writes). */
export function asText(company: string, body: string): string {
  return `${company}: ${body}`;
}
