import type { AssistantPlan } from "@fieldops/shared/assistant";
import { pickByName } from "./fuzzy-match.ts";
import type { NamedRecord, PlannerInput } from "./planner-input.ts";

const PRONOUNS =
  /^(them|him|her|it|this|this one|this customer|this client|that customer|that client|the customer|the client|current customer|selected customer|my customer)$/i;
const FILLER_START = /^(?:(?:the|a|an|customer|client|named|called|for|to|up|with)\s+)+/i;
const FILLER_END =
  /(?:\s+(?:please|pls|plz|thanks|thank you|thx|for|on|at|in|with|to|customer|client|record|details|info|now|asap))+$/i;
const NO_NAME = /^(?:customers?|clients?|someone|somebody|anyone|a customer|a client)$/i;

/** A name as written in a request, without the words around it; null when nothing is left. */
export function cleanName(fragment: string): string | null {
  let name = fragment
    .replace(/["“”?!.,;:]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  name = name.replace(FILLER_START, "").replace(FILLER_END, "").trim();
  // No name or title of ours is that long: what is longer is not one, and the planner asks.
  return name === "" || name.length > 200 || NO_NAME.test(name) ? null : name;
}

export function isPronoun(name: string): boolean {
  return PRONOUNS.test(name.trim());
}

/** Escapes the characters markdown would read as formatting, so a name from the data shows as written. */
export function asMarkdownText(value: string): string {
  return value.replace(/[\\`*_{}[\]()#+\-!|<>~]/g, "\\$&");
}

/**
 * The customer a request means: "them" or no name is the customer selected on the screen; a name must match one
 * customer clearly, otherwise the planner asks.
 */
export async function resolveCustomer(
  name: string | null,
  input: PlannerInput,
): Promise<{ customer: NamedRecord } | { plan: AssistantPlan }> {
  if (name === null || isPronoun(name)) {
    if (input.context.customerId) {
      const selected = await input.lookup.customerById(input.context.customerId);
      if (selected) return { customer: selected };
      return {
        plan: {
          kind: "clarify",
          reply: "I can't find the customer on this page. Tell me their name, and I'll look them up.",
        },
      };
    }
    return {
      plan: {
        kind: "clarify",
        reply: "Which customer do you mean? Tell me their name, or open their page and ask again.",
      },
    };
  }
  const found = await input.lookup.findCustomers(name);
  const picked = pickByName(
    name,
    found.map((record) => ({ id: record.id, name: record.name })),
  );
  if ("match" in picked) return { customer: picked.match };
  if (picked.candidates.length === 0) {
    return {
      plan: {
        kind: "clarify",
        reply: `I couldn't find a customer named "${asMarkdownText(name)}". What is their name exactly?`,
      },
    };
  }
  const names = picked.candidates.map((candidate) => `**${asMarkdownText(candidate.name)}**`).join(", ");
  return { plan: { kind: "clarify", reply: `Which customer do you mean: ${names}?` } };
}
