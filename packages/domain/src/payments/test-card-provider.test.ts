import { describe, expect, it } from "vitest";
import { CARD_DECLINED_MESSAGE } from "@fieldops/shared/invoice-review";
import { DomainError } from "../errors.ts";
import { chargeTestCard } from "./test-card-provider.ts";

const now = new Date("2026-06-15T12:00:00Z");
const refusal = (card: Parameters<typeof chargeTestCard>[0]) => {
  try {
    chargeTestCard(card, now);
  } catch (error) {
    return error instanceof DomainError ? { kind: error.kind, message: error.message, field: error.field } : error;
  }
  return null;
};

describe("the built-in test card provider", () => {
  it("approves 4242 4242 4242 4242 and keeps only its last four", () => {
    const charged = chargeTestCard({ cardNumber: "4242 4242 4242 4242", expiry: "12/30", cvc: "123" }, now);
    expect(charged.cardLast4).toBe("4242");
    expect(charged.providerReference).toMatch(/^test_ch_[0-9a-f]{32}$/);
  });

  it("declines 4000 0000 0000 0002 and any other number with a clear message", () => {
    expect(refusal({ cardNumber: "4000 0000 0000 0002", expiry: "12/30", cvc: "123" })).toEqual({
      kind: "declined",
      message: CARD_DECLINED_MESSAGE,
      field: "cardNumber",
    });
    expect(refusal({ cardNumber: "5555 5555 5555 4444", expiry: "12/30", cvc: "123" })).toMatchObject({
      kind: "declined",
    });
  });

  it("refuses an expired card and an impossible month", () => {
    expect(refusal({ cardNumber: "4242424242424242", expiry: "05/26", cvc: "123" })).toEqual({
      kind: "declined",
      message: "Your card has expired.",
      field: "expiry",
    });
    expect(refusal({ cardNumber: "4242424242424242", expiry: "06/26", cvc: "123" })).toBeNull();
    expect(refusal({ cardNumber: "4242424242424242", expiry: "13/30", cvc: "123" })).toMatchObject({
      kind: "invalid_input",
      field: "expiry",
    });
  });
});
