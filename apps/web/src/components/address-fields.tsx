import type { ReactNode } from "react";
import type { FieldPath, FieldValues, UseFormReturn } from "react-hook-form";
import type { AddressInput, LocatedAddress } from "@fieldops/shared/locations";
import { FormField } from "./form";
import { LocationFields } from "./location-fields";
import type { LocatedPlace } from "./location-status";
import { Input } from "./ui/input";

/** The typed parts of an address, in the order they are written. */
const ADDRESS_PARTS = [
  ["street", "Street"],
  ["city", "City"],
  ["region", "State or region"],
  ["postcode", "ZIP or postcode"],
] as const satisfies readonly (readonly [keyof AddressInput, string])[];

/**
 * An address's fields in a schema form (`prefix` names the address object in the form's values) with where the stored
 * address was placed and coordinates to type by hand (`LocationFields`).
 */
export function AddressFields<Values extends FieldValues>({
  form,
  prefix,
  legend,
  stored,
  disabled,
  children,
}: {
  form: UseFormReturn<Values, unknown, unknown>;
  prefix: string;
  legend: string;
  /** The point stored for the address as it was saved; null when there is none to show yet. */
  stored: LocatedPlace | null;
  disabled?: boolean;
  /** More under the legend (a button that fills the fields, a hint). */
  children?: ReactNode;
}) {
  const path = (field: keyof AddressInput) => `${prefix}.${field}` as FieldPath<Values>;
  return (
    <fieldset className="grid gap-2 rounded-md border p-3 sm:grid-cols-2" disabled={disabled}>
      <legend className="px-1 text-sm font-medium">{legend}</legend>
      {children ? <div className="grid gap-2 sm:col-span-2">{children}</div> : null}
      {ADDRESS_PARTS.map(([field, label]) => (
        <FormField key={field} form={form} name={path(field)} label={label}>
          {(control) => <Input {...control} autoComplete="off" {...form.register(path(field))} />}
        </FormField>
      ))}
      <LocationFields
        form={form}
        latitude={path("latitude")}
        longitude={path("longitude")}
        stored={stored}
        className="sm:col-span-2"
      />
    </fieldset>
  );
}

/**
 * An address's fields as a form starts them: as stored, with the coordinates only when they were typed by hand (a
 * located point is kept while the address is unchanged, and found again when it changes).
 */
export const addressFormValues = (address: LocatedAddress) => {
  const typed = address.locationPrecision === "manual";
  return {
    street: address.street,
    city: address.city,
    region: address.region,
    postcode: address.postcode,
    latitude: typed ? (address.latitude ?? undefined) : undefined,
    longitude: typed ? (address.longitude ?? undefined) : undefined,
  };
};
