import type { TenantTransaction } from "@fieldops/db";
import {
  MAX_PENDING_APPROVALS_LISTED,
  MODULE_CATALOG,
  moduleIdSchema,
  type ApprovalRequest,
} from "@fieldops/shared/modules";
import { moduleDefinition } from "./module-registry.ts";
import { parseModuleParams } from "./module-access.ts";

/** The requests waiting for an owner or administrator, oldest first, each with what approving it will do. */
export async function listModuleApprovals(
  tx: TenantTransaction,
  input: { now?: Date } = {},
): Promise<{ items: ApprovalRequest[] }> {
  const now = input.now ?? new Date();
  const runs = await tx.moduleRun.findMany({
    where: { status: "awaiting_approval", expiresAt: { gt: now } },
    orderBy: { createdAt: "asc" },
    take: MAX_PENDING_APPROVALS_LISTED,
  });
  const users = await tx.user.findMany({
    where: { id: { in: [...new Set(runs.map((run) => run.requestedByUserId))] } },
    select: { id: true, name: true, role: true },
  });
  const byId = new Map(users.map((user) => [user.id, user]));
  // One query at a time: the transaction is one connection.
  const items: ApprovalRequest[] = [];
  for (const run of runs) {
    const moduleId = moduleIdSchema.parse(run.moduleId);
    const requester = byId.get(run.requestedByUserId);
    let summary: string;
    try {
      summary = await moduleDefinition(moduleId).describe(tx, parseModuleParams(moduleId, run.params).params);
    } catch {
      summary = `${MODULE_CATALOG[moduleId].title} (its parameters are no longer valid)`;
    }
    items.push({
      id: run.id,
      moduleId,
      moduleLabel: MODULE_CATALOG[moduleId].title,
      summary,
      params: run.params as Record<string, unknown>,
      paramsHash: run.paramsHash,
      status: "pending",
      requestedBy: {
        id: run.requestedByUserId,
        name: requester?.name ?? "A former user",
        role: requester?.role ?? "member",
      },
      requestedAt: run.createdAt.toISOString(),
      expiresAt: run.expiresAt!.toISOString(),
      decidedAt: null,
      denyReason: null,
    });
  }
  return { items };
}
