import fc from "fast-check";

/**
 * Bad requests derived from an OpenAPI document, for the fuzz test that walks every route the API documents.
 *
 * The rule the generator keeps: a request it marks `invalid` breaks the document's contract in a way no noise can
 * repair (a value of the wrong type, out of range, too long, missing, not in the enum, unparsable JSON, a content type
 * the server has no parser for), or carries a string PostgreSQL cannot store (NUL, a UTF-16 surrogate without its
 * pair), which every string the API accepts refuses. So such a request must get a 4xx, and a state-changing route
 * must change nothing. Only requests with a safe method (GET) go out valid, with odd headers and query noise.
 */

export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  nullable?: boolean;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
}

interface ParameterObject {
  name: string;
  in: string;
  required?: boolean;
  schema?: JsonSchema;
}

interface OperationObject {
  parameters?: ParameterObject[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: JsonSchema }> };
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, OperationObject>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

export type ParameterLocation = "path" | "query" | "header";

export interface Parameter {
  name: string;
  in: ParameterLocation;
  required: boolean;
  schema: JsonSchema;
}

export interface Operation {
  method: string;
  /** The path template, e.g. `/api/jobs/{id}`. */
  path: string;
  parameters: Parameter[];
  /** The JSON body's schema, or null when the operation documents no body. */
  body: JsonSchema | null;
  bodyRequired: boolean;
  /** Methods the document gives the same path, which a "wrong method" case must avoid. */
  pathMethods: string[];
}

export interface FuzzCase {
  /** `METHOD /path` of the documented operation. */
  operation: string;
  /** What is wrong with it, for the failure report. */
  bad: string;
  method: string;
  /** Path and query string, percent-encoded. */
  url: string;
  headers: Record<string, string>;
  body?: string | Uint8Array;
  /** A header line no HTTP client library agrees to send (NUL, bare bytes, folding): the case goes over a bare socket. */
  rawHeaderLine?: Uint8Array;
  /** Odd authentication used when the case is sent signed out. */
  authNoise?: { authorization?: string } | { cookie?: string };
  /** The input breaks the contract: the answer must be a 4xx. */
  invalid: boolean;
  /** The field a 400 must name: set when exactly one documented field is bad and everything else is valid. */
  field?: string;
}

export interface CaseOptions {
  seed: number;
  /** How many cases per operation, at least (every enumerated mutation is included, random ones fill up). */
  count: number;
  /** Whether the server parses bodies of this content type (a type without a parser must get 415). */
  hasParser: (contentType: string) => boolean;
}

const SAFE_METHODS = new Set(["GET", "HEAD"]);
const HTTP_METHODS = ["get", "put", "post", "delete", "patch", "options", "head"];

/** Strings PostgreSQL's text and jsonb cannot hold: with NUL, or a surrogate without its pair (no UTF-8 form). */
export const isUnstorable = (value: string) => value.includes("\u0000") || /\p{Cs}/u.test(value);

// ---------------------------------------------------------------------------------------------------------------
// The document

export function operationsOf(document: OpenApiDocument): Operation[] {
  const resolve = (schema: JsonSchema | undefined): JsonSchema => resolveRefs(schema ?? {}, document, 0);
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    const pathMethods = Object.keys(item)
      .filter((key) => HTTP_METHODS.includes(key))
      .map((m) => m.toUpperCase());
    for (const method of pathMethods) {
      const operation = item[method.toLowerCase()]!;
      const parameters: Parameter[] = (operation.parameters ?? [])
        .filter(
          (p): p is ParameterObject & { in: ParameterLocation } =>
            p.in === "path" || p.in === "query" || p.in === "header",
        )
        .map((p) => ({
          name: p.name,
          in: p.in,
          required: p.in === "path" || p.required === true,
          schema: resolve(p.schema),
        }));
      const json = operation.requestBody?.content?.["application/json"]?.schema;
      operations.push({
        method,
        path,
        parameters,
        body: json ? resolve(json) : null,
        bodyRequired: operation.requestBody?.required === true,
        pathMethods,
      });
    }
  }
  return operations;
}

function resolveRefs(schema: JsonSchema, document: OpenApiDocument, depth: number): JsonSchema {
  if (depth > 20) return {};
  if (schema.$ref) {
    const name = schema.$ref.replace(/^#\/components\/schemas\//, "");
    return resolveRefs(document.components?.schemas?.[name] ?? {}, document, depth + 1);
  }
  const out: JsonSchema = { ...schema };
  if (schema.properties) {
    out.properties = Object.fromEntries(
      Object.entries(schema.properties).map(([k, v]) => [k, resolveRefs(v, document, depth + 1)]),
    );
  }
  if (schema.items) out.items = resolveRefs(schema.items, document, depth + 1);
  for (const key of ["anyOf", "oneOf", "allOf"] as const) {
    const list = schema[key];
    if (list) out[key] = list.map((s) => resolveRefs(s, document, depth + 1));
  }
  return out;
}

/** Every string and array schema a client sends, with where it is, for the rule that each has a maximum length. */
export function unboundedInputs(operations: Operation[]): string[] {
  const found: string[] = [];
  const walk = (schema: JsonSchema, where: string, depth: number) => {
    if (depth > 12) return;
    const types = typesOf(schema);
    const bounded = schema.enum !== undefined || schema.const !== undefined || schema.format === "uuid";
    if (!schema.anyOf && !schema.oneOf && types.has("string") && schema.maxLength === undefined && !bounded)
      found.push(`${where} (string)`);
    if (types.has("array") && schema.maxItems === undefined) found.push(`${where} (array)`);
    for (const [key, value] of Object.entries(schema.properties ?? {})) walk(value, `${where}.${key}`, depth + 1);
    if (schema.items) walk(schema.items, `${where}[]`, depth + 1);
    for (const branch of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])])
      walk(branch, where, depth + 1);
  };
  for (const op of operations) {
    for (const p of op.parameters) walk(p.schema, `${op.method} ${op.path} ${p.in} ${p.name}`, 0);
    if (op.body) walk(op.body, `${op.method} ${op.path} body`, 0);
  }
  return found;
}

