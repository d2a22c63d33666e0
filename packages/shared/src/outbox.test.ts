import { describe, expect, it } from "vitest";
import { deliveryInWords, EMAIL_SUPPRESSED_ERROR, type MessageDelivery } from "./outbox";

const base: MessageDelivery = {
  status: "queued",
  attempts: 0,
  lastError: null,
  sentAt: null,
  deliveredAt: null,
  failedAt: null,
  complainedAt: null,
  caught: false,
};
const words = (change: Partial<MessageDelivery>, channel = "email") => deliveryInWords({ ...base, ...change, channel });

describe("deliveryInWords", () => {
  it("says where an e-mail stands", () => {
    expect(words({})).toBe("Queued for sending");
    expect(words({ attempts: 2, lastError: "The mail server refused it: 451" })).toBe("Waiting to try again (2 tried)");
    expect(words({ status: "sending" })).toBe("Sending");
    expect(words({ status: "sent" })).toBe("Sent to the mail server");
    expect(words({ status: "delivered" })).toBe("Delivered");
    expect(words({ status: "delivered", caught: true })).toBe("Delivered to the local mail catcher");
    expect(words({ status: "bounced" })).toBe("Bounced");
    expect(words({ status: "failed" })).toBe("Not delivered: sending failed");
  });

  it("says an e-mail was marked as spam, and why none goes to that address any more", () => {
    expect(words({ status: "delivered", complainedAt: "2026-11-28T02:00:00.000Z" })).toBe(
      "Marked as spam by the recipient",
    );
    expect(words({ status: "failed", lastError: EMAIL_SUPPRESSED_ERROR })).toBe(
      "Not sent: the address marked an e-mail as spam",
    );
  });

  it("says where a text stands, and why an opted-out number got none", () => {
    expect(words({}, "sms")).toBe("Queued for sending");
    expect(words({ status: "sent" }, "sms")).toBe("Sent to the carrier");
    expect(words({ status: "delivered" }, "sms")).toBe("Delivered");
    expect(words({ status: "delivered", caught: true }, "sms")).toBe("Delivered to the local text catcher");
    expect(words({ status: "failed", lastError: "Twilio: 30003 Unreachable destination handset" }, "sms")).toBe(
      "Not delivered: sending failed",
    );
    expect(words({ status: "failed", lastError: "The customer opted out of texts" }, "sms")).toBe(
      "Not sent: the customer opted out of texts",
    );
  });
});
