import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { withSystem, type Database, type TenantTransaction } from "@fieldops/db";

/**
 * What a public link opens. One kind per page of the public area under /review: an invoice's review page today;
 * an estimate's approval page or a customer's portal add their own kind here.
 */
export type PublicLinkKind = "invoice_review";

/** The token travels in the link's fragment; only its SHA-256 is stored, so the table alone opens nothing. */
function hashToken(token: string): Buffer {
  return createHash("sha256").update(token, "utf8").digest();
}

/**
 * Makes a new link to `subjectId` and answers its token (32 random bytes, base64url), the only time it exists in
 * the clear. Earlier links to the same subject keep working: a customer may hold a sent e-mail and a copied link.
 */
export async function createPublicLink(tx: TenantTransaction, input: { companyId: string; kind: PublicLinkKind; subjectId: string }): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await tx.publicLink.create({ data: { ...input, tokenHash: hashToken(token).toString("hex") } });
  return token;
}

/**
 * The company of a link when `token` is one of the live tokens of that kind and subject, else null: a wrong token, a
 * missing one, another subject's and an unknown subject all answer the same. Runs in the system context (before the
 * company is known), which may read links and nothing else of a tenant; tokens are compared in constant time.
 */
export async function resolvePublicLink(
  db: Database,
  input: { kind: PublicLinkKind; subjectId: string; token: string | undefined },
): Promise<{ companyId: string } | null> {
  const offered = hashToken(input.token ?? "");
  const links = await withSystem(db, (tx) =>
    tx.publicLink.findMany({ where: { kind: input.kind, subjectId: input.subjectId, revokedAt: null }, select: { companyId: true, tokenHash: true } }),
  );
  let match: { companyId: string } | null = null;
  for (const link of links) {
    const stored = Buffer.from(link.tokenHash, "hex");
    if (stored.length === offered.length && timingSafeEqual(stored, offered) && input.token) match = { companyId: link.companyId };
  }
  return match;
}

/** Ends every link to a subject (a deleted or replaced subject). */
export async function revokePublicLinks(tx: TenantTransaction, input: { kind: PublicLinkKind; subjectId: string; now?: Date }): Promise<void> {
  await tx.publicLink.updateMany({ where: { kind: input.kind, subjectId: input.subjectId, revokedAt: null }, data: { revokedAt: input.now ?? new Date() } });
}
