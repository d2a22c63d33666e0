import type { FieldPath, FieldValues, UseFormReturn } from "react-hook-form";
import { numberOrMissing } from "../lib/form-values";
import { FormField } from "./form";
import { LocationStatus, type LocatedPlace } from "./location-status";
import { Input } from "./ui/input";

/**
 * Where an address of a form is on the map: its stored point (or that it has none), and coordinates to type by hand,
 * folded away because the address is located when saved. Both left empty, nothing is sent and the address decides.
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
  return (
    <div className={`grid gap-2 text-sm ${className ?? ""}`}>
      {stored ? (
        <LocationStatus place={stored} />
      ) : (
        <span className="text-muted-foreground">The address is located when you save.</span>
      )}
      <details>
        <summary className="cursor-pointer text-muted-foreground">Set the location by hand</summary>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          <FormField form={form} name={latitude} label="Latitude" hint="Leave both empty to locate the address">
            {(control) => <Input {...control} inputMode="decimal" {...form.register(latitude, numberOrMissing)} />}
          </FormField>
          <FormField form={form} name={longitude} label="Longitude">
            {(control) => <Input {...control} inputMode="decimal" {...form.register(longitude, numberOrMissing)} />}
          </FormField>
        </div>
      </details>
    </div>
  );
}
