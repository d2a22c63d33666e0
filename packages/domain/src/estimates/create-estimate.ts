import type { TenantTransaction } from "@fieldops/db";
import type { CreateEstimateInput, EstimateDetail } from "@fieldops/shared/estimates";
import { invalidInput, notFound } from "../errors.ts";
import type { Actor } from "../jobs/actor.ts";
import { takeNextNumber } from "../companies/take-next-number.ts";
import {
  companyTimeZone,
  defaultExpiresAt,
  estimateDetailInclude,
  expiresAtFor,
  optionsCreateData,
  toEstimateDetail,
} from "./estimate-record.ts";

/** A draft estimate for a customer, numbered in the company's sequence. */
export async function createEstimate(
  tx: TenantTransaction,
  input: CreateEstimateInput & { companyId: string; actor: Actor; leadId?: string; now?: Date },
): Promise<EstimateDetail> {
  const now = input.now ?? new Date();
  const customer = await tx.customer.findUnique({ where: { id: input.customerId }, select: { id: true } });
  if (!customer) throw notFound("Customer not found");
  const timeZone = await companyTimeZone(tx);
  const expiresAt = input.expiresOn ? expiresAtFor(input.expiresOn, timeZone) : defaultExpiresAt(now, timeZone);
  if (expiresAt <= now) throw invalidInput("The expiry date has passed", "expiresOn");
  const number = await takeNextNumber(tx, input.companyId, "estimates");
  const row = await tx.estimate.create({
    data: {
      companyId: input.companyId,
      number,
      customerId: input.customerId,
      leadId: input.leadId ?? null,
      title: input.title,
      message: input.message ?? null,
      expiresAt,
      createdByUserId: input.actor.userId,
      createdAt: now,
      options: { create: optionsCreateData(input.companyId, input.options) },
    },
    include: estimateDetailInclude,
  });
  return toEstimateDetail(tx, row, now, timeZone);
}