// ---------------------------------------------------------------------------------------------------------------
// Schemas: the JSON types a schema admits, a valid sample, and values it certainly refuses

type JsonType = "string" | "number" | "integer" | "boolean" | "null" | "array" | "object";

/** The JSON types the schema admits; empty when it says nothing (anything goes). */
export function typesOf(schema: JsonSchema): Set<JsonType> {
  const types = new Set<JsonType>();
  const branches = [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])];
  if (branches.length > 0) {
    for (const branch of branches) {
      const inner = typesOf(branch);
      if (inner.size === 0) return new Set();
      for (const t of inner) types.add(t);
    }
  }
  const declared = schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];
  for (const t of declared) types.add(t as JsonType);
  if (schema.const !== undefined) types.add(jsonTypeOf(schema.const));
  for (const value of schema.enum ?? []) types.add(jsonTypeOf(value));
  if (schema.nullable) types.add("null");
  if (types.size === 0 && schema.properties) types.add("object");
  if (types.size === 0 && schema.items) types.add("array");
  return types;
}

function jsonTypeOf(value: unknown): JsonType {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  if (typeof value === "string" || typeof value === "boolean" || typeof value === "object")
    return typeof value as JsonType;
  return "null";
}

function admits(types: Set<JsonType>, value: unknown): boolean {
  if (types.size === 0) return true;
  const t = jsonTypeOf(value);
  return types.has(t) || (t === "integer" && types.has("number"));
}

/** A JSON literal that JavaScript values cannot express (1e400, deep nesting), written into the body text as is. */
export class RawJson {
  constructor(readonly text: string) {}
}

const SAMPLE_BY_FORMAT: Record<string, string> = {
  email: "fuzz@example.com",
  "date-time": "2024-01-02T03:04:05.000Z",
  date: "2024-01-02",
  time: "03:04:05",
  uuid: "6f1c1e7a-2b3c-4d5e-8f90-123456789abc",
  uri: "https://example.com/fuzz",
  url: "https://example.com/fuzz",
};

function matchesPattern(schema: JsonSchema, value: string): boolean {
  if (!schema.pattern) return true;
  try {
    return new RegExp(schema.pattern, "u").test(value);
  } catch {
    return new RegExp(schema.pattern).test(value);
  }
}

/** A value the schema accepts, and whether the generator is sure of that (it is not for patterns it cannot meet). */
export function sampleValid(schema: JsonSchema, depth = 0): { value: unknown; certain: boolean } {
  if (depth > 10) return { value: null, certain: false };
  if (schema.const !== undefined) return { value: schema.const, certain: true };
  if (schema.enum && schema.enum.length > 0) return { value: schema.enum[0], certain: true };
  if (schema.default !== undefined) return { value: schema.default, certain: true };
  const branches = [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])];
  if (branches.length > 0) {
    const samples = branches.map((b) => sampleValid(b, depth + 1));
    return samples.find((s) => s.certain) ?? samples[0]!;
  }
  if (schema.allOf) return { ...sampleValid(schema.allOf[0] ?? {}, depth + 1), certain: false };
  const types = [...typesOf(schema)].filter((t) => t !== "null");
  const type = types[0];
  switch (type) {
    case undefined:
      return { value: "fuzz", certain: typesOf(schema).size === 0 };
    case "string": {
      const min = schema.minLength ?? 0;
      const max = schema.maxLength ?? Infinity;
      const candidates = [
        ...(schema.format && SAMPLE_BY_FORMAT[schema.format] ? [SAMPLE_BY_FORMAT[schema.format]!] : []),
        "fuzz".repeat(Math.ceil(Math.max(min, 1) / 4)).slice(0, Math.max(min, Math.min(4, max))),
        "fuzz-1",
        "a1",
        "2024-01-02",
      ];
      if (schema.pattern && !schema.format) candidates.push(...stringsMatching(schema.pattern));
      const fit = candidates.find((c) => c.length >= min && c.length <= max && matchesPattern(schema, c));
      const knownFormat = !schema.format || Boolean(SAMPLE_BY_FORMAT[schema.format]);
      return fit === undefined ? { value: candidates[0], certain: false } : { value: fit, certain: knownFormat };
    }
    case "integer":
    case "number": {
      const low = lowerBound(schema);
      const high = upperBound(schema);
      let value = Math.max(1, Math.ceil(low ?? 1));
      if (high !== undefined && value > high) value = Math.floor(high);
      return { value, certain: low === undefined || value >= low };
    }
    case "boolean":
      return { value: true, certain: true };
    case "array": {
      const count = Math.min(Math.max(schema.minItems ?? 0, 1), schema.maxItems ?? 1);
      const item = sampleValid(schema.items ?? {}, depth + 1);
      return { value: Array.from({ length: count }, () => item.value), certain: item.certain };
    }
    case "object": {
      const value: Record<string, unknown> = {};
      let certain = true;
      for (const [key, property] of Object.entries(schema.properties ?? {})) {
        const sample = sampleValid(property, depth + 1);
        value[key] = sample.value;
        certain &&= sample.certain;
      }
      return { value, certain };
    }
    default:
      return { value: null, certain: type === "null" };
  }
}

