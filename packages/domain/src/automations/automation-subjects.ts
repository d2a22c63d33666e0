import type { TenantTransaction } from "@fieldops/db";
import {
  AUTOMATION_TRIGGER_SUBJECTS,
  type AutomationConditions,
  type AutomationSubjectType,
  type AutomationTrigger,
} from "@fieldops/shared/automations";
import { formatCents } from "@fieldops/shared/money";
import { momentWords } from "@fieldops/shared/company-time";

/** The customer a run writes to, and what its conditions read. */
export interface SubjectCustomer {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  tags: string[];
}

/**
 * A record an automation acts on, as planning and firing read it: its customer, what the conditions test, the moment
 * each trigger counts from, and the words its templates may use.
 */
export interface AutomationSubject {
  type: AutomationSubjectType;
  id: string;
  label: string;
  customer: SubjectCustomer | null;
  jobId: string | null;
  jobTitle: string | null;
  /** The job's title and services, lower-cased, for the service condition. */
  services: string[];
  crewId: string | null;
  /** The moment a trigger counts from now, or null when the trigger no longer applies to the record. */
  anchors: Partial<Record<AutomationTrigger, Date | null>>;
  /** Why the trigger no longer applies, in words, when its anchor is null. */
  gone: string;
  /** Template words of the record (the company's and the customer's are added by the caller). */
  values: Record<string, string>;
}

export interface CompanyWords {
  name: string;
  phone: string | null;
  timeZone: string;
}

const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? name;

const customerSelect = { id: true, name: true, email: true, phone: true, tags: true } as const;

const OPEN_VISIT = new Set(["scheduled", "dispatched"]);
const OPEN_INVOICE = new Set(["sent", "partially_paid"]);

async function visitSubjects(tx: TenantTransaction, ids: readonly string[], company: CompanyWords) {
  const visits = await tx.visit.findMany({
    where: { id: { in: [...ids] } },
    select: {
      id: true,
      status: true,
      scheduledStart: true,
      completedAt: true,
      crewId: true,
      crew: { select: { name: true } },
      job: {
        select: {
          id: true,
          number: true,
          title: true,
          customer: { select: customerSelect },
          lineItems: { select: { service: true } },
        },
      },
    },
  });
  return visits.map((visit): AutomationSubject => {
    const start = visit.scheduledStart;
    const words = start ? momentWords(start, company.timeZone) : null;
    const booked = start && OPEN_VISIT.has(visit.status) ? start : null;
    return {
      type: "visit",
      id: visit.id,
      label: `Visit of ${visit.job.customer.name}${words ? `, ${words.date}, ${words.time}` : ""}`,
      customer: visit.job.customer,
      jobId: visit.job.id,
      jobTitle: visit.job.title,
      services: [visit.job.title, ...visit.job.lineItems.map((line) => line.service)],
      crewId: visit.crewId,
      anchors: {
        "visit.scheduled": booked,
        "visit.rescheduled": booked,
        "visit.completed": visit.status === "completed" ? visit.completedAt : null,
      },
      gone:
        visit.status === "canceled"
          ? "the visit was canceled"
          : visit.status === "completed" || visit.status === "in_progress"
            ? "the visit has started"
            : "the visit is no longer scheduled",
      values: {
        visit_date: words?.date ?? "",
        visit_time: words?.time ?? "",
        crew_name: visit.crew?.name ?? "",
        job_title: visit.job.title,
        job_number: String(visit.job.number),
      },
    };
  });
}

async function invoiceSubjects(tx: TenantTransaction, ids: readonly string[], company: CompanyWords) {
  const invoices = await tx.invoice.findMany({
    where: { id: { in: [...ids] } },
    select: {
      id: true,
      number: true,
      status: true,
      totalCents: true,
      paidCents: true,
      dueAt: true,
      issuedAt: true,
      customer: { select: customerSelect },
      job: { select: { id: true, title: true, lineItems: { select: { service: true } } } },
    },
  });
  return invoices.map((invoice): AutomationSubject => {
    const balance = invoice.totalCents - invoice.paidCents;
    const open = OPEN_INVOICE.has(invoice.status) && balance > 0;
    return {
      type: "invoice",
      id: invoice.id,
      label: `Invoice #${invoice.number} of ${invoice.customer.name}`,
      customer: invoice.customer,
      jobId: invoice.job?.id ?? null,
      jobTitle: invoice.job?.title ?? null,
      services: invoice.job ? [invoice.job.title, ...invoice.job.lineItems.map((line) => line.service)] : [],
      crewId: null,
      anchors: {
        // Issued once, at the first sending (sending it again is a reminder, not a new trigger).
        "invoice.sent": invoice.status !== "draft" && invoice.status !== "void" ? invoice.issuedAt : null,
        "invoice.overdue": open ? invoice.dueAt : null,
      },
      gone: invoice.status === "void" ? "the invoice was voided" : "the invoice is paid",
      values: {
        invoice_number: String(invoice.number),
        invoice_balance: formatCents(balance),
        invoice_due_date: invoice.dueAt ? momentWords(invoice.dueAt, company.timeZone).date : "",
      },
    };
  });
}

