import { describe, expect, it } from "vitest";
import { zipCentroidGeocoder } from "./zip-centroid-geocoder.ts";

const geocoder = zipCentroidGeocoder();
const address = (parts: Partial<{ street: string; city: string; region: string; postcode: string }>) => ({
  street: "12 Elm St",
  city: "",
  region: "",
  postcode: "",
  ...parts,
});

describe("the offline ZIP-code geocoder", () => {
  it("puts an address at its ZIP code's centre, approximate, with or without the +4", async () => {
    const cambridge = await geocoder.locate(address({ city: "Cambridge", region: "MA", postcode: "02138" }));
    expect(cambridge).toEqual({
      latitude: expect.closeTo(42.377, 2),
      longitude: expect.closeTo(-71.13, 2),
      precision: "approximate",
    });
    expect(await geocoder.locate(address({ postcode: "02138-4307" }))).toEqual(cambridge);
  });

  it("uses the town's centre when there is no ZIP code, with the state written out or abbreviated", async () => {
    const byName = await geocoder.locate(address({ city: "Springfield", region: "Illinois" }));
    expect(byName).toMatchObject({ latitude: expect.closeTo(39.8, 1), longitude: expect.closeTo(-89.6, 1) });
    expect(await geocoder.locate(address({ city: "springfield", region: "il" }))).toEqual(byName);
  });

  it("does not trust a ZIP code from another state than the one written: the town is used", async () => {
    const typo = await geocoder.locate(address({ city: "Springfield", region: "IL", postcode: "90210" }));
    expect(typo).toMatchObject({ latitude: expect.closeTo(39.8, 1), longitude: expect.closeTo(-89.6, 1) });
  });

  it("finds a Canadian postal district", async () => {
    const toronto = await geocoder.locate(address({ city: "Toronto", region: "ON", postcode: "M5V 3L9" }));
    expect(toronto).toMatchObject({ latitude: expect.closeTo(43.65, 1), longitude: expect.closeTo(-79.37, 1) });
  });

  it("answers null rather than guessing", async () => {
    expect(await geocoder.locate(address({ city: "Nowhere", region: "ZZ" }))).toBeNull();
    expect(await geocoder.locate(address({ postcode: "00000" }))).toBeNull();
    expect(await geocoder.locate(address({ city: "Springfield" }))).toBeNull();
    expect(await geocoder.locate(address({ city: "Springfield", region: "IL", postcode: "99999" }))).toMatchObject({
      precision: "approximate",
    });
  });
});
