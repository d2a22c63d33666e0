import { describe, expect, it } from "vitest";
import { z } from "zod";
import { emailSchema } from "@fieldops/shared/auth";
import { text } from "@fieldops/shared/text";
import {
  casesFor,
  operationsOf,
  unboundedInputs,
  type FuzzCase,
  type JsonSchema,
  type OpenApiDocument,
} from "./openapi-fuzz-cases.ts";

/**
 * The fuzz test may only call a request invalid when it is: otherwise a state-changing route would legitimately act
 * on it. Checked here against zod schemas of a route with every kind of input the document can describe, including
 * path and header parameters and nested bodies that today's routes do not have yet.
 */

const body = z.object({
  title: text({ max: 80, trim: true }).min(1),
  kind: z.enum(["visit", "quote"]),
  count: z.number().int().min(0).max(10),
  ratio: z.number().optional(),
  done: z.boolean(),
  tags: z.array(text({ max: 20 })).max(5),
  owner: z.object({ email: emailSchema, id: z.uuid() }),
  when: z.iso.datetime({ offset: true }).max(40).optional(),
  code: text({ max: 3 }).regex(/^[A-Z]{3}$/),
});
const params = z.object({ id: z.uuid() });
const query = z.object({
  page: z.coerce.number().int().min(1).max(50).optional(),
  sort: z.enum(["asc", "desc"]).optional(),
  q: text({ max: 50 }).optional(),
});
const headers = z.object({ "idempotency-key": text({ max: 64 }) });

const schemaOf = (schema: z.ZodType) => z.toJSONSchema(schema, { io: "input" }) as JsonSchema;

const document: OpenApiDocument = {
  paths: {
    "/api/things/{id}": {
      put: {
        parameters: [
          { name: "id", in: "path", required: true, schema: schemaOf(params.shape.id) },
          { name: "page", in: "query", schema: schemaOf(query.shape.page) },
          { name: "sort", in: "query", schema: schemaOf(query.shape.sort) },
          { name: "q", in: "query", schema: schemaOf(query.shape.q) },
          { name: "idempotency-key", in: "header", required: true, schema: schemaOf(headers.shape["idempotency-key"]) },
        ],
        requestBody: { required: true, content: { "application/json": { schema: schemaOf(body) } } },
      },
      get: { parameters: [{ name: "id", in: "path", required: true, schema: schemaOf(params.shape.id) }] },
    },
  },
};

const operations = operationsOf(document);
const put = operations.find((o) => o.method === "PUT")!;
const get = operations.find((o) => o.method === "GET")!;
const utf8 = new TextDecoder("utf-8", { fatal: true });

/** Where the request breaks the schemas, as the server would see it; null when it is valid. */
function refusal(c: FuzzCase): string[] | "unparsable" | null {
  if (c.method !== "PUT") return "unparsable";
  const [path = "", search = ""] = c.url.split("?");
  let id: string;
  try {
    // The router refuses a path that is not valid percent-encoding.
    id = decodeURIComponent(path.slice("/api/things/".length));
  } catch {
    return "unparsable";
  }
  // The query parser keeps what it cannot decode as it is, in an object without a prototype.
  const lenient = (value: string) => {
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  };
  const found: Record<string, string | string[]> = Object.create(null) as Record<string, string | string[]>;
  for (const part of search.split("&").filter(Boolean)) {
    const [key = "", value = ""] = part.split("=");
    const name = lenient(key);
    const previous = found[name];
    found[name] = previous === undefined ? lenient(value) : [previous, lenient(value)].flat();
  }
  if (c.body === undefined) return ["body"];
  const contentType = (c.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
  if (contentType !== "application/json") return "unparsable";
  let parsed: unknown;
  try {
    const textBody = typeof c.body === "string" ? c.body : utf8.decode(c.body);
    if (/"__proto__"|"constructor":\{"prototype"/.test(textBody)) return "unparsable";
    parsed = JSON.parse(textBody);
  } catch {
    return "unparsable";
  }
  const issues: string[] = [];
  const check = (schema: z.ZodType, value: unknown, where: string) => {
    const result = schema.safeParse(value);
    if (!result.success) issues.push(result.error.issues[0]!.path.join(".") || where);
  };
  check(params, { id }, "params");
  check(body, parsed, "body");
  check(query, found, "query");
  check(headers, c.headers, "headers");
  return issues.length > 0 ? issues : null;
}

describe("the fuzz cases of an operation", () => {
  const cases = casesFor(put, {
    seed: 42,
    count: 200,
    hasParser: (type) => type === "application/json" || type === "text/plain",
  });

  it("are hundreds, all marked invalid for a state-changing route", () => {
    expect(cases.length).toBeGreaterThanOrEqual(200);
    expect(cases.every((c) => c.invalid)).toBe(true);
  });

  it("are each refused by the route's schemas, by its parser or by its router", () => {
    const accepted = cases.filter((c) => refusal(c) === null).map((c) => `${c.bad}: ${c.url} ${String(c.body)}`);
    expect(accepted).toEqual([]);
  });

  it("name a field only when that field is the one thing wrong", () => {
    const named = cases.filter((c) => c.field !== undefined);
    expect(named.length).toBeGreaterThan(100);
    const wrong = named.flatMap((c) => {
      const found = refusal(c);
      return Array.isArray(found) && found.length === 1 && found[0] === c.field
        ? []
        : [`${c.bad}: expected ${c.field}, found ${JSON.stringify(found)}`];
    });
    expect(wrong).toEqual([]);
  });

  it("cover every field, parameter and header with a string PostgreSQL cannot store", () => {
    for (const where of ["body.title", "body.tags.0", "body.owner.email", "body.code", "query q", "path id"]) {
      expect(
        cases.some((c) => c.bad.startsWith(where) && /NUL|surrogate/.test(c.bad)),
        where,
      ).toBe(true);
    }
  });

  it("are reproducible from the seed", () => {
    const again = casesFor(put, {
      seed: 42,
      count: 200,
      hasParser: (type) => type === "application/json" || type === "text/plain",
    });
    expect(again.map((c) => [c.bad, c.url])).toEqual(cases.map((c) => [c.bad, c.url]));
  });

  it("send a safe route valid requests with odd headers, and only there", () => {
    const reads = casesFor(get, { seed: 42, count: 100, hasParser: () => true });
    expect(reads.some((c) => !c.invalid && c.method === "GET")).toBe(true);
    expect(reads.filter((c) => c.method !== "GET").every((c) => c.invalid)).toBe(true);
  });
});

describe("the maximum-length rule", () => {
  it("finds strings and arrays a client sends without a maximum", () => {
    const loose: OpenApiDocument = {
      paths: {
        "/x": {
          post: {
            requestBody: {
              content: {
                "application/json": {
                  schema: schemaOf(z.object({ a: z.string(), b: z.array(z.enum(["x"])), c: z.uuid() })),
                },
              },
            },
          },
        },
      },
    };
    expect(unboundedInputs(operationsOf(loose))).toEqual(["POST /x body.a (string)", "POST /x body.b (array)"]);
    expect(unboundedInputs(operations)).toEqual([]);
  });
});