async function estimateSubjects(tx: TenantTransaction, ids: readonly string[]) {
  const estimates = await tx.estimate.findMany({
    where: { id: { in: [...ids] } },
    select: { id: true, number: true, title: true, status: true, sentAt: true, customer: { select: customerSelect } },
  });
  return estimates.map((estimate): AutomationSubject => ({
    type: "estimate",
    id: estimate.id,
    label: `Estimate #${estimate.number} for ${estimate.customer.name}`,
    customer: estimate.customer,
    jobId: null,
    jobTitle: null,
    services: [estimate.title],
    crewId: null,
    anchors: { "estimate.unapproved": estimate.status === "sent" ? estimate.sentAt : null },
    gone: `the customer has answered it (${estimate.status.replace("_", " ")})`,
    values: { estimate_number: String(estimate.number), estimate_title: estimate.title },
  }));
}

async function jobSubjects(tx: TenantTransaction, ids: readonly string[]) {
  const jobs = await tx.job.findMany({
    where: { id: { in: [...ids] } },
    select: {
      id: true,
      number: true,
      title: true,
      createdAt: true,
      customer: { select: customerSelect },
      lineItems: { select: { service: true } },
    },
  });
  return jobs.map((job): AutomationSubject => ({
    type: "job",
    id: job.id,
    label: `Job #${job.number} for ${job.customer.name}: ${job.title}`,
    customer: job.customer,
    jobId: job.id,
    jobTitle: job.title,
    services: [job.title, ...job.lineItems.map((line) => line.service)],
    crewId: null,
    anchors: { "job.created": job.createdAt },
    gone: "the job was deleted",
    values: { job_title: job.title, job_number: String(job.number) },
  }));
}

async function customerSubjects(tx: TenantTransaction, ids: readonly string[]) {
  const customers = await tx.customer.findMany({
    where: { id: { in: [...ids] } },
    select: { ...customerSelect, createdAt: true },
  });
  return customers.map(({ createdAt, ...customer }): AutomationSubject => ({
    type: "customer",
    id: customer.id,
    label: customer.name,
    customer,
    jobId: null,
    jobTitle: null,
    services: [],
    crewId: null,
    anchors: { "customer.created": createdAt },
    gone: "the customer was deleted",
    values: {},
  }));
}

/** The records of one kind, by id; an id of a record that is gone is absent from the map. */
export async function loadAutomationSubjects(
  tx: TenantTransaction,
  type: AutomationSubjectType,
  ids: readonly string[],
  company: CompanyWords,
): Promise<Map<string, AutomationSubject>> {
  if (ids.length === 0) return new Map();
  const subjects =
    type === "visit"
      ? await visitSubjects(tx, ids, company)
      : type === "invoice"
        ? await invoiceSubjects(tx, ids, company)
        : type === "estimate"
          ? await estimateSubjects(tx, ids)
          : type === "job"
            ? await jobSubjects(tx, ids)
            : await customerSubjects(tx, ids);
  return new Map(subjects.map((subject) => [subject.id, subject]));
}

/** The record's anchor for a trigger: null when the trigger does not (or no longer) apply. */
export function anchorOf(subject: AutomationSubject, trigger: AutomationTrigger): Date | null {
  if (AUTOMATION_TRIGGER_SUBJECTS[trigger] !== subject.type) return null;
  return subject.anchors[trigger] ?? null;
}

/** Whether the record meets the automation's conditions (each given list must match one of its entries). */
export function meetsConditions(subject: AutomationSubject, conditions: AutomationConditions): string | null {
  const tags = new Set((subject.customer?.tags ?? []).map((tag) => tag.toLowerCase()));
  if (conditions.customerTags.length > 0 && !conditions.customerTags.some((tag) => tags.has(tag.toLowerCase())))
    return `the customer has none of the tags ${conditions.customerTags.join(", ")}`;
  const services = subject.services.map((service) => service.toLowerCase());
  if (
    conditions.services.length > 0 &&
    !conditions.services.some((word) => services.some((service) => service.includes(word.toLowerCase())))
  )
    return `the work is none of ${conditions.services.join(", ")}`;
  if (conditions.crewIds.length > 0 && (subject.type !== "visit" || !conditions.crewIds.includes(subject.crewId ?? "")))
    return "the visit is on another crew";
  return null;
}

/** Every word a template of this record may use. */
export function templateValues(subject: AutomationSubject, company: CompanyWords): Record<string, string> {
  return {
    ...subject.values,
    customer_name: subject.customer?.name ?? "",
    customer_first_name: subject.customer ? firstName(subject.customer.name) : "",
    company_name: company.name,
    company_phone: company.phone ?? "",
  };
}
