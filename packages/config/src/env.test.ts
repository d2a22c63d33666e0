import { describe, expect, it } from "vitest";
import { readEnv } from "./env";

const required = { DATABASE_URL: "postgresql://u@h/db", DATABASE_CONTEXT_KEY: "ab".repeat(32), REDIS_URL: "redis://127.0.0.1:6379" };

describe("readEnv", () => {
  it("applies the defaults", () => {
    expect(readEnv(required)).toMatchObject({ PORT: 3000, NODE_ENV: "development", TRUST_PROXY: false, PLATFORM_ADMIN_EMAILS: [] });
  });

  it("reads PORT, the admin e-mail list and the proxy switch", () => {
    const env = readEnv({ ...required, PORT: "8080", PLATFORM_ADMIN_EMAILS: " A@x.test, b@y.test ,", TRUST_PROXY: "true" });
    expect(env).toMatchObject({ PORT: 8080, PLATFORM_ADMIN_EMAILS: ["a@x.test", "b@y.test"], TRUST_PROXY: true });
  });

  it("takes an OSRM server's URL, optional, and refuses anything else", () => {
    expect(readEnv(required).OSRM_URL).toBeUndefined();
    expect(readEnv({ ...required, OSRM_URL: "http://osrm.internal:5000" }).OSRM_URL).toBe("http://osrm.internal:5000");
    expect(() => readEnv({ ...required, OSRM_URL: "osrm" })).toThrow(/OSRM_URL/);
  });

  it("names every missing or invalid variable", () => {
    expect(() => readEnv({ PORT: "eighty" })).toThrow(/PORT.*DATABASE_URL.*REDIS_URL|DATABASE_URL|PORT/);
    expect(() => readEnv({ ...required, PORT: "70000" })).toThrow(/PORT/);
  });
});
