import type { EstimateDetail, EstimateStatus, UpdateEstimateInput } from "@fieldops/shared/estimates";
import { conflict, invalidInput } from "../errors.ts";
import type { TenantScope } from "../tenant-scope.ts";
import {
  companyTimeZone,
  effectiveEstimateStatus,
  estimateDetailInclude,
  expiresAtFor,
  lockEstimate,
  optionsCreateData,
  toEstimateDetail,
} from "./estimate-record.ts";
import { estimateChanged } from "./estimates-events.ts";

/** What an estimate in each status becomes when the office edits it; absent: it cannot be edited. */
const EDITED_STATUS: Partial<Record<EstimateStatus, EstimateStatus>> = {
  draft: "draft",
  sent: "draft",
  changes_requested: "draft",
  expired: "draft",
};

export function editRefusal(status: EstimateStatus): string {
  return `An estimate that is ${status.replace("_", " ")} cannot be changed`;
}

/**
 * Edits an estimate. Sent, changes-requested and expired estimates go back to draft: what the customer was shown is
 * no longer what is offered, so they cannot approve it until it is sent again. Approved, converted and declined
 * estimates are final (409). Announces the estimate and its lead.
 */
export async function updateEstimate(
  { tx, companyId, emit }: TenantScope,
  input: UpdateEstimateInput & { estimateId: string; now?: Date },
): Promise<EstimateDetail> {
  const now = input.now ?? new Date();
  const current = await lockEstimate(tx, input.estimateId);
  const status = effectiveEstimateStatus(current, now);
  const next = EDITED_STATUS[status];
  if (!next) throw conflict(editRefusal(status));
  const timeZone = await companyTimeZone(tx);
  const expiresAt = input.expiresOn ? expiresAtFor(input.expiresOn, timeZone) : undefined;
  if (expiresAt && expiresAt <= now) throw invalidInput("The expiry date has passed", "expiresOn");
  if (input.options) await tx.estimateOption.deleteMany({ where: { estimateId: current.id } });
  const row = await tx.estimate.update({
    where: { id: current.id },
    data: {
      title: input.title,
      message: input.message === undefined ? undefined : input.message,
      expiresAt,
      status: next,
      options: input.options ? { create: optionsCreateData(companyId, input.options) } : undefined,
    },
    include: estimateDetailInclude,
  });
  const estimate = await toEstimateDetail(tx, row, now, timeZone);
  emit(estimateChanged(estimate));
  return estimate;
}
