import {
  BUILT_IN_RELATION_TARGETS,
  featureSpecSchema,
  MAX_ENTITIES_PER_SPEC,
  MAX_FIELDS_PER_ENTITY,
  type CustomEntity,
  type CustomField,
  type CustomFieldType,
  type FeatureRoute,
  type FeatureSpec,
} from "@fieldops/shared/feature-spec";
import { invalidInput } from "../errors.ts";

type BuiltIn = (typeof BUILT_IN_RELATION_TARGETS)[number];

const UNCOUNTABLE = new Set([
  "equipment",
  "inventory",
  "software",
  "information",
  "data",
  "feedback",
  "furniture",
  "mileage",
  "fuel",
  "gear",
  "stock",
  "insurance",
  "equipment",
  "staff",
  "info",
  "pressure",
]);

/**
 * Words that name the product's own records, as offices across trades say them. A property, site or address is the
 * customer's (the product keeps properties on the customer); a technician or an aide is a member of the team.
 */
const BUILT_IN_WORDS: Record<string, BuiltIn> = Object.fromEntries(
  (
    [
      [
        "customer",
        [
          "customer",
          "client",
          "homeowner",
          "property",
          "site",
          "address",
          "location",
          "house",
          "home",
          "account",
          "patient",
          "household",
          "building",
        ],
      ],
      ["job", ["job", "service call", "work order", "project", "ticket"]],
      ["visit", ["visit", "appointment", "service visit", "stop", "shift"]],
      ["crew", ["crew", "team", "truck crew"]],
      ["invoice", ["invoice", "bill"]],
      [
        "team_member",
        [
          "team member",
          "technician",
          "tech",
          "employee",
          "worker",
          "staff member",
          "installer",
          "applicator",
          "nurse",
          "caregiver",
          "aide",
          "cleaner",
          "electrician",
          "plumber",
          "roofer",
          "user",
        ],
      ],
    ] as const
  ).flatMap(([target, nouns]) => nouns.flatMap((noun) => [[noun, target] as const, [plural(noun), target] as const])),
);

const PREPOSITIONS = "at|for|per|on|of|by|with|from|in|against|after|during|attached to|linked to|tied to|belonging to";
const TRACK_VERB = new RegExp(
  `\\b(?:track|manage|log|record|store|keep track of|keep|list|catalog|catalogue|register|monitor|capture|document|save)\\s+(?:of\\s+)?(?:all\\s+|the\\s+|our\\s+|my\\s+|each\\s+|every\\s+|a\\s+|an\\s+|their\\s+)?([a-z][a-z' -]{1,80}?)(?=\\s+(?:${PREPOSITIONS})\\b|\\s*[:(,.;]|\\s+(?:and\\s+)?(?:see|show|view|display|so|that|which)\\b|$)`,
);
/** Verbs that only ask for something ("we want two kinds of notes per customer"), tried when no tracking verb is said. */
const WANT_VERB = new RegExp(
  `\\b(?:want|need|add|create|set up)\\s+(?:all\\s+|the\\s+|our\\s+|some\\s+|a\\s+|an\\s+)?(?!(?:a\\s+|an\\s+|the\\s+|some\\s+)?(?:to\\b|(?:new\\s+)?(?:way|feature|tool|module|page|screen|report|ability|place|section|button|thing|something|help)s?\\b))([a-z][a-z' -]{1,80}?)(?=\\s+(?:${PREPOSITIONS})\\b|\\s*[:(,.;]|\\s+(?:and\\s+)?(?:see|show|view|display|so|that|which)\\b|$)`,
);
/** "a log of", "a place to record": words before what is kept, read as "track". */
const CONTAINER =
  /\b(?:(?:keep|maintain|have|need|want|add|create|set up|build|start|get)\s+)?(?:a|an|one)\s+(?:(?:log|list|record|history|register|sheet)\s+of|(?:place|way|spot|section|form|tab)\s+(?:for|(?:to|where (?:we|i) can)\s+(?:log|record|track|keep|store|capture|enter|write down|note)))\s+(?:the\s+|our\s+|each\s+|every\s+|all\s+)?/g;
const KINDS_OF =
  /\b(?:two|three|four|2|3|4|several|different|multiple|a few|separate)\s+(?:kinds|types|sorts|categories|kind|type)\s+of\s+/;
