import type { AssistantPlan } from "@fieldops/shared/assistant";
import type { PlannerInput } from "./planner-input.ts";
import { crewNames, resolveCrew } from "./plan-schedule.ts";
import type { ReadMessage } from "./read-message.ts";
import { asMarkdownText, resolveCustomer } from "./resolve-customer.ts";

type Read = Extract<AssistantPlan, { kind: "read" }>["reads"][number];

/** "and", "&", "plus" or a comma between two things of one kind. */
const BOTH = /\s*(?:,\s*(?:and\s+)?|\s+(?:and|&|plus)\s+(?:also\s+)?)/i;

/** "open invoice 1032 and 1040": the other number, when it is an invoice too. */
async function otherInvoice(read: Read & { tool: "findInvoice" }, message: ReadMessage, input: PlannerInput) {
  const numbers = [...message.raw.matchAll(/(?:#\s*)?\b(\d{3,9})\b/g)].map((found) => Number(found[1]));
  const others = [...new Set(numbers.filter((number) => number !== read.number))];
  if (others.length !== 1 || !BOTH.test(message.raw)) return null;
  const invoice = await input.lookup.invoiceByNumber(others[0]!);
  return invoice
    ? { read: { tool: "findInvoice" as const, number: invoice.number }, said: `invoice #${invoice.number}` }
    : null;
}

/** "look up Luis Ortiz and Elena Garcia": two customers, each found by their own name. */
async function otherCustomer(read: Read & { tool: "findCustomers" }, input: PlannerInput) {
  const parts = read.query.split(BOTH).map((part) => part.trim());
  if (parts.length !== 2 || parts.some((part) => part === "")) return null;
  const resolved = await Promise.all(parts.map((part) => resolveCustomer(part, input)));
  const [first, second] = resolved;
  if (!first || !second || !("customer" in first) || !("customer" in second)) return null;
  if (first.customer.id === second.customer.id) return null;
  // By id, as a customer found by name is read (the tool finds that one customer).
  return {
    first: { tool: "findCustomers" as const, query: first.customer.id },
    read: { tool: "findCustomers" as const, query: second.customer.id },
    said: `**${asMarkdownText(first.customer.name)}** and **${asMarkdownText(second.customer.name)}**`,
  };
}

/**
 * "what's crew a doing monday, and crew c?", "what are crew b and alpha team doing tomorrow": the same day of the
 * other crew the message names, a crew of the company's by its own name or by a name the rules read.
 */
async function otherCrewsDay(read: Read & { tool: "daySchedule" }, message: ReadMessage, input: PlannerInput) {
  if (!read.crewId || !BOTH.test(message.raw)) return null;
  const crews = await input.lookup.listCrews();
  const byName = crews.filter(
    (crew) =>
      crew.id !== read.crewId &&
      new RegExp(String.raw`(?<![\w])${crew.name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![\w])`, "i").test(
        message.raw,
      ),
  );
  if (byName.length === 1)
    return {
      read: { tool: "daySchedule" as const, date: read.date, crewId: byName[0]!.id },
      said: `**${asMarkdownText(byName[0]!.name)}**'s`,
    };
  for (const name of crewNames(message.raw)) {
    const resolved = await resolveCrew(name, input);
    if ("crew" in resolved && resolved.crew.id !== read.crewId)
      return {
        read: { tool: "daySchedule" as const, date: read.date, crewId: resolved.crew.id },
        said: `**${asMarkdownText(resolved.crew.name)}**'s`,
      };
  }
  return null;
}

/** Where a second question starts: "…, and what have we collected this month?", "…? And who owes us?". */
const SECOND_QUESTION =
  /(?:[,;?]\s*|\s+)(?:and|also|plus)\s+(?=(?:what|who|whos|who['’]s|how|which|when|where|whats|what['’]s)\b)|\?\s+(?=(?:what|who|whos|who['’]s|how|which|when|where|whats|what['’]s)\b)/i;

const SEARCHES: ReadonlySet<string> = new Set(["findCustomers", "findJobs", "findCustomRecords"]);

/** "Who's past due, and what have we collected this month?": a read for each question, when both are reads. */
async function secondQuestion(
  read: Read,
  message: ReadMessage,
  readAlone: (text: string) => Promise<AssistantPlan | null>,
): Promise<{ read: Read; said: string } | null> {
  const found = SECOND_QUESTION.exec(message.raw);
  if (!found) return null;
  const asked = message.raw.slice(found.index + found[0].length);
  // "…and what she still owes on it": a question about the first one is answered with it.
  if (/\b(?:it|she|he|her|him|his|they|them|their)\b/i.test(asked)) return null;
  const other = await readAlone(asked);
  if (other?.kind !== "read" || other.reads.length !== 1) return null;
  const second = other.reads[0]!;
  // A search read from the question's leftover words ("who's out where") is no second question.
  if (second.tool === read.tool || SEARCHES.has(second.tool)) return null;
  return { read: second, said: other.reply };
}

/**
 * A read of one thing when the message asks for two of the same kind ("open invoice 1032 and 1040", "look up Luis
 * Ortiz and Elena Garcia", "crew a monday, and crew c?"), or a second question that is a read of another kind ("who's
 * past due, and what have we collected this month?"): both, each read on its own.
 */
export async function withTheOtherToo(
  plan: AssistantPlan,
  message: ReadMessage,
  input: PlannerInput,
  readAlone: (text: string) => Promise<AssistantPlan | null>,
): Promise<AssistantPlan> {
  if (plan.kind !== "read" || plan.reads.length !== 1) return plan;
  const read = plan.reads[0]!;
  // A second question of another kind: its read too.
  const second = await secondQuestion(read, message, readAlone);
  if (second) return { ...plan, reply: `${plan.reply}\n\n${second.said}`, reads: [read, second.read] };
  if (read.tool === "findInvoice") {
    const other = await otherInvoice(read, message, input);
    if (other) return { ...plan, reply: `${plan.reply} And ${other.said}.`, reads: [read, other.read] };
  }
  if (read.tool === "findCustomers") {
    const other = await otherCustomer(read, input);
    if (other)
      return {
        ...plan,
        reply: `Here are ${other.said}.`,
        reads: [other.first, other.read],
      };
  }
  if (read.tool === "daySchedule") {
    const other = await otherCrewsDay(read, message, input);
    if (other) return { ...plan, reply: `${plan.reply} And ${other.said}.`, reads: [read, other.read] };
  }
  return plan;
}
