import { describe, expect, it } from "vitest";
import { describeFileStorage, fileStorageSettings, mailConfigurationProblem, readEnv } from "./env";

const required = {
  DATABASE_URL: "postgresql://u@h/db",
  DATABASE_CONTEXT_KEY: "ab".repeat(32),
  REDIS_URL: "redis://127.0.0.1:6379",
};

describe("readEnv", () => {
  it("applies the defaults", () => {
    expect(readEnv(required)).toMatchObject({
      PORT: 3000,
      NODE_ENV: "development",
      TRUST_PROXY: false,
      PLATFORM_ADMIN_EMAILS: [],
      FIELDOPS_REQUEST_METRICS: false,
    });
    expect(readEnv({ ...required, FIELDOPS_REQUEST_METRICS: "1" }).FIELDOPS_REQUEST_METRICS).toBe(true);
  });

  it("reads PORT, the admin e-mail list and the proxy switch", () => {
    const env = readEnv({
      ...required,
      PORT: "8080",
      PLATFORM_ADMIN_EMAILS: " A@x.test, b@y.test ,",
      TRUST_PROXY: "true",
    });
    expect(env).toMatchObject({ PORT: 8080, PLATFORM_ADMIN_EMAILS: ["a@x.test", "b@y.test"], TRUST_PROXY: true });
  });

  it("takes an OSRM server's URL, optional, and refuses anything else", () => {
    expect(readEnv(required).OSRM_URL).toBeUndefined();
    expect(readEnv({ ...required, OSRM_URL: "http://osrm.internal:5000" }).OSRM_URL).toBe("http://osrm.internal:5000");
    expect(() => readEnv({ ...required, OSRM_URL: "osrm" })).toThrow(/OSRM_URL/);
  });

  it("takes a map tile server's XYZ template, optional, and refuses one without its placeholders", () => {
    expect(readEnv(required).MAP_TILE_URL).toBeUndefined();
    const tiles = "https://tiles.example.com/{z}/{x}/{y}.png";
    expect(readEnv({ ...required, MAP_TILE_URL: tiles, MAP_TILE_ATTRIBUTION: "© Example" })).toMatchObject({
      MAP_TILE_URL: tiles,
      MAP_TILE_ATTRIBUTION: "© Example",
    });
    expect(() => readEnv({ ...required, MAP_TILE_URL: "https://tiles.example.com/map.png" })).toThrow(/MAP_TILE_URL/);
    expect(() => readEnv({ ...required, MAP_TILE_URL: "ftp://tiles.example.com/{z}/{x}/{y}.png" })).toThrow(
      /MAP_TILE_URL/,
    );
  });

  it("reads who may read /metrics: loopback by default, addresses and CIDR blocks, and a long enough token", () => {
    expect(readEnv(required).METRICS_ALLOW_FROM).toEqual(["127.0.0.1/8", "::1/128"]);
    expect(
      readEnv({ ...required, METRICS_ALLOW_FROM: " 10.0.0.0/8, 192.0.2.7 ,2001:db8::/32" }).METRICS_ALLOW_FROM,
    ).toEqual(["10.0.0.0/8", "192.0.2.7", "2001:db8::/32"]);
    for (const wrong of ["10.0.0.0/33", "2001:db8::/129", "example.com", "10.0.0.0/8/1", "10.0.0.0/x"])
      expect(() => readEnv({ ...required, METRICS_ALLOW_FROM: wrong })).toThrow(/METRICS_ALLOW_FROM/);
    expect(() => readEnv({ ...required, METRICS_TOKEN: "short" })).toThrow(/METRICS_TOKEN/);
  });

  it("keeps files in the data folder, or in the S3 bucket set with its keys", () => {
    expect(fileStorageSettings(readEnv({ ...required, FIELDOPS_DATA_DIR: "/srv/fieldops" }))).toEqual({
      kind: "disk",
      folder: "/srv/fieldops/files",
    });
    const s3 = {
      ...required,
      S3_BUCKET: "fieldops-files",
      S3_ENDPOINT: "http://minio.internal:9000",
      S3_FORCE_PATH_STYLE: "true",
      S3_ACCESS_KEY_ID: "AKIAEXAMPLE",
      S3_SECRET_ACCESS_KEY: "secret-example",
    };
    const settings = fileStorageSettings(readEnv(s3));
    expect(settings).toMatchObject({ kind: "s3", bucket: "fieldops-files", region: "us-east-1", forcePathStyle: true });
    const line = describeFileStorage(settings);
    expect(line).toBe("photos and signatures go to the S3 bucket fieldops-files at http://minio.internal:9000");
    expect(line).not.toMatch(/AKIAEXAMPLE|secret-example/);
  });

  it("refuses a bucket without its keys, and S3 settings without a bucket", () => {
    expect(() => readEnv({ ...required, S3_BUCKET: "fieldops-files" })).toThrow(
      "S3_ACCESS_KEY_ID: is required when S3_BUCKET is set; S3_SECRET_ACCESS_KEY: is required when S3_BUCKET is set",
    );
    expect(() => readEnv({ ...required, S3_ENDPOINT: "http://minio:9000" })).toThrow(
      "S3_ENDPOINT: is set without S3_BUCKET",
    );
    // The message names the variable, never its value.
    expect(() => readEnv({ ...required, S3_SECRET_ACCESS_KEY: "secret-example" })).toThrow(
      /^(?!.*secret-example).*S3_SECRET_ACCESS_KEY: is set without S3_BUCKET$/,
    );
  });

  it("names every missing or invalid variable", () => {
    expect(() => readEnv({ PORT: "eighty" })).toThrow(/PORT.*DATABASE_URL.*REDIS_URL|DATABASE_URL|PORT/);
    expect(() => readEnv({ ...required, PORT: "70000" })).toThrow(/PORT/);
  });
});

describe("mailConfigurationProblem", () => {
  it("refuses a production worker without SMTP_URL, and says what to set", () => {
    const problem = mailConfigurationProblem(readEnv({ ...required, NODE_ENV: "production" }));
    expect(problem).toMatch(/SMTP_URL is not set/);
    expect(problem).toMatch(/MAIL_FROM/);
  });

  it("accepts production with a mail server, and development or tests without one", () => {
    expect(
      mailConfigurationProblem(readEnv({ ...required, NODE_ENV: "production", SMTP_URL: "smtp://mail.test:587" })),
    ).toBeNull();
    expect(mailConfigurationProblem(readEnv(required))).toBeNull();
    expect(mailConfigurationProblem(readEnv({ ...required, NODE_ENV: "test" }))).toBeNull();
  });
});
