import { randomUUID } from "node:crypto";
import type { EstimateStatus } from "@fieldops/shared/estimates";
import type { LeadSource, LeadStatus } from "@fieldops/shared/leads";
import type { Database, Prisma } from "./client.ts";

const DAY_MS = 86_400_000;

interface SalesInput {
  companyId: string;
  now: Date;
  customers: readonly Pick<
    Prisma.CustomerCreateManyInput,
    | "id"
    | "name"
    | "email"
    | "phone"
    | "street"
    | "city"
    | "region"
    | "postcode"
    | "latitude"
    | "longitude"
    | "locationPrecision"
  >[];
  services: readonly { title: string; priceCents: number }[];
  /** Jobs the seed made: a converted estimate points at one created once it was converted. */
  jobs: readonly Pick<Prisma.JobCreateManyInput, "id" | "customerId" | "title" | "createdAt">[];
  pick: <T>(values: readonly T[]) => T;
}

/** The estimates of the demo, one per status at least, some of them from leads. */
const ESTIMATE_PLAN: { status: EstimateStatus; fromLead: boolean; daysAgo: number }[] = [
  { status: "draft", fromLead: true, daysAgo: 1 },
  { status: "draft", fromLead: false, daysAgo: 2 },
  { status: "sent", fromLead: true, daysAgo: 3 },
  { status: "sent", fromLead: false, daysAgo: 5 },
  { status: "sent", fromLead: false, daysAgo: 8 },
  { status: "changes_requested", fromLead: true, daysAgo: 6 },
  { status: "approved", fromLead: true, daysAgo: 9 },
  { status: "approved", fromLead: false, daysAgo: 4 },
  { status: "converted", fromLead: true, daysAgo: 20 },
  { status: "converted", fromLead: false, daysAgo: 25 },
  { status: "declined", fromLead: true, daysAgo: 15 },
  { status: "expired", fromLead: false, daysAgo: 45 },
];

const LEAD_STATUS_OF: Record<EstimateStatus, LeadStatus> = {
  draft: "estimating",
  sent: "estimating",
  changes_requested: "estimating",
  expired: "estimating",
  approved: "won",
  converted: "won",
  declined: "lost",
};

/** Prospects who asked for work and have no estimate yet. */
const PROSPECTS: { name: string; request: string; source: LeadSource; status: LeadStatus; daysAgo: number }[] = [
  {
    name: "Harper Quinn",
    request: "Quote for a new patio border and mulch beds",
    source: "website",
    status: "new",
    daysAgo: 0,
  },
  {
    name: "Rowan Ellis",
    request: "Monthly service for a small commercial lot",
    source: "phone",
    status: "new",
    daysAgo: 1,
  },
  {
    name: "Emerson Blake",
    request: "Wants a price before deciding, may go elsewhere",
    source: "referral",
    status: "lost",
    daysAgo: 12,
  },
];

/**
 * Leads and estimates in every status for a demo company, so the sales screens, the customer's page and the review
 * link have something real to show.
 */
