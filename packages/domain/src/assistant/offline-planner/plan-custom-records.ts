import type { AssistantPlan } from "@fieldops/shared/assistant";
import type { PlannerInput } from "./planner-input.ts";
import { mentions, readMessage, type ReadMessage } from "./read-message.ts";
import { asMarkdownText, cleanName, isPronoun, resolveCustomer } from "./resolve-customer.ts";

const ASKS = [
  "find",
  "show",
  "list",
  "search",
  "look up",
  "lookup",
  "which",
  "what",
  "any",
  "pull up",
  "get",
  "see",
  "view",
  "open",
];
/** "equipment for Acme", "of them", "at this customer": the records of a customer. */
const OF_CUSTOMER = /^(?:for|of|at|belonging to|installed at|owned by)\s+(.+)$/i;
const HAS_THEM = /^(?:does|do|did|has|have)\s+(?!(?:we|you|they|i|us)\b)(.+?)\s+(?:have|has|got|own|owns)\b/i;
const MATCHING = /^(?:matching|named|called|with|like|containing)\s+/i;

/**
 * "Find equipment for Acme", "show service logs matching boiler", "list equipment": the records of one of the
 * company's custom objects, by the object's name as the user reaches it. Other messages pass on without a lookup.
 */
export async function planFindCustomRecords(message: ReadMessage, input: PlannerInput): Promise<AssistantPlan | null> {
  if (!mentions(message, ...ASKS)) return null;
  const objects = await input.lookup.listCustomObjects();
  const named = objects
    .flatMap((object) =>
      [object.pluralName, object.name].map((phrase) => ({ object, phrase: readMessage(phrase).text.trim() })),
    )
    .filter(({ phrase }) => phrase !== "")
    .sort((a, b) => b.phrase.length - a.phrase.length)
    .find(({ phrase }) => mentions(message, phrase));
  if (!named) return null;
  const { object } = named;
  const title = asMarkdownText(object.pluralName);
  // "equipment we have on file for Acme", "what equipment do we have for Acme": words between the object and whose it is say nothing of either.
  const after = afterPhrase(message.raw, named.phrase).replace(
    /^(?:(?:that\s+|do\s+|did\s+)?(?:we|you|they|i)\s+(?:have|keep|got|hold|store|track)(?:\s+(?:on file|on record|in the system|listed|logged|stored|recorded))?|on file|on record|listed|logged|recorded)\s+(?=(?:for|of|at|belonging to|installed at|owned by)\b)/i,
    "",
  );
  // "what equipment does Elena Garcia have", "what equipment has acme got": the one who has them.
  const owner = OF_CUSTOMER.exec(after)?.[1] ?? HAS_THEM.exec(after)?.[1];
  if (owner && object.relatesToCustomers) {
    const resolved = await resolveCustomer(cleanName(owner), input);
    if ("plan" in resolved) return resolved.plan;
    return {
      kind: "read",
      reply: `Here are the ${title} of ${asMarkdownText(resolved.customer.name)}.`,
      reads: [{ tool: "findCustomRecords", objectKey: object.key, customerId: resolved.customer.id }],
    };
  }
  // "what equipment do we have": all of them, not a search for "do we have".
  const query = cleanName(
    after
      .replace(MATCHING, "")
      .replace(/^(?:do|does|did|have|has)\s+(?:we|you|they|i)\s+(?:have|keep|got|hold|store|track)\b\s*/i, ""),
  );
  if (query !== null && !isPronoun(query)) {
    return {
      kind: "read",
      reply: `Looking for ${title} matching "${asMarkdownText(query)}".`,
      reads: [{ tool: "findCustomRecords", objectKey: object.key, query }],
    };
  }
  return {
    kind: "read",
    reply: `Here are the latest ${title}.`,
    reads: [{ tool: "findCustomRecords", objectKey: object.key }],
  };
}

/** The raw text after the object's name (matched word by word, ignoring case and punctuation), trimmed. */
function afterPhrase(raw: string, phrase: string): string {
  const words = phrase.split(" ").map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  const found = new RegExp(`\\b${words.join("[^a-z0-9]+")}\\b`, "i").exec(raw);
  return found
    ? raw
        .slice(found.index + found[0].length)
        .replace(/^[\s,:-]+/, "")
        .replace(/[?.!]+\s*$/, "")
        .trim()
    : "";
}
