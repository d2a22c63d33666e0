import { describe, expect, it } from "vitest";
import { formatTaxRate, invoiceStatusForPaid, invoiceTotals, isInvoicePastDue, reviewPagePath } from "./invoices";
import { formatCents } from "./money";

describe("invoice totals", () => {
  it("adds the lines, takes the discount off, and taxes the taxable lines after their share of the discount", () => {
    const lines = [
      { quantity: 1, unitPriceCents: 6000, taxable: true },
      { quantity: 2, unitPriceCents: 1250, taxable: false },
    ];
    expect(invoiceTotals(lines, 0, 800)).toEqual({
      subtotalCents: 8500,
      discountCents: 0,
      taxCents: 480,
      totalCents: 8980,
    });
    expect(invoiceTotals(lines, 500, 800)).toEqual({
      subtotalCents: 8500,
      discountCents: 500,
      taxCents: 452,
      totalCents: 8452,
    });
  });

  it("rounds fractional quantities to the cent, and never discounts below zero", () => {
    expect(invoiceTotals([{ quantity: 1.5, unitPriceCents: 333, taxable: false }], 0, 0).subtotalCents).toBe(500);
    expect(invoiceTotals([{ quantity: 1, unitPriceCents: 1000, taxable: true }], 5000, 1000)).toEqual({
      subtotalCents: 1000,
      discountCents: 1000,
      taxCents: 0,
      totalCents: 0,
    });
    expect(invoiceTotals([], 0, 825)).toEqual({ subtotalCents: 0, discountCents: 0, taxCents: 0, totalCents: 0 });
  });
});

describe("an invoice's status and past due", () => {
  it("is past due when still owed and due before today on the company's calendar", () => {
    expect(isInvoicePastDue("sent", "2026-03-09", "2026-03-10")).toBe(true);
    expect(isInvoicePastDue("partially_paid", "2026-03-09", "2026-03-10")).toBe(true);
    expect(isInvoicePastDue("sent", "2026-03-10", "2026-03-10")).toBe(false);
    for (const status of ["draft", "paid", "void"] as const)
      expect(isInvoicePastDue(status, "2020-01-01", "2026-03-10")).toBe(false);
    expect(isInvoicePastDue("sent", null, "2026-03-10")).toBe(false);
  });

  it("follows what is paid: sent, partially paid, paid", () => {
    expect(invoiceStatusForPaid(0, 1000)).toBe("sent");
    expect(invoiceStatusForPaid(1, 1000)).toBe("partially_paid");
    expect(invoiceStatusForPaid(1000, 1000)).toBe("paid");
  });
});

describe("formatting", () => {
  it("writes money, tax rates and the review link", () => {
    expect(formatCents(123450)).toBe("$1,234.50");
    expect(formatCents(-500)).toBe("-$5.00");
    expect(formatTaxRate(825)).toBe("8.25 %");
    expect(formatTaxRate(700)).toBe("7 %");
    expect(reviewPagePath("abc", "tok_en")).toBe("/review/abc#tok_en");
  });
});
