// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { defineEndpoint } from "@fieldops/shared/endpoint";
import { ApiError } from "./api";
import { callEndpoint, endpointKey, endpointUrl } from "./endpoints";
import { sendJson, useLocalApi, type LocalServer } from "../testing/local-server";

const server = useLocalApi();
let api: LocalServer;
beforeEach(() => {
  api = server.current;
});

const thingSchema = z.object({ id: z.string(), name: z.string() });
const things = {
  list: defineEndpoint({
    method: "GET",
    path: "/api/things",
    tags: ["things"],
    summary: "Things",
    query: z.object({ q: z.string().optional(), limit: z.number().optional() }),
    response: z.array(thingSchema),
  }),
  rename: defineEndpoint({
    method: "PATCH",
    path: "/api/things/:id",
    tags: ["things"],
    summary: "Rename a thing",
    params: z.object({ id: z.string() }),
    body: z.object({ name: z.string() }),
    response: thingSchema,
  }),
  pay: defineEndpoint({
    method: "POST",
    path: "/api/things/:id/payments",
    tags: ["things"],
    summary: "Pay for a thing, once per Idempotency-Key",
    params: z.object({ id: z.string() }),
    headers: z.object({ "idempotency-key": z.string(), "x-note": z.string().optional() }),
    status: 201,
    response: thingSchema,
  }),
  remove: defineEndpoint({
    method: "DELETE",
    path: "/api/things/:id",
    tags: ["things"],
    summary: "Delete a thing",
    params: z.object({ id: z.string() }),
    status: 204,
    response: z.null(),
  }),
};

describe("endpointUrl and endpointKey", () => {
  it("fill the path's parameters encoded and write the query, leaving out what is not given", () => {
    expect(endpointUrl(things.rename, { params: { id: "a/b c" }, body: { name: "x" } })).toBe("/api/things/a%2Fb%20c");
    expect(endpointUrl(things.list, { query: { q: "mow & edge", limit: 5 } })).toBe(
      "/api/things?q=mow%20%26%20edge&limit=5",
    );
    expect(endpointUrl(things.list)).toBe("/api/things");
  });

  it("key a read by its path's segments and query, so a list's key is a prefix of each thing's", () => {
    const list = endpointKey(things.list);
    const one = endpointKey(things.rename, { params: { id: "a/b c" }, body: { name: "x" } });
    expect(list).toEqual(["/api/things"]);
    expect(one).toEqual(["/api/things", "a/b c"]);
    expect(endpointKey(things.list, { query: { q: "mow", limit: undefined } })).toEqual(["/api/things", { q: "mow" }]);
  });
});

describe("callEndpoint", () => {
  it("sends the body as JSON and returns the answer checked against the response schema", async () => {
    api.on("PATCH", "/api/things/7", (req, res) => sendJson(res, 200, { id: "7", ...JSON.parse(req.body) }));

    const thing = await callEndpoint(things.rename, { params: { id: "7" }, body: { name: "Hedge" } });

    expect(thing).toEqual({ id: "7", name: "Hedge" });
    expect(api.requests[0]?.headers["content-type"]).toBe("application/json");
  });

  it("sends the endpoint's headers, leaving out those not given", async () => {
    api.on("POST", "/api/things/7/payments", (_req, res) => sendJson(res, 201, { id: "7", name: "Hedge" }));

    await callEndpoint(things.pay, {
      params: { id: "7" },
      headers: { "idempotency-key": "key-1234", "x-note": undefined },
    });

    expect(api.requests[0]?.headers["idempotency-key"]).toBe("key-1234");
    expect(api.requests[0]?.headers["x-note"]).toBeUndefined();
  });

  it("rejects an answer that does not match the response schema instead of handing it on", async () => {
    api.on("GET", "/api/things", (_req, res) => sendJson(res, 200, [{ id: 7 }]));

    await expect(callEndpoint(things.list)).rejects.toThrow(z.ZodError);
  });

  it("reads a 204 as null and throws the server's refusal as an ApiError", async () => {
    api.on("DELETE", "/api/things/7", (_req, res) => {
      res.writeHead(204).end();
    });
    api.on("DELETE", "/api/things/8", (_req, res) => sendJson(res, 403, { message: "You do not have access to this" }));

    await expect(callEndpoint(things.remove, { params: { id: "7" } })).resolves.toBeNull();
    const refusal = await callEndpoint(things.remove, { params: { id: "8" } }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ApiError);
    expect((refusal as ApiError).status).toBe(403);
    expect((refusal as ApiError).body?.message).toBe("You do not have access to this");
  });
});
