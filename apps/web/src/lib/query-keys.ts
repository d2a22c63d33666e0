import { API_PATHS, apiPath } from "@fieldops/shared/api-paths";

/**
 * The cache key of every server read, defined once. A key's first part is the API path the generic query function
 * fetches (lib/api.ts), so a key cannot drift from its route.
 */
export const QUERY_KEYS = {} as const;
