import type { ReactNode } from "react";
import type { FieldPath, FieldValues, UseFormReturn } from "react-hook-form";
import type { AddressInput, LocatedAddress } from "@fieldops/shared/locations";
import { FormField } from "./form";
import { LocationFields } from "./location-fields";
import type { LocatedPlace } from "./location-status";
import { Input } from "./ui/input";

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
      <FormField form={form} name={path("street")} label="Street">
        {(control) => <Input {...control} autoComplete="off" {...form.register(path("street"))} />}
      </FormField>
      <FormField form={form} name={path("city")} label="City">
        {(control) => <Input {...control} autoComplete="off" {...form.register(path("city"))} />}
      </FormField>
      <FormField form={form} name={path("region")} label="State or region">
        {(control) => <Input {...control} autoComplete="off" {...form.register(path("region"))} />}
      </FormField>
      <FormField form={form} name={path("postcode")} label="ZIP or postcode">
        {(control) => <Input {...control} autoComplete="off" {...form.register(path("postcode"))} />}
      </FormField>
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