const RELATION = new RegExp(
  `\\b(${PREPOSITIONS})\\s+(?:(each|every|a|an|the|its|their|our|that)\\s+)?([a-z][a-z' ]{1,30}?)(?=\\s*[:(,.;]|\\s+(?:and|with|including|like|such as|so|to|that|which|where|we|i|they)\\b|\\s+(?:${PREPOSITIONS})\\s|$)`,
  "g",
);
const LIST_START = /\b(?:with|including|like|such as|fields?|columns?|capturing|recording|noting)\b\s*(.+)$/;
const SHOW_ON =
  /\b(?:see|show|view|display|list)\w*\s+(?:it|them|these|those|this|that|the\s+\w+)?\s*(?:on|in|under|from)\s+(?:the|each|every|a|an)?\s*([a-z ]{2,30}?)(?:'s)?\s+(?:page|screen|view|card|record|profile|details?)\b/g;

function words(raw: string): string {
  return raw.toLowerCase().replace(/[“”]/g, '"').replace(/[‘’]/g, "'").replace(/\s+/g, " ").trim();
}

function titleCase(phrase: string): string {
  return phrase.replace(/\b[a-z]/g, (letter) => letter.toUpperCase());
}

function toKey(phrase: string): string {
  const key = phrase
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .replace(/^[^a-z]+/, "")
    .slice(0, 40)
    .replace(/_+$/, "");
  return key || "item";
}

export function singular(noun: string): string {
  const last = noun.split(" ").at(-1)!;
  const head = noun.slice(0, noun.length - last.length);
  if (UNCOUNTABLE.has(last) || last.endsWith("ss") || last.endsWith("us") || last.endsWith("is")) return noun;
  if (/[^aeiou]ies$/.test(last)) return `${head}${last.slice(0, -3)}y`;
  if (/(?:ches|shes|xes|sses|zes)$/.test(last)) return `${head}${last.slice(0, -2)}`;
  if (last.endsWith("s") && last.length > 3) return `${head}${last.slice(0, -1)}`;
  return noun;
}

export function plural(noun: string): string {
  const last = noun.split(" ").at(-1)!;
  const head = noun.slice(0, noun.length - last.length);
  if (UNCOUNTABLE.has(last)) return noun;
  if (/[^aeiou]y$/.test(last)) return `${head}${last.slice(0, -1)}ies`;
  if (/(?:s|x|z|ch|sh)$/.test(last)) return `${head}${last}es`;
  return `${noun}s`;
}

const TYPE_HINTS: Record<string, CustomFieldType> = {
  text: "text",
  string: "text",
  "long text": "long_text",
  notes: "long_text",
  number: "number",
  decimal: "number",
  integer: "integer",
  whole: "integer",
  count: "integer",
  money: "money",
  currency: "money",
  price: "money",
  dollars: "money",
  date: "date",
  datetime: "datetime",
  "date and time": "datetime",
  time: "datetime",
  timestamp: "datetime",
  boolean: "boolean",
  "yes/no": "boolean",
  checkbox: "boolean",
  email: "email",
  phone: "phone",
  url: "url",
  link: "url",
};

/** Units as offices write them, by each way of writing one; the value is how a field shows it. */
const UNIT_ALIASES: Record<string, string> = Object.fromEntries(
  (
    [
      ["ml", ["ml", "mls", "milliliter", "milliliters", "millilitre", "millilitres", "cc"]],
      ["L", ["liter", "liters", "litre", "litres"]],
      ["oz", ["oz", "ounce", "ounces", "fl oz", "fluid ounces"]],
      ["gal", ["gal", "gals", "gallon", "gallons"]],
      ["qt", ["qt", "quart", "quarts"]],
      ["sq ft", ["sq ft", "sqft", "sq. ft", "square feet", "square foot", "ft2", "sf"]],
      ["sq m", ["sq m", "square meters", "square metres", "m2"]],
      ["acres", ["acre", "acres"]],
      ["squares", ["roofing squares", "squares"]],
      ["lb", ["lb", "lbs", "pound", "pounds"]],
      ["kg", ["kg", "kilogram", "kilograms", "kilos"]],
      ["g", ["gram", "grams"]],
      ["mg", ["mg", "milligram", "milligrams"]],
      ["hours", ["hour", "hours", "hr", "hrs"]],
      ["minutes", ["minute", "minutes", "min", "mins"]],
      ["seconds", ["second", "seconds", "sec", "secs"]],
      ["days", ["day", "days"]],
      ["weeks", ["week", "weeks"]],
      ["months", ["month", "months"]],
      ["years", ["year", "years", "yrs"]],
      ["°F", ["°f", "degrees f", "degrees fahrenheit", "fahrenheit", "deg f", "degrees"]],
      ["°C", ["°c", "degrees c", "degrees celsius", "celsius", "deg c"]],
      ["psi", ["psi"]],
      ["in. w.c.", ["inches of water", "in wc", "inches wc", "iwc", "wc", "water column"]],
      ["in", ["inch", "inches"]],
      ["ft", ["ft", "feet", "foot", "linear feet", "lf"]],
      ["miles", ["mile", "miles"]],
      ["mph", ["mph", "miles per hour"]],
      ["cm", ["cm", "centimeters", "centimetres"]],
      ["mm", ["mm", "millimeters", "millimetres"]],
      ["units", ["units", "iu"]],
      ["V", ["volt", "volts"]],
      ["A", ["amp", "amps", "ampere", "amperes"]],
      ["W", ["watt", "watts"]],
      ["kW", ["kw", "kilowatt", "kilowatts"]],
      ["kWh", ["kwh", "kilowatt hours"]],
      ["ohms", ["ohm", "ohms"]],
      ["BTU", ["btu", "btus", "btuh"]],
      ["tons", ["ton", "tons"]],
      ["CFM", ["cfm"]],
      ["gpm", ["gpm", "gallons per minute"]],
      ["ppm", ["ppm", "parts per million"]],
      ["%", ["%", "percent", "pct"]],
      ["bpm", ["bpm", "beats per minute"]],
      ["mg/dL", ["mg/dl"]],
      ["mmHg", ["mmhg"]],
    ] as const
  ).flatMap(([unit, aliases]) => aliases.map((alias) => [alias, unit] as const)),
);
/** Single letters name a unit only in brackets ("temp (f)"), where they cannot be a word of the name. */
const BRACKET_UNITS: Record<string, string> = {
  f: "°F",
  c: "°C",
  a: "A",
  v: "V",
  w: "W",
  l: "L",
  g: "g",
  h: "hours",
  m: "minutes",
};
const UNIT_WORDS = Object.keys(UNIT_ALIASES)
  .sort((a, b) => b.length - a.length)
  .map((alias) => alias.replace(/[.%/°]/g, (char) => `\\${char}`))
  .join("|");
const NAME_IN_UNIT = new RegExp(`^(.+?)\\s*,?\\s+(?:in|measured in|as)\\s+(${UNIT_WORDS})$`);
const UNIT_OF_NAME = new RegExp(`^(${UNIT_WORDS})\\s+(?:of\\s+)?[a-z]`);

export interface InferredField {
  type: CustomFieldType;
  unit?: string;
}

/** What a field's name measures, and the unit an office means when it names none (US trades: °F, psi, sq ft, lb). */
const MEASURES: Array<[RegExp, CustomFieldType, string | undefined]> = [
  [/\b(?:re-?entry|reentry|interval|wait(?:ing)? period|retreat(?:ment)? window)\b/, "number", "hours"],
  [
    /\b(?:time spent|time on site|on-site time|labor time|drive time|travel time|run ?time|response time|dwell time|duration|length of (?:the )?(?:visit|stay|service|call))\b/,
    "number",
    "minutes",
  ],
  [/\b(?:hours worked|labor hours|man hours|hours on site|billable hours)\b/, "number", "hours"],
  [
    /\b(?:quantity|qty|count|number of|# of|how many|units|pieces|seats|bags|traps|bait stations|stations|rooms|layers|stories|bedrooms|bathrooms|windows|outlets|circuits|sprinkler heads|heads|zones|tablets)\b/,
    "integer",
    undefined,
  ],
  [/\b(?:temperature|temp|degrees)\b/, "number", "°F"],
  [/\bstatic pressure\b/, "number", "in. w.c."],
  [/\b(?:pressure|psi)\b/, "number", "psi"],
  [/\b(?:weight|weighs)\b/, "number", "lb"],
  [/\b(?:area|square footage|sq footage|footage|coverage|lawn size|yard size|roof size)\b/, "number", "sq ft"],
  [/\b(?:tonnage)\b/, "number", "tons"],
  [/\b(?:volume|tank size|tank capacity|capacity)\b/, "number", "gal"],
  [/\b(?:height|depth|diameter|thickness)\b/, "number", "in"],
  [/\b(?:length|width|distance|run)\b/, "number", "ft"],
  [/\b(?:mileage|odometer)\b/, "number", "miles"],
  [/\b(?:voltage|volts)\b/, "number", "V"],
  [/\b(?:amperage|amps|amp draw|current draw|breaker size|breaker rating)\b/, "number", "A"],
  [/\b(?:wattage|watts)\b/, "number", "W"],
  [/\b(?:kilowatts|kw)\b/, "number", "kW"],
  [/\b(?:resistance|ohms)\b/, "number", "ohms"],
  [/\b(?:humidity|moisture|percentage|percent|saturation|spo2|oxygen|concentration)\b/, "number", "%"],
  [/\b(?:heart rate|pulse)\b/, "number", "bpm"],
  [/\b(?:glucose|blood sugar)\b/, "number", "mg/dL"],
  [/\b(?:airflow|cfm)\b/, "number", "CFM"],
  [/\bflow rate\b/, "number", "gpm"],
  [/\b(?:btu|btus)\b/, "number", "BTU"],
  [
    /\b(?:dose|dosage|amount (?:used|applied|sprayed|mixed|of product)|application rate|seer|rating|reading|score|level|size)\b/,
    "number",
    undefined,
  ],
];

/** "dose in ml", "weight (lbs)", "gallons of water used": the unit the words give, if they give one. */
function statedUnit(name: string): { name: string; unit: string } | null {
  const bracket = /^(.+?)\s*\(([^)]*)\)$/.exec(name);
  if (bracket) {
    const inside = bracket[2]!.trim().replace(/^in\s+/, "");
    const unit = UNIT_ALIASES[inside] ?? BRACKET_UNITS[inside];
    return unit ? { name: bracket[1]!.trim(), unit } : null;
  }
  if (name.length > 1 && UNIT_ALIASES[name] && !/^(?:in|a|day|week|month|year)$/.test(name))
    return { name, unit: UNIT_ALIASES[name] };
  const inUnit = NAME_IN_UNIT.exec(name);
  if (inUnit) return { name: inUnit[1]!.trim(), unit: UNIT_ALIASES[inUnit[2]!]! };
  const ofName = UNIT_OF_NAME.exec(name);
  if (ofName) return { name, unit: UNIT_ALIASES[ofName[1]!]! };
  return null;
}

const MONEY =
  /\$|\b(?:price|prices|cost|costs|fee|fees|charge|charged|amount|total|deposit|budget|salary|wage|wages|tip|dollars|usd|(?:hourly|labor|billing|flat|service|trip) rate)\b/;

/**
 * The type (and unit) a field's name suggests, as an office would mean it: "serial number" is text, "install date" a
 * date, "dose in ml" a number in ml, "re-entry interval" a number of hours, and money only when the words say a price,
 * cost, fee, amount or dollars.
 */
export function inferField(name: string): InferredField {
  const stated = statedUnit(name);
  if (stated) {
    const counted = /\b(?:quantity|qty|count|number of|how many)\b/.test(stated.name);
    return { type: counted ? "integer" : "number", unit: stated.unit };
  }
  if (/\bblood pressure\b|\bpitch\b|\bgauge\b|\bfilter size\b|\b(?:dimensions|ratio)\b/.test(name))
    return { type: "text" };
  if (/\b(?:serial|model|part|sku|code|id|license|plate|vin|tag|lot|batch|registration|reg)\b/.test(name))
    return { type: "text" };
  if (/\b(?:phone|mobile|cell|fax)\b/.test(name)) return { type: "phone" };
  if (/\be-?mail\b/.test(name)) return { type: "email" };
  if (/\b(?:url|website|web site|link|homepage)\b/.test(name)) return { type: "url" };
  if (/\b(?:notes?|description|comments?|remarks|details|instructions|observations|findings|summary)\b/.test(name))
    return { type: "long_text" };
  if (MONEY.test(name) && !/\bamount (?:used|applied|sprayed|mixed|of product)\b/.test(name)) return { type: "money" };
  const measure = MEASURES.slice(0, 3).find(([pattern]) => pattern.test(name));
  if (measure) return { type: measure[1], ...(measure[2] ? { unit: measure[2] } : {}) };
  if (/\b(?:date|day|birthday|expir\w*|due)\b|\b[a-z]+ed on$/.test(name)) return { type: "date" };
  if (/\b(?:time|timestamp|datetime|when)\b/.test(name)) return { type: "datetime" };
  if (
    /^(?:is|has|was|needs?|requires?|did)\b|\b(?:active|enabled|under warranty|warrantied|in stock|paid|verified|approved|passed|completed|signed)$/.test(
      name,
    )
  )
    return { type: "boolean" };
  // "registers cleaned", "downspouts flushed": how many were done.
  if (
    /^[a-z]+[^s]s (?:cleaned|flushed|replaced|installed|treated|inspected|tested|delivered|repaired|serviced|removed|placed|checked|found|set|pulled|trimmed|planted)$/.test(
      name,
    )
  )
    return { type: "integer" };
  const quantity = MEASURES.slice(3).find(([pattern]) => pattern.test(name));
  if (quantity) return { type: quantity[1], ...(quantity[2] ? { unit: quantity[2] } : {}) };
  if (/\b(?:hours)\b/.test(name)) return { type: "number", unit: "hours" };
  if (/\b(?:minutes)\b/.test(name)) return { type: "number", unit: "minutes" };
  if (/\b(?:years|age)\b/.test(name)) return { type: "integer" };
  return { type: "text" };
}

/** The type a field's name suggests (see `inferField`, which also gives its unit). */
export function inferFieldType(name: string): CustomFieldType {
  return inferField(name).type;
}

interface ParsedField {
  kind: "field";
  name: string;
  type: CustomFieldType;
  options?: string[];
  unit?: string;
  required?: boolean;
}

/** A field that names a record ("the visit", "technician", "customer name"): a picker of that record, not a text box. */
interface ParsedRelation {
  kind: "relation";
  /** The record's words, resolved once the request's own objects are known. */
  target: string;
  label: string;
}

type ParsedItem = ParsedField | ParsedRelation;

const PLACE_WORDS = /^(?:site|address|location|house|home|building|account|stop|shift|bill|ticket|project|user|team)$/;

const DONE_BY =
  /^(?:applied|performed|done|completed|serviced|inspected|signed off|cleaned|installed|treated|checked|recorded|visited|assigned|entered) by$/;

/** The record an item names, if it names one: "the visit", "link to the job", "which technician", "customer name". */
function relationOfItem(item: string, nouns: ReadonlySet<string>): ParsedRelation | null {
  if (DONE_BY.test(item)) return { kind: "relation", target: "team member", label: titleCase(item) };
  const phrase = item
    .replace(
      /^(?:(?:link(?:ed)?|tied|connected|attached|pointing)\s+to\s+|related\s+|assigned\s+|which\s+|what\s+)/,
      "",
    )
    .replace(/^(?:the|a|an|its|their)\s+/, "")
    .replace(/\s+(?:who|that)\s+.*$/, "")
    .replace(/(?:'s)?\s+(?:name|id|number|#|record)$/, "")
    .trim();
  const noun = singular(phrase);
  // "location", "address" or "stop" among the fields is what they say (where in the house), not a record to pick.
  if (!PLACE_WORDS.test(noun) && (BUILT_IN_WORDS[phrase] || BUILT_IN_WORDS[noun]))
    return { kind: "relation", target: phrase, label: titleCase(noun) };
  if (nouns.has(noun)) return { kind: "relation", target: noun, label: titleCase(noun) };
  return null;
}

/** "status (new, used, retired)" → a select; "dose (ml)" → a number in ml; anything else by its name. */
function parseField(item: string, nouns: ReadonlySet<string>): ParsedItem | null {
  const cleaned = item
    .replace(/^(?:and|or|also|plus|with|including|the|a|an|its|their|our|what|which)\s+/g, "")
    .replace(/\s+(?:and|or|etc)\.?$/, "")
    .replace(/[."]/g, "")
    .replace(/(?<![a-z])'|'(?![a-z])/g, "")
    .trim();
  if (!cleaned || /^(?:see|show|view|display|so|which|that|etc)\b/.test(cleaned)) return null;
  const relation = relationOfItem(cleaned, nouns);
  if (relation) return relation;
  const hinted = /^(.+?)\s*\(([^)]*)\)$/.exec(cleaned) ?? /^(.+?)\s+as\s+(?:a|an)\s+(.+)$/.exec(cleaned);
  if (hinted) {
    const name = hinted[1]!.trim();
    const inside = hinted[2]!.trim();
    const hint = TYPE_HINTS[inside];
    if (hint) return { kind: "field", name, type: hint };
    const stated = statedUnit(cleaned);
    if (stated) return { kind: "field", name: stated.name, ...inferField(cleaned) };
    const options = inside
      .split(/\s*(?:,|\/|\bor\b)\s*/)
      .map((option) => option.trim())
      .filter(Boolean);
    if (options.length >= 2)
      return { kind: "field", name, type: "select", options: [...new Set(options.map(titleCase))].slice(0, 50) };
    return { kind: "field", name, ...inferField(name) };
  }
  if (cleaned.split(" ").length > 6) return null;
  const stated = statedUnit(cleaned);
  return { kind: "field", name: stated && stated.name !== cleaned ? stated.name : cleaned, ...inferField(cleaned) };
}

/** Splits "make, model, serial number, install date, and see it on the customer page" into its items, brackets kept whole. */
function listItems(list: string): string[] {
  const items: string[] = [];
  let depth = 0;
  let current = "";
  for (const char of list) {
    if (char === "(") depth += 1;
    if (char === ")") depth = Math.max(0, depth - 1);
    if (depth === 0 && (char === "," || char === ";")) {
      items.push(current);
      current = "";
    } else {
      current += char;
    }
  }
  items.push(current);
  return items
    .flatMap((item) => item.split(/(?:\s+and\s+|\s*&\s*)(?![^()]*\))/))
    .map((item) => item.trim())
    .filter(Boolean);
}

/** The words of `phrase` that name a record of the product ("pool visit" → "visit"), if some do. */
function builtInPhrase(phrase: string): string | null {
  const trimmed = phrase.trim().replace(/'s$/, "");
  const wordsOf = trimmed.split(" ");
  return [trimmed, wordsOf.slice(-2).join(" "), wordsOf.at(-1)!].find((candidate) => BUILT_IN_WORDS[candidate]) ?? null;
}

function builtInOf(phrase: string): BuiltIn | null {
  const named = builtInPhrase(phrase);
  return named ? BUILT_IN_WORDS[named]! : null;
}

interface RelationWords {
  words: string;
  /** "per visit", "for each customer": the records belong to that one, and show as a section of its page. */
  section: boolean;
}

interface Clause {
  noun: string;
  relations: RelationWords[];
  items: string[];
  showOn: BuiltIn[];
  /** "gate notes and pet notes", "two kinds of notes: …": one object whose records say which kind they are. */
  kinds: string[] | null;
}

const STOP_NOUN =
  /^(?:it|them|things|stuff|that|this|these|those|everything|more|how|what|which|where|when|who|to|track|sure|up|some)$/;

/**
 * A noun that is a list: "gate notes and pet notes" or "gate and pet notes" are kinds of note (["gate", "pet"]);
 * "vehicles and trailers" are two nouns.
 */
function splitNoun(
  noun: string,
): { kinds: string[]; noun: string; nouns?: undefined } | { nouns: string[]; kinds?: undefined } | null {
  const parts = noun.split(/\s*,\s*|\s+(?:and|or)\s+/).filter(Boolean);
  if (parts.length < 2) return null;
  const head = singular(parts.at(-1)!.split(" ").at(-1)!);
  const modifiers = parts.map((part) => {
    const wordsOf = part.split(" ");
    return singular(wordsOf.at(-1)!) === head ? wordsOf.slice(0, -1).join(" ") : null;
  });
  const last = parts.at(-1)!.split(" ");
  // "gate and pet notes": the first parts are modifiers of the last one's noun.
  const sharedHead = modifiers.slice(0, -1).every((modifier) => modifier === null) && last.length >= 2;
  if (modifiers.every((modifier) => modifier)) return { noun: head, kinds: modifiers as string[] };
  if (sharedHead && parts.slice(0, -1).every((part) => !part.includes(" ")))
    return { noun: head, kinds: [...parts.slice(0, -1), last.slice(0, -1).join(" ")] };
  return { nouns: parts.map(singular) };
}

/** The items that are kinds of `noun` ("gate notes" of note), when there are two or more. */
function kindsInItems(noun: string, items: readonly string[]): { kinds: string[]; rest: string[] } | null {
  const head = noun.split(" ").at(-1)!;
  const kinds: string[] = [];
  const rest: string[] = [];
  for (const item of items) {
    const wordsOf = item.replace(/^(?:and|or|the|a|an)\s+/, "").split(" ");
    if (wordsOf.length >= 2 && wordsOf.length <= 4 && singular(wordsOf.at(-1)!) === head)
      kinds.push(wordsOf.slice(0, -1).join(" "));
    else rest.push(item);
  }
  return kinds.length >= 2 ? { kinds, rest } : null;
}

function parseClause(raw: string): Clause[] {
  const kinded = KINDS_OF.test(raw);
  let clause = raw.replace(KINDS_OF, "").replace(CONTAINER, "track ");
  if (!clause.includes(":")) clause = clause.replace(/\s+(?:—|–|--|-)\s+/, ": ");
  const track = TRACK_VERB.exec(clause) ?? WANT_VERB.exec(clause);
  if (!track) return [];
  const nounWords = track[1]!
    .replace(/^(?:track of|of)\s+/, "")
    .replace(/\s+(?:and|so|then)$/, "")
    .trim();
  const afterNoun = clause.slice(track.index + track[0].length);
  const colon = afterNoun.indexOf(":");
  const lead = colon >= 0 ? afterNoun.slice(0, colon) : afterNoun.split(LIST_START)[0]!;
  const relations = [...lead.matchAll(RELATION)].map((match) => ({
    words: match[3]!.trim(),
    section: match[1] === "per" || match[2] === "each" || match[2] === "every",
  }));
  const listSource = colon >= 0 ? afterNoun.slice(colon + 1) : (LIST_START.exec(afterNoun)?.[1] ?? "");
  const listPart = listSource.split(
    /\b(?:and\s+)?(?:so\s+(?:that\s+)?)?(?:i|we)?\s*(?:can\s+)?(?:see|show|view|display)\w*\s+(?:it|them|these|those|this)\b/,
  )[0]!;
  const items = listItems(listPart);
  const showOn = [...clause.matchAll(SHOW_ON)]
    .map((match) => builtInOf(match[1]!))
    .filter((target): target is BuiltIn => target !== null);
  const split = splitNoun(nounWords);
  if (split?.kinds) return [{ noun: split.noun, relations, items, showOn, kinds: split.kinds }];
  if (split?.nouns)
    return split.nouns
      .filter((noun) => !STOP_NOUN.test(noun) && noun.split(" ").length <= 4)
      .map((noun) => ({ noun, relations, items, showOn, kinds: null }));
  const noun = singular(nounWords);
  if (!noun || STOP_NOUN.test(noun) || noun.split(" ").length > 4) return [];
  const listed = kindsInItems(noun, items);
  if (listed) return [{ noun, relations, items: listed.rest, showOn, kinds: listed.kinds }];
  return [{ noun, relations, items, showOn, kinds: kinded ? [] : null }];
}

function uniqueKey(base: string, taken: Set<string>): string {
  let key = base;
  for (let n = 2; taken.has(key); n += 1) key = `${base.slice(0, 36)}_${n}`;
  taken.add(key);
  return key;
}

export function crudRoutes(entity: Pick<CustomEntity, "key" | "name" | "pluralName">): FeatureRoute[] {
  const base = `/api/custom/${entity.key}`;
  return [
    { method: "GET", path: base, summary: `List ${entity.pluralName.toLowerCase()}` },
    { method: "POST", path: base, summary: `Create a ${entity.name.toLowerCase()}` },
    { method: "GET", path: `${base}/{id}`, summary: `Read a ${entity.name.toLowerCase()}` },
    { method: "PATCH", path: `${base}/{id}`, summary: `Update a ${entity.name.toLowerCase()}` },
    { method: "DELETE", path: `${base}/{id}`, summary: `Delete a ${entity.name.toLowerCase()}` },
  ];
}

function featureNameOf(entities: readonly CustomEntity[]): string {
  const names = entities.map((entity) => entity.name);
  const joined = names.length === 1 ? names[0]! : `${names.slice(0, -1).join(", ")} and ${names.at(-1)!}`;
  return `${joined} Tracking`.slice(0, 80);
}

const NOTE_LIKE = /^(?:note|comment|remark|observation|log entry|entry)$/;

/** A kinded object: its text (a note's words), which kind it is, then the fields the request listed. */
function kindedFields(clause: Clause, fields: ParsedField[]): ParsedField[] {
  const kinds = [...new Set((clause.kinds ?? []).map(titleCase))];
  const kind: ParsedField =
    kinds.length >= 2
      ? { kind: "field", name: "kind", type: "select", options: kinds.slice(0, 50), required: true }
      : { kind: "field", name: "kind", type: "text" };
  const body: ParsedField[] =
    fields.length > 0
      ? []
      : [{ kind: "field", name: clause.noun, type: NOTE_LIKE.test(clause.noun) ? "long_text" : "text" }];
  return [...body, kind, ...fields];
}

/**
 * Turns a request in words into a spec without a model: each sentence "track X per Y: a, b, c date" becomes an entity
 * with typed fields (quantities with their units), a relation to Y (a record of the product or an entity named before)
 * and, when it says "per"/"each"/"every" Y, a section on Y's page ("see it on the customer page" says so too). Items
 * that name a record ("the visit", "technician") are relations, picked rather than typed. Two kinds of one thing
 * ("gate notes and pet notes per customer") are one object with a kind. Refuses words it cannot read as such a
 * request, with the reason.
 */
export function parseFeatureRequest(description: string): FeatureSpec {
  const text = words(description);
  const clauses = text
    .split(/(?<=[.;!?])\s+|\n+|\s+(?:also|then|plus)\s+(?=(?:track|manage|log|record|keep|store|capture)\b)/)
    .map((clause) => clause.trim())
    .filter(Boolean);
  // "…log chemical usage for each job? Product name, dose…": a sentence that asks for nothing lists the one before's fields.
  const merged = clauses.reduce<string[]>((joined, clause) => {
    const previous = joined.at(-1);
    if (previous === undefined || TRACK_VERB.test(clause) || WANT_VERB.test(clause)) return [...joined, clause];
    const head = previous.replace(/[.;!?]$/, "");
    return [...joined.slice(0, -1), `${head}${head.includes(":") ? "," : ":"} ${clause}`];
  }, []);
  const parsed = merged.flatMap(parseClause).slice(0, MAX_ENTITIES_PER_SPEC);
  if (parsed.length === 0) {
    throw invalidInput(
      "Say what to keep track of, for example: track equipment at each customer: make, model, serial number, install date.",
      "spec",
    );
  }
  const keys = new Set<string>();
  const nouns = new Set(parsed.map((clause) => clause.noun));
  const entityKeyOfNoun = new Map<string, string>();
  const drafts = parsed.map((clause) => {
    const primary = clause.relations.map((relation) => builtInOf(relation.words)).find((target) => target !== null);
    // A kinded note of a customer is a "Customer Note": its own name, not a bare "Note" another feature may have.
    const noun =
      clause.kinds !== null && primary && !clause.noun.includes(" ")
        ? `${primary.replace("_", " ")} ${clause.noun}`
        : clause.noun;
    const key = uniqueKey(toKey(noun), keys);
    entityKeyOfNoun.set(clause.noun, key);
    return { clause, key, noun };
  });
  const showAnywhere = [...new Set(parsed.flatMap((clause) => clause.showOn))];
  const entities: CustomEntity[] = drafts.map(({ clause, key, noun }, index) => {
    const items = clause.items
      .map((item) => parseField(item, new Set([...nouns].filter((other) => other !== clause.noun))))
      .filter((item): item is ParsedItem => item !== null);
    const listed = items.filter((item): item is ParsedField => item.kind === "field");
    const parsedFields = clause.kinds !== null ? kindedFields(clause, listed) : listed;
    const fieldKeys = new Set<string>();
    const fields: CustomField[] = parsedFields.slice(0, MAX_FIELDS_PER_ENTITY).map((field, fieldIndex) => ({
      key: uniqueKey(toKey(field.name), fieldKeys),
      label: titleCase(field.name).slice(0, 80),
      type: field.type,
      required: fieldIndex === 0 || field.required === true,
      ...(field.type === "select" ? { options: field.options } : {}),
      ...(field.unit && (field.type === "number" || field.type === "integer") ? { unit: field.unit } : {}),
    }));
    if (fields.length === 0)
      fields.push({ key: uniqueKey("name", fieldKeys), label: "Name", type: "text", required: true });
    const relations: CustomEntity["relations"] = [];
    const sections: BuiltIn[] = [];
    // One relation per record kind, labelled with the request's word for it ("Property", "Technician", "Applied By").
    const relate = (words: string, label: string | null, required: boolean): string | null => {
      const phrase = builtInPhrase(words);
      const target = phrase ? BUILT_IN_WORDS[phrase]! : (entityKeyOfNoun.get(singular(words)) ?? null);
      if (!target || target === key || relations.some((relation) => relation.target === target)) return null;
      const named =
        label ?? (phrase ? titleCase(singular(phrase)) : (entityNameOf(drafts, target) ?? titleCase(target)));
      relations.push({ key: uniqueKey(toKey(target), fieldKeys), label: named.slice(0, 80), target, required });
      return target;
    };
    for (const relation of clause.relations) {
      const target = relate(relation.words, null, relations.length === 0);
      if (target && relation.section && (BUILT_IN_RELATION_TARGETS as readonly string[]).includes(target))
        sections.push(target as BuiltIn);
    }
    for (const item of items) if (item.kind === "relation") relate(item.target, item.label, false);
    // "see it on the customer page" said once applies to the first entity, or to each one related to that record.
    const related = new Set(relations.map((relation) => relation.target));
    const showOn = (
      clause.showOn.length > 0 ? clause.showOn : index === 0 ? showAnywhere.filter((target) => related.has(target)) : []
    ).filter((target) => related.has(target) || clause.showOn.includes(target));
    const pluralName = noun === clause.noun ? plural(clause.noun) : plural(noun);
    return {
      key,
      name: titleCase(noun).slice(0, 60),
      pluralName: titleCase(pluralName).slice(0, 60),
      fields,
      relations: relations.slice(0, 10),
      showOn: [...new Set([...sections, ...showOn])],
    };
  });
  const spec = featureSpecSchema.safeParse({
    featureName: featureNameOf(entities),
    description: description.trim().slice(0, 2000),
    entities,
    routes: entities.flatMap(crudRoutes),
  });
  if (!spec.success) {
    const issue = spec.error.issues[0]!;
    throw invalidInput(`This request could not be made into a feature: ${issue.message}`, "spec");
  }
  return spec.data;
}

function entityNameOf(drafts: readonly { clause: Clause; key: string; noun: string }[], key: string): string | null {
  const draft = drafts.find((candidate) => candidate.key === key);
  return draft ? titleCase(draft.noun) : null;
}
