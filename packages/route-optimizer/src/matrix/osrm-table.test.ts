import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { osrmTableMatrix, UNREACHABLE } from "./osrm-table";

/** A stand-in OSRM: answers /table/v1/driving/... with durations = 10 x |i - j| and distances = 100 x |i - j|. */
let server: Server;
let baseUrl: string;
const requests: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    requests.push(url.pathname + url.search);
    const match = /^\/table\/v1\/driving\/(.+)$/.exec(url.pathname);
    if (match === null) {
      res.writeHead(404).end();
      return;
    }
    const coords = match[1]!.split(";");
    if (coords.some((c) => c === "9,9")) {
      res.writeHead(400, { "content-type": "application/json" }).end(JSON.stringify({ code: "InvalidQuery", message: "bad coordinate" }));
      return;
    }
    const n = coords.length;
    const table = (k: number) => Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => (coords[j] === "7,7" && i !== j ? null : k * Math.abs(i - j))));
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ code: "Ok", durations: table(10), distances: table(100) }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe("osrmTableMatrix", () => {
  it("requests durations and distances for lon,lat pairs and returns them row-major", async () => {
    const m = await osrmTableMatrix({ baseUrl }).matrix([
      { lat: 50.1, lon: 8.6 },
      { lat: 50.2, lon: 8.7 },
      { lat: 50.3, lon: 8.8 },
    ]);
    expect(requests.at(-1)).toBe("/table/v1/driving/8.6,50.1;8.7,50.2;8.8,50.3?annotations=duration,distance");
    expect(m.size).toBe(3);
    expect([...m.durations]).toEqual([0, 10, 20, 10, 0, 10, 20, 10, 0]);
    expect([...m.distances]).toEqual([0, 100, 200, 100, 0, 100, 200, 100, 0]);
  });

  it("marks pairs OSRM cannot route as unreachable", async () => {
    const m = await osrmTableMatrix({ baseUrl }).matrix([
      { lat: 0, lon: 0 },
      { lat: 7, lon: 7 },
    ]);
    expect(m.durations[1]).toBe(UNREACHABLE);
    expect(m.durations[2]).toBe(10);
  });

  it("reports OSRM errors", async () => {
    await expect(osrmTableMatrix({ baseUrl }).matrix([{ lat: 9, lon: 9 }, { lat: 0, lon: 0 }])).rejects.toThrow(/HTTP 400/);
  });
});
