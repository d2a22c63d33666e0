import { useQuery, type QueryKey } from "@tanstack/react-query";
import { fillPath, type Endpoint, type EndpointInput, type EndpointResponse } from "@fieldops/shared/endpoint";
import { REVIEW_TOKEN_HEADER } from "@fieldops/shared/review";
import type { z } from "zod";
import { ApiError, resolveUrl } from "../../lib/api";
import { saveFile } from "../../lib/download";
import { pathKey } from "../../lib/endpoints";

/**
 * The link's token, from the URL's fragment: browsers never send a fragment to a server, so the token reaches no
 * access log; the page sends it in a header instead.
 */
export function fragmentToken(): string {
  const hash = globalThis.location?.hash ?? "";
  try {
    return decodeURIComponent(hash.replace(/^#/, ""));
  } catch {
    return "";
  }
}

/** The parts of a customer's page's call: the path's parameters, the body and the headers beside the token. */
interface ReviewParts {
  params?: Record<string, string>;
  body?: unknown;
  headers?: Record<string, string | undefined>;
}

/** Sends a customer's page's request with the link's token and no cookies; throws an `ApiError` when refused. */
async function reviewFetch<E extends Endpoint>(endpoint: E, token: string, input: EndpointInput<E>): Promise<Response> {
  const parts: ReviewParts = input;
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(parts.headers ?? {})) if (value !== undefined) headers[name] = value;
  headers[REVIEW_TOKEN_HEADER] = token;
  if (parts.body !== undefined) headers["Content-Type"] = "application/json";
  const response = await fetch(resolveUrl(fillPath(endpoint.path, parts.params)), {
    method: endpoint.method,
    headers,
    body: parts.body === undefined ? undefined : JSON.stringify(parts.body),
    credentials: "omit",
  });
  if (!response.ok) throw new ApiError(response.status, response.statusText, await response.text());
  return response;
}

/** Downloads a file of a customer's page (an invoice's or an estimate's PDF) with the link's token. */
export async function downloadReviewFile<E extends Endpoint>(
  endpoint: E,
  token: string,
  input: EndpointInput<E>,
  fileName: string,
): Promise<void> {
  saveFile(await (await reviewFetch(endpoint, token, input)).blob(), fileName);
}

/**
 * A call of the customer's pages (`/api/review/*` endpoints): the token in its header and no cookies, so that even in
 * a browser signed in to the app, these pages act with the link's rights only. The answer is checked against the
 * endpoint's response schema.
 */
export async function callReviewEndpoint<E extends Endpoint>(
  endpoint: E,
  token: string,
  input: EndpointInput<E>,
): Promise<EndpointResponse<E>> {
  const text = await (await reviewFetch(endpoint, token, input)).text();
  // A schema's output is its endpoint's response type; TypeScript cannot see it through the generic.
  const schema = endpoint.response as z.ZodType<EndpointResponse<E>>;
  return schema.parse(JSON.parse(text));
}

/** The cache key of a customer's page's read: the endpoint's key, then the token it was read with. */
export function reviewQueryKey<E extends Endpoint>(endpoint: E, input: EndpointInput<E>, token: string): QueryKey {
  const parts: ReviewParts = input;
  return [...pathKey(fillPath(endpoint.path, parts.params)), token];
}

/** Reads a customer's page with its link's token; nothing is asked without one. */
export function useReviewQuery<E extends Endpoint>(
  endpoint: E,
  input: EndpointInput<E>,
  token: string,
  enabled = token !== "",
) {
  return useQuery({
    queryKey: reviewQueryKey(endpoint, input, token),
    queryFn: () => callReviewEndpoint(endpoint, token, input),
    enabled,
  });
}
