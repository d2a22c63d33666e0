import type { LocatedAddress } from "@fieldops/shared/locations";

/** The parts of a stored address with its point, in the order of its columns. */
const PARTS = [
  "street",
  "city",
  "region",
  "postcode",
  "latitude",
  "longitude",
  "locationPrecision",
] as const satisfies readonly (keyof LocatedAddress)[];

type Part = (typeof PARTS)[number];

/** The column of an address part under a prefix: `street`, or `yardStreet` and `startLatitude`. */
type Column<P extends string, K extends Part> = P extends "" ? K : `${P}${Capitalize<K>}`;

/**
 * The columns of an address with its point as a table stores them, under a prefix when a row holds several places
 * (the company's `street` and its yard's `yardStreet`, a crew's `startStreet`).
 */
export type AddressColumns<P extends string = ""> = { [K in Part as Column<P, K>]: LocatedAddress[K] };

const column = (prefix: string, part: Part) => (prefix ? `${prefix}${part[0]!.toUpperCase()}${part.slice(1)}` : part);

/** The address stored in a row's columns (`prefix` names a place of several in one row: "yard", "start"). */
export function storedAddress<P extends string = "">(row: AddressColumns<P>, prefix?: P): LocatedAddress {
  const columns: Record<string, unknown> = row;
  return Object.fromEntries(PARTS.map((part) => [part, columns[column(prefix ?? "", part)]])) as LocatedAddress;
}

/** The columns that store an address (`prefix` as for `storedAddress`), for a write. */
export function addressColumns<P extends string = "">(address: LocatedAddress, prefix?: P): AddressColumns<P> {
  return Object.fromEntries(PARTS.map((part) => [column(prefix ?? "", part), address[part]])) as AddressColumns<P>;
}

/** A select of the columns of an address (`prefix` as for `storedAddress`). */
export function addressSelect<P extends string = "">(prefix?: P): { [K in keyof AddressColumns<P>]: true } {
  return Object.fromEntries(PARTS.map((part) => [column(prefix ?? "", part), true])) as {
    [K in keyof AddressColumns<P>]: true;
  };
}
