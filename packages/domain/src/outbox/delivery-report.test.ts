import { describe, expect, it } from "vitest";
import { bounceInWords, parseDeliveryReport, reportFields } from "./delivery-report.ts";
import { arfComplaint, autoReply, gmailBounce, postfixBounce, postfixDelay } from "./delivery-report-test-fixtures.ts";

const sample = {
  to: "bounce+3f2b8a1c5d4e4f6a9b7c0123456789ab.0123456789abcdef01234567@fieldops.test",
  recipient: "kim.ortiz@example.net",
};

describe("delivery reports", () => {
  it("reads Postfix's bounce: failed, 5.1.1, the remote server's words in one line", async () => {
    expect(await parseDeliveryReport(postfixBounce(sample))).toEqual({
      kind: "failed",
      recipient: "kim.ortiz@example.net",
      status: "5.1.1",
      diagnostic:
        "550 5.1.1 <kim.ortiz@example.net>: Recipient address rejected: User unknown in virtual mailbox table",
    });
  });

  it("reads Gmail's bounce without the reply codes its multi-line answer repeats", async () => {
    const report = await parseDeliveryReport(gmailBounce(sample));
    expect(report).toMatchObject({ kind: "failed", recipient: "kim.ortiz@example.net", status: "5.1.1" });
    expect(report.kind === "failed" && report.diagnostic).toBe(
      "550-5.1.1 The email account that you tried to reach does not exist. Please try double-checking the recipient's " +
        "email address for typos or unnecessary spaces. For more information, go to " +
        "https://support.google.com/mail/?p=NoSuchUser d75a77b69052e-4a1b2c3d4e5si1234567qtb.12 - gsmtp",
    );
  });

  it("reads a delay warning as delayed (4.4.1), not as a bounce", async () => {
    expect(await parseDeliveryReport(postfixDelay(sample))).toMatchObject({
      kind: "delayed",
      status: "4.4.1",
      diagnostic: "connect to mx1.example.net[203.0.113.25]:25: Connection timed out",
    });
  });

  it("reads a feedback loop's abuse report as a complaint, and a not-spam report as none", async () => {
    expect(await parseDeliveryReport(arfComplaint(sample))).toEqual({
      kind: "complaint",
      feedbackType: "abuse",
      recipient: "kim.ortiz@example.net",
    });
    expect(await parseDeliveryReport(arfComplaint({ ...sample, feedbackType: "not-spam" }))).toEqual({ kind: "none" });
  });

  it("reads an auto-reply, a plain mail and garbage as no report", async () => {
    expect(await parseDeliveryReport(autoReply(sample))).toEqual({ kind: "none" });
    expect(await parseDeliveryReport("Subject: hi\r\n\r\nhello")).toEqual({ kind: "none" });
    expect(await parseDeliveryReport("\u0000\u0001 not a mail at all")).toEqual({ kind: "none" });
  });

  it("reads a report whose recipient was delivered", async () => {
    const delivered = postfixBounce(sample)
      .replace("Action: failed", "Action: delivered")
      .replace("5.1.1\r", "2.0.0\r");
    expect(await parseDeliveryReport(delivered)).toEqual({ kind: "delivered", recipient: "kim.ortiz@example.net" });
  });
});

describe("reportFields", () => {
  it("groups fields by blank lines and keeps continuation lines", () => {
    const groups = reportFields("Reporting-MTA: dns; a\n\nAction: failed\nDiagnostic-Code: smtp; 550\n  more\n");
    expect(groups.map((group) => Object.fromEntries(group))).toEqual([
      { "reporting-mta": "dns; a" },
      { action: "failed", "diagnostic-code": "smtp; 550\nmore" },
    ]);
  });
});

describe("bounceInWords", () => {
  it("says why a message bounced: the server's words, else what its status means, never a credential", () => {
    expect(bounceInWords({ status: "5.1.1", diagnostic: "550 5.1.1 User unknown" })).toBe(
      "The recipient's mail server refused it: 550 5.1.1 User unknown",
    );
    expect(bounceInWords({ status: "5.2.2", diagnostic: "552 Quota exceeded" })).toBe(
      "The recipient's mail server refused it: 552 Quota exceeded (5.2.2)",
    );
    expect(bounceInWords({ status: "5.1.1", diagnostic: null })).toBe(
      "The recipient's mail server refused it: the mailbox does not exist (5.1.1)",
    );
    expect(bounceInWords({ status: null, diagnostic: null })).toBe("The recipient's mail server refused it");
    expect(bounceInWords({ status: "5.0.0", diagnostic: "relay smtp://user:hunter2@relay.example failed" })).toBe(
      "The recipient's mail server refused it: relay smtp://***@relay.example failed (5.0.0)",
    );
  });
});
