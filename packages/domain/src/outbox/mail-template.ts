/** The company's look on what it sends: its name, its logo (an absolute http(s) URL only) and its colour. */
export interface MailBranding {
  companyName: string;
  logoUrl: string | null;
  brandColor: string | null;
}

/** What a message says (its subject and text, as written to the outbox) and the link it is for. */
export interface MailContent {
  subject: string;
  body: string;
  link: { url: string; label: string } | null;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const DEFAULT_COLOR = "#2563eb";
const URL_PATTERN = /https?:\/\/[^\s<>"']+/g;

const escapeHtml = (value: string) =>
  value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");

/** A #rgb or #rrggbb colour, or the default: the colour is written into CSS, so nothing else gets through. */
export function safeColor(color: string | null): string {
  if (color && /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(color.trim())) return color.trim().toLowerCase();
  return DEFAULT_COLOR;
}

/** Black or white, whichever reads better on the colour (WCAG relative luminance). */
function textOn(color: string): string {
  const hex = color.length === 4 ? [...color.slice(1)].map((digit) => digit + digit).join("") : color.slice(1);
  const channel = (offset: number) => {
    const value = parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4);
  return luminance > 0.179 ? "#111827" : "#ffffff";
}

const absoluteHttpUrl = (url: string | null) => (url && /^https?:\/\/[^\s"'<>]+$/i.test(url) ? url : null);

/** A paragraph of the text, escaped, its links made clickable and its line breaks kept. */
function paragraphHtml(paragraph: string): string {
  let html = "";
  let last = 0;
  for (const match of paragraph.matchAll(URL_PATTERN)) {
    const url = match[0].replace(/[.,;:)]+$/, "");
    html += escapeHtml(paragraph.slice(last, match.index));
    html += `<a href="${escapeHtml(url)}" style="color:inherit">${escapeHtml(url)}</a>`;
    last = match.index + url.length;
  }
  html += escapeHtml(paragraph.slice(last));
  return html.replace(/\n/g, "<br>");
}

/**
 * The e-mail of an outbox message: the text as written (it already holds the link) and an HTML version in the
 * company's branding, with the link as a button. Every value from the company's data is escaped.
 */
export function renderMail(content: MailContent, branding: MailBranding): RenderedMail {
  const color = safeColor(branding.brandColor);
  const logo = absoluteHttpUrl(branding.logoUrl);
  const name = escapeHtml(branding.companyName);
  const link = content.link && absoluteHttpUrl(content.link.url) ? content.link : null;
  const paragraphs = content.body
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => `<p style="margin:0 0 16px">${paragraphHtml(paragraph)}</p>`)
    .join("\n");
  const header = logo
    ? `<img src="${escapeHtml(logo)}" alt="${name}" style="max-height:48px;max-width:200px;display:block">`
    : `<span style="font-size:20px;font-weight:bold;color:${textOn(color)}">${name}</span>`;
  const button = link
    ? `<p style="margin:24px 0"><a href="${escapeHtml(link.url)}" style="display:inline-block;padding:12px 20px;border-radius:6px;background:${color};color:${textOn(color)};text-decoration:none;font-weight:bold">${escapeHtml(link.label)}</a></p>`
    : "";
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(content.subject)}</title></head>
<body style="margin:0;padding:0;background:#f3f4f6;font-family:Arial,Helvetica,sans-serif;color:#111827">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f4f6;padding:24px 0">
<tr><td align="center">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;width:100%;background:#ffffff;border-radius:8px;overflow:hidden">
<tr><td style="background:${logo ? "#ffffff" : color};padding:20px 24px;border-bottom:4px solid ${color}">${header}</td></tr>
<tr><td style="padding:24px;font-size:15px;line-height:1.5">
${paragraphs}
${button}
</td></tr>
<tr><td style="padding:16px 24px;font-size:12px;color:#6b7280;border-top:1px solid #e5e7eb">Sent by ${name}</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;
  return { subject: content.subject, text: content.body, html };
}
