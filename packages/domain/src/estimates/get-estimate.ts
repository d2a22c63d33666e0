import type { TenantTransaction } from "@fieldops/db";
import type { EstimateDetail } from "@fieldops/shared/estimates";
import { notFound } from "../errors.ts";
import { companyTimeZone, estimateDetailInclude, toEstimateDetail } from "./estimate-record.ts";

export async function getEstimate(
  tx: TenantTransaction,
  input: { estimateId: string; now?: Date },
): Promise<EstimateDetail> {
  const row = await tx.estimate.findUnique({ where: { id: input.estimateId }, include: estimateDetailInclude });
  if (!row) throw notFound("Estimate not found");
  return toEstimateDetail(tx, row, input.now ?? new Date(), await companyTimeZone(tx));
}
