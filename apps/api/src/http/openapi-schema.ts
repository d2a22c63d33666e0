import { createJsonSchemaTransform } from "fastify-type-provider-zod";
import { $ZodRegistry, globalRegistry, type $ZodType, type GlobalMeta } from "zod/v4/core";

/**
 * The metadata keys a schema's `.meta()` may carry into the OpenAPI document: those OpenAPI's schema object defines.
 * Libraries add their own (`@ag-ui/core` marks its JSON Patch operations `specOpen`), which a validator rejects.
 */
const OPENAPI_META_KEYS = ["id", "title", "description", "deprecated", "readOnly", "writeOnly", "example"] as const;

/** zod's global metadata, seen through OPENAPI_META_KEYS. */
class OpenApiMetadata extends $ZodRegistry<GlobalMeta> {
  override get(schema: $ZodType): GlobalMeta | undefined {
    const meta = globalRegistry.get(schema);
    if (!meta) return undefined;
    const kept = Object.fromEntries(
      Object.entries(meta).filter(([key]) => (OPENAPI_META_KEYS as readonly string[]).includes(key)),
    );
    return Object.keys(kept).length > 0 ? kept : undefined;
  }

  override has(schema: $ZodType): boolean {
    return this.get(schema) !== undefined;
  }
}

/** How each route's zod schemas become the OpenAPI document's (`@fastify/swagger`'s `transform`). */
export const openApiSchemaTransform = createJsonSchemaTransform({ schemaRegistry: new OpenApiMetadata() });
