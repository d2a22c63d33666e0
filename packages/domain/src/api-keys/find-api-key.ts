import { withSystem, type Database } from "@fieldops/db";
import { API_KEY_PATTERN } from "@fieldops/shared/api-keys";
import { hashApiKey } from "./manage-api-keys.ts";

/** How often a key's last use is written: often enough to show, rarely enough not to write on every request. */
const LAST_USED_RESOLUTION_MS = 60_000;

export interface ApiKeyHolder {
  keyId: string;
  keyName: string;
  scopes: string[];
  companyId: string;
  /** The owner who made the key: the key acts as them, at a member's rights. */
  userId: string;
  userName: string;
  userEmail: string;
}

/**
 * The key a request names, or null: unknown, revoked, its maker gone or its company suspended all answer alike (the
 * plan's API access is checked in the company's transaction, to say which plan has it). Runs in the system context, since the company is what it finds out.
 */
export async function findApiKey(db: Database, key: string, now = new Date()): Promise<ApiKeyHolder | null> {
  if (!new RegExp(`^${API_KEY_PATTERN.source}$`).test(key)) return null;
  return withSystem(db, async (tx) => {
    const row = await tx.apiKey.findUnique({
      where: { keyHash: hashApiKey(key) },
      include: { company: { select: { suspendedAt: true } } },
    });
    if (!row || row.revokedAt || row.company.suspendedAt) return null;
    const user = await tx.user.findFirst({
      where: { id: row.createdByUserId, companyId: row.companyId },
      select: { id: true, name: true, email: true },
    });
    if (!user) return null;
    if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS)
      await tx.apiKey.update({ where: { id: row.id }, data: { lastUsedAt: now } });
    return {
      keyId: row.id,
      keyName: row.name,
      scopes: row.scopes,
      companyId: row.companyId,
      userId: user.id,
      userName: user.name,
      userEmail: user.email,
    };
  });
}