/** A few strings that match a pattern, generated from the regular expression itself. */
function stringsMatching(pattern: string): string[] {
  try {
    return fc
      .sample(fc.stringMatching(new RegExp(pattern)), { seed: 1, numRuns: 30 })
      .sort((a, b) => a.length - b.length);
  } catch {
    return [];
  }
}

function lowerBound(schema: JsonSchema): number | undefined {
  if (typeof schema.exclusiveMinimum === "number")
    return schema.exclusiveMinimum + (typesOf(schema).has("integer") ? 1 : 1e-9);
  return schema.minimum;
}

function upperBound(schema: JsonSchema): number | undefined {
  if (typeof schema.exclusiveMaximum === "number")
    return schema.exclusiveMaximum - (typesOf(schema).has("integer") ? 1 : 1e-9);
  return schema.maximum;
}

interface Bad {
  label: string;
  value: unknown;
  /** Refused by the router before validation, so the 400 names no field. */
  byRouter?: boolean;
}

const deepArray = (depth: number) => new RawJson("[".repeat(depth) + "]".repeat(depth));
const deepObject = (depth: number) => new RawJson('{"a":'.repeat(depth) + "1" + "}".repeat(depth));

/** Strings that break the storable-text rule, each built on a valid string so that only that rule is broken. */
function unstorableStrings(valid: string): Bad[] {
  const middle = Math.floor(valid.length / 2);
  const insert = (s: string) => valid.slice(0, middle) + s + valid.slice(middle);
  return [
    { label: "a NUL character", value: insert("\u0000") },
    { label: "only a NUL character", value: "\u0000" },
    { label: "a trailing NUL", value: `${valid}\u0000` },
    { label: "a lone high surrogate", value: insert("\uD800") },
    { label: "a lone low surrogate", value: `\uDC00${valid}` },
    { label: "a surrogate pair in the wrong order", value: insert("\uDE00\uD83D") },
    { label: "a high surrogate at the end", value: `${valid}\uDBFF` },
  ];
}

/** Values of a JSON body field (or the whole body) that the schema certainly refuses. */
export function badJsonValues(schema: JsonSchema): Bad[] {
  const types = typesOf(schema);
  if (types.size === 0) return [];
  const wrongTypes: Bad[] = [
    { label: "a string", value: "fuzz" },
    { label: "an empty string", value: "" },
    { label: "zero", value: 0 },
    { label: "a negative integer", value: -1 },
    { label: "a fraction", value: 0.5 },
    { label: "true", value: true },
    { label: "false", value: false },
    { label: "null", value: null },
    { label: "an empty array", value: [] },
    { label: "an array of a string", value: ["fuzz"] },
    { label: "an array of objects", value: [{}, { a: 1 }] },
    { label: "an empty object", value: {} },
    { label: "an object", value: { fuzz: "x", "0": 1 } },
  ].filter((bad) => !admits(types, bad.value) && !(types.has("object") && jsonTypeOf(bad.value) === "object"));
  const bads: Bad[] = [...wrongTypes];
  if (!types.has("array")) bads.push({ label: "a 10000-deep array", value: deepArray(10_000) });
  if (!types.has("object")) bads.push({ label: "a 5000-deep object", value: deepObject(5000) });
  if (!types.has("number") && !types.has("integer")) {
    bads.push(
      { label: "1e400", value: new RawJson("1e400") },
      { label: "a 400-digit integer", value: new RawJson("9".repeat(400)) },
    );
  }
  const plain = !schema.anyOf && !schema.oneOf;
  if (types.has("string")) {
    // Every string the API accepts refuses these, whatever branch of a union it would match.
    const base = sampleValid(schema).value;
    bads.push(...unstorableStrings(typeof base === "string" ? base : "fuzz"));
  }
  if (plain && types.has("string") && !types.has("number") && !types.has("integer")) {
    for (const value of badStringsFor(schema)) bads.push(value);
  }
  if (plain && (types.has("number") || types.has("integer")) && !types.has("string")) {
    bads.push(
      { label: "1e400 (Infinity)", value: new RawJson("1e400") },
      { label: "-1e400 (-Infinity)", value: new RawJson("-1e400") },
      { label: "a 400-digit integer", value: new RawJson("9".repeat(400)) },
      ...badNumbersFor(schema).map((n) => ({ label: `the number ${n.label}`, value: n.value })),
    );
  }
  if (plain && types.has("array") && types.size === 1 && schema.maxItems !== undefined) {
    const item = sampleValid(schema.items ?? {}).value;
    bads.push({
      label: `${schema.maxItems + 1} items`,
      value: Array.from({ length: schema.maxItems + 1 }, () => item),
    });
  }
  if (plain && types.has("array") && types.size === 1 && (schema.minItems ?? 0) > 0) {
    bads.push({
      label: `${schema.minItems! - 1} items`,
      value: Array.from({ length: schema.minItems! - 1 }, () => sampleValid(schema.items ?? {}).value),
    });
  }
  return bads;
}

