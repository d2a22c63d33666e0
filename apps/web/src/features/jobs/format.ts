import { formatCompanyTime } from "@fieldops/shared/company-time";

export { formatCents } from "@fieldops/shared/money";

export function formatWhen(iso: string | null, timeZone: string): string {
  return iso ? formatCompanyTime(iso, timeZone) : "Not scheduled";
}
