import { randomUUID } from "node:crypto";
import {
  CARD_DECLINED_MESSAGE,
  TEST_CARD_APPROVED,
  TEST_CARD_DECLINED,
  type TestCardPaymentRequest,
} from "@fieldops/shared/invoice-review";
import { declined, invalidInput } from "../errors.ts";

/**
 * The built-in test provider, used while Stripe is not configured: no money moves. It approves the test card 4242 4242
 * 4242 4242 and declines 4000 0000 0000 0002 (and any other number), as Stripe's test mode does, so the whole payment
 * flow can be tried. An expired card is refused too.
 */
export function chargeTestCard(
  card: TestCardPaymentRequest,
  now: Date,
): { providerReference: string; cardLast4: string } {
  const digits = card.cardNumber.replace(/\s/g, "");
  const [month, year] = card.expiry.split("/").map((part) => Number(part.trim()));
  if (!month || month > 12 || year === undefined) throw invalidInput("Enter the expiry as MM/YY", "expiry");
  const expiresAt = Date.UTC(2000 + year, month, 1);
  if (expiresAt <= now.getTime()) throw declined("Your card has expired.", "expiry");
  if (digits === TEST_CARD_DECLINED || digits !== TEST_CARD_APPROVED)
    throw declined(CARD_DECLINED_MESSAGE, "cardNumber");
  return { providerReference: `test_ch_${randomUUID().replace(/-/g, "")}`, cardLast4: digits.slice(-4) };
}

/** A refund at the test provider: nothing to give back, a reference to keep. */
export function refundTestCharge(): { providerReference: string } {
  return { providerReference: `test_re_${randomUUID().replace(/-/g, "")}` };
}
