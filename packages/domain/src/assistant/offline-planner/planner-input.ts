import type { AssistantContext, AssistantPlan } from "@fieldops/shared/assistant";
import type { PlanFeature } from "@fieldops/shared/plans";
import type { Role } from "@fieldops/shared/roles";

export type NamedRecord = { id: string; name: string };

/**
 * The company's data the planner may look at, inside the user's tenant. What comes back is data: the planner reads
 * ids and names from it and never takes any of its text as a request.
 */
export type PlannerLookup = {
  /** Customers whose name resembles `query` (a few, best first). */
  findCustomers(query: string): Promise<NamedRecord[]>;
  /** The customer with this id, when the company has one. */
  customerById(id: string): Promise<NamedRecord | null>;
  listCrews(): Promise<NamedRecord[]>;
  countPastDueInvoices(): Promise<number>;
  /** What batch invoicing the period (calendar days, both included) would make: visits, invoices and their total. */
  previewBatchInvoice(period: { from: string; to: string }): Promise<BatchInvoiceSummary>;
  /** The company's custom objects the user reaches (key and names). */
  listCustomObjects(): Promise<CustomObjectName[]>;
};

export type BatchInvoiceSummary = { visits: number; invoices: number; totalCents: number };

export type CustomObjectName = { key: string; name: string; pluralName: string; relatesToCustomers: boolean };

export type PlannerInput = {
  message: string;
  role: Role;
  features: readonly PlanFeature[];
  context: AssistantContext;
  now: Date;
  timeZone: string;
  lookup: PlannerLookup;
  /** A fresh id for each UI action; random by default. */
  newId?: () => string;
};

export type Planner = (input: PlannerInput) => Promise<AssistantPlan>;