export async function seedDemoSales(db: Database, input: SalesInput): Promise<void> {
  const { companyId, now, pick } = input;
  const leads: Prisma.LeadCreateManyInput[] = [];
  const estimates: Prisma.EstimateCreateManyInput[] = [];
  const options: Prisma.EstimateOptionCreateManyInput[] = [];
  const lines: Prisma.EstimateLineItemCreateManyInput[] = [];
  const outbox: Prisma.OutboxMessageCreateManyInput[] = [];
  const usedJobs = new Set<string>();

  for (const [index, plan] of ESTIMATE_PLAN.entries()) {
    const created = new Date(now.getTime() - plan.daysAgo * DAY_MS);
    const converted = new Date(created.getTime() + 2 * DAY_MS);
    const job =
      plan.status === "converted"
        ? input.jobs.find(
            (candidate) =>
              !usedJobs.has(candidate.id!) && new Date(candidate.createdAt!).getTime() >= converted.getTime(),
          )
        : undefined;
    if (job) usedJobs.add(job.id!);
    const customer = job
      ? input.customers.find((candidate) => candidate.id === job.customerId)!
      : input.customers[(index * 7 + 3) % input.customers.length]!;
    const service = pick(input.services);
    const estimateId = randomUUID();
    const leadId = plan.fromLead ? randomUUID() : null;
    if (leadId) {
      const {
        id: customerId,
        name,
        email,
        phone,
        street,
        city,
        region,
        postcode,
        latitude,
        longitude,
        locationPrecision,
      } = customer;
      leads.push({
        id: leadId,
        companyId,
        customerId,
        name,
        email,
        phone,
        street,
        city,
        region,
        postcode,
        latitude,
        longitude,
        locationPrecision,
        request: job?.title ?? service.title,
        source: pick(["phone", "website", "referral", "email"] as const),
        status: LEAD_STATUS_OF[plan.status],
        createdAt: new Date(created.getTime() - DAY_MS),
      });
    }
    const sent = plan.status !== "draft";
    const answered = ["changes_requested", "approved", "converted", "declined"].includes(plan.status);
    const tiers = [
      { name: "Good", extra: [] as { description: string; quantity: number; unitPriceCents: number }[] },
      {
        name: "Better",
        extra: [
          { description: "Edging and cleanup", quantity: 1, unitPriceCents: Math.round(service.priceCents * 0.3) },
        ],
      },
      {
        name: "Best",
        extra: [
          { description: "Edging and cleanup", quantity: 1, unitPriceCents: Math.round(service.priceCents * 0.3) },
          { description: "Follow-up visit", quantity: 1, unitPriceCents: Math.round(service.priceCents * 0.5) },
        ],
      },
    ].slice(0, index % 3 === 2 ? 1 : 3);
    const optionIds = tiers.map(() => randomUUID());
    for (const [position, tier] of tiers.entries()) {
      options.push({
        id: optionIds[position]!,
        companyId,
        estimateId,
        position,
        name: tiers.length === 1 ? service.title : tier.name,
      });
      [
        { description: job?.title ?? service.title, quantity: 1, unitPriceCents: service.priceCents },
        ...tier.extra,
      ].forEach((line, linePosition) =>
        lines.push({
          companyId,
          optionId: optionIds[position]!,
          position: linePosition,
          ...line,
          taxRateBasisPoints: index % 2 === 0 ? 825 : null,
        }),
      );
    }
    const chosen =
      plan.status === "approved" || plan.status === "converted" ? optionIds[Math.min(1, optionIds.length - 1)]! : null;
    estimates.push({
      id: estimateId,
      companyId,
      number: index + 1,
      customerId: customer.id!,
      leadId,
      title: job?.title ?? service.title,
      message: "Thank you for the opportunity. Choose the option that suits you and approve it online.",
      status: plan.status,
      expiresAt: new Date(plan.status === "expired" ? now.getTime() - 15 * DAY_MS : created.getTime() + 30 * DAY_MS),
      sentAt: sent ? new Date(created.getTime() + 3_600_000) : null,
      customerMessage:
        plan.status === "changes_requested"
          ? "Could you do it the week after next instead?"
          : plan.status === "declined"
            ? "We decided to wait until next year."
            : null,
      respondedAt: answered ? new Date(created.getTime() + DAY_MS) : null,
      approvedOptionId: chosen,
      signatureName: chosen ? customer.name : null,
      approvedAt: chosen ? new Date(created.getTime() + DAY_MS) : null,
      declinedAt: plan.status === "declined" ? new Date(created.getTime() + DAY_MS) : null,
      jobId: job?.id ?? null,
      convertedAt: job ? converted : null,
      createdAt: created,
    });
    if (sent && customer.email) {
      outbox.push({
        companyId,
        kind: "estimate",
        channel: "email",
        recipient: customer.email,
        estimateId,
        subject: `Estimate #${index + 1}: ${job?.title ?? service.title}`,
        body: "Your estimate is ready to review.",
        dedupeKey: `estimate:${estimateId}:seed:email`,
        status: "sent",
        sentAt: new Date(created.getTime() + 3_600_000),
        createdAt: new Date(created.getTime() + 3_600_000),
      });
    }
  }
  for (const [index, prospect] of PROSPECTS.entries()) {
    const near = input.customers[index]!;
    leads.push({
      companyId,
      name: prospect.name,
      email: `${prospect.name.split(" ")[0]!.toLowerCase()}@example.com`,
      phone: `(555) 010-${String(index).padStart(4, "0")}`,
      street: `${100 + index * 11} Meadow Ln`,
      city: near.city,
      region: near.region,
      postcode: near.postcode,
      latitude: near.latitude,
      longitude: near.longitude,
      locationPrecision: near.locationPrecision,
      request: prospect.request,
      source: prospect.source,
      status: prospect.status,
      createdAt: new Date(now.getTime() - prospect.daysAgo * DAY_MS),
    });
  }
  await db.lead.createMany({ data: leads });
  await db.estimate.createMany({ data: estimates });
  await db.estimateOption.createMany({ data: options });
  await db.estimateLineItem.createMany({ data: lines });
  await db.outboxMessage.createMany({ data: outbox });
}
