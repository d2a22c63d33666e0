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

/** Words that name the product's own records, as owners say them. */
const BUILT_IN_WORDS: Record<string, BuiltIn> = {
  customer: "customer",
  customers: "customer",
  client: "customer",
  clients: "customer",
  property: "customer",
  properties: "customer",
  job: "job",
  jobs: "job",
  "service call": "job",
  "service calls": "job",
  "work order": "job",
  "work orders": "job",
  visit: "visit",
  visits: "visit",
  appointment: "visit",
  appointments: "visit",
  crew: "crew",
  crews: "crew",
  team: "crew",
  teams: "crew",
  invoice: "invoice",
  invoices: "invoice",
};

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
]);

const TRACK_VERB =
  /\b(?:track|manage|log|record|store|keep track of|keep|list|catalog|catalogue|register|monitor)\s+(?:of\s+)?(?:all\s+|the\s+|our\s+|my\s+|each\s+|every\s+|a\s+|an\s+|their\s+)?([a-z][a-z -]{1,60}?)(?=\s+(?:at|for|per|on|of|by|with|from|in|against|attached to|linked to|tied to|belonging to)\b|\s*[:(,.;]|\s+and\s+(?:see|show|view|display)\b|$)/;
const RELATION =
  /\b(?:at|for|per|on|of|by|with|from|in|against|attached to|linked to|tied to|belonging to)\s+(?:each|every|a|an|the|its|their|our)?\s*([a-z][a-z ]{1,30}?)(?=\s*[:(,.;]|\s+(?:and|with|including|like|such as)\b|$)/;
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

/** The type a field's name suggests, as an office would mean it ("serial number" is text, "install date" a date). */
export function inferFieldType(name: string): CustomFieldType {
  if (/\b(?:phone|mobile|cell|fax)\b/.test(name)) return "phone";
  if (/\be-?mail\b/.test(name)) return "email";
  if (/\b(?:url|website|web site|link|homepage)\b/.test(name)) return "url";
  if (/\b(?:notes?|description|comments?|remarks|details|instructions)\b/.test(name)) return "long_text";
  if (/\b(?:date|day|birthday|expir\w*|due|installed on|purchased on)\b/.test(name)) return "date";
  if (/\b(?:time|timestamp|datetime|when)\b/.test(name)) return "datetime";
  if (/\b(?:price|cost|amount|fee|value|charge|total|rate|deposit|budget|salary|wage)\b/.test(name)) return "money";
  if (
    /^(?:is|has|was|needs?|requires?)\b|\b(?:active|enabled|under warranty|warrantied|in stock|paid|verified|approved)$/.test(
      name,
    )
  )
    return "boolean";
  if (/\b(?:serial|model|part|sku|code|id|license|plate|vin|tag)\b/.test(name)) return "text";
  if (/\b(?:quantity|qty|count|hours|minutes|years|age|number of|units|pieces|seats|visits)\b/.test(name))
    return "integer";
  if (
    /\b(?:weight|size|length|width|height|depth|rating|percentage|percent|temperature|pressure|capacity|tonnage|seer|btu|gallons|mileage|reading|kilowatts|kw|watts|volts|amps|voltage|amperage)\b/.test(
      name,
    )
  )
    return "number";
  return "text";
}

interface ParsedField {
  name: string;
  type: CustomFieldType;
  options?: string[];
}

/** "status (new, used, retired)" → a select; "install date (date)" → a date; anything else by its name. */
function parseField(item: string): ParsedField | null {
  const cleaned = item
    .replace(/^(?:and|or|also|plus|with|including|the|a|an|its|their)\s+/g, "")
    .replace(/\s+(?:and|or|etc)\.?$/, "")
    .replace(/[."']/g, "")
    .trim();
  if (!cleaned || /^(?:see|show|view|display|so|which|that)\b/.test(cleaned)) return null;
  const hinted = /^(.+?)\s*\(([^)]*)\)$/.exec(cleaned) ?? /^(.+?)\s+as\s+(?:a|an)\s+(.+)$/.exec(cleaned);
  if (hinted) {
    const name = hinted[1]!.trim();
    const inside = hinted[2]!.trim();
    const hint = TYPE_HINTS[inside];
    if (hint) return { name, type: hint };
    const options = inside
      .split(/\s*(?:,|\/|\bor\b)\s*/)
      .map((option) => option.trim())
      .filter(Boolean);
    if (options.length >= 2)
      return { name, type: "select", options: [...new Set(options.map(titleCase))].slice(0, 50) };
    return { name, type: inferFieldType(name) };
  }
  if (cleaned.split(" ").length > 5) return null;
  return { name: cleaned, type: inferFieldType(cleaned) };
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
    .flatMap((item) => (/\(/.test(item) ? [item] : item.split(/\s+and\s+|\s*&\s*/)))
    .map((item) => item.trim())
    .filter(Boolean);
}

function builtInOf(phrase: string): BuiltIn | null {
  const trimmed = phrase.trim().replace(/'s$/, "");
  if (BUILT_IN_WORDS[trimmed]) return BUILT_IN_WORDS[trimmed]!;
  const last = trimmed.split(" ").slice(-2).join(" ");
  return BUILT_IN_WORDS[last] ?? BUILT_IN_WORDS[trimmed.split(" ").at(-1)!] ?? null;
}

interface Clause {
  noun: string;
  relationTo: string | null;
  fields: ParsedField[];
  showOn: BuiltIn[];
}

const STOP_NOUN = /^(?:it|them|things|stuff|that|this|these|those|everything|more|how|what|which|where|when|who)$/;

function parseClause(clause: string): Clause | null {
  const track = TRACK_VERB.exec(clause);
  if (!track) return null;
  const noun = singular(
    track[1]!
      .replace(/^(?:track of|of)\s+/, "")
      .replace(/\s+(?:and|so|then)$/, "")
      .trim(),
  );
  if (!noun || STOP_NOUN.test(noun) || noun.split(" ").length > 4) return null;
  const afterNoun = clause.slice(track.index + track[0].length);
  const relation = RELATION.exec(afterNoun.split(":")[0]!);
  const colon = afterNoun.indexOf(":");
  const listSource =
    colon >= 0
      ? afterNoun.slice(colon + 1)
      : (/\b(?:with|including|like|such as|fields?)\b\s*(.+)$/.exec(afterNoun)?.[1] ?? "");
  const listPart = listSource.split(
    /\b(?:and\s+)?(?:so\s+(?:that\s+)?)?(?:i|we)?\s*(?:can\s+)?(?:see|show|view|display)\w*\s+(?:it|them|these|those|this)\b/,
  )[0]!;
  const fields = listItems(listPart)
    .map(parseField)
    .filter((field): field is ParsedField => field !== null);
  const showOn = [...clause.matchAll(SHOW_ON)]
    .map((match) => builtInOf(match[1]!))
    .filter((target): target is BuiltIn => target !== null);
  return { noun, relationTo: relation ? relation[1]!.trim() : null, fields, showOn };
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

/**
 * Turns a request in words into a spec without a model: each sentence "track X at each Y: a, b, c date" becomes an
 * entity with typed fields and a relation to Y (a record of the product or an entity named before), and "see it on
 * the customer page" puts its records on that page. Refuses words it cannot read as such a request.
 */
export function parseFeatureRequest(description: string): FeatureSpec {
  const text = words(description);
  const clauses = text
    .split(/(?<=[.;!?])\s+|\n+|\s+(?:also|then|plus)\s+(?=(?:track|manage|log|record|keep|store)\b)/)
    .map((clause) => clause.trim())
    .filter(Boolean);
  const parsed = clauses
    .map(parseClause)
    .filter((clause): clause is Clause => clause !== null)
    .slice(0, MAX_ENTITIES_PER_SPEC);
  if (parsed.length === 0) {
    throw invalidInput(
      "Say what to keep track of, for example: track equipment at each customer: make, model, serial number, install date.",
      "spec",
    );
  }
  const keys = new Set<string>();
  const entityKeyOfNoun = new Map<string, string>();
  const drafts = parsed.map((clause) => {
    const key = uniqueKey(toKey(clause.noun), keys);
    entityKeyOfNoun.set(clause.noun, key);
    return { clause, key };
  });
  const showAnywhere = [...new Set(parsed.flatMap((clause) => clause.showOn))];
  const entities: CustomEntity[] = drafts.map(({ clause, key }, index) => {
    const name = titleCase(clause.noun).slice(0, 60);
    const fieldKeys = new Set<string>();
    const fields: CustomField[] = clause.fields.slice(0, MAX_FIELDS_PER_ENTITY).map((field, fieldIndex) => ({
      key: uniqueKey(toKey(field.name), fieldKeys),
      label: titleCase(field.name).slice(0, 80),
      type: field.type,
      required: fieldIndex === 0,
      ...(field.type === "select" ? { options: field.options } : {}),
    }));
    if (fields.length === 0)
      fields.push({ key: uniqueKey("name", fieldKeys), label: "Name", type: "text", required: true });
    const relations: CustomEntity["relations"] = [];
    const relationWords = clause.relationTo;
    if (relationWords) {
      const target = builtInOf(relationWords) ?? entityKeyOfNoun.get(singular(relationWords)) ?? null;
      if (target && target !== key) {
        const relationKey = uniqueKey(toKey(target), fieldKeys);
        const label = BUILT_IN_RELATION_TARGETS.includes(target as BuiltIn)
          ? titleCase(target)
          : (entityNameOf(drafts, target) ?? titleCase(target));
        relations.push({ key: relationKey, label, target, required: true });
      }
    }
    // "see it on the customer page" said once applies to the first entity, or to each one related to that record.
    const related = new Set(relations.map((relation) => relation.target));
    const showOn = (
      clause.showOn.length > 0 ? clause.showOn : index === 0 ? showAnywhere.filter((target) => related.has(target)) : []
    ).filter((target) => related.has(target) || clause.showOn.includes(target));
    return {
      key,
      name,
      pluralName: titleCase(plural(clause.noun)).slice(0, 60),
      fields,
      relations,
      showOn: [...new Set(showOn)],
    };
  });
  const spec = {
    featureName: featureNameOf(entities),
    description: description.trim().slice(0, 2000),
    entities,
    routes: entities.flatMap(crudRoutes),
  };
  return featureSpecSchema.parse(spec);
}

function entityNameOf(drafts: readonly { clause: Clause; key: string }[], key: string): string | null {
  const draft = drafts.find((candidate) => candidate.key === key);
  return draft ? titleCase(draft.clause.noun) : null;
}
