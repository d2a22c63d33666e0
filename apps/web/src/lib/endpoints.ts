import {
  useMutation,
  useQuery,
  useQueryClient,
  type QueryKey,
  type UseMutationOptions,
  type UseQueryOptions,
} from "@tanstack/react-query";
import {
  fillPath,
  queryString,
  type Endpoint,
  type EndpointInput,
  type EndpointResponse,
} from "@fieldops/shared/endpoint";
import type { z } from "zod";
import { apiRequest } from "./api";

/** An endpoint's input as an argument: optional when the endpoint needs nothing (no parameters, no required query). */
type InputArgument<E extends Endpoint> =
  Record<never, never> extends EndpointInput<E> ? [input?: EndpointInput<E>] : [input: EndpointInput<E>];

interface InputParts {
  params?: Record<string, string | number>;
  query?: Record<string, unknown>;
  headers?: Record<string, string | undefined>;
  body?: unknown;
}

/** The URL of a call: the path with its parameters filled in, then the query string. */
export function endpointUrl<E extends Endpoint>(endpoint: E, ...[input]: InputArgument<E>): string {
  return urlOf(endpoint, input ?? {});
}

function urlOf(endpoint: Endpoint, parts: InputParts): string {
  return `${fillPath(endpoint.path, parts.params)}${queryString(parts.query)}`;
}

/**
 * The cache key of a read, made from what it asks for: the API path's segments with the parameters filled in, the
 * first two joined (`["/api/customers", "6f1…"]`), then the query when there is one. A key is a prefix of every key
 * under it, so invalidating `endpointKey(customerEndpoints.list)` reads every customer list and customer again.
 */
export function endpointKey<E extends Endpoint>(endpoint: E, ...[input]: InputArgument<E>): QueryKey {
  const parts: InputParts = input ?? {};
  return pathKey(fillPath(endpoint.path, parts.params), parts.query);
}

/** The cache key of a path already filled in (`/api/customers/6f1…`), with its query when there is one. */
export function pathKey(path: string, query?: Record<string, unknown>): QueryKey {
  const [, api, area, ...rest] = path.split("/");
  const key: unknown[] = [`/${api}/${area}`, ...rest.map(decodeURIComponent)];
  const filled = query && Object.entries(query).filter(([, value]) => value !== undefined && value !== "");
  return filled && filled.length > 0 ? [...key, Object.fromEntries(filled)] : key;
}

/**
 * Calls an endpoint: the body as JSON when it has one, with the headers it names, the answer checked against the
 * endpoint's response schema. Throws an `ApiError` ("404: Customer not found") when the server refuses.
 */
export async function callEndpoint<E extends Endpoint>(
  endpoint: E,
  ...[input]: InputArgument<E>
): Promise<EndpointResponse<E>> {
  const parts: InputParts = input ?? {};
  const response = await apiRequest(
    endpoint.method,
    urlOf(endpoint, parts),
    endpoint.body ? parts.body : undefined,
    headersOf(parts),
  );
  // A schema's output is its endpoint's response type; TypeScript cannot see it through the generic.
  const schema = endpoint.response as z.ZodType<EndpointResponse<E>>;
  return schema.parse(endpoint.status === 204 || response.status === 204 ? null : await response.json());
}

/** The headers a call sends (an Idempotency-Key), those left undefined left out. */
function headersOf(parts: InputParts): Record<string, string> {
  return Object.fromEntries(
    Object.entries(parts.headers ?? {}).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}

type EndpointQueryOptions<E extends Endpoint, Selected> = Omit<
  UseQueryOptions<EndpointResponse<E>, Error, Selected>,
  "queryKey" | "queryFn"
>;

/** Reads an endpoint through the query cache, under {@link endpointKey}. */
export function useEndpointQuery<E extends Endpoint, Selected = EndpointResponse<E>>(
  endpoint: E,
  input: EndpointInput<E>,
  options: EndpointQueryOptions<E, Selected> = {},
) {
  const args = [input] as InputArgument<E>;
  return useQuery({
    ...options,
    queryKey: endpointKey(endpoint, ...args),
    queryFn: () => callEndpoint(endpoint, ...args),
  });
}

export interface EndpointMutationOptions<E extends Endpoint> extends Omit<
  UseMutationOptions<EndpointResponse<E>, Error, EndpointInput<E>>,
  "mutationFn"
> {
  /** The reads a success makes stale (their keys, or prefixes of them): fetched again after `onSuccess`. */
  invalidates?: readonly QueryKey[] | ((response: EndpointResponse<E>, input: EndpointInput<E>) => readonly QueryKey[]);
}

/** Calls an endpoint that changes something, then marks the reads it affects stale. */
export function useEndpointMutation<E extends Endpoint>(endpoint: E, options: EndpointMutationOptions<E> = {}) {
  const queryClient = useQueryClient();
  const { invalidates = [], onSuccess, ...rest } = options;
  return useMutation({
    ...rest,
    mutationFn: (input: EndpointInput<E>) => callEndpoint(endpoint, ...([input] as InputArgument<E>)),
    onSuccess: async (response, input, ...more) => {
      await onSuccess?.(response, input, ...more);
      const keys = typeof invalidates === "function" ? invalidates(response, input) : invalidates;
      await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
}
