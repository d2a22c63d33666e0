import type { BuildQuote } from "@fieldops/shared/feature-spec";

type BuildRisk = BuildQuote["risk"];

/** Minutes as minutes under an hour, else as `Xh Ym`. */
export function formatBuildTime(minutes: number): string {
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? "" : "s"}`;
  return `${Math.floor(minutes / 60)}h ${minutes % 60}m`;
}

export function formatUsd(amount: number): string {
  return amount.toLocaleString("en-US", { style: "currency", currency: "USD" });
}

/** Low risk shows in the secondary style, medium as an outline, high as destructive. */
export const RISK_BADGE: Record<BuildRisk, "secondary" | "outline" | "destructive"> = {
  low: "secondary",
  medium: "outline",
  high: "destructive",
};

export function formatDuration(ms: number | null): string {
  if (ms === null) return "";
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`;
}
