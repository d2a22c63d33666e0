import type { AssistantPlan } from "@fieldops/shared/assistant";
import { editDistance, pickByName, rankByName } from "./fuzzy-match.ts";
import type { CustomerRecord, NamedRecord, PlannerInput } from "./planner-input.ts";

const PRONOUNS =
  /^(them|their|theirs|his|him|her|hers|it|its|this|this one|that|that one|this customer|this client|that customer|that client|the customer|the client|current customer|selected customer|my customer|this guy|that guy|this gal|this lady|that lady|this fella|this person|that person|this account)$/i;
const FILLER_START = /^(?:(?:the|a|an|customer|client|patient|named|called|for|to|up|with|at|on|from)\s+)+/i;
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

/** "the Garcias'", "Garcia's": the name as the records hold it ("Garcias" is matched as a typo-close "Garcia"). */
export function withoutPossessive(name: string): string {
  return name
    .replace(/(\w)['’]s\b/g, "$1")
    .replace(/(\w)s['’](?=\s|$)/g, "$1s")
    .replace(/^the\s+/i, "")
    .trim();
}

/**
 * The customers as a question lists them: with what tells them apart when names collide (the address, then the phone),
 * never two identical lines.
 */
export function candidateList(candidates: readonly CustomerRecord[]): string {
  const line = (customer: CustomerRecord, depth: number) => {
    const details = [customer.address, depth > 0 ? customer.phone : null].filter(
      (detail): detail is string => typeof detail === "string" && detail !== "",
    );
    return `**${asMarkdownText(customer.name)}**${details.length > 0 ? ` (${asMarkdownText(details.join(", "))})` : ""}`;
  };
  let lines = candidates.map((customer) => line(customer, 0));
  if (new Set(lines).size < lines.length) lines = candidates.map((customer) => line(customer, 1));
  if (new Set(lines).size < lines.length) lines = lines.map((text, index) => `${text} (${index + 1})`);
  return lines.join(", ");
}

/** A title or a sentence with its first letter in capitals ("gutter cleaning" → "Gutter cleaning"). */
export function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
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
  const picked = await customerNamed(name, input);
  if ("match" in picked) return { customer: picked.match };
  if (picked.candidates.length > 1) return ambiguous(picked.candidates);
  // "Tom Baker on Oak St": a name followed by what tells it apart.
  const atStart = await customerAtStart(withoutPossessive(name).split(/\s+/), input);
  if (atStart && "match" in atStart) return { customer: atStart.match };
  if (atStart) return ambiguous(atStart.candidates);
  return {
    plan: {
      kind: "clarify",
      reply: `I couldn't find a customer named "${asMarkdownText(name)}". What is their name exactly?`,
    },
  };
}

function ambiguous(candidates: readonly CustomerRecord[]): { plan: AssistantPlan } {
  return { plan: { kind: "clarify", reply: `Which customer do you mean: ${candidateList(candidates)}?` } };
}

const ADDRESS_NOISE = new Set([
  "st",
  "street",
  "rd",
  "road",
  "ave",
  "avenue",
  "dr",
  "drive",
  "ln",
  "lane",
  "blvd",
  "ct",
]);

function words(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== "" && !ADDRESS_NOISE.has(word));
}

/**
 * Of customers who share a name, the one the message tells apart by its address ("Tom Baker on Elm Rd", "the one in
 * Shelbyville") or by the rest of its name ("the Smiths, John not Jane"): a word of one of them only, found among the
 * message's words (not among those it rules out).
 */
function toldApart(candidates: readonly CustomerRecord[], message: string): CustomerRecord | null {
  // "the Elm Rd one, not Oak": a place said after "not" is the one not meant.
  const said = new Set(
    words(message.replace(/\b(?:not|isn['’]?t|never)\s+(?:the\s+|on\s+|in\s+|at\s+)?[a-z0-9]+/gi, " ")),
  );
  const addressWords = candidates.map((candidate) => new Set(words(`${candidate.name} ${candidate.address ?? ""}`)));
  const fits = candidates.filter((_candidate, index) =>
    [...addressWords[index]!].some(
      (word) => said.has(word) && addressWords.filter((other) => other.has(word)).length === 1,
    ),
  );
  return fits.length === 1 ? fits[0]! : null;
}

/** "7 Pine Rd", "48 elm road": a street address, as a number and the street's name. */
const STREET_ADDRESS =
  /^(\d{1,6})\s+((?:[a-z][\w'’-]*\s+){0,2}?[a-z][\w'’-]*)\s+(st|street|rd|road|ave|avenue|dr|drive|ln|lane|blvd|boulevard|ct|court|way|pl|place|cir|circle|ter|terrace|hwy|highway)\.?$/i;
const STREET_KIND: Record<string, string> = {
  street: "st",
  road: "rd",
  avenue: "ave",
  drive: "dr",
  lane: "ln",
  boulevard: "blvd",
  court: "ct",
  place: "pl",
  circle: "cir",
  terrace: "ter",
  highway: "hwy",
};

/** The street of an address as one spelling: "7 pine road" and "7 Pine Rd." are both "7 pine rd". */
function streetKey(number: string, street: string, kind: string): string {
  const lower = kind.toLowerCase();
  return `${number} ${street.toLowerCase().replace(/\s+/g, " ")} ${STREET_KIND[lower] ?? lower}`;
}

/** "the mowing at 7 Pine Rd": the one customer at the street address a request names instead of a name. */
function atStreetAddress(candidates: readonly CustomerRecord[], said: string): CustomerRecord | null {
  const wanted = STREET_ADDRESS.exec(said.trim());
  if (!wanted) return null;
  const key = streetKey(wanted[1]!, wanted[2]!, wanted[3]!);
  const at = candidates.filter((candidate) => {
    const street = STREET_ADDRESS.exec((candidate.address ?? "").split(",")[0]!.trim());
    return street !== null && streetKey(street[1]!, street[2]!, street[3]!) === key;
  });
  return at.length === 1 ? at[0]! : null;
}

/** The one customer a name (or their street address) means, or those it could mean (none when nothing is close). */
export async function customerNamed(
  name: string,
  input: PlannerInput,
): Promise<{ match: NamedRecord } | { candidates: CustomerRecord[] }> {
  const said = withoutPossessive(name);
  // "the Ortizes", "the Joneses": a family named in the plural is the customer of that name.
  const wanted = /(?:z|x|ch|sh|s)es$/i.test(said) && !/\s/.test(said) ? said.replace(/es$/i, "") : said;
  const found = await input.lookup.findCustomers(wanted);
  const atAddress = atStreetAddress(found, wanted);
  if (atAddress) return { match: { id: atAddress.id, name: atAddress.name } };
  const picked = pickByName(wanted, found);
  if ("match" in picked) return { match: { id: picked.match.id, name: picked.match.name } };
  const chosen = picked.candidates.length > 1 ? toldApart(picked.candidates, input.message) : null;
  return chosen ? { match: { id: chosen.id, name: chosen.name } } : picked;
}

/**
 * The customer the first words name: the longest run of words from the start that names one (so a customer called
 * "Lawn Pros" is not cut to "Lawn"), with how many words it took; the candidates when the words could mean several.
 */
export async function customerAtStart(
  wordsOfFragment: readonly string[],
  input: PlannerInput,
): Promise<{ match: NamedRecord; length: number } | { candidates: CustomerRecord[] } | null> {
  for (let length = Math.min(wordsOfFragment.length, 6); length >= 1; length--) {
    const name = wordsOfFragment.slice(0, length).join(" ");
    if (length === 1 && FILLER_WORD.test(name)) continue;
    const picked = await customerNamed(name, input);
    if ("match" in picked) {
      // "sunrise senior living gutters": the fewest words that still name the same customer, so the work is not eaten.
      const nameWords = picked.match.name.toLowerCase().split(/[^a-z0-9]+/);
      const inName = (word: string) => {
        const bare = withoutPossessive(word)
          .toLowerCase()
          .replace(/[^a-z0-9]/g, "");
        return nameWords.some((part) => part === bare || (bare.length >= 4 && editDistance(part, bare) <= 1));
      };
      let shortest = length;
      while (shortest > 1 && !inName(wordsOfFragment[shortest - 1]!)) {
        const again = await customerNamed(wordsOfFragment.slice(0, shortest - 1).join(" "), input);
        if (!("match" in again) || again.match.id !== picked.match.id) break;
        shortest -= 1;
      }
      return { match: picked.match, length: shortest };
    }
    if (picked.candidates.length > 1) return { candidates: picked.candidates };
  }
  return null;
}

/**
 * "which Tom Baker is the Shelbyville one, and what's his number": the customer a text names somewhere in it, the
 * first run of words from a capitalized word that names exactly one; null when none does.
 */
export async function customerNamedIn(text: string, input: PlannerInput): Promise<NamedRecord | null> {
  const all = text.split(/\s+/).filter((word) => word !== "");
  for (let start = 0; start < all.length; start++) {
    if (!/^[A-Z]/.test(all[start]!) || (start === 0 && FILLER_WORD.test(all[start]!))) continue;
    const found = await customerAtStart(
      all.slice(start).map((word) => word.replace(/[,.;:!?]+$/, "")),
      input,
    );
    if (found && "match" in found) return found.match;
  }
  return null;
}

/** Words around a service's name that are not its name: "the", "visit", "appointment"… */
const FILLER_WORDS =
  "the|a|an|their|his|her|its|visit|visits|appointment|appointments|job|service|call|booking|one|in|on|at|for|to|please|pls|can|do|does|good|is|are|works|ok|okay|fine|free|available|would|rather|have|wants|needs|now|instead|should|be|someone|somebody|anyone|a tech|tech|technician|guy|guys|out|over|here|there|round|around|by|come|coming|get|send|them|him|her|new|another|looked|seen";
// Not within a word joined by a hyphen: "move-out" keeps its "out".
const SERVICE_FILLER = new RegExp(`(?<![\\w-])(?:${FILLER_WORDS})(?![\\w-])`, "gi");
const FILLER_WORD = new RegExp(`^(?:${FILLER_WORDS})$`, "i");

/** What is left of a fragment once the customer's name is taken out: the service or job it names, if any. */
function serviceHint(allWords: readonly string[]): string | null {
  // "Tom Baker on Elm Rd…", "Tom Baker, the Elm Rd one, not Oak": where they are tells namesakes apart; it is not the
  // work.
  const where =
    /^[,\s]*(?:(?:on|at|in|from|over on|out on)\s+(?:the\s+)?|the\s+(?=(?:\d+\s+)?[a-z]+(?:\s+[a-z]+)?\s+one\b))(?:\d+\s+)?[a-z]+(?:\s+(?:st|street|rd|road|ave|avenue|dr|drive|ln|lane|blvd|ct|court|way|place))?\b(?:\s+one\b)?(?:[,\s]+not\s+(?:the\s+|on\s+|in\s+)?[a-z]+(?:\s+(?:st|street|rd|road|ave|avenue|dr|drive|ln|lane))?\b)?[.,]?/i.exec(
      allWords.join(" "),
    );
  const words = where
    ? allWords
        .join(" ")
        .slice(where[0].length)
        .split(/\s+/)
        .filter((word) => word !== "")
    : allWords;
  // "Tom Baker on Elm Rd for a drain cleaning": what follows "for" is the work; what precedes it, where.
  const forAt = words.lastIndexOf("for");
  // The work is named before the clause ends: "his AC to be looked at - could we book him…".
  const clause = (forAt >= 0 ? words.slice(forAt + 1) : words)
    .join(" ")
    .split(/\s[-–—]\s|,|\.\s/)[0]!
    .split(/\s+/);
  // "there's a leak": what is left of a word the filler took ("there") is not the work either.
  const hint = clause
    .join(" ")
    .replace(SERVICE_FILLER, " ")
    .replace(/(^|\s)['’]s\b/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return hint.length >= 3 ? hint : null;
}

/**
 * "the Garcias' aeration", "aeration for the Garcias", "Acme": the customer a fragment names, and what it says of the
 * work (a service or a job's title). The longest run of words from the start that names one customer wins, so a
 * customer called "Lawn Pros" is not cut to "Lawn".
 */
export async function resolveCustomerAndService(
  fragment: string,
  input: PlannerInput,
): Promise<{ customer: NamedRecord; service: string | null } | { plan: AssistantPlan }> {
  const cleaned = cleanName(fragment);
  if (cleaned === null || isPronoun(cleaned)) {
    const resolved = await resolveCustomer(cleaned, input);
    return "plan" in resolved ? resolved : { customer: resolved.customer, service: null };
  }
  const forCustomer = /^(.*?)\s+(?:for|of|at)\s+(.+)$/i.exec(cleaned);
  if (forCustomer) {
    const name = cleanName(forCustomer[2]!);
    const found = name === null ? null : await customerNamed(name, input);
    if (found && "match" in found) return { customer: found.match, service: serviceHint(forCustomer[1]!.split(/\s+/)) };
    if (found && found.candidates.length > 1) return ambiguous(found.candidates);
  }
  const fragmentWords = withoutPossessive(cleaned).split(/\s+/);
  const atStart = await customerAtStart(fragmentWords, input);
  if (atStart && "match" in atStart)
    return { customer: atStart.match, service: serviceHint(fragmentWords.slice(atStart.length)) };
  if (atStart) return ambiguous(atStart.candidates);
  const resolved = await resolveCustomer(cleaned, input);
  return "plan" in resolved ? resolved : { customer: resolved.customer, service: null };
}

/**
 * "got a water heater to put in over at acme plumbing…", "luis ortiz has ants again": the customer named anywhere among
 * the words, in any case, with where the name starts and ends; the first run of words that names one customer (or
 * several alike, with them as candidates). Words of the request ("the", "visit", "someone") never start a name.
 */
export async function customerMentioned(
  words: readonly string[],
  input: PlannerInput,
): Promise<({ start: number; end: number } & ({ match: NamedRecord } | { candidates: CustomerRecord[] })) | null> {
  for (let start = 0; start < words.length; start++) {
    const first = words[start]!;
    if (first.length < 3 || FILLER_WORD.test(first) || /^\d/.test(first)) continue;
    // A name starts with a word close to one of a customer's: one search for the word alone (the same one the run of
    // one word makes) rules out most positions before the runs of two to four words are searched.
    const alone = withoutPossessive(first);
    if (rankByName(alone, await input.lookup.findCustomers(alone), 0.6).length === 0) continue;
    const found = await customerAtStart(words.slice(start, start + 4), input);
    if (!found) continue;
    return "match" in found
      ? { start, end: start + found.length, match: found.match }
      : { start, end: start + 1, candidates: found.candidates };
  }
  return null;
}
