import { formatCompanyTime } from "@fieldops/shared/company-time";

export function formatCents(cents: number): string {
  return new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(cents / 100);
}

export function formatWhen(iso: string | null, timeZone: string): string {
  return iso ? formatCompanyTime(iso, timeZone) : "Not scheduled";
}
