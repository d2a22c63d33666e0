import { describe, expect, it } from "vitest";
import { addressColumns, addressSelect, storedAddress } from "./stored-address.ts";

const yard = {
  street: "4800 Dahlia St",
  city: "Denver",
  region: "CO",
  postcode: "80216",
  latitude: 39.78,
  longitude: -104.93,
  locationPrecision: "approximate" as const,
};

describe("stored addresses", () => {
  it("reads and writes an address in plain columns", () => {
    const row = { ...yard, id: "row" };
    expect(storedAddress(row)).toEqual(yard);
    expect(addressColumns(yard)).toEqual(yard);
  });

  it("reads and writes an address in prefixed columns, and selects them", () => {
    const columns = addressColumns(yard, "yard");
    expect(columns).toEqual({
      yardStreet: "4800 Dahlia St",
      yardCity: "Denver",
      yardRegion: "CO",
      yardPostcode: "80216",
      yardLatitude: 39.78,
      yardLongitude: -104.93,
      yardLocationPrecision: "approximate",
    });
    const company = { ...columns, street: "the office's" };
    expect(storedAddress(company, "yard")).toEqual(yard);
    expect(Object.keys(addressSelect("start"))).toEqual([
      "startStreet",
      "startCity",
      "startRegion",
      "startPostcode",
      "startLatitude",
      "startLongitude",
      "startLocationPrecision",
    ]);
  });
});
