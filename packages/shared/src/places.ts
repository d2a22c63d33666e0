import { z } from "zod";
import { mapTilesSchema } from "./dispatch";
import { defineEndpoint } from "./endpoint";

/** Which geocoder locates addresses: a configured Nominatim or Photon server, or the offline ZIP-code centres. */
export const geocoderKindSchema = z.enum(["server", "zip-centroids"]);
export type GeocoderKind = z.infer<typeof geocoderKindSchema>;

/**
 * How this installation places addresses, for the forms that say so: the geocoder in use, and the map tiles on which
 * the office may drop a pin (null when no tile server is configured).
 */
export const placeSettingsSchema = z.object({
  geocoder: geocoderKindSchema,
  map: mapTilesSchema.nullable(),
});
export type PlaceSettings = z.infer<typeof placeSettingsSchema>;

/** What a form says when addresses are placed at their ZIP code's centre only. */
export const ZIP_CENTROIDS_NOTE =
  "Without a geocoding server, an address is placed at its ZIP code's centre (approximate).";

export const placeEndpoints = {
  settings: defineEndpoint({
    method: "GET",
    path: "/api/places/settings",
    tags: ["places"],
    summary: "How addresses are located here: the geocoder in use and the map tiles for dropping a pin",
    response: placeSettingsSchema,
  }),
} as const;
