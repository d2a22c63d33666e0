import { describe, expect, it } from "vitest";
import { renderMail, safeColor } from "./mail-template.ts";
import { describeSendError, outboxIdOf, outboxMessageId } from "./mail-transport.ts";

const content = {
  subject: "Invoice #12 from Greenleaf",
  body: "Hello Ana,\n\nYour invoice #12 is ready: $120.00.\nView and pay it here: https://app.test/review/i1#t=abc&x=1\n\nThank you.",
  link: { url: "https://app.test/review/i1#t=abc&x=1", label: "View and pay the invoice" },
};
const branding = { companyName: "Greenleaf Lawns", logoUrl: null, brandColor: "#15803d" };

describe("renderMail", () => {
  it("keeps the message's text as the plain body and its subject", () => {
    const mail = renderMail(content, branding);
    expect(mail.subject).toBe("Invoice #12 from Greenleaf");
    expect(mail.text).toBe(content.body);
  });

  it("shows the link as a button in the company's colour, with its name, and the text's link clickable", () => {
    const { html } = renderMail(content, branding);
    expect(html).toContain('href="https://app.test/review/i1#t=abc&amp;x=1"');
    expect(html).toMatch(/background:#15803d;color:#ffffff[^>]*>View and pay the invoice<\/a>/);
    expect(html).toContain("Greenleaf Lawns");
    expect(html).toContain("Hello Ana,</p>");
    expect(html).toContain("Your invoice #12 is ready: $120.00.<br>View and pay it here: <a href=");
  });

  it("shows the logo when it is an absolute http(s) URL, and the name otherwise", () => {
    const withLogo = renderMail(content, { ...branding, logoUrl: "https://cdn.test/logo.png" }).html;
    expect(withLogo).toContain('<img src="https://cdn.test/logo.png" alt="Greenleaf Lawns"');
    const relative = renderMail(content, { ...branding, logoUrl: "/api/settings/logo?v=1" }).html;
    expect(relative).not.toContain("<img");
  });

  it("escapes the company's data and refuses a colour that is not one", () => {
    const { html } = renderMail(
      { subject: "<b>x</b>", body: "Hi <script>alert(1)</script>", link: { url: "javascript:alert(1)", label: "Go" } },
      { companyName: 'Acme "<img onerror=x>"', logoUrl: 'https://x.test/a.png" onload="x', brandColor: "red;}" },
    );
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("<img onerror");
    expect(html).not.toContain("javascript:");
    expect(html).not.toContain("onload=");
    expect(html).toContain("&lt;script&gt;");
    expect(html).toContain("#2563eb");
    expect(safeColor("#ABC")).toBe("#abc");
    expect(safeColor("url(x)")).toBe("#2563eb");
  });

  it("writes dark text on a light brand colour", () => {
    expect(renderMail(content, { ...branding, brandColor: "#fde047" }).html).toContain("color:#111827");
  });

  it("has no button without a link", () => {
    expect(renderMail({ ...content, link: null }, branding).html).not.toContain("border-radius:6px;background");
  });
});

describe("message ids and errors", () => {
  it("names the outbox message in the Message-ID, and reads it back", () => {
    const id = "4f0c9a52-3b1e-4c8e-9d7a-0d2a3c4b5e6f";
    expect(outboxMessageId(id, "mail@fieldops.test")).toBe(`<${id}@fieldops.test>`);
    expect(outboxIdOf(`<${id}@fieldops.test>`)).toBe(id);
    expect(outboxIdOf("<abc@example.com>")).toBeNull();
    expect(outboxIdOf(undefined)).toBeNull();
  });

  it("says why a send failed without any credential", () => {
    const refused = Object.assign(new Error("x"), { responseCode: 451, response: "451 4.7.1 Try again later" });
    expect(describeSendError(refused)).toBe("The mail server refused it: 451 4.7.1 Try again later");
    expect(describeSendError(new Error("connect ECONNREFUSED smtp://user:secret@mail.test:587"))).toBe(
      "The mail server could not be reached: connect ECONNREFUSED smtp://***@mail.test:587",
    );
  });
});
