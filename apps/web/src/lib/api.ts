import { QueryClient, type QueryFunction } from "@tanstack/react-query";
import { AUTH_TOKEN_STORAGE_KEY, errorResponseSchema, type ErrorResponse } from "@fieldops/shared/auth";

/**
 * A non-OK response. The message is the status code, colon and space, then the body text or, when
 * the body is empty, the status text. `body` is the parsed `{message, field?, requiredPlan?}` error body when the API sent one.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly body: ErrorResponse | null;

  constructor(status: number, statusText: string, bodyText: string) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = "ApiError";
    this.status = status;
    this.body = parseErrorBody(bodyText);
  }
}

function parseErrorBody(text: string): ApiError["body"] {
  if (!text) return null;
  try {
    const parsed = errorResponseSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function storedToken(): string | null {
  try {
    return globalThis.localStorage?.getItem(AUTH_TOKEN_STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
}

/** Relative URLs resolve against the page, as a browser's fetch does (also where fetch has no page, in tests). */
export function resolveUrl(url: string): string {
  const base = globalThis.location?.href;
  return base ? new URL(url, base).toString() : url;
}

async function throwIfNotOk(res: Response): Promise<void> {
  if (!res.ok) {
    const text = await res.text().catch(() => "");
    throw new ApiError(res.status, res.statusText, text);
  }
}

function authHeaders(): Record<string, string> {
  const token = storedToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
}

/**
 * The request client: cookies always, the stored bearer token when there is one, and a JSON body with
 * its content type only when a payload exists. Resolves with the response; throws an {@link ApiError} when not OK.
 */
export async function apiRequest(
  method: string,
  url: string,
  data?: unknown,
  extraHeaders: Record<string, string> = {},
): Promise<Response> {
  const headers = { ...extraHeaders, ...authHeaders() };
  if (data !== undefined) headers["Content-Type"] = "application/json";
  const res = await fetch(resolveUrl(url), {
    method,
    headers,
    body: data !== undefined ? JSON.stringify(data) : undefined,
    credentials: "include",
  });
  await throwIfNotOk(res);
  return res;
}

/**
 * A POST whose answer nobody waits for (telemetry): sent with keepalive, so it is delivered while the page unloads,
 * and its failures are ignored.
 */
export function postInBackground(url: string, data: unknown): void {
  try {
    void fetch(resolveUrl(url), {
      method: "POST",
      headers: { "Content-Type": "application/json", ...authHeaders() },
      body: JSON.stringify(data),
      credentials: "include",
      keepalive: true,
    }).catch(() => {});
  } catch {
    // A browser that refuses the request outright (a keepalive quota) loses the report, as a failed one would be.
  }
}

export type UnauthorizedBehavior = "returnNull" | "throw";

/** The generic read: GET the query key's parts joined with "/", as JSON; 401 gives null when asked to. */
export function getQueryFn<T>(options: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey }) => {
    const res = await fetch(resolveUrl(queryKey.join("/")), {
      headers: authHeaders(),
      credentials: "include",
    });
    if (options.on401 === "returnNull" && res.status === 401) return null;
    await throwIfNotOk(res);
    return (await res.json()) as T;
  };
}

/** Data-fetching defaults: no retries, no refetch on focus, no polling, never stale. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: "throw" }),
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
