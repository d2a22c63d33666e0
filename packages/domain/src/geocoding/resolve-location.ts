import type { LocationPrecision } from "@fieldops/shared/locations";
import { addressKey, type Geocoder, type PostalAddress } from "./geocoder.ts";

/** The location columns of a row with an address: all three set, or all null when it could not be located. */
export interface StoredLocation {
  latitude: number | null;
  longitude: number | null;
  locationPrecision: LocationPrecision | null;
}

export const NO_LOCATION: StoredLocation = { latitude: null, longitude: null, locationPrecision: null };

/** Coordinates the office gave (typed, dropped on the map, a file's columns), stored as given; null without them. */
export function givenLocation(given: {
  latitude?: number | null | undefined;
  longitude?: number | null | undefined;
}): StoredLocation | null {
  return typeof given.latitude === "number" && typeof given.longitude === "number"
    ? { latitude: given.latitude, longitude: given.longitude, locationPrecision: "manual" }
    : null;
}

/** The point stored with an address, kept while the address is the same one (written otherwise: other case, spacing). */
export function keptLocation(stored: PostalAddress & StoredLocation, address: PostalAddress): StoredLocation | null {
  if (stored.latitude === null || addressKey(stored) !== addressKey(address)) return null;
  return { latitude: stored.latitude, longitude: stored.longitude, locationPrecision: stored.locationPrecision };
}

/**
 * The point to store for an address: coordinates the office gave, as given; else the point already stored when the
 * address has not changed; else what the geocoder finds; else none (never 0,0).
 */
export async function resolveLocation(
  geocoder: Geocoder,
  address: PostalAddress,
  given: { latitude?: number | null | undefined; longitude?: number | null | undefined },
  stored?: PostalAddress & StoredLocation,
): Promise<StoredLocation> {
  const known = givenLocation(given) ?? (stored ? keptLocation(stored, address) : null);
  if (known) return known;
  const place = await geocoder.locate(address);
  return place
    ? { latitude: place.latitude, longitude: place.longitude, locationPrecision: place.precision }
    : NO_LOCATION;
}
