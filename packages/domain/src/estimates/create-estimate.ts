import type { CreateEstimateInput, EstimateDetail } from "@fieldops/shared/estimates";
import { invalidInput, notFound } from "../errors.ts";
import { takeNextNumber } from "../companies/take-next-number.ts";
import type { TenantScope, UserActor } from "../tenant-scope.ts";
import {
  companyTimeZone,
  defaultExpiresAt,
  estimateDetailInclude,
  expiresAtFor,
  optionsCreateData,
  toEstimateDetail,
} from "./estimate-record.ts";
import { estimateChanged } from "./estimates-events.ts";

/** A draft estimate for a customer, numbered in the company's sequence; announces it (and its lead, when it has one). */
export async function createEstimate(
  { tx, companyId, actor, emit }: TenantScope<UserActor>,
  input: CreateEstimateInput & { leadId?: string; now?: Date },
): Promise<EstimateDetail> {
  const now = input.now ?? new Date();
  const customer = await tx.customer.findUnique({ where: { id: input.customerId }, select: { id: true } });
  if (!customer) throw notFound("Customer not found");
  const timeZone = await companyTimeZone(tx);
  const expiresAt = input.expiresOn ? expiresAtFor(input.expiresOn, timeZone) : defaultExpiresAt(now, timeZone);
  if (expiresAt <= now) throw invalidInput("The expiry date has passed", "expiresOn");
  const number = await takeNextNumber(tx, companyId, "estimates");
  const row = await tx.estimate.create({
    data: {
      companyId,
      number,
      customerId: input.customerId,
      leadId: input.leadId ?? null,
      title: input.title,
      message: input.message ?? null,
      expiresAt,
      createdByUserId: actor.userId,
      createdAt: now,
      options: { create: optionsCreateData(companyId, input.options) },
    },
    include: estimateDetailInclude,
  });
  const estimate = await toEstimateDetail(tx, row, now, timeZone);
  emit(estimateChanged(estimate));
  return estimate;
}
