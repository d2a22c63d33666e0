import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { answer } from "./stand-in-http.ts";

/** A place the stand-in knows, found by a case-insensitive street match. */
export interface StandInPlace {
  street: string;
  latitude: number;
  longitude: number;
  /** `house` for an exact hit, `street` or `city` for a coarser one. */
  kind: "house" | "street" | "city";
}

/**
 * A local stand-in for a self-hosted Nominatim (`/search`, format=jsonv2) and Photon (`/api`) server, answering in
 * their real shapes: Nominatim a JSON array with string coordinates and a `place_rank`, Photon a GeoJSON
 * FeatureCollection with [lon, lat] points. `failWith` makes it answer an error status; `delayMs` makes it slow.
 */
export interface GeocoderStandIn {
  url: string;
  places: StandInPlace[];
  requests: { path: string; params: Record<string, string>; userAgent: string | undefined }[];
  failWith: number | null;
  delayMs: number;
  close(): Promise<void>;
}

const NOMINATIM_RANK: Record<StandInPlace["kind"], number> = { house: 30, street: 26, city: 16 };

export async function startGeocoderStandIn(places: StandInPlace[]): Promise<GeocoderStandIn> {
  const standIn: GeocoderStandIn = {
    url: "",
    places,
    requests: [],
    failWith: null,
    delayMs: 0,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://stand-in");
    const params = Object.fromEntries(url.searchParams);
    standIn.requests.push({ path: url.pathname, params, userAgent: request.headers["user-agent"] });
    const reply = () => {
      if (standIn.failWith !== null) return answer(response, standIn.failWith, { error: "unavailable" });
      const wanted = (url.pathname === "/api" ? (params.q ?? "") : (params.street ?? "")).toLowerCase();
      const found = standIn.places.find((place) => wanted.includes(place.street.toLowerCase()));
      if (url.pathname === "/search") {
        if (params.format !== "jsonv2") return answer(response, 400, { error: "format must be jsonv2 here" });
        return answer(
          response,
          200,
          found
            ? [
                {
                  place_id: 1,
                  licence: "Data © OpenStreetMap contributors, ODbL 1.0",
                  osm_type: "way",
                  osm_id: 42,
                  lat: String(found.latitude),
                  lon: String(found.longitude),
                  category: found.kind === "house" ? "building" : "highway",
                  type: found.kind === "house" ? "house" : "residential",
                  place_rank: NOMINATIM_RANK[found.kind],
                  importance: 0.1,
                  addresstype: found.kind === "house" ? "building" : found.kind === "street" ? "road" : "city",
                  name: found.street,
                  display_name: `${found.street}, United States`,
                  boundingbox: ["0", "0", "0", "0"],
                },
              ]
            : [],
        );
      }
      if (url.pathname === "/api") {
        return answer(response, 200, {
          type: "FeatureCollection",
          features: found
            ? [
                {
                  type: "Feature",
                  geometry: { type: "Point", coordinates: [found.longitude, found.latitude] },
                  properties: {
                    osm_id: 42,
                    osm_type: "W",
                    osm_key: found.kind === "house" ? "building" : "highway",
                    osm_value: "yes",
                    type: found.kind,
                    ...(found.kind === "house" ? { housenumber: "12" } : {}),
                    street: found.street,
                    countrycode: "US",
                    country: "United States",
                  },
                },
              ]
            : [],
        });
      }
      answer(response, 404, { error: "not found" });
    };
    if (standIn.delayMs > 0) setTimeout(reply, standIn.delayMs);
    else reply();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  standIn.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return standIn;
}
