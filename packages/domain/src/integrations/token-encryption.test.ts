import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  decryptSecret,
  DEVELOPMENT_ENCRYPTION_KEY,
  encryptSecret,
  integrationsEncryptionKey,
} from "./token-encryption";

const key = randomBytes(32);

describe("token encryption", () => {
  it("gets the token back, and never writes it in clear", () => {
    const sealed = encryptSecret(key, "at-secret-token-ünïcode");
    expect(sealed).not.toContain("secret");
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(decryptSecret(key, sealed)).toBe("at-secret-token-ünïcode");
  });

  it("seals the same token differently each time (a fresh IV)", () => {
    expect(encryptSecret(key, "same")).not.toBe(encryptSecret(key, "same"));
  });

  it("refuses another key, a changed ciphertext or tag, and anything not sealed by it", () => {
    const sealed = encryptSecret(key, "token");
    expect(() => decryptSecret(randomBytes(32), sealed)).toThrow();
    const [version, iv, tag, ciphertext] = sealed.split(".") as [string, string, string, string];
    const flipped = Buffer.from(ciphertext, "base64url");
    flipped[0] = flipped[0]! ^ 1;
    expect(() => decryptSecret(key, [version, iv, tag, flipped.toString("base64url")].join("."))).toThrow();
    expect(() =>
      decryptSecret(key, [version, iv, Buffer.alloc(16).toString("base64url"), ciphertext].join(".")),
    ).toThrow();
    expect(() => decryptSecret(key, "token")).toThrow(/Not an encrypted secret/);
  });
});

describe("the encryption key", () => {
  const configured = "ab".repeat(32);

  it("is INTEGRATIONS_ENCRYPTION_KEY when set", () => {
    expect(integrationsEncryptionKey({ NODE_ENV: "production", INTEGRATIONS_ENCRYPTION_KEY: configured })).toEqual(
      Buffer.from(configured, "hex"),
    );
  });

  it("falls back to the visible development key, with a warning in development and production and none in tests", () => {
    const warnings: string[] = [];
    const development = integrationsEncryptionKey({ NODE_ENV: "development" }, (message) => warnings.push(message));
    expect(development).toEqual(Buffer.from(DEVELOPMENT_ENCRYPTION_KEY, "hex"));
    expect(development).toHaveLength(32);
    expect(warnings).toEqual([expect.stringMatching(/INTEGRATIONS_ENCRYPTION_KEY is not set/)]);
    integrationsEncryptionKey({ NODE_ENV: "production" }, (message) => warnings.push(message));
    expect(warnings).toHaveLength(2);
    integrationsEncryptionKey({ NODE_ENV: "test" }, (message) => warnings.push(message));
    expect(warnings).toHaveLength(2);
  });
});
