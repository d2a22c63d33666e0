import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { answer } from "./stand-in-http.ts";

export interface OsrmStandIn {
  url: string;
  /** The paths asked for, in order. */
  requests: string[];
  /** "error" answers 500 as a failing server does; "hang" never answers. */
  mode: "ok" | "error" | "hang";
  close(): Promise<void>;
}

/** Manhattan metres between two `[lon, lat]`: 1 m per 0.00001 degree. */
export const standInMetres = (a: readonly number[], b: readonly number[]) =>
  Math.round((Math.abs(a[0]! - b[0]!) + Math.abs(a[1]! - b[1]!)) * 100_000);

/**
 * A stand-in OSRM server: `/table/v1/driving/{lon,lat;...}` answers in OSRM's format with Manhattan distances
 * (`standInMetres`) driven at 10 m/s.
 */
export async function startOsrmStandIn(): Promise<OsrmStandIn> {
  const standIn: Omit<OsrmStandIn, "url" | "close"> = { requests: [], mode: "ok" };
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://localhost");
    standIn.requests.push(url.pathname);
    if (standIn.mode === "hang") return;
    const match = /^\/table\/v1\/driving\/(.+)$/.exec(url.pathname);
    if (!match || standIn.mode === "error") return answer(response, 500, { code: "Error", message: "down" });
    const coordinates = match[1]!.split(";").map((pair) => pair.split(",").map(Number));
    const distances = coordinates.map((from) => coordinates.map((to) => standInMetres(from, to)));
    answer(response, 200, { code: "Ok", distances, durations: distances.map((row) => row.map((d) => d / 10)) });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return Object.assign(standIn, {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}
