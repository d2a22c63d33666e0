import type { TenantTransaction } from "@fieldops/db";
import { phoneSearchDigits } from "@fieldops/shared/customers";

/**
 * The customers (at most three: more says no more) who have this phone number, on their card or among their contacts,
 * compared by digits as search does (`phoneSearchDigits`: "+1 (555) 555-0100" is 5555550100).
 */
export async function findCustomersByPhone(tx: TenantTransaction, phone: string): Promise<string[]> {
  const digits = phoneSearchDigits(phone);
  if (digits === null || digits.length < 7) return [];
  const rows = await tx.$queryRaw<{ id: string }[]>`
    SELECT DISTINCT id FROM (
      SELECT c.id, regexp_replace(c.phone, '\\D', '', 'g') AS d FROM customers c WHERE c.phone IS NOT NULL
      UNION ALL
      SELECT cc."customerId", regexp_replace(cc.value, '\\D', '', 'g') FROM customer_contacts cc WHERE cc.kind = 'phone'
    ) phones
    WHERE (CASE WHEN length(d) = 11 AND left(d, 1) = '1' THEN substr(d, 2) ELSE d END) = ${digits}
    LIMIT 3`;
  return rows.map((row) => row.id);
}
