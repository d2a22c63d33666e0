import { describe, expect, it } from "vitest";
import { CUSTOMER_MESSAGES } from "./golden/customer-messages.golden.ts";
import { HOSTILE_MESSAGES } from "./golden/customer-messages.hostile.ts";
import { SEED_CUSTOMER_MESSAGES } from "./golden/customer-messages.seed.ts";
import { judgeCustomerReading } from "./golden/judge-customer-reading.ts";

const tables = [
  ["the first table", SEED_CUSTOMER_MESSAGES],
  ["the table written blind", CUSTOMER_MESSAGES],
  ["the hostile messages", HOSTILE_MESSAGES],
] as const;

describe.each(tables)("reading %s", (_, rows) => {
  it.each(rows.map((row) => [JSON.stringify(row.text).slice(0, 70), row] as const))("%s", (_text, row) => {
    const { right, got } = judgeCustomerReading(row);
    expect(right, `read as ${got}`).toBe(true);
  });
});