/** Strings a plain string schema certainly refuses: too long or short, outside the enum, breaking the format. */
function badStringsFor(schema: JsonSchema): Bad[] {
  const bads: Bad[] = [];
  if (schema.maxLength !== undefined) {
    bads.push({ label: `${schema.maxLength + 1} characters`, value: "x".repeat(schema.maxLength + 1) });
    bads.push({ label: `${schema.maxLength * 20 + 100} characters`, value: "y".repeat(schema.maxLength * 20 + 100) });
  }
  if ((schema.minLength ?? 0) > 1)
    bads.push({ label: `${schema.minLength! - 1} characters`, value: "x".repeat(schema.minLength! - 1) });
  if ((schema.minLength ?? 0) === 1) bads.push({ label: "an empty string", value: "" });
  const allowed = (schema.enum ?? (schema.const !== undefined ? [schema.const] : undefined)) as unknown[] | undefined;
  if (allowed) {
    const first = String(allowed[0] ?? "");
    for (const value of [
      `${first}-fuzz`,
      first.toUpperCase() === first ? `${first}x` : first.toUpperCase(),
      ` ${first}`,
      "",
      "%00",
    ]) {
      if (!allowed.includes(value)) bads.push({ label: `${JSON.stringify(value)} (not in the enum)`, value });
    }
  }
  const byFormat: Record<string, string[]> = {
    email: ["fuzz", "fuzz@", "@example.com", "fuzz@@example.com", "fuzz@example", "fuzz @example.com"],
    uuid: ["fuzz", "6f1c1e7a-2b3c-4d5e-8f90-123456789abg", "6f1c1e7a2b3c4d5e8f90123456789abc0"],
    "date-time": ["fuzz", "2024-13-02T03:04:05Z", "2024-01-02", "2024-01-02T25:04:05Z", "yesterday"],
    date: ["fuzz", "2024-13-02", "2024-02-30x"],
    uri: ["fuzz", "://", "http//x"],
  };
  const format = schema.format ? byFormat[schema.format] : undefined;
  for (const value of format ?? []) {
    if (!matchesPattern(schema, value) || !schema.pattern)
      bads.push({ label: `${JSON.stringify(value)} (not a ${schema.format})`, value });
  }
  if (schema.pattern && !schema.format) {
    for (const value of ["", " ", "fuzz fuzz", "!", "\u{1F600}", "-", "FUZZ", "0", "a".repeat(3)]) {
      if (!matchesPattern(schema, value))
        bads.push({ label: `${JSON.stringify(value)} (not matching ${schema.pattern})`, value });
    }
  }
  return bads;
}

/** Numbers a plain numeric schema certainly refuses: out of range, fractions for integers, beyond 2^53. */
function badNumbersFor(schema: JsonSchema): { label: string; value: number }[] {
  const integer = typesOf(schema).has("integer") && !typesOf(schema).has("number");
  const bads: { label: string; value: number }[] = [];
  const low = lowerBound(schema);
  const high = upperBound(schema);
  if (low !== undefined)
    bads.push({ label: `${low - 1} (below the minimum)`, value: low - 1 }, { label: "-1e308", value: -1e308 });
  if (high !== undefined)
    bads.push({ label: `${high + 1} (above the maximum)`, value: high + 1 }, { label: "1e308", value: 1e308 });
  if (integer) {
    const valid = sampleValid(schema).value;
    bads.push({ label: "a fraction", value: (typeof valid === "number" ? valid : 1) + 0.5 });
    if (high === undefined || high > 2 ** 53) bads.push({ label: "2^53 + 2", value: 2 ** 53 + 2 });
  }
  return bads;
}

/** Values of a path, query or header parameter (strings on the wire, already percent-encoded) that are refused. */
export function badParameterValues(parameter: Parameter): Bad[] {
  const schema = parameter.schema;
  const types = typesOf(schema);
  const encode = (value: string) => (parameter.in === "header" ? value : encodeURIComponent(value));
  const bads: Bad[] = [];
  if (types.size === 0) return bads;
  const numeric = (types.has("number") || types.has("integer")) && !types.has("string");
  if (numeric) {
    // Strings that are no number at all, even to a coercing schema.
    for (const value of ["fuzz", "NaN", "Infinity", "-Infinity", "1e400", "1_000", "\uFF11", "[object Object]"]) {
      bads.push({ label: JSON.stringify(value), value: encode(value) });
    }
    for (const bad of badNumbersFor(schema)) bads.push({ label: bad.label, value: encode(String(bad.value)) });
    if (parameter.in !== "header")
      bads.push({ label: "a NUL", value: "%00" }, { label: "a NUL after a digit", value: "1%00" });
  } else if (types.has("boolean") && !types.has("string")) {
    for (const value of ["fuzz", "2", "tru"]) bads.push({ label: JSON.stringify(value), value: encode(value) });
  } else if (types.has("string")) {
    for (const bad of badStringsFor(schema)) {
      if (typeof bad.value === "string" && bad.value !== "" && bad.value.length <= 4000)
        bads.push({ label: bad.label, value: encode(bad.value) });
    }
    if (parameter.in !== "header") {
      const valid = String(sampleValid(schema).value);
      bads.push(
        { label: "a NUL", value: `${encodeURIComponent(valid)}%00` },
        { label: "only a NUL", value: "%00" },
        { label: "a NUL in the middle", value: `%00${encodeURIComponent(valid)}%00x` },
      );
    }
  }
  // A lone surrogate has no UTF-8 form; its CESU bytes are invalid UTF-8, which the router refuses in a path.
  if (parameter.in === "path") {
    bads.push(
      { label: "invalid UTF-8 (a CESU surrogate)", value: "%ED%A0%80", byRouter: true },
      { label: "a bare %", value: "%zz", byRouter: true },
    );
  }
  // Header values that fetch can send: no NUL, CR, LF, no characters above U+00FF, no edge whitespace.
  return parameter.in === "header"
    ? bads.filter(
        (b) =>
          typeof b.value === "string" &&
          /^[\x21-\x7e\x80-\xff]([\x20-\x7e\x80-\xff]*[\x21-\x7e\x80-\xff])?$/.test(b.value),
      )
    : bads;
}

