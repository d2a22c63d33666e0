import { z } from "zod";
import { text } from "./text";

/**
 * How a stored point was found: `exact` from the address itself (a house or building), `approximate` from its ZIP
 * code, street or town, `manual` typed or dropped on the map by the office. No point at all means the address could
 * not be located; coordinates are never invented.
 */
export const locationPrecisionSchema = z.enum(["exact", "approximate", "manual"]);
export type LocationPrecision = z.infer<typeof locationPrecisionSchema>;

/** What every screen that needs a point says about an address without one. */
export const NO_LOCATION_MESSAGE = "No location: check the address";

export const LOCATION_PRECISION_LABELS: Record<LocationPrecision, string> = {
  exact: "Located from the address",
  approximate: "Approximate location (ZIP code or town centre)",
  manual: "Location set by hand",
};

export const NULL_ISLAND_MESSAGE = "0, 0 is not an address: leave the coordinates empty to locate the address";

/**
 * Coordinates the office types or drops on the map. 0,0 is refused: it is where a blank field lands, never a
 * customer's address.
 */
export const coordinatesSchema = z
  .object({
    latitude: z.number().min(-90).max(90),
    longitude: z.number().min(-180).max(180),
  })
  .refine((point) => point.latitude !== 0 || point.longitude !== 0, {
    message: NULL_ISLAND_MESSAGE,
    path: ["latitude"],
  });
export type Coordinates = z.infer<typeof coordinatesSchema>;

/** A stored point and how it was found; null when the address could not be located. */
export const placeLocationSchema = z.object({
  latitude: z.number(),
  longitude: z.number(),
  precision: locationPrecisionSchema,
});
export type PlaceLocation = z.infer<typeof placeLocationSchema>;

/**
 * The check for an input whose coordinates are optional (absent: the address is located): both or neither, never 0,0.
 * Used with `.superRefine` on the object that holds them.
 */
export function refineOptionalCoordinates(
  value: { latitude?: number | null | undefined; longitude?: number | null | undefined },
  context: z.RefinementCtx,
): void {
  const latitude = value.latitude ?? null;
  const longitude = value.longitude ?? null;
  if (latitude === null && longitude === null) return;
  if (latitude === null || longitude === null) {
    context.addIssue({
      code: "custom",
      message: "Give both latitude and longitude, or neither to locate the address",
      path: [latitude === null ? "latitude" : "longitude"],
    });
    return;
  }
  if (latitude === 0 && longitude === 0)
    context.addIssue({ code: "custom", message: NULL_ISLAND_MESSAGE, path: ["latitude"] });
}

const addressParts = {
  street: text({ max: 200, trim: true }),
  city: text({ max: 100, trim: true }),
  region: text({ max: 100, trim: true }),
  postcode: text({ max: 20, trim: true }),
  latitude: coordinatesSchema.shape.latitude.optional(),
  longitude: coordinatesSchema.shape.longitude.optional(),
};

/**
 * An address the office may leave blank (the company's own, its yard), located when saved unless coordinates are
 * typed; coordinates alone place a site that has no address.
 */
export const addressInputSchema = z.object(addressParts).superRefine(refineOptionalCoordinates);
export type AddressInput = z.input<typeof addressInputSchema>;

/** An address a place needs (a crew's own start, a member's home): street and city at least. */
export const requiredAddressInputSchema = z
  .object({
    ...addressParts,
    street: addressParts.street.min(1, "Street is required"),
    city: addressParts.city.min(1, "City is required"),
  })
  .superRefine(refineOptionalCoordinates);
export type RequiredAddressInput = z.input<typeof requiredAddressInputSchema>;

/** An address as stored, with its point (all three null when it could not be located). */
export const locatedAddressSchema = z.object({
  street: z.string(),
  city: z.string(),
  region: z.string(),
  postcode: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  locationPrecision: locationPrecisionSchema.nullable(),
});
export type LocatedAddress = z.infer<typeof locatedAddressSchema>;

/** "12 Elm St, Springfield, IL 62701", the parts given. */
export function formatAddress(address: { street: string; city: string; region: string; postcode: string }): string {
  const regionAndPostcode = [address.region, address.postcode]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(" ");
  return [address.street, address.city, regionAndPostcode]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(", ");
}
