import { createOpenAI } from "@ai-sdk/openai";
import { jsonSchema, streamText, tool } from "ai";
import {
  BUILT_IN_RELATION_TARGETS,
  CUSTOM_FIELD_TYPES,
  featureSpecSchema,
  MEASURED_FIELD_TYPES,
  type FeatureSpec,
} from "@fieldops/shared/feature-spec";
import type { TaskContext } from "@fieldops/tasks/task-definition";
import { crudRoutes } from "./parse-feature-request.ts";

type ModelConfig = NonNullable<TaskContext["model"]>;

const SYSTEM = [
  "You turn a field-service company's feature request into data models for its app.",
  "Call propose_spec once. Keys are lower_snake_case. Relate each object to the product's records it belongs to",
  `(${BUILT_IN_RELATION_TARGETS.join(", ")}) or to another object of the feature, and list in showOn the product's pages`,
  "that should show its records. Use the field type that fits the data; a select needs its options. A quantity",
  "(a dose, an area, a weight, a duration) is a number with its unit; money is only a price, cost, fee or amount charged.",
].join(" ");

const key = { type: "string", pattern: "^[a-z][a-z0-9_]*$", maxLength: 40 } as const;
const specInput = jsonSchema<unknown>({
  type: "object",
  required: ["featureName", "description", "entities"],
  properties: {
    featureName: { type: "string", maxLength: 80 },
    description: { type: "string", maxLength: 2000 },
    entities: {
      type: "array",
      maxItems: 10,
      items: {
        type: "object",
        required: ["key", "name", "pluralName", "fields"],
        properties: {
          key,
          name: { type: "string", maxLength: 60 },
          pluralName: { type: "string", maxLength: 60 },
          fields: {
            type: "array",
            maxItems: 40,
            items: {
              type: "object",
              required: ["key", "label", "type"],
              properties: {
                key,
                label: { type: "string", maxLength: 80 },
                type: { type: "string", enum: [...CUSTOM_FIELD_TYPES] },
                required: { type: "boolean" },
                options: { type: "array", items: { type: "string", maxLength: 80 }, maxItems: 50 },
                unit: { type: "string", maxLength: 20 },
              },
            },
          },
          relations: {
            type: "array",
            maxItems: 10,
            items: {
              type: "object",
              required: ["key", "label", "target"],
              properties: { key, label: { type: "string" }, target: key, required: { type: "boolean" } },
            },
          },
          showOn: { type: "array", items: { type: "string", enum: [...BUILT_IN_RELATION_TARGETS] } },
        },
      },
    },
  },
});

/** The model's answer with a unit kept only on the number fields it belongs to (a unit on a text field is dropped). */
function withUnitsOnNumbers(input: unknown): object {
  if (typeof input !== "object" || input === null) return {};
  const spec = input as { entities?: unknown };
  if (!Array.isArray(spec.entities)) return spec;
  const entities = spec.entities.map((entity: unknown) => {
    if (typeof entity !== "object" || entity === null || !Array.isArray((entity as { fields?: unknown }).fields))
      return entity;
    const fields = (entity as { fields: unknown[] }).fields.map((field) => {
      if (typeof field !== "object" || field === null || !("unit" in field)) return field;
      const { unit, ...rest } = field as { unit: unknown; type?: unknown };
      const measured = (MEASURED_FIELD_TYPES as readonly unknown[]).includes(rest.type);
      return measured && typeof unit === "string" && unit.trim() !== "" ? { ...rest, unit } : rest;
    });
    return { ...entity, fields };
  });
  return { ...spec, entities };
}

/**
 * Asks the configured model for the spec of a request in words. The routes are always the standard ones of each
 * entity, whatever the model says; an answer that is not a valid spec is an error (the caller falls back).
 */
export async function specWithModel(config: ModelConfig, description: string): Promise<FeatureSpec> {
  const provider = createOpenAI({ apiKey: config.apiKey, ...(config.baseURL ? { baseURL: config.baseURL } : {}) });
  // Streamed, as the assistant asks: OpenAI-compatible servers all speak it, not all answer unstreamed requests.
  const result = streamText({
    model: provider.chat(config.model),
    system: SYSTEM,
    prompt: description,
    tools: { propose_spec: tool({ description: "The feature's data models", inputSchema: specInput }) },
    toolChoice: { type: "tool", toolName: "propose_spec" },
    maxRetries: 1,
    // A failure shows as no tool call, and the caller falls back to the parser.
    onError: () => {},
  });
  const call = (await result.toolCalls).find((candidate) => candidate.toolName === "propose_spec");
  if (!call) throw new Error("The model proposed no spec");
  const proposed = featureSpecSchema.safeParse({
    ...withUnitsOnNumbers(call.input),
    description: description.slice(0, 2000),
    routes: [],
  });
  if (!proposed.success)
    throw new Error(`The model's spec is not valid: ${proposed.error.issues[0]?.message ?? "invalid"}`);
  return featureSpecSchema.parse({ ...proposed.data, routes: proposed.data.entities.flatMap(crudRoutes) });
}
