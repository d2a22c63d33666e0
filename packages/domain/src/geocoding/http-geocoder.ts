import { z } from "zod";
import { addressLine, type GeocodedPlace, type Geocoder, type PostalAddress } from "./geocoder.ts";

export const GEOCODER_APIS = ["nominatim", "photon"] as const;
export type GeocoderApi = (typeof GEOCODER_APIS)[number];

/** How long one geocoder request may take before the address falls back to its ZIP code. */
export const GEOCODER_TIMEOUT_MS = 3_000;

/** Nominatim's usage policy asks every client to name itself. */
const USER_AGENT = "FieldOps geocoding (self-hosted)";

export interface HttpGeocoderOptions {
  baseUrl: string;
  api: GeocoderApi;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** Nominatim's `place_rank` of a building or house number: anything coarser is approximate. */
const NOMINATIM_EXACT_RANK = 28;

// Nominatim's /search with format=jsonv2 (https://nominatim.org/release-docs/latest/api/Search/).
const nominatimAnswerSchema = z.array(
  z.object({
    lat: z.coerce.number().min(-90).max(90),
    lon: z.coerce.number().min(-180).max(180),
    place_rank: z.number().optional(),
  }),
);

// Photon's /api answers a GeoJSON FeatureCollection (https://github.com/komoot/photon#search).
const photonAnswerSchema = z.object({
  features: z.array(
    z.object({
      geometry: z.object({ coordinates: z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)]) }),
      properties: z.object({ type: z.string().optional(), housenumber: z.string().optional() }).loose(),
    }),
  ),
});

/**
 * A self-hosted Nominatim or Photon server (`GEOCODER_URL`, `GEOCODER_API`). Answers null when the server finds
 * nothing; throws when it cannot answer (down, slow, a broken reply), so the caller can fall back.
 */
export function httpGeocoder(options: HttpGeocoderOptions): Geocoder {
  const fetchFn = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? GEOCODER_TIMEOUT_MS;
  const request = async (url: URL): Promise<unknown> => {
    const response = await fetchFn(url, {
      headers: { accept: "application/json", "user-agent": USER_AGENT },
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) throw new Error(`the geocoder answered ${response.status}`);
    return response.json();
  };
  return {
    async locate(address) {
      if (options.api === "nominatim") {
        const places = nominatimAnswerSchema.parse(await request(nominatimUrl(options.baseUrl, address)));
        const first = places[0];
        if (!first) return null;
        return place(first.lat, first.lon, (first.place_rank ?? 0) >= NOMINATIM_EXACT_RANK);
      }
      const { features } = photonAnswerSchema.parse(await request(photonUrl(options.baseUrl, address)));
      const first = features[0];
      if (!first) return null;
      const [longitude, latitude] = first.geometry.coordinates;
      return place(latitude, longitude, first.properties.type === "house" || !!first.properties.housenumber);
    },
  };
}

/** A structured search: each part in its own parameter, which Nominatim matches more reliably than one line. */
function nominatimUrl(baseUrl: string, address: PostalAddress): URL {
  const url = new URL("search", withTrailingSlash(baseUrl));
  const parts: Record<string, string> = {
    street: address.street,
    city: address.city,
    state: address.region,
    postalcode: address.postcode,
  };
  for (const [name, value] of Object.entries(parts)) if (value.trim() !== "") url.searchParams.set(name, value.trim());
  url.searchParams.set("format", "jsonv2");
  url.searchParams.set("limit", "1");
  return url;
}

function photonUrl(baseUrl: string, address: PostalAddress): URL {
  const url = new URL("api", withTrailingSlash(baseUrl));
  url.searchParams.set("q", addressLine(address));
  url.searchParams.set("limit", "1");
  return url;
}

const withTrailingSlash = (url: string) => (url.endsWith("/") ? url : `${url}/`);

function place(latitude: number, longitude: number, exact: boolean): GeocodedPlace | null {
  if (latitude === 0 && longitude === 0) return null;
  return { latitude, longitude, precision: exact ? "exact" : "approximate" };
}
