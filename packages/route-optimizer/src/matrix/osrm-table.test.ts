import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { osrmTableMatrix, UNREACHABLE } from "./osrm-table";

/**
 * A stand-in OSRM /table service: duration 10 x |Δlon| and distance 100 x |Δlon| between coordinates, honouring
 * `sources` and `destinations`; the coordinate 7,7 is unroutable and 9,9 is rejected.
 */
let server: Server;
let baseUrl: string;
let requests: URL[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    requests.push(url);
    const match = /^\/table\/v1\/driving\/(.+)$/.exec(url.pathname);
    if (match === null) {
      res.writeHead(404).end();
      return;
    }
    const coords = match[1]!.split(";");
    if (coords.includes("9,9")) {
      res
        .writeHead(400, { "content-type": "application/json" })
        .end(JSON.stringify({ code: "InvalidQuery", message: "bad coordinate" }));
      return;
    }
    const pick = (param: string) => url.searchParams.get(param)?.split(";").map(Number) ?? coords.map((_, i) => i);
    const sources = pick("sources");
    const destinations = pick("destinations");
    const lon = (i: number) => Number(coords[i]!.split(",")[0]);
    const table = (k: number) =>
      sources.map((i) =>
        destinations.map((j) =>
          (coords[i] === "7,7" || coords[j] === "7,7") && coords[i] !== coords[j]
            ? null
            : k * Math.abs(lon(i) - lon(j)),
        ),
      );
    res
      .writeHead(200, { "content-type": "application/json" })
      .end(JSON.stringify({ code: "Ok", durations: table(10), distances: table(100) }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});

beforeEach(() => {
  requests = [];
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe("osrmTableMatrix", () => {
  it("requests durations and distances for lon,lat pairs and returns them row-major", async () => {
    const m = await osrmTableMatrix({ baseUrl }).matrix([
      { lat: 50, lon: 1 },
      { lat: 50, lon: 2 },
      { lat: 50, lon: 4 },
    ]);
    expect(requests.map((u) => u.pathname + u.search)).toEqual([
      "/table/v1/driving/1,50;2,50;4,50?annotations=duration,distance",
    ]);
    expect(m.size).toBe(3);
    expect([...m.durations]).toEqual([0, 10, 30, 10, 0, 20, 30, 20, 0]);
    expect([...m.distances]).toEqual([0, 100, 300, 100, 0, 200, 300, 200, 0]);
  });

  it("splits a matrix larger than the table limit into blocks and reassembles it", async () => {
    const locations = Array.from({ length: 7 }, (_, i) => ({ lat: 0, lon: i * i }));
    const m = await osrmTableMatrix({ baseUrl, maxTableSize: 4 }).matrix(locations);
    expect(requests.length).toBe(16);
    for (const u of requests) expect(u.pathname.split(";").length).toBeLessThanOrEqual(4);
    for (let i = 0; i < 7; i++)
      for (let j = 0; j < 7; j++) expect(m.durations[i * 7 + j]).toBe(10 * Math.abs(i * i - j * j));
  });

  it("marks pairs OSRM cannot route as unreachable", async () => {
    const m = await osrmTableMatrix({ baseUrl }).matrix([
      { lat: 0, lon: 0 },
      { lat: 7, lon: 7 },
    ]);
    expect(m.durations[1]).toBe(UNREACHABLE);
    expect(m.durations[3]).toBe(0);
  });

  it("reports OSRM errors", async () => {
    await expect(
      osrmTableMatrix({ baseUrl }).matrix([
        { lat: 9, lon: 9 },
        { lat: 0, lon: 0 },
      ]),
    ).rejects.toThrow(/HTTP 400/);
  });
});
