import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startGeocoderStandIn, type GeocoderStandIn } from "../../../../tests/stand-ins/geocoder-api.ts";
import { createGeocoder, geocoderFromEnv } from "./create-geocoder.ts";
import { GEOCODER_APIS } from "./http-geocoder.ts";

let standIn: GeocoderStandIn;

beforeAll(async () => {
  standIn = await startGeocoderStandIn([
    { street: "1600 Amphitheatre Pkwy", latitude: 37.42202, longitude: -122.08408, kind: "house" },
    { street: "Elm Street", latitude: 40.1, longitude: -75.2, kind: "street" },
  ]);
});
afterAll(() => standIn.close());
beforeEach(() => {
  standIn.requests.length = 0;
  standIn.failWith = null;
  standIn.delayMs = 0;
});

const house = { street: "1600 Amphitheatre Pkwy", city: "Mountain View", region: "CA", postcode: "94043" };

describe.each(GEOCODER_APIS)("the %s geocoder against its stand-in", (api) => {
  it("locates a house exactly and names itself to the server", async () => {
    const geocoder = createGeocoder({ url: standIn.url, api });
    expect(geocoder.kind).toBe("server");
    expect(await geocoder.locate(house)).toEqual({ latitude: 37.42202, longitude: -122.08408, precision: "exact" });
    expect(standIn.requests).toHaveLength(1);
    expect(standIn.requests[0]!.userAgent).toMatch(/FieldOps/);
    if (api === "nominatim") {
      expect(standIn.requests[0]).toMatchObject({
        path: "/search",
        params: { street: house.street, city: "Mountain View", state: "CA", postalcode: "94043", format: "jsonv2" },
      });
    } else {
      expect(standIn.requests[0]).toMatchObject({
        path: "/api",
        params: { q: "1600 Amphitheatre Pkwy, Mountain View, CA 94043" },
      });
    }
  });

  it("marks a street-level answer approximate", async () => {
    const geocoder = createGeocoder({ url: standIn.url, api });
    const address = { street: "Elm Street", city: "Norristown", region: "PA", postcode: "" };
    expect(await geocoder.locate(address)).toEqual({ latitude: 40.1, longitude: -75.2, precision: "approximate" });
  });

  it("falls back to the ZIP code's centre when the server finds nothing, and asks once per address", async () => {
    const geocoder = createGeocoder({ url: standIn.url, api });
    const unknown = { street: "9 Nowhere Lane", city: "Cambridge", region: "MA", postcode: "02138" };
    const first = await geocoder.locate(unknown);
    expect(first).toMatchObject({ latitude: expect.closeTo(42.377, 2), precision: "approximate" });
    expect(await geocoder.locate({ ...unknown, street: " 9  nowhere lane " })).toEqual(first);
    expect(standIn.requests).toHaveLength(1);
  });

  it("falls back when the server is down or slow, says so, and asks again next time", async () => {
    const fallbacks: unknown[] = [];
    const geocoder = createGeocoder({
      url: standIn.url,
      api,
      timeoutMs: 200,
      onFallback: (error) => fallbacks.push(error),
    });
    standIn.failWith = 503;
    expect(await geocoder.locate(house)).toMatchObject({ latitude: expect.closeTo(37.4, 1), precision: "approximate" });
    standIn.failWith = null;
    standIn.delayMs = 1_000;
    expect(await geocoder.locate(house)).toMatchObject({ precision: "approximate" });
    standIn.delayMs = 0;
    expect(await geocoder.locate(house)).toMatchObject({ precision: "exact" });
    expect(fallbacks).toHaveLength(2);
    expect(standIn.requests).toHaveLength(3);
  });

  it("answers null for an address nothing can locate, and for a blank one without asking", async () => {
    const geocoder = createGeocoder({ url: standIn.url, api });
    expect(await geocoder.locate({ street: "1 Nowhere", city: "Atlantis", region: "", postcode: "" })).toBeNull();
    expect(await geocoder.locate({ street: " ", city: "", region: "", postcode: "" })).toBeNull();
    expect(standIn.requests).toHaveLength(1);
  });
});

describe("without a server", () => {
  it("uses the offline ZIP-code centres and says which geocoder it is", async () => {
    const geocoder = createGeocoder({ api: "nominatim" });
    expect(geocoder.kind).toBe("zip-centroids");
    expect(await geocoder.locate(house)).toMatchObject({ latitude: expect.closeTo(37.4, 1), precision: "approximate" });
  });
});

describe("the process's geocoder", () => {
  it("is one per configuration, and tells the log each time the server did not answer", async () => {
    const logged: { message: string; detail: Record<string, unknown> }[] = [];
    const env = { GEOCODER_URL: "http://127.0.0.1:9", GEOCODER_API: "photon" as const };
    const geocoder = geocoderFromEnv(env, (message, detail) => logged.push({ message, detail }));
    expect(geocoderFromEnv(env)).toBe(geocoder);
    expect(await geocoder.locate(house)).toMatchObject({ precision: "approximate" });
    expect(logged).toEqual([
      {
        message: "the geocoder did not answer; the address got its ZIP code's centre",
        detail: { error: expect.stringMatching(/fetch failed|ECONNREFUSED/) },
      },
    ]);
  });
});
