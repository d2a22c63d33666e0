// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from "vitest";
import { ApiError, apiRequest, createQueryClient, getQueryFn } from "./api";
import { sendJson, useLocalApi, type LocalServer } from "../testing/local-server";

const server = useLocalApi();
let api: LocalServer;
beforeEach(() => {
  api = server.current;
});

describe("apiRequest", () => {
  it("sends a JSON body with its content type and the stored bearer token", async () => {
    api.on("POST", "/api/things", (_req, res) => sendJson(res, 201, { ok: true }));
    localStorage.setItem("auth_token", "tok-123");

    const res = await apiRequest("POST", "/api/things", { name: "Mow", count: 2 });

    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ ok: true });
    const [seen] = api.requests;
    expect(seen?.method).toBe("POST");
    expect(seen?.headers["content-type"]).toBe("application/json");
    expect(seen?.headers.authorization).toBe("Bearer tok-123");
    expect(JSON.parse(seen?.body ?? "")).toEqual({ name: "Mow", count: 2 });
  });

  it("sends no body, no content type and no authorization when there is no payload and no token", async () => {
    api.on("POST", "/api/logout", (_req, res) => {
      res.writeHead(204).end();
    });

    await apiRequest("POST", "/api/logout");

    const [seen] = api.requests;
    expect(seen?.headers["content-type"]).toBeUndefined();
    expect(seen?.headers.authorization).toBeUndefined();
    expect(seen?.body).toBe("");
  });

  it("throws 'status: body' for a non-OK response and keeps the parsed error body", async () => {
    const body = { message: "An account with this email already exists", field: "email" };
    api.on("POST", "/api/signup", (_req, res) => sendJson(res, 409, body));

    const error = await apiRequest("POST", "/api/signup", {}).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe(`409: ${JSON.stringify(body)}`);
    expect((error as ApiError).status).toBe(409);
    expect((error as ApiError).body).toEqual(body);
  });

  it("uses the status text when the error body is empty", async () => {
    api.on("GET", "/api/down", (_req, res) => {
      res.writeHead(503).end();
    });

    await expect(apiRequest("GET", "/api/down")).rejects.toThrow(/^503: Service Unavailable$/);
  });
});

describe("getQueryFn", () => {
  const context = (queryKey: readonly unknown[]) =>
    ({ queryKey, signal: new AbortController().signal, meta: undefined }) as unknown as Parameters<
      ReturnType<typeof getQueryFn>
    >[0];

  it("GETs the query key joined with '/' and returns the JSON, with the bearer token", async () => {
    api.on("GET", "/api/crews/42", (_req, res) => sendJson(res, 200, { id: "42", name: "Crew B" }));
    localStorage.setItem("auth_token", "tok-9");

    const data = await getQueryFn({ on401: "throw" })(context(["/api/crews", "42"]));

    expect(data).toEqual({ id: "42", name: "Crew B" });
    expect(api.requests[0]?.method).toBe("GET");
    expect(api.requests[0]?.url).toBe("/api/crews/42");
    expect(api.requests[0]?.headers.authorization).toBe("Bearer tok-9");
  });

  it("returns null on 401 when asked to, and throws otherwise", async () => {
    api.on("GET", "/api/user", (_req, res) => sendJson(res, 401, { message: "Not signed in" }));

    await expect(getQueryFn({ on401: "returnNull" })(context(["/api/user"]))).resolves.toBeNull();
    await expect(getQueryFn({ on401: "throw" })(context(["/api/user"]))).rejects.toThrow(
      '401: {"message":"Not signed in"}',
    );
  });
});

describe("createQueryClient", () => {
  it("does not retry a failed read and treats data as never stale", async () => {
    api.on("GET", "/api/flaky", (_req, res) => sendJson(res, 500, { message: "boom" }));
    const client = createQueryClient();

    await expect(client.fetchQuery({ queryKey: ["/api/flaky"] })).rejects.toThrow('500: {"message":"boom"}');
    expect(api.requests.filter((r) => r.url === "/api/flaky")).toHaveLength(1);

    const defaults = client.getDefaultOptions().queries;
    expect(defaults?.staleTime).toBe(Infinity);
    expect(defaults?.refetchOnWindowFocus).toBe(false);
    expect(defaults?.refetchInterval).toBe(false);
    expect(defaults?.retry).toBe(false);
  });
});