// ---------------------------------------------------------------------------------------------------------------
// Bodies

type Path = (string | number)[];

function setAt(root: unknown, path: Path, value: unknown, remove = false): unknown {
  if (path.length === 0) return value;
  const copy: unknown = Array.isArray(root) ? [...root] : typeof root === "object" && root !== null ? { ...root } : {};
  const [head, ...rest] = path as [string | number, ...Path];
  const container = copy as Record<string | number, unknown>;
  if (rest.length === 0 && remove) Reflect.deleteProperty(container, head);
  else container[head] = setAt(container[head], rest, value, remove);
  return copy;
}

const fieldName = (path: Path) => (path.length === 0 ? undefined : path.join("."));

interface BodyMutation {
  bad: string;
  body: unknown;
  field?: string;
}

/** Every single-place breakage of a body: each field given each refused value, each required field left out. */
function bodyMutations(schema: JsonSchema, base: unknown, path: Path = [], depth = 0): BodyMutation[] {
  if (depth > 6) return [];
  const where = path.length === 0 ? "body" : `body.${path.join(".")}`;
  const mutations: BodyMutation[] = badJsonValues(schema).map((bad) => ({
    bad: `${where}: ${bad.label}`,
    body: setAt(base, path, bad.value),
    field: fieldName(path),
  }));
  if (typesOf(schema).has("object") && schema.properties) {
    const current = path.reduce<unknown>(
      (value, key) => (value as Record<string | number, unknown> | undefined)?.[key],
      base,
    );
    for (const key of schema.required ?? []) {
      mutations.push({
        bad: `${where}: without ${key}`,
        body: setAt(base, [...path, key], undefined, true),
        field: fieldName([...path, key]),
      });
    }
    for (const [key, property] of Object.entries(schema.properties)) {
      const next =
        typeof current === "object" && current !== null && key in current
          ? base
          : setAt(base, [...path, key], sampleValid(property).value);
      mutations.push(...bodyMutations(property, next, [...path, key], depth + 1));
    }
  }
  if (typesOf(schema).has("array") && schema.items) {
    mutations.push(...bodyMutations(schema.items, base, [...path, 0], depth + 1));
  }
  return mutations;
}

/** The body text of a JSON value, with RawJson literals written as they are. */
export function toJsonText(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_key, v: unknown) => {
    if (v instanceof RawJson) {
      raws.push(v.text);
      return `\u0001raw${raws.length - 1}\u0001`;
    }
    return v;
  });
  return (text ?? "").replace(/"\\u0001raw(\d+)\\u0001"/g, (_m, i: string) => raws[Number(i)]!);
}

/** Texts no JSON parser accepts: each is unparsable whatever the route's schema. */
const MALFORMED_JSON: { label: string; text: string | Uint8Array }[] = [
  { label: "an empty JSON body", text: "" },
  { label: "an unterminated object", text: '{"a":' },
  { label: "a single-quoted object", text: "{'a':1}" },
  { label: "a trailing comma", text: '{"a":1,}' },
  { label: "a comment", text: '{/* x */"a":1}' },
  { label: "a NaN literal", text: '{"a":NaN}' },
  { label: "an undefined literal", text: "undefined" },
  { label: "two values", text: "{}{}" },
  { label: "a bare word", text: "fuzz" },
  { label: "a control character in a string", text: '{"a":"\u0001"}' },
  { label: "a bad escape", text: '{"a":"\\x41"}' },
  { label: "a lone backslash", text: '{"a":"\\"}' },
  { label: "10000 unclosed brackets", text: "[".repeat(10_000) },
  { label: "a NUL byte", text: new Uint8Array([0x7b, 0x00, 0x7d]) },
  { label: "bytes of UTF-16", text: new Uint8Array([0xff, 0xfe, 0x7b, 0x00, 0x7d, 0x00]) },
  { label: "a __proto__ key", text: '{"__proto__":{"polluted":true}}' },
  { label: "a constructor.prototype key", text: '{"constructor":{"prototype":{"polluted":true}}}' },
];

/** A valid JSON text with bytes that are not UTF-8 inside a string (JSON text must be UTF-8). */
function withInvalidUtf8(jsonText: string): Uint8Array | null {
  const at = jsonText.indexOf('":"');
  if (at < 0) return null;
  const cut = at + 3;
  const encoder = new TextEncoder();
  return new Uint8Array([
    ...encoder.encode(jsonText.slice(0, cut)),
    0xff,
    0xc3,
    0x28,
    0xed,
    0xa0,
    0x80,
    ...encoder.encode(jsonText.slice(cut)),
  ]);
}

const OTHER_CONTENT_TYPES = [
  "application/xml",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=fuzz",
  "application/octet-stream",
  "application/vnd.api+json",
  "text/html",
  "image/png",
  "text/plain",
  "application/jsonx",
];

// ---------------------------------------------------------------------------------------------------------------
// Noise: odd headers, extra keys and query parameters that never make an invalid request valid

