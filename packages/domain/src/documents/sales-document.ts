import type { Content, ContentText, TableCell, TDocumentDefinitions } from "pdfmake/interfaces";
import { formatCompanyDay } from "@fieldops/shared/company-time";
import type { SalesDocumentKind } from "@fieldops/shared/documents";
import { formatCents } from "@fieldops/shared/money";

/**
 * What an invoice or an estimate prints, as its customer reads it: the company's letterhead, the customer, the dates,
 * the lines with their sums, how to pay or answer online, and the company's notes. Both kinds are laid out by
 * {@link salesDocumentDefinition}, the one layout of a document the company sends.
 */
export interface SalesDocument {
  kind: SalesDocumentKind;
  number: number;
  /** The estimate's title, or the invoice's job; null for none. */
  title: string | null;
  /** A word stamped beside the number when the document is not simply current: "Draft", "Void", "Paid", "Expired". */
  stamp: string | null;
  company: DocumentCompany;
  customer: { name: string; addressLines: readonly string[] };
  /** Days of the company's calendar (`YYYY-MM-DD`) with what they are: "Issued", "Due", "Valid until". */
  dates: readonly { label: string; day: string }[];
  /** An invoice has one section; an estimate one per option. */
  sections: readonly DocumentSection[];
  /** Below the sections: an invoice's amount paid and balance due. */
  summary: readonly DocumentTotal[];
  /**
   * What the reader does next, printed under the sums: how to pay or answer online, with the link itself when the
   * document carries one (an e-mailed copy); or who approved it. Null for nothing to say.
   */
  callout: { text: string; url: string | null } | null;
  notes: string | null;
  terms: string | null;
}

/** The company as its documents present it. */
export interface DocumentCompany {
  name: string;
  addressLines: readonly string[];
  phone: string | null;
  email: string | null;
  /** `#rrggbb`. */
  primaryColor: string;
  /** A PNG or JPEG the document can embed (other kinds of logo print the name alone). */
  logo: { contentType: "image/png" | "image/jpeg"; data: Buffer } | null;
}

export interface DocumentLine {
  description: string;
  quantity: number;
  unitPriceCents: number;
  amountCents: number;
}

export interface DocumentTotal {
  label: string;
  cents: number;
  /** The figure the reader looks for: the total, the balance due. */
  strong?: boolean;
}

export interface DocumentSection {
  /** An estimate's option name; null for an invoice's one section. */
  heading: string | null;
  description: string | null;
  lines: readonly DocumentLine[];
  totals: readonly DocumentTotal[];
}

/** The fonts a document is set in: Roboto (Latin, Greek, Cyrillic) and, for emoji, monochrome Noto Emoji. */
export const DOCUMENT_FONT = "Roboto";
export const EMOJI_FONT = "NotoEmoji";

const INK = "#1f2937";
const MUTED = "#6b7280";
const RULE = "#d1d5db";
const DEFAULT_COLOR = "#16a34a";
const HEX_COLOR = /^#[0-9a-f]{6}$/i;

/**
 * One emoji as people type it: a pictograph with its variation selector, skin tone and ZWJ-joined parts, a keycap, or a
 * flag's two regional indicators.
 */
