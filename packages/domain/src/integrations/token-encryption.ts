import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

/**
 * The key of the development default, used when INTEGRATIONS_ENCRYPTION_KEY is unset. It is in the source on
 * purpose: tokens stored with it are only as safe as the source code, which is why the API warns when it uses it.
 */
export const DEVELOPMENT_ENCRYPTION_KEY = "6669656c646f70732d646576656c6f706d656e742d6b65792d6e6f742d736166";

export interface EncryptionKeyEnv {
  NODE_ENV: "development" | "production" | "test";
  INTEGRATIONS_ENCRYPTION_KEY?: string | undefined;
}

/**
 * The 32-byte key that encrypts integration tokens. Unset, the development default is used: the API warns through
 * `warn` at start in development and production (where it should be set), and stays quiet in tests so that CI logs
 * carry no warning.
 */
export function integrationsEncryptionKey(env: EncryptionKeyEnv, warn: (message: string) => void = () => {}): Buffer {
  if (env.INTEGRATIONS_ENCRYPTION_KEY) return Buffer.from(env.INTEGRATIONS_ENCRYPTION_KEY, "hex");
  if (env.NODE_ENV !== "test") {
    warn("INTEGRATIONS_ENCRYPTION_KEY is not set: integration tokens are encrypted with the public development key");
  }
  return Buffer.from(DEVELOPMENT_ENCRYPTION_KEY, "hex");
}

const VERSION = "v1";
const IV_BYTES = 12;

/** AES-256-GCM with a random 96-bit IV: `v1.<iv>.<tag>.<ciphertext>`, each part base64url. */
export function encryptSecret(key: Buffer, plaintext: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), ciphertext]
    .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
    .join(".");
}

/** The plaintext of `encryptSecret`'s output; throws when the key is wrong or the value was changed. */
export function decryptSecret(key: Buffer, sealed: string): string {
  const [version, iv, tag, ciphertext] = sealed.split(".");
  if (version !== VERSION || iv === undefined || tag === undefined || ciphertext === undefined) {
    throw new Error("Not an encrypted secret of this version");
  }
  const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, "base64url")), decipher.final()]).toString("utf8");
}
