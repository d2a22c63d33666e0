import { afterAll, describe, expect, it } from "vitest";
import type { PlaceSettings } from "@fieldops/shared/places";
import { createTestCompany, signIn, startTestApp, type TestApp } from "../../../../tests/integration/test-app.ts";

const apps: TestApp[] = [];
afterAll(() => Promise.all(apps.map((app) => app.close())));

async function settingsOf(overrides: Record<string, string>, role: "owner" | "field_user" = "owner") {
  const t = await startTestApp(overrides);
  apps.push(t);
  const company = await createTestCompany(t.db);
  const token = await signIn(t.url, company.users[role].email);
  const response = await fetch(`${t.url}/api/places/settings`, { headers: { authorization: `Bearer ${token}` } });
  return { t, status: response.status, body: (await response.json()) as PlaceSettings };
}

describe("GET /api/places/settings", () => {
  it("says addresses get ZIP-code centres and there is no map, when nothing is configured", async () => {
    const { status, body } = await settingsOf({});
    expect(status).toBe(200);
    expect(body).toEqual({ geocoder: "zip-centroids", map: null });
  });

  it("names the geocoding server's kind and the map tiles when they are configured, to every role", async () => {
    const { t, status, body } = await settingsOf(
      {
        GEOCODER_URL: "http://127.0.0.1:9",
        MAP_TILE_URL: "https://tiles.example.com/{z}/{x}/{y}.png",
        MAP_TILE_ATTRIBUTION: "© OpenStreetMap contributors",
      },
      "field_user",
    );
    expect(status).toBe(200);
    expect(body).toEqual({
      geocoder: "server",
      map: { tileUrl: "https://tiles.example.com/{z}/{x}/{y}.png", attribution: "© OpenStreetMap contributors" },
    });
    // The geocoder's own address is the operator's business: it never reaches a browser.
    expect(JSON.stringify(body)).not.toContain("127.0.0.1:9");

    const anonymous = await fetch(`${t.url}/api/places/settings`);
    expect(anonymous.status).toBe(401);
  });
});
