import { LRUCache } from "lru-cache";
import type { GeocoderKind } from "@fieldops/shared/places";
import { addressKey, isBlankAddress, type GeocodedPlace, type Geocoder } from "./geocoder.ts";
import { httpGeocoder, type GeocoderApi } from "./http-geocoder.ts";
import { zipCentroidGeocoder } from "./zip-centroid-geocoder.ts";

export interface GeocoderSettings {
  /** A Nominatim or Photon server; without it every address gets its ZIP code's centre. */
  url?: string | undefined;
  api: GeocoderApi;
  timeoutMs?: number;
  fetch?: typeof fetch;
  /** Told when the server could not answer and the ZIP code's centre was used instead. */
  onFallback?: (error: unknown) => void;
}

export interface AppGeocoder extends Geocoder {
  kind: GeocoderKind;
}

const CACHE_ENTRIES = 10_000;
const CACHE_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * The product's geocoder: the configured server first, the offline ZIP-code centres when the server finds nothing or
 * cannot answer. Answers are cached per address for a day, so an import that repeats a street asks once.
 */
export function createGeocoder(settings: GeocoderSettings): AppGeocoder {
  const offline = zipCentroidGeocoder();
  const server = settings.url
    ? httpGeocoder({
        baseUrl: settings.url,
        api: settings.api,
        ...(settings.timeoutMs === undefined ? {} : { timeoutMs: settings.timeoutMs }),
        ...(settings.fetch ? { fetch: settings.fetch } : {}),
      })
    : null;
  // A place or "not found" (false): LRUCache keeps no undefined.
  const cache = new LRUCache<string, GeocodedPlace | false>({ max: CACHE_ENTRIES, ttl: CACHE_TTL_MS });
  return {
    kind: server ? "server" : "zip-centroids",
    async locate(address) {
      if (isBlankAddress(address)) return null;
      const key = addressKey(address);
      const cached = cache.get(key);
      if (cached !== undefined) return cached || null;
      let found: GeocodedPlace | null = null;
      let serverAnswered = server === null;
      if (server) {
        try {
          found = await server.locate(address);
          serverAnswered = true;
        } catch (error) {
          settings.onFallback?.(error);
        }
      }
      found ??= await offline.locate(address);
      // A server that could not answer is asked again next time; its fallback is not remembered.
      if (serverAnswered) cache.set(key, found ?? false);
      return found;
    },
  };
}

const processGeocoders = new Map<string, AppGeocoder>();

/**
 * The process's geocoder for its configuration (`GEOCODER_URL`, `GEOCODER_API`): one per process, so its cache
 * serves every request and task. `log` hears each time the server could not answer and a ZIP code's centre was used.
 */
export function geocoderFromEnv(
  env: { GEOCODER_URL?: string | undefined; GEOCODER_API: GeocoderApi },
  log?: (message: string, detail: Record<string, unknown>) => void,
): AppGeocoder {
  const key = `${env.GEOCODER_API} ${env.GEOCODER_URL ?? ""}`;
  let geocoder = processGeocoders.get(key);
  if (!geocoder) {
    geocoder = createGeocoder({
      url: env.GEOCODER_URL,
      api: env.GEOCODER_API,
      ...(log
        ? {
            onFallback: (error: unknown) =>
              log("the geocoder did not answer; the address got its ZIP code's centre", { error: String(error) }),
          }
        : {}),
    });
    processGeocoders.set(key, geocoder);
  }
  return geocoder;
}
