import { z } from "zod";
import { defineEndpoint } from "./endpoint";
import { text } from "./text";

/** What the sync pushes to QuickBooks Online. */
export const QUICKBOOKS_SYNC_ENTITIES = ["customer", "invoice", "payment", "refund"] as const;
export const quickBooksSyncEntitySchema = z.enum(QUICKBOOKS_SYNC_ENTITIES);
export type QuickBooksSyncEntity = z.infer<typeof quickBooksSyncEntitySchema>;

/**
 * How one record stands with QuickBooks: `not_connected` (the company has no live QuickBooks connection),
 * `not_synced` (nothing queued yet: a draft invoice, a record from before the connection), `pending`, `synced`, or
 * `failed` with QuickBooks' message.
 */
export const QUICKBOOKS_SYNC_STATES = ["not_connected", "not_synced", "pending", "synced", "failed"] as const;

export const quickBooksSyncStateSchema = z.object({
  entity: quickBooksSyncEntitySchema,
  id: z.string(),
  state: z.enum(QUICKBOOKS_SYNC_STATES),
  error: z.string().nullable(),
  quickbooksId: z.string().nullable(),
  lastSyncedAt: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type QuickBooksSyncState = z.infer<typeof quickBooksSyncStateSchema>;

export const quickBooksSyncParamsSchema = z.object({ entity: quickBooksSyncEntitySchema, id: z.uuid() });

export const quickBooksSettingsSchema = z.object({
  /** The QuickBooks item invoice lines are sold as ("Services" when none is chosen). */
  itemId: text({ max: 50 }).nullable(),
  itemName: text({ max: 200 }).nullable(),
  /** The QuickBooks tax code of an invoice's taxable lines. */
  taxCodeId: text({ max: 50 }).nullable(),
  taxCodeName: text({ max: 200 }).nullable(),
});
export type QuickBooksSettings = z.infer<typeof quickBooksSettingsSchema>;

export const quickBooksOverviewSchema = z.object({
  connected: z.boolean(),
  lastSyncedAt: z.string().nullable(),
  pending: z.number().int(),
  failures: z.array(quickBooksSyncStateSchema.extend({ label: z.string() })).max(50),
  settings: quickBooksSettingsSchema,
});
export type QuickBooksOverview = z.infer<typeof quickBooksOverviewSchema>;

export const quickBooksOptionsSchema = z.object({
  items: z.array(z.object({ id: z.string(), name: z.string() })).max(1000),
  taxCodes: z.array(z.object({ id: z.string(), name: z.string() })).max(1000),
});
export type QuickBooksOptions = z.infer<typeof quickBooksOptionsSchema>;

export const quickBooksEndpoints = {
  syncState: defineEndpoint({
    method: "GET",
    path: "/api/quickbooks/sync/:entity/:id",
    tags: ["integrations"],
    summary: "How a customer, invoice, payment or refund stands with QuickBooks",
    params: quickBooksSyncParamsSchema,
    response: quickBooksSyncStateSchema,
    capability: "integrations.read",
  }),
  retry: defineEndpoint({
    method: "POST",
    path: "/api/quickbooks/sync/:entity/:id/retry",
    tags: ["integrations"],
    summary: "Push a record to QuickBooks again",
    params: quickBooksSyncParamsSchema,
    status: 202,
    response: quickBooksSyncStateSchema,
    capability: "integrations.manage",
  }),
  overview: defineEndpoint({
    method: "GET",
    path: "/api/quickbooks/overview",
    tags: ["integrations"],
    summary: "The QuickBooks sync: the last push, what waits, what failed, and how lines map",
    response: quickBooksOverviewSchema,
    capability: "integrations.read",
  }),
  options: defineEndpoint({
    method: "GET",
    path: "/api/quickbooks/options",
    tags: ["integrations"],
    summary: "The items and tax codes of the company's QuickBooks, to map invoice lines to",
    response: quickBooksOptionsSchema,
    capability: "integrations.manage",
  }),
  saveSettings: defineEndpoint({
    method: "PUT",
    path: "/api/quickbooks/settings",
    tags: ["integrations"],
    summary: "Choose the QuickBooks item of invoice lines and the tax code of taxable lines",
    body: quickBooksSettingsSchema,
    response: quickBooksSettingsSchema,
    capability: "integrations.manage",
  }),
};
