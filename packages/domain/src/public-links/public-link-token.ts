import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

/** 32 random bytes: a link's token cannot be guessed, however many tries the rate limit lets through. */
const TOKEN_BYTES = 32;
/** base64url of 32 bytes. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** A new token for a customer's link (base64url, 43 characters), and the hash that is stored instead of it. */
export function createPublicLinkToken(): { token: string; tokenHash: string } {
  const token = randomBytes(TOKEN_BYTES).toString("base64url");
  return { token, tokenHash: hashPublicLinkToken(token) };
}

/** The SHA-256 of a token, hex: what the database keeps, so a copy of it opens nothing. */
export function hashPublicLinkToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

/** Whether a string has a token's shape; anything else is refused before any hashing or lookup. */
export function isPublicLinkToken(value: string): boolean {
  return TOKEN_PATTERN.test(value);
}

/** Whether `token` is the one `storedHash` was made from, compared in constant time. */
export function verifyPublicLinkToken(token: string, storedHash: string): boolean {
  const given = Buffer.from(hashPublicLinkToken(token), "hex");
  const stored = Buffer.from(storedHash, "hex");
  return stored.length === given.length && timingSafeEqual(given, stored);
}

/** The customer's URL: the token after `#`, a fragment the browser keeps to itself and never sends to a server. */
export function publicLinkUrl(origin: string, path: string, token: string): string {
  return `${origin}${path}#${token}`;
}
