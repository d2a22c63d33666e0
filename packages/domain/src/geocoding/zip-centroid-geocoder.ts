import type { ZipCode } from "zipcodes";
import type { GeocodedPlace, Geocoder, PostalAddress } from "./geocoder.ts";

type ZipCodes = typeof import("zipcodes");

/** A town whose ZIP codes spread wider than this (in degrees) is too vague to stand for one place. */
const MAX_TOWN_SPREAD_DEGREES = 0.5;

/**
 * The offline geocoder that ships with the product: the centre of the address's US ZIP code (or Canadian postal
 * district), else the centre of its town's ZIP codes, from the `zipcodes` package's table. Always approximate.
 * A ZIP code from another state than the one written is not trusted (a typo would put the customer hundreds of miles
 * away): the town is tried instead. The 5 MB table is loaded on the first address, not at start.
 */
export function zipCentroidGeocoder(): Geocoder {
  let table: Promise<ZipCodes> | undefined;
  const load = () => (table ??= import("zipcodes").then((module) => module.default ?? module));
  return {
    async locate(address) {
      const zipcodes = await load();
      const state = stateCode(zipcodes, address.region);
      const byPostcode = lookupPostcode(zipcodes, address.postcode);
      if (byPostcode && (state === null || stateCode(zipcodes, byPostcode.state) === state))
        return approximate(byPostcode);
      return locateTown(zipcodes, address, state);
    },
  };
}

function lookupPostcode(zipcodes: ZipCodes, postcode: string): ZipCode | undefined {
  const compact = postcode.trim().toUpperCase();
  const us = /^(\d{5})(?:-?\d{4})?$/.exec(compact);
  if (us) return zipcodes.lookup(us[1]!);
  const canadian = /^([A-Z]\d[A-Z])\s?\d[A-Z]\d$/.exec(compact) ?? /^([A-Z]\d[A-Z])$/.exec(compact);
  if (canadian) return zipcodes.lookup(canadian[1]!);
  return undefined;
}

/** The two-letter code of a US state written any way ("il", "Illinois"), or null when none is written or known. */
function stateCode(zipcodes: ZipCodes, region: string): string | null {
  const written = region.trim();
  if (written === "") return null;
  const upper = written.toUpperCase().replace(/\s+/g, " ");
  if (zipcodes.states.abbr[upper]) return upper;
  return zipcodes.states.full[upper] ?? null;
}

function locateTown(zipcodes: ZipCodes, address: PostalAddress, state: string | null): GeocodedPlace | null {
  const city = address.city.trim();
  if (city === "" || state === null) return null;
  const matches = zipcodes.lookupByName(city, state);
  if (matches.length === 0) return null;
  const latitudes = matches.map((zip) => zip.latitude);
  const longitudes = matches.map((zip) => zip.longitude);
  const spread = Math.max(
    Math.max(...latitudes) - Math.min(...latitudes),
    Math.max(...longitudes) - Math.min(...longitudes),
  );
  if (spread > MAX_TOWN_SPREAD_DEGREES) return null;
  return {
    latitude: round(average(latitudes)),
    longitude: round(average(longitudes)),
    precision: "approximate",
  };
}

function approximate(zip: ZipCode): GeocodedPlace {
  return { latitude: zip.latitude, longitude: zip.longitude, precision: "approximate" };
}

const average = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
const round = (value: number) => Math.round(value * 1e5) / 1e5;