const NOISE_HEADERS: [string, string][] = [
  ["accept", "application/xml"],
  ["accept", "*/*;q=nonsense, text/html;q=-1"],
  ["accept-encoding", "gzip;q=2, br;q=-1, zz"],
  ["accept-language", "zz-ZZ;q=x, *;q=9"],
  ["user-agent", `fuzz ${"u".repeat(6000)}`],
  ["user-agent", "'; DROP TABLE users; --"],
  ["origin", "null"],
  ["origin", "https://evil.example"],
  ["referer", "javascript:alert(1)"],
  ["x-request-id", "../../etc/passwd"],
  ["if-none-match", "*"],
  ["if-modified-since", "not a date"],
  ["range", "bytes=abc-def"],
  ["x-http-method-override", "DELETE"],
  ["x-forwarded-proto", "gopher"],
  ["x-forwarded-host", "evil.example:99999"],
  ["forwarded", 'for=unknown;proto=gopher;host="x'],
  ["sec-fetch-site", "cross-site"],
  ["sec-fetch-mode", "no-such-mode"],
  ["x-fuzz", "\u00ff\u00fe latin-1 bytes"],
  ["content-language", "%00"],
  ["cache-control", "max-age=-1, no-such"],
];

const AUTH_NOISE: ({ authorization: string } | { cookie: string })[] = [
  { authorization: "Bearer" },
  { authorization: "Bearer  " },
  { authorization: "Bearer a b c" },
  { authorization: "bearer lowercase-scheme" },
  { authorization: "Basic Zm9vOmJhcg==" },
  { authorization: "Negotiate fuzz" },
  { authorization: "Bearer %00" },
  { authorization: "Bearer null" },
  { authorization: "Bearer \u00ff\u00fe\u00fd" },
  { authorization: `Bearer ${"A".repeat(12_000)}` },
  { authorization: `Bearer ${"A".repeat(20_000)}` },
  { authorization: ", , ," },
  { cookie: "session=" },
  { cookie: "session=%00" },
  { cookie: "session=%ED%A0%80" },
  { cookie: 'session="unterminated' },
  { cookie: "session=a; session=b; session=c" },
  { cookie: ";;;;" },
  { cookie: "=;=;=" },
  { cookie: "session" },
  { cookie: "__proto__=polluted; constructor=polluted" },
  { cookie: `session=${"x".repeat(12_000)}` },
  { cookie: Array.from({ length: 300 }, (_, i) => `c${i}=${i}`).join("; ") },
];

const QUERY_NOISE = [
  "fuzz=%00",
  "__proto__=polluted",
  "constructor=polluted",
  "a[b]=c",
  "=",
  "&&",
  "x=%ED%A0%80",
  "x=%zz",
  "token=%00",
  `long=${"q".repeat(3000)}`,
];

const EXTRA_KEYS: [string, unknown][] = [
  ["isAdmin", true],
  ["role", "admin"],
  ["companyId", "00000000-0000-4000-8000-000000000000"],
  ["id", "fuzz"],
  ["constructor", "fuzz"],
  ["toString", 1],
  ["hasOwnProperty", "fuzz"],
  ["\u0000", "nul key"],
];

const PROTO_KEYS = ['"__proto__":{"polluted":true}', '"constructor":{"prototype":{"polluted":true}}'];

/** Header lines only a bare socket sends: llhttp refuses most of them, the rest reach the app as odd bytes. */
const RAW_HEADER_LINES: Uint8Array[] = [
  "Authorization: Bearer a\u0000b",
  "Cookie: session=a\u0000b",
  "X-Fuzz: a\r\n folded",
  "X Fuzz: space in the name",
  "X-Fuzz: \u007f",
  "Transfer-Encoding: chunked",
].map((line) => Buffer.from(line, "latin1"));
RAW_HEADER_LINES.push(
  new Uint8Array([...Buffer.from("Authorization: Bearer "), 0xc3, 0x28, 0xff, 0xfe]),
  new Uint8Array([...Buffer.from("Cookie: session="), 0xed, 0xa0, 0x80]),
);

const JSON_CONTENT_TYPES = [
  "application/json",
  "application/json; charset=utf-8",
  "Application/JSON",
  "application/json;charset=UTF-8; x=y",
];

interface Noise {
  headers: [string, string][];
  extraKeys: [string, unknown][];
  protoKey: string | null;
  contentType: string;
  query: string[];
  auth: { authorization: string } | { cookie: string } | null;
  raw: Uint8Array | null;
}

/** The value one time in `odds`, null otherwise. */
const rarely = <T>(arbitrary: fc.Arbitrary<T>, odds: number) =>
  fc.oneof({ weight: odds - 1, arbitrary: fc.constant(null) }, { weight: 1, arbitrary });

const noiseArbitrary: fc.Arbitrary<Noise> = fc.record({
  headers: fc.subarray(NOISE_HEADERS, { maxLength: 4 }),
  extraKeys: fc.subarray(EXTRA_KEYS, { maxLength: 3 }),
  protoKey: rarely(fc.constantFrom(...PROTO_KEYS), 6),
  contentType: fc.oneof(
    { weight: 4, arbitrary: fc.constant("application/json") },
    { weight: 1, arbitrary: fc.constantFrom(...JSON_CONTENT_TYPES) },
  ),
  query: fc.subarray(QUERY_NOISE, { maxLength: 3 }),
  auth: rarely(fc.constantFrom(...AUTH_NOISE), 2),
  raw: rarely(fc.constantFrom(...RAW_HEADER_LINES), 8),
});

// ---------------------------------------------------------------------------------------------------------------
// Cases

/** What makes a case bad, before noise is added. */
interface Breakage {
  bad: string;
  method?: string;
  /** Parameter values by `in:name`, percent-encoded; a missing key is left out of the request. */
  parameters?: Record<string, string | undefined>;
  /** A JSON value (with RawJson literals) to send as the body, or bytes with a content type. */
  json?: unknown;
  bytes?: { contentType: string | null; body: string | Uint8Array };
  noBody?: boolean;
  field?: string;
  invalid: boolean;
}

