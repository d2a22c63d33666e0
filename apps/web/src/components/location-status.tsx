import { MapPin, MapPinOff } from "lucide-react";
import { LOCATION_PRECISION_LABELS, NO_LOCATION_MESSAGE, type LocationPrecision } from "@fieldops/shared/locations";

export interface LocatedPlace {
  latitude: number | null;
  longitude: number | null;
  locationPrecision: LocationPrecision | null;
}

/** "No location: check the address", full size beside an address or small in a list's cell. */
function NoLocation({ small = false }: { small?: boolean }) {
  return (
    <span className={`inline-flex items-center gap-1 font-medium text-destructive ${small ? "text-xs" : ""}`}>
      <MapPinOff className={small ? "size-3.5" : "size-4"} aria-hidden="true" />
      {NO_LOCATION_MESSAGE}
    </span>
  );
}

/**
 * Where an address was placed on the map and how sure that is; an address without a point says so, since routes,
 * slots and the field app need one.
 */
export function LocationStatus({ place, showCoordinates = true }: { place: LocatedPlace; showCoordinates?: boolean }) {
  if (place.latitude === null || place.longitude === null || place.locationPrecision === null) return <NoLocation />;
  const approximate = place.locationPrecision === "approximate";
  return (
    <span
      className={`inline-flex items-center gap-1 ${approximate ? "text-amber-700 dark:text-amber-400" : "text-muted-foreground"}`}
    >
      <MapPin className="size-4" aria-hidden="true" />
      {LOCATION_PRECISION_LABELS[place.locationPrecision]}
      {showCoordinates ? ` · ${place.latitude.toFixed(5)}, ${place.longitude.toFixed(5)}` : null}
    </span>
  );
}

/**
 * A list's mark beside an address whose place needs a look: none at all, or only approximate. A precise or hand-set
 * point shows nothing.
 */
export function LocationMark({ precision }: { precision: LocationPrecision | null }) {
  if (precision === null) return <NoLocation small />;
  if (precision !== "approximate") return null;
  return (
    <span
      className="inline-flex items-center gap-1 text-xs text-amber-700 dark:text-amber-400"
      title={LOCATION_PRECISION_LABELS.approximate}
    >
      <MapPin className="size-3.5" aria-hidden="true" />
      Approximate location
    </span>
  );
}
