import { useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { REVIEW_TOKEN_HEADER } from "@fieldops/shared/review";
import { ApiError, resolveUrl } from "../../lib/api";

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

/**
 * A call of the customer's pages: the token in its header and no cookies, so that even in a browser signed in to the
 * app, these pages act with the link's rights only.
 */
export async function reviewRequest<Schema extends z.ZodType>(
  schema: Schema,
  method: string,
  url: string,
  token: string,
  body?: unknown,
  extraHeaders: Record<string, string> = {},
): Promise<z.infer<Schema>> {
  const headers: Record<string, string> = { ...extraHeaders, [REVIEW_TOKEN_HEADER]: token };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const response = await fetch(resolveUrl(url), {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: "omit",
  });
  const text = await response.text();
  if (!response.ok) throw new ApiError(response.status, response.statusText, text);
  return schema.parse(JSON.parse(text));
}

export function useReviewQuery<Schema extends z.ZodType>(schema: Schema, url: string, token: string) {
  return useQuery({
    queryKey: [url, "review"],
    queryFn: () => reviewRequest(schema, "GET", url, token),
    enabled: token !== "",
  });
}