export function casesFor(operation: Operation, options: CaseOptions): FuzzCase[] {
  const name = `${operation.method} ${operation.path}`;
  const safe = SAFE_METHODS.has(operation.method);
  const validParameters: Record<string, string> = {};
  let parametersCertain = true;
  for (const p of operation.parameters) {
    const sample = sampleValid(p.schema);
    parametersCertain &&= sample.certain;
    if (p.required || p.in === "path")
      validParameters[`${p.in}:${p.name}`] =
        p.in === "header" ? String(sample.value) : encodeURIComponent(String(sample.value));
  }
  const bodySample = operation.body ? sampleValid(operation.body) : { value: undefined, certain: true };
  const certain = parametersCertain && bodySample.certain;
  const validBody = operation.body ? bodySample.value : undefined;
  const bodyIsObject =
    operation.body !== null && typesOf(operation.body).has("object") && !typesOf(operation.body).has("string");

  const enumerated: Breakage[] = [];
  const withField = (field: string | undefined) => (certain ? field : undefined);
  for (const p of operation.parameters) {
    for (const bad of badParameterValues(p)) {
      const field = bad.byRouter ? undefined : withField(p.name);
      enumerated.push({
        bad: `${p.in} ${p.name}: ${bad.label}`,
        parameters: { [`${p.in}:${p.name}`]: String(bad.value) },
        field,
        invalid: true,
      });
    }
    if (p.required && p.in !== "path") {
      enumerated.push({
        bad: `${p.in} ${p.name}: missing`,
        parameters: { [`${p.in}:${p.name}`]: undefined },
        field: withField(p.name),
        invalid: true,
      });
    }
  }
  if (operation.body) {
    for (const m of bodyMutations(operation.body, validBody)) {
      enumerated.push({ bad: m.bad, json: m.body, field: withField(m.field), invalid: true });
    }
    const validText = toJsonText(validBody);
    const bytes = withInvalidUtf8(validText);
    if (bytes)
      enumerated.push({
        bad: "body: bytes that are not UTF-8 inside a string",
        bytes: { contentType: "application/json", body: bytes },
        invalid: true,
      });
    if (operation.bodyRequired) enumerated.push({ bad: "no body", noBody: true, invalid: true });
    for (let cut = 1; cut < validText.length; cut += Math.max(1, Math.floor(validText.length / 6))) {
      enumerated.push({
        bad: `body: JSON cut after ${cut} characters`,
        bytes: { contentType: "application/json", body: validText.slice(0, cut) },
        invalid: true,
      });
    }
  }
  if (operation.body || !safe) {
    for (const m of MALFORMED_JSON)
      enumerated.push({
        bad: `body: ${m.label}`,
        bytes: { contentType: "application/json", body: m.text },
        invalid: true,
      });
    for (const contentType of OTHER_CONTENT_TYPES) {
      // Without a parser the server answers 415 whatever the route; with one, a text body can never be a JSON object.
      if (!options.hasParser(contentType)) {
        enumerated.push({
          bad: `content type ${contentType}`,
          bytes: { contentType, body: toJsonText(validBody ?? {}) },
          invalid: true,
        });
      } else if (bodyIsObject && contentType.startsWith("text/")) {
        enumerated.push({
          bad: `content type ${contentType}`,
          bytes: { contentType, body: toJsonText(validBody) },
          invalid: true,
        });
      }
    }
  }
  for (const method of ["PUT", "PATCH", "DELETE", "OPTIONS", "PROPFIND"]) {
    if (!operation.pathMethods.includes(method))
      enumerated.push({
        bad: `method ${method}`,
        method,
        bytes: { contentType: "application/json", body: "{" },
        invalid: true,
      });
  }

  const random: fc.Arbitrary<Breakage>[] = [];
  const stringPaths = operation.body ? stringFieldPaths(operation.body) : [];
  if (stringPaths.length > 0) {
    random.push(
      fc
        .tuple(
          fc.constantFrom(...stringPaths),
          fc.string({ unit: "binary", maxLength: 30 }),
          fc.constantFrom("\u0000", "\uD800", "\uDBFF", "\uDC00", "\uDFFF", "\uDE00\uD83D"),
          fc.nat(),
        )
        .map(([path, text, poison, at]) => {
          const i = at % (text.length + 1);
          return { path, value: text.slice(0, i) + poison + text.slice(i) };
        })
        .filter(({ value }) => isUnstorable(value))
        .map(({ path, value }) => ({
          bad: `body.${path.join(".")}: the random unstorable string ${JSON.stringify(value)}`,
          json: setAt(validBody, path, value),
          field: withField(path.join(".")),
          invalid: true,
        })),
    );
  }
  const typedPaths = operation.body ? typedFieldPaths(operation.body) : [];
  if (typedPaths.length > 0) {
    random.push(
      fc
        .tuple(fc.constantFrom(...typedPaths), fc.jsonValue({ maxDepth: 3 }))
        .filter(
          ([{ types }, value]) => !admits(types, value) && !(types.has("object") && jsonTypeOf(value) === "object"),
        )
        .map(([{ path }, value]) => {
          const text = JSON.stringify(value);
          // The JSON parser itself refuses these keys (prototype poisoning), with a 400 that names no field.
          const poisoned = /"(__proto__|constructor|prototype)"/.test(text);
          return {
            bad: `${path.length ? `body.${path.join(".")}` : "body"}: the random wrong-typed ${text.slice(0, 200)}`,
            json: setAt(validBody, path, value),
            field: poisoned ? undefined : withField(fieldName(path)),
            invalid: true,
          };
        }),
    );
  }
  if (operation.body || !safe) {
    random.push(
      fc.uint8Array({ maxLength: 200 }).map((bytes) => ({
        bad: "body: random bytes after a control character",
        // A leading U+0001 is neither JSON nor whitespace, so no parser makes a value of this.
        bytes: { contentType: "application/json", body: new Uint8Array([0x01, ...bytes]) },
        invalid: true,
      })),
    );
  }
  for (const p of operation.parameters) {
    const types = typesOf(p.schema);
    if (types.has("string") && p.in !== "header") {
      random.push(
        fc.string({ unit: "grapheme", maxLength: 20 }).map((text) => ({
          bad: `${p.in} ${p.name}: ${JSON.stringify(text)} with a NUL`,
          parameters: { [`${p.in}:${p.name}`]: `${encodeURIComponent(text)}%00` },
          field: withField(p.name),
          invalid: true,
        })),
      );
    }
  }
  if (safe) random.push(fc.constant<Breakage>({ bad: "odd headers and query noise only", invalid: false }));

  const randomCount = Math.max(options.count - enumerated.length, 40);
  const breakages = [
    ...enumerated,
    ...(random.length > 0 ? fc.sample(fc.oneof(...random), { seed: options.seed, numRuns: randomCount }) : []),
  ];
  const noises = fc.sample(noiseArbitrary, { seed: options.seed + 1, numRuns: breakages.length });
  return breakages.map((breakage, i) => buildCase(operation, name, breakage, noises[i]!, validParameters, validBody));
}

