import type { EstimateStatus } from "@fieldops/shared/estimates";

/** How each status looks in lists and on the editor: the ones that need someone's attention stand out. */
export const ESTIMATE_STATUS_VARIANT: Record<EstimateStatus, "default" | "secondary" | "destructive" | "outline"> = {
  draft: "outline",
  sent: "secondary",
  changes_requested: "destructive",
  approved: "default",
  converted: "secondary",
  declined: "outline",
  expired: "outline",
};

