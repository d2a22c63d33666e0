import { createHmac, timingSafeEqual } from "node:crypto";
import { z } from "zod";

/** What a consent token says: this user of this company may start the build of this proposal until `expiresAt`. */
export interface ConsentClaims {
  proposalId: string;
  userId: string;
  companyId: string;
  expiresAt: Date;
}

const claimsSchema = z.object({ p: z.uuid(), u: z.uuid(), c: z.uuid(), e: z.number().int() });

/** The signing key of consent tokens, derived from a server secret so that it serves no other purpose. */
export function consentKeyFrom(secret: Buffer | string): Buffer {
  return createHmac("sha256", secret).update("fieldops feature-build consent v1").digest();
}

function sign(key: Buffer, body: string): string {
  return createHmac("sha256", key).update(body).digest("base64url");
}

export function signConsentToken(key: Buffer, claims: ConsentClaims): string {
  const body = Buffer.from(
    JSON.stringify({ p: claims.proposalId, u: claims.userId, c: claims.companyId, e: claims.expiresAt.getTime() }),
  ).toString("base64url");
  return `${body}.${sign(key, body)}`;
}

/** The claims of a token this server signed, or null for anything else (a forged, altered or malformed token). */
export function verifyConsentToken(key: Buffer, token: string): ConsentClaims | null {
  const [body, signature, extra] = token.split(".");
  if (!body || !signature || extra !== undefined) return null;
  const expected = Buffer.from(sign(key, body));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const parsed = claimsSchema.safeParse(JSON.parse(Buffer.from(body, "base64url").toString("utf8")));
    if (!parsed.success) return null;
    return {
      proposalId: parsed.data.p,
      userId: parsed.data.u,
      companyId: parsed.data.c,
      expiresAt: new Date(parsed.data.e),
    };
  } catch {
    return null;
  }
}
