import { createHash, randomBytes } from "node:crypto";
import type { TenantTransaction } from "@fieldops/db";
import { API_KEY_PREFIX, MAX_API_KEYS, type ApiKey, type CreateApiKeyRequest } from "@fieldops/shared/api-keys";
import { recordAudit } from "../audit/record-audit.ts";
import { conflict, notFound } from "../errors.ts";
import { requirePlanFeature } from "../plans/require-plan-feature.ts";
import type { TenantScope, UserActor } from "../tenant-scope.ts";

const API_FEATURE_LABEL = "API access";

/** The SHA-256 of a key, hex: what the database keeps, so a copy of it opens nothing. */
export const hashApiKey = (key: string) => createHash("sha256").update(key, "utf8").digest("hex");

const SELECT = {
  id: true,
  name: true,
  prefix: true,
  scopes: true,
  createdByUserId: true,
  createdAt: true,
  lastUsedAt: true,
} as const;

async function toApiKeys(
  tx: TenantTransaction,
  rows: {
    id: string;
    name: string;
    prefix: string;
    scopes: string[];
    createdByUserId: string;
    createdAt: Date;
    lastUsedAt: Date | null;
  }[],
): Promise<ApiKey[]> {
  const users = await tx.user.findMany({
    where: { id: { in: [...new Set(rows.map((row) => row.createdByUserId))] } },
    select: { id: true, name: true },
  });
  const names = new Map(users.map((user) => [user.id, user.name]));
  return rows.map(({ createdByUserId, createdAt, lastUsedAt, ...row }) => ({
    ...row,
    createdByName: names.get(createdByUserId) ?? "Former team member",
    createdAt: createdAt.toISOString(),
    lastUsedAt: lastUsedAt?.toISOString() ?? null,
  }));
}

/** The company's live keys, newest first, without their secrets (Pro). */
export async function listApiKeys({ tx }: TenantScope<UserActor>): Promise<{ items: ApiKey[] }> {
  await requirePlanFeature(tx, "api", API_FEATURE_LABEL);
  const rows = await tx.apiKey.findMany({
    where: { revokedAt: null },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: SELECT,
  });
  return { items: await toApiKeys(tx, rows) };
}

/**
 * A new key with its scopes: 32 random bytes, shown in this answer only and stored as their SHA-256. It acts as the
 * owner who made it, at a member's rights, within its scopes. Audited; at most MAX_API_KEYS live at once.
 */
export async function createApiKey(
  { tx, companyId, actor }: TenantScope<UserActor>,
  input: CreateApiKeyRequest,
): Promise<ApiKey & { key: string }> {
  await requirePlanFeature(tx, "api", API_FEATURE_LABEL);
  const live = await tx.apiKey.count({ where: { revokedAt: null } });
  if (live >= MAX_API_KEYS) throw conflict(`A company keeps at most ${MAX_API_KEYS} API keys: revoke one first`);
  const key = `${API_KEY_PREFIX}${randomBytes(32).toString("base64url")}`;
  const scopes = [...new Set(input.scopes)].sort();
  const row = await tx.apiKey.create({
    data: {
      companyId,
      name: input.name,
      prefix: key.slice(0, API_KEY_PREFIX.length + 4),
      keyHash: hashApiKey(key),
      scopes,
      createdByUserId: actor.userId,
    },
    select: SELECT,
  });
  await recordAudit(tx, {
    companyId,
    actorUserId: actor.userId,
    action: "api_key.created",
    entityType: "api_key",
    entityId: row.id,
    summary: `${actor.name} created the API key "${row.name}" (${scopes.join(", ")})`,
    details: { scopes },
  });
  const [shown] = await toApiKeys(tx, [row]);
  return { ...shown!, key };
}

/** Revokes a key: it is refused from the next request on. Revoking a revoked key changes nothing. Audited. */
export async function revokeApiKey(
  { tx, companyId, actor }: TenantScope<UserActor>,
  input: { id: string; now?: Date },
): Promise<null> {
  const key = await tx.apiKey.findUnique({
    where: { id: input.id },
    select: { id: true, name: true, revokedAt: true },
  });
  if (!key) throw notFound("API key not found");
  if (key.revokedAt) return null;
  await tx.apiKey.update({ where: { id: key.id }, data: { revokedAt: input.now ?? new Date() } });
  await recordAudit(tx, {
    companyId,
    actorUserId: actor.userId,
    action: "api_key.revoked",
    entityType: "api_key",
    entityId: key.id,
    summary: `${actor.name} revoked the API key "${key.name}"`,
  });
  return null;
}
