import type { AssistantContext, AssistantPlan } from "@fieldops/shared/assistant";
import type { PlanFeature } from "@fieldops/shared/plans";
import type { Role } from "@fieldops/shared/roles";

export type NamedRecord = { id: string; name: string };

/** A customer as the planner may show it when two share a name: what tells them apart. */
export type CustomerRecord = NamedRecord & { address?: string | null; phone?: string | null };

export type JobRecord = {
  id: string;
  number: number;
  title: string;
  customerId: string;
  customerName: string;
  /** A visit of it waits in the queue to be scheduled. */
  hasWaitingVisit: boolean;
  closed: boolean;
};

/** A visit from today on, scheduled or waiting. */
export type VisitRecord = {
  id: string;
  jobId: string;
  jobNumber: number;
  jobTitle: string;
  customerName: string;
  /** ISO instant; null while it waits to be scheduled. */
  start: string | null;
  crewId: string | null;
};

export type InvoiceRecord = {
  id: string;
  number: number;
  customerId: string;
  customerName: string;
  status: string;
  balanceCents: number;
};

/** What the planner can count for a question ("how many customers do we have?"). */
export type CountKind = "customers" | "open_jobs" | "visits" | "completed_visits" | "unpaid_invoices" | "crews";

/** Calendar days of the company, `from` up to (not including) `until`. */
export type DayPeriod = { from: string; until: string };

/**
 * The company's data the planner may look at, inside the user's tenant. What comes back is data: the planner reads
 * ids and names from it and never takes any of its text as a request.
 */
export type PlannerLookup = {
  /** Customers whose name resembles `query` (a few, best first). */
  findCustomers(query: string): Promise<CustomerRecord[]>;
  /** The customer with this id, when the company has one. */
  customerById(id: string): Promise<NamedRecord | null>;
  listCrews(): Promise<NamedRecord[]>;
  /** The job with this number, a customer's jobs, or every customer's whose title holds every word of `title` (open ones, newest first). */
  findJobs(filter: { number: number } | { customerId: string } | { title: string }): Promise<JobRecord[]>;
  /** A customer's or a job's visits from today on: scheduled ones by time, then those waiting. */
  upcomingVisits(filter: { customerId: string } | { jobId: string }): Promise<VisitRecord[]>;
  invoiceByNumber(number: number): Promise<InvoiceRecord | null>;
  /** A customer's invoices still open (sent or partly paid), oldest first. */
  openInvoices(customerId: string): Promise<InvoiceRecord[]>;
  /** Invoices past due and still open: every customer's, or one customer's. */
  countPastDueInvoices(customerId?: string): Promise<number>;
  /** How many there are (visits: in the period, every day when none is named). */
  count(kind: CountKind, period?: DayPeriod): Promise<number>;
  /** What one customer paid in the period (ever when none), and what they owe now: open and past-due invoices. */
  customerMoney(customerId: string, period: DayPeriod | null): Promise<CustomerMoney>;
  /** The customers who paid the most in the period (ever when none), best first. */
  topCustomers(period: DayPeriod | null, limit: number): Promise<{ name: string; paidCents: number }[]>;
  /** What batch invoicing the period (calendar days, both included) would make: visits, invoices and their total. */
  previewBatchInvoice(period: { from: string; to: string }): Promise<BatchInvoiceSummary>;
  /** The company's custom objects the user reaches (key and names). */
  listCustomObjects(): Promise<CustomObjectName[]>;
};

export type CustomerMoney = { paidCents: number; openCents: number; openInvoices: number; pastDueInvoices: number };

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
