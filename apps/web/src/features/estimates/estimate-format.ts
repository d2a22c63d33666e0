import type { EstimateStatus } from "@fieldops/shared/estimates";

/** How each status looks in lists and on the editor: the ones waiting on the office (changes asked, approved) stand out. */
export const ESTIMATE_STATUS_VARIANT: Record<EstimateStatus, "default" | "secondary" | "outline"> = {
  draft: "outline",
  sent: "secondary",
  changes_requested: "default",
  approved: "default",
  converted: "secondary",
  declined: "outline",
  expired: "outline",
};
