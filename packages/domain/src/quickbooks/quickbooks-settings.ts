import type { Env } from "@fieldops/config/env";
import type { Database } from "@fieldops/db";
import type { QuickBooksOptions, QuickBooksSettings } from "@fieldops/shared/quickbooks";
import { recordAudit } from "../audit/record-audit.ts";
import { conflict, DomainError } from "../errors.ts";
import type { TenantScope, UserActor } from "../tenant-scope.ts";
import { QuickBooksError } from "./quickbooks-client.ts";
import { openQuickBooks } from "./quickbooks-connection.ts";

/** The item and the tax code invoice lines are pushed with; the next pushes use them. */
export async function saveQuickBooksSettings(
  { tx, companyId, actor }: TenantScope<UserActor>,
  input: QuickBooksSettings,
): Promise<QuickBooksSettings> {
  await tx.quickBooksSettings.upsert({ where: { companyId }, create: { companyId, ...input }, update: input });
  await recordAudit(tx, {
    companyId,
    actorUserId: actor.userId,
    action: "integration.settings_changed",
    entityType: "integration",
    entityId: "quickbooks",
    summary: `${actor.name} set QuickBooks invoice lines to ${input.itemName ?? "Services"} and taxable lines to ${input.taxCodeName ?? "no tax code"}`,
  });
  return input;
}

/** The active items and tax codes of the company's QuickBooks, read through its API, to choose the mapping from. */
export async function listQuickBooksOptions(db: Database, companyId: string, env: Env): Promise<QuickBooksOptions> {
  try {
    const client = await openQuickBooks(db, companyId, env);
    if (!client) throw conflict("Connect QuickBooks in Settings → Integrations first");
    const [items, taxCodes] = await Promise.all([
      client.query("select * from Item where Active = 'true' maxresults 1000"),
      client.query("select * from TaxCode where Active = 'true' maxresults 1000"),
    ]);
    const named = (record: { Id: string; Name?: unknown }) => ({
      id: record.Id,
      name: String(record.Name ?? record.Id),
    });
    return { items: items.map(named), taxCodes: taxCodes.map(named) };
  } catch (error) {
    if (error instanceof DomainError) throw error;
    if (error instanceof QuickBooksError) throw new DomainError("unavailable", error.message);
    throw error;
  }
}