const EMOJI =
  /(?:\p{Extended_Pictographic}|[#*0-9]\u{FE0F}?\u{20E3})(?:\u{FE0F}|[\u{1F3FB}-\u{1F3FF}])*(?:\u200D\p{Extended_Pictographic}(?:\u{FE0F}|[\u{1F3FB}-\u{1F3FF}])*)*|\p{Regional_Indicator}{2}/gu;

/**
 * Text the customer or the office typed, set in the document's font with its emoji in the emoji font (a PDF font has
 * no fallback of its own, so an emoji in Roboto would print as an empty box).
 */
export function textRuns(text: string): string | ContentText[] {
  const runs: ContentText[] = [];
  let from = 0;
  for (const match of text.matchAll(EMOJI)) {
    if (match.index > from) runs.push({ text: text.slice(from, match.index) });
    runs.push({ text: match[0], font: EMOJI_FONT });
    from = match.index + match[0].length;
  }
  if (runs.length === 0) return text;
  if (from < text.length) runs.push({ text: text.slice(from) });
  return runs;
}

const QUANTITY = new Intl.NumberFormat("en-US", { maximumFractionDigits: 2 });

const KIND_TITLE: Record<SalesDocument["kind"], string> = { invoice: "Invoice", estimate: "Estimate" };

/** The pdfmake definition of an invoice or an estimate: US Letter pages, the lines' headings repeated on each page. */
export function salesDocumentDefinition(doc: SalesDocument): TDocumentDefinitions {
  const color = HEX_COLOR.test(doc.company.primaryColor) ? doc.company.primaryColor : DEFAULT_COLOR;
  const heading = `${KIND_TITLE[doc.kind]} ${doc.number}`;
  return {
    pageSize: "LETTER",
    pageMargins: [48, 48, 48, 56],
    info: { title: `${heading} — ${doc.company.name}`, author: doc.company.name, subject: heading },
    defaultStyle: { font: DOCUMENT_FONT, fontSize: 10, color: INK, lineHeight: 1.2 },
    ...(doc.company.logo
      ? { images: { logo: `data:${doc.company.logo.contentType};base64,${doc.company.logo.data.toString("base64")}` } }
      : {}),
    footer: (currentPage: number, pageCount: number) => ({
      margin: [48, 16, 48, 0],
      columns: [
        { text: textRuns(`${doc.company.name} · ${heading}`), color: MUTED, fontSize: 8 },
        { text: `Page ${currentPage} of ${pageCount}`, alignment: "right", color: MUTED, fontSize: 8 },
      ],
    }),
    content: [
      letterhead(doc, color),
      parties(doc),
      ...doc.sections.flatMap((section) => sectionContent(section, color)),
      ...(doc.summary.length > 0 ? [totalsTable(doc.summary, color, { marginTop: 4 })] : []),
      ...closing(doc, color),
    ],
  };
}

function letterhead(doc: SalesDocument, color: string): Content {
  const { company } = doc;
  const contact = [company.phone, company.email].filter((part): part is string => Boolean(part));
  return {
    columns: [
      {
        width: "*",
        stack: [
          ...(company.logo ? [{ image: "logo", fit: [160, 56] as [number, number], margin: [0, 0, 0, 6] }] : []),
          { text: textRuns(company.name), fontSize: 14, bold: true, color },
          ...company.addressLines.map((line) => ({ text: textRuns(line), color: MUTED })),
          ...contact.map((line) => ({ text: textRuns(line), color: MUTED })),
        ],
      },
      {
        width: "auto",
        stack: [
          { text: KIND_TITLE[doc.kind].toUpperCase(), fontSize: 22, bold: true, color, alignment: "right" },
          { text: `No. ${doc.number}`, fontSize: 12, bold: true, alignment: "right" },
          ...(doc.stamp ? [{ text: doc.stamp.toUpperCase(), bold: true, color: MUTED, alignment: "right" }] : []),
          ...doc.dates.map((date) => ({
            text: [{ text: `${date.label}: `, color: MUTED }, formatCompanyDay(date.day)],
            alignment: "right",
          })),
        ],
      },
    ],
    columnGap: 24,
    margin: [0, 0, 0, 16],
  } as Content;
}

function parties(doc: SalesDocument): Content {
  return {
    columns: [
      {
        width: "*",
        stack: [
          { text: doc.kind === "invoice" ? "BILL TO" : "PREPARED FOR", fontSize: 8, bold: true, color: MUTED },
          { text: textRuns(doc.customer.name), bold: true },
          ...doc.customer.addressLines.map((line) => ({ text: textRuns(line) })),
        ],
      },
      ...(doc.title
        ? [
            {
              width: "*",
              stack: [{ text: "FOR", fontSize: 8, bold: true, color: MUTED }, { text: textRuns(doc.title) }],
            },
          ]
        : []),
    ],
    columnGap: 24,
    margin: [0, 0, 0, 16],
  } as Content;
}

function sectionContent(section: DocumentSection, color: string): Content[] {
  const header = ["Description", "Qty", "Unit price", "Amount"].map((label, index): TableCell => ({
    text: label,
    bold: true,
    color: "#ffffff",
    fillColor: color,
    alignment: index === 0 ? "left" : "right",
  }));
  const rows: TableCell[][] = section.lines.map((line) => [
    { text: textRuns(line.description) },
    { text: QUANTITY.format(line.quantity), alignment: "right" },
    { text: formatCents(line.unitPriceCents), alignment: "right" },
    { text: formatCents(line.amountCents), alignment: "right" },
  ]);
  return [
    ...(section.heading ? [{ text: textRuns(section.heading), fontSize: 12, bold: true, margin: [0, 8, 0, 2] }] : []),
    ...(section.description ? [{ text: textRuns(section.description), color: MUTED, margin: [0, 0, 0, 4] }] : []),
    {
      table: {
        headerRows: 1,
        // A line is never cut in two by a page break.
        dontBreakRows: true,
        widths: ["*", 48, 72, 80],
        body: [header, ...(rows.length > 0 ? rows : [[{ text: "No lines", color: MUTED, colSpan: 4 }, "", "", ""]])],
      },
      layout: {
        hLineWidth: (index: number) => (index === 0 ? 0 : 0.5),
        vLineWidth: () => 0,
        hLineColor: () => RULE,
        paddingTop: () => 4,
        paddingBottom: () => 4,
      },
    },
    totalsTable(section.totals, color, { marginTop: 6 }),
  ] as Content[];
}

function totalsTable(totals: readonly DocumentTotal[], color: string, { marginTop }: { marginTop: number }): Content {
  return {
    columns: [
      { width: "*", text: "" },
      {
        width: 220,
        table: {
          widths: ["*", 90],
          body: totals.map((total) => [
            { text: total.label, bold: total.strong ?? false, color: total.strong ? INK : MUTED },
            {
              text: formatCents(total.cents),
              alignment: "right",
              bold: total.strong ?? false,
              color: total.strong ? color : INK,
            },
          ]),
        },
        layout: "noBorders",
      },
    ],
    margin: [0, marginTop, 0, 8],
    unbreakable: true,
  } as Content;
}

function closing(doc: SalesDocument, color: string): Content[] {
  const parts: Content[] = [];
  if (doc.callout) {
    parts.push({
      unbreakable: true,
      stack: [
        { text: textRuns(doc.callout.text), bold: true, color },
        ...(doc.callout.url ? [{ text: doc.callout.url, link: doc.callout.url, color, decoration: "underline" }] : []),
      ],
      margin: [0, 12, 0, 0],
    } as Content);
  }
  for (const [label, body] of [
    ["Notes", doc.notes],
    ["Terms", doc.terms],
  ] as const) {
    if (!body) continue;
    // The heading stays with its text (a note is at most a few thousand characters: less than a page).
    parts.push({
      stack: [
        { text: label.toUpperCase(), fontSize: 8, bold: true, color: MUTED, margin: [0, 12, 0, 2] },
        { text: textRuns(body) },
      ],
      unbreakable: true,
    } as Content);
  }
  return parts;
}
