import { formatAddress, type Coordinates } from "@fieldops/shared/locations";

/** An address as the office types it; any part may be blank. */
export interface PostalAddress {
  street: string;
  city: string;
  region: string;
  postcode: string;
}

/** Where a geocoder put an address: `exact` for the house or building itself, `approximate` otherwise. */
export interface GeocodedPlace extends Coordinates {
  precision: "exact" | "approximate";
}

/** Turns an address into a place, or null when it cannot be located. Never invents coordinates. */
export interface Geocoder {
  locate(address: PostalAddress): Promise<GeocodedPlace | null>;
}

/** One line for a free-form search: "12 Elm St, Springfield, IL 62701". */
export const addressLine = (address: PostalAddress): string => formatAddress(address);

/** The same address written with other spacing or case is the same place (the cache's key). */
export function addressKey(address: PostalAddress): string {
  return [address.street, address.city, address.region, address.postcode]
    .map((part) => part.trim().toLowerCase().replace(/\s+/g, " "))
    .join("|");
}

export function isBlankAddress(address: PostalAddress): boolean {
  return [address.street, address.city, address.region, address.postcode].every((part) => part.trim() === "");
}
