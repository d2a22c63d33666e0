import { withSystem, type Database, type TenantTransaction } from "@fieldops/db";
import { createPublicLinkToken, isPublicLinkToken, verifyPublicLinkToken } from "./public-link-token.ts";

/** What a link opens: a customer's page, or a calendar feed (a crew's, or a user's own). */
export type PublicLinkKind = "estimate" | "customer_portal" | "invoice_review" | "crew_calendar" | "user_calendar";

/** How many links one estimate or invoice keeps: each one sent or copied stays valid, the oldest beyond this are dropped. */
export const MAX_LINKS_PER_SUBJECT = 20;

/**
 * Makes a new link to `subjectId` and returns its token (the only time it is known). `replace` revokes the subject's
 * other links first, for the one-link-per-customer portal.
 */
export async function issuePublicLink(
  tx: TenantTransaction,
  input: { companyId: string; kind: PublicLinkKind; subjectId: string; userId: string | null; replace?: boolean },
): Promise<string> {
  const { token, tokenHash } = createPublicLinkToken();
  if (input.replace) {
    await tx.publicLink.deleteMany({ where: { kind: input.kind, subjectId: input.subjectId } });
  } else {
    const kept = await tx.publicLink.findMany({
      where: { kind: input.kind, subjectId: input.subjectId },
      orderBy: { createdAt: "desc" },
      skip: MAX_LINKS_PER_SUBJECT - 1,
      select: { id: true },
    });
    if (kept.length > 0) await tx.publicLink.deleteMany({ where: { id: { in: kept.map((link) => link.id) } } });
  }
  await tx.publicLink.create({
    data: {
      companyId: input.companyId,
      kind: input.kind,
      subjectId: input.subjectId,
      tokenHash,
      createdByUserId: input.userId,
    },
  });
  return token;
}

export async function revokePublicLinks(tx: TenantTransaction, kind: PublicLinkKind, subjectId: string): Promise<void> {
  await tx.publicLink.deleteMany({ where: { kind, subjectId } });
}

/**
 * The company of the subject a token opens, or null: a missing link, a wrong token and a malformed one are alike.
 * Runs in the system context, since the company is what it finds out. Every link of the subject is compared in
 * constant time, and a subject without links still costs one comparison.
 */
export async function resolvePublicLink(
  db: Database,
  kind: PublicLinkKind,
  subjectId: string,
  token: string,
): Promise<string | null> {
  if (!isPublicLinkToken(token)) return null;
  return withSystem(db, async (tx) => {
    const links = await tx.publicLink.findMany({
      where: { kind, subjectId },
      select: { id: true, companyId: true, tokenHash: true },
    });
    let match: { id: string; companyId: string } | null = null;
    for (const link of links) if (verifyPublicLinkToken(token, link.tokenHash)) match = link;
    if (links.length === 0) verifyPublicLinkToken(token, "0".repeat(64));
    if (!match) return null;
    await tx.publicLink.update({ where: { id: match.id }, data: { lastUsedAt: new Date() } });
    return match.companyId;
  });
}
