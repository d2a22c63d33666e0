import { lazy, Suspense, useState } from "react";
import type { FieldPath, FieldValues, PathValue, UseFormReturn } from "react-hook-form";
import type { Coordinates } from "@fieldops/shared/locations";
import { ZIP_CENTROIDS_NOTE } from "@fieldops/shared/places";
import { numberOrMissing } from "../lib/form-values";
import { usePlaceSettings } from "../lib/places";
import { FormField } from "./form";
import { LocationStatus, type LocatedPlace } from "./location-status";
import { Input } from "./ui/input";

const LocationPinMap = lazy(() => import("./location-pin-map"));

function pointOf(latitude: unknown, longitude: unknown): Coordinates | null {
  return typeof latitude === "number" && typeof longitude === "number" && Number.isFinite(latitude + longitude)
    ? { latitude, longitude }
    : null;
}

/**
 * Where an address of a form is on the map: its stored point (or that it has none), and coordinates to type by hand or,
 * where a tile server is configured, to drop as a pin on the map, folded away because the address is located when
 * saved. Both left empty, nothing is sent and the address decides.
 */
export function LocationFields<Values extends FieldValues>({
  form,
  latitude,
  longitude,
  stored,
  className,
}: {
  form: UseFormReturn<Values, unknown, unknown>;
  latitude: FieldPath<Values>;
  longitude: FieldPath<Values>;
  /** The point as stored; null for an address not saved yet. */
  stored: LocatedPlace | null;
  className?: string;
}) {
  const settings = usePlaceSettings().data;
  const [open, setOpen] = useState(false);
  const typed = pointOf(form.watch(latitude), form.watch(longitude));
  const pick = (point: Coordinates) => {
    const options = { shouldDirty: true, shouldValidate: true };
    form.setValue(latitude, point.latitude as PathValue<Values, typeof latitude>, options);
    form.setValue(longitude, point.longitude as PathValue<Values, typeof longitude>, options);
  };
  return (
    <div className={`grid gap-2 text-sm ${className ?? ""}`}>
      {stored ? (
        <LocationStatus place={stored} />
      ) : (
        <span className="text-muted-foreground">The address is located when you save.</span>
      )}
      {settings?.geocoder === "zip-centroids" ? (
        <span className="text-xs text-muted-foreground">{ZIP_CENTROIDS_NOTE}</span>
      ) : null}
      <details onToggle={(event) => setOpen(event.currentTarget.open)}>
        <summary className="cursor-pointer text-muted-foreground">Set the location by hand</summary>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          <FormField form={form} name={latitude} label="Latitude" hint="Leave both empty to locate the address">
            {(control) => <Input {...control} inputMode="decimal" {...form.register(latitude, numberOrMissing)} />}
          </FormField>
          <FormField form={form} name={longitude} label="Longitude">
            {(control) => <Input {...control} inputMode="decimal" {...form.register(longitude, numberOrMissing)} />}
          </FormField>
          {open && settings?.map ? (
            <div className="sm:col-span-2">
              <Suspense fallback={<div className="h-64 rounded-md border bg-muted" />}>
                <LocationPinMap
                  map={settings.map}
                  point={typed ?? pointOf(stored?.latitude, stored?.longitude)}
                  onPick={pick}
                />
              </Suspense>
            </div>
          ) : null}
        </div>
      </details>
    </div>
  );
}
