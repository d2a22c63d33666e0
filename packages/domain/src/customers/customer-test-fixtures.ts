import { createGeocoder } from "../geocoding/create-geocoder.ts";
import type { CreateCustomerInput, CustomerPropertyInput } from "@fieldops/shared/customers";

/** A valid service property, changed by `overrides`. For tests. */
export function propertyInput(overrides: Partial<CustomerPropertyInput> = {}): CustomerPropertyInput {
  return {
    street: "12 Elm Street",
    city: "Denver",
    region: "CO",
    postcode: "80202",
    latitude: 39.74,
    longitude: -104.99,
    ...overrides,
  };
}

/** A valid customer to create, changed by `overrides`. For tests. */
export function customerInput(overrides: Partial<CreateCustomerInput> = {}): CreateCustomerInput {
  return {
    name: "Ada Lovelace",
    contacts: [
      { kind: "phone", value: "(303) 555-0142", label: "Mobile" },
      { kind: "email", value: "ada@example.com" },
    ],
    properties: [propertyInput({ accessNotes: "Dog in the back yard", gateCode: "1234" })],
    tags: ["vip"],
    notes: "Prefers mornings",
    ...overrides,
  };
}

/** What the customers use cases need besides the scope, for tests: the offline ZIP-code geocoder. */
export const testCustomerServices = { geocoder: createGeocoder({ api: "nominatim" }) };

/** The header of a file with addresses only, as an office's spreadsheet has them, and its mapping. For tests. */
export const ADDRESS_ONLY_HEADER = "Name,Phone,Email,Street,City,State,Zip";
export const addressOnlyMapping = {
  name: "Name",
  phone: "Phone",
  email: "Email",
  street: "Street",
  city: "City",
  region: "State",
  postcode: "Zip",
};

/** Bare customer rows ("Filler 0", "Filler 1", … at 1 Main, Denver) that fill a plan's customer limit. For tests. */
export function fillerCustomers(companyId: string, count: number) {
  return Array.from({ length: count }, (_, i) => ({
    companyId,
    name: `Filler ${i}`,
    street: "1 Main",
    city: "Denver",
    region: "CO",
    postcode: "80202",
  }));
}