function stringFieldPaths(schema: JsonSchema, path: Path = [], depth = 0): Path[] {
  if (depth > 6) return [];
  const found: Path[] = typesOf(schema).has("string") && path.length > 0 ? [path] : [];
  for (const [key, property] of Object.entries(schema.properties ?? {}))
    found.push(...stringFieldPaths(property, [...path, key], depth + 1));
  if (schema.items) found.push(...stringFieldPaths(schema.items, [...path, 0], depth + 1));
  return found;
}

function typedFieldPaths(schema: JsonSchema, path: Path = [], depth = 0): { path: Path; types: Set<JsonType> }[] {
  if (depth > 6) return [];
  const types = typesOf(schema);
  const found = types.size > 0 ? [{ path, types }] : [];
  for (const [key, property] of Object.entries(schema.properties ?? {}))
    found.push(...typedFieldPaths(property, [...path, key], depth + 1));
  if (schema.items) found.push(...typedFieldPaths(schema.items, [...path, 0], depth + 1));
  return found;
}

function buildCase(
  operation: Operation,
  name: string,
  breakage: Breakage,
  noise: Noise,
  validParameters: Record<string, string>,
  validBody: unknown,
): FuzzCase {
  const method = breakage.method ?? operation.method;
  const safe = SAFE_METHODS.has(method);
  const parameters: Record<string, string | undefined> = { ...validParameters, ...breakage.parameters };
  const documentedQuery = new Set(operation.parameters.filter((p) => p.in === "query").map((p) => p.name));
  let field = breakage.field;

  const url =
    operation.path.replace(/\{([^}]+)\}/g, (_m, key: string) => parameters[`path:${key}`] ?? "") +
    queryString([
      ...Object.entries(parameters).flatMap(([key, value]) =>
        key.startsWith("query:") && value !== undefined ? [`${encodeURIComponent(key.slice(6))}=${value}`] : [],
      ),
      ...noise.query.filter((q) => !documentedQuery.has(q.split("=")[0]!)),
    ]);

  const headers: Record<string, string> = {};
  for (const [key, value] of noise.headers) headers[key] = value;
  for (const [key, value] of Object.entries(parameters)) {
    if (key.startsWith("header:") && value !== undefined) headers[key.slice(7)] = value;
  }

  let body: string | Uint8Array | undefined;
  if (!safe) {
    if (breakage.bytes) {
      body = breakage.bytes.body;
      if (breakage.bytes.contentType) headers["content-type"] = breakage.bytes.contentType;
    } else if ("json" in breakage || (operation.body && !breakage.noBody)) {
      // The breakage is in the body, or elsewhere (a parameter) with an otherwise valid body.
      const json = "json" in breakage ? breakage.json : validBody;
      let text = toJsonText(addExtraKeys(json, noise.extraKeys, operation.body));
      if (noise.protoKey && text.startsWith("{")) {
        text = text === "{}" ? `{${noise.protoKey}}` : `{${noise.protoKey},${text.slice(1)}`;
        field = undefined;
      }
      body = text;
      headers["content-type"] = noise.contentType;
      if (noise.contentType !== "application/json") field = undefined;
    }
    // Otherwise no body: the operation takes none and the breakage is in a parameter (or it is "no body" itself).
  }
  if (noise.raw) field = undefined;
  const authNoise = noise.auth ?? undefined;
  return {
    operation: name,
    bad: breakage.bad,
    method,
    url,
    headers,
    ...(body !== undefined ? { body } : {}),
    ...(noise.raw ? { rawHeaderLine: noise.raw } : {}),
    ...(authNoise ? { authNoise } : {}),
    invalid: breakage.invalid || !safe,
    ...(field !== undefined ? { field } : {}),
  };
}

function queryString(parts: string[]): string {
  return parts.length === 0 ? "" : `?${parts.join("&")}`;
}

function addExtraKeys(json: unknown, extras: [string, unknown][], schema: JsonSchema | null): unknown {
  if (typeof json !== "object" || json === null || Array.isArray(json) || json instanceof RawJson) return json;
  const known = new Set(Object.keys(schema?.properties ?? {}));
  const out: Record<string, unknown> = { ...json };
  for (const [key, value] of extras) if (!known.has(key)) out[key] = value;
  return out;
}
