import { deflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { pdfPages, pdfText } from "../../../../tests/pdf-text.ts";
import { renderSalesDocumentPdf } from "./render-pdf.ts";
import { EMOJI_FONT, salesDocumentDefinition, textRuns, type SalesDocument } from "./sales-document.ts";

/** A 2×2 red PNG, made here so the test needs no file. */
function tinyPng(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(2, 0);
  header.writeUInt32BE(2, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const rows = Buffer.from([0, 255, 0, 0, 255, 0, 0, 0, 255, 0, 0, 255, 0, 0]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(rows)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

function invoice(overrides: Partial<SalesDocument> = {}): SalesDocument {
  return {
    kind: "invoice",
    number: 1032,
    title: "Spring cleanup",
    stamp: null,
    company: {
      name: "Peña Lawn & Garden",
      addressLines: ["12 Elm St", "Springfield, IL 62701"],
      phone: "(555) 010-2000",
      email: "office@pena.example",
      primaryColor: "#0f766e",
      logo: null,
    },
    customer: { name: "José Muñoz", addressLines: ["1 Main St", "Denver, CO 80202"] },
    dates: [
      { label: "Issued", day: "2026-11-27" },
      { label: "Due", day: "2026-12-27" },
    ],
    sections: [
      {
        heading: null,
        description: null,
        lines: [
          { description: "Mowing", quantity: 1, unitPriceCents: 6000, amountCents: 6000 },
          { description: "Edging", quantity: 2.5, unitPriceCents: 1250, amountCents: 3125 },
        ],
        totals: [
          { label: "Subtotal", cents: 9125 },
          { label: "Tax (8.25 %)", cents: 495 },
          { label: "Total", cents: 9620, strong: true },
        ],
      },
    ],
    summary: [
      { label: "Amount paid", cents: 2000 },
      { label: "Balance due", cents: 7620, strong: true },
    ],
    callout: { text: "Pay online:", url: "https://app.example/review/abc#token" },
    notes: "Gate code 4412. Thanks! 🌱",
    terms: "Payment terms: net 30 days.",
    ...overrides,
  };
}

describe("an invoice's PDF", () => {
  it("prints the letterhead, the customer, the dates in words, the lines, the sums, the link, notes and terms", async () => {
    const pdf = await renderSalesDocumentPdf(invoice());
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    const text = await pdfText(pdf);
    for (const expected of [
      "Peña Lawn & Garden",
      "12 Elm St",
      "Springfield, IL 62701",
      "(555) 010-2000",
      "office@pena.example",
      "INVOICE",
      "No. 1032",
      "Issued: Nov 27, 2026",
      "Due: Dec 27, 2026",
      "BILL TO",
      "José Muñoz",
      "Denver, CO 80202",
      "Spring cleanup",
      "Mowing",
      "$60.00",
      "2.5",
      "$12.50",
      "$31.25",
      "Subtotal",
      "$91.25",
      "Tax (8.25 %)",
      "$4.95",
      "$96.20",
      "Amount paid",
      "$20.00",
      "Balance due",
      "$76.20",
      "Pay online:",
      "https://app.example/review/abc#token",
      "Gate code 4412. Thanks! 🌱",
      "Payment terms: net 30 days.",
      "Page 1 of 1",
    ])
      expect(text).toContain(expected);
  });

  it("sets emoji in the emoji font, so names like “Ana 👩🏽‍🔧 Peña 🇲🇽” print rather than empty boxes", async () => {
    expect(textRuns("plain")).toBe("plain");
    expect(textRuns("Ana 👩🏽‍🔧 Peña 🇲🇽!")).toEqual([
      { text: "Ana " },
      { text: "👩🏽‍🔧", font: EMOJI_FONT },
      { text: " Peña " },
      { text: "🇲🇽", font: EMOJI_FONT },
      { text: "!" },
    ]);
    const text = await pdfText(
      await renderSalesDocumentPdf(invoice({ customer: { name: "Zoë 😀 Ñandú 🚿", addressLines: [] } })),
    );
    expect(text).toContain("Zoë");
    expect(text).toContain("😀");
    expect(text).toContain("Ñandú");
    expect(text).toContain("🚿");
  });

  it("breaks 60 lines with long descriptions over pages, the column headings and page numbers on each", async () => {
    const lines = Array.from({ length: 60 }, (_, index) => ({
      description: `Line ${index + 1}: ${"pruned the hedges along the north fence and hauled the clippings away ".repeat(4)}`,
      quantity: 1,
      unitPriceCents: 100 * (index + 1),
      amountCents: 100 * (index + 1),
    }));
    const unbroken = "x".repeat(300);
    const pdf = await renderSalesDocumentPdf(
      invoice({
        sections: [
          {
            heading: null,
            description: null,
            lines: [...lines, { description: unbroken, quantity: 1, unitPriceCents: 1, amountCents: 1 }],
            totals: [{ label: "Total", cents: 183_001, strong: true }],
          },
        ],
      }),
    );
    const pages = await pdfPages(pdf);
    expect(pages.length).toBeGreaterThan(2);
    pages.forEach((page, index) => {
      expect(page).toContain("Description");
      expect(page).toContain(`Page ${index + 1} of ${pages.length}`);
    });
    const text = pages.join("\n");
    expect(text).toContain("Line 1:");
    expect(text).toContain("Line 60:");
    expect(text).toContain("$1,830.01");
  });

  it("embeds the company's logo, and prints without it when the image cannot be read", async () => {
    const withLogo = invoice({
      company: { ...invoice().company, logo: { contentType: "image/png", data: tinyPng() } },
    });
    expect(salesDocumentDefinition(withLogo).images).toEqual({
      logo: `data:image/png;base64,${tinyPng().toString("base64")}`,
    });
    const pdf = await renderSalesDocumentPdf(withLogo);
    expect(pdf.includes("/Subtype /Image")).toBe(true);

    const damaged = invoice({
      company: {
        ...invoice().company,
        logo: { contentType: "image/png", data: Buffer.concat([tinyPng().subarray(0, 16), Buffer.alloc(40)]) },
      },
    });
    const text = await pdfText(await renderSalesDocumentPdf(damaged));
    expect(text).toContain("Peña Lawn & Garden");
    expect(text).toContain("No. 1032");
  });

  it("draws in the company's colour, and in the default green when the colour is not one", () => {
    const colours = (doc: SalesDocument) => JSON.stringify(salesDocumentDefinition(doc).content);
    expect(colours(invoice())).toContain("#0f766e");
    const odd = colours(invoice({ company: { ...invoice().company, primaryColor: "red; drop" } }));
    expect(odd).toContain("#16a34a");
    expect(odd).not.toContain("red; drop");
  });
});

describe("an estimate's PDF", () => {
  it("prints each option with its heading, description, lines and totals, and no invoice sums", async () => {
    const text = await pdfText(
      await renderSalesDocumentPdf(
        invoice({
          kind: "estimate",
          number: 17,
          title: "Patio rebuild",
          dates: [{ label: "Valid until", day: "2026-12-31" }],
          sections: [
            {
              heading: "Good",
              description: "Pavers only",
              lines: [{ description: "Pavers", quantity: 40, unitPriceCents: 450, amountCents: 18_000 }],
              totals: [{ label: "Total", cents: 18_000, strong: true }],
            },
            {
              heading: "Best",
              description: null,
              lines: [{ description: "Natural stone", quantity: 40, unitPriceCents: 900, amountCents: 36_000 }],
              totals: [{ label: "Total", cents: 36_000, strong: true }],
            },
          ],
          summary: [],
          callout: { text: "Review and approve online:", url: null },
          terms: null,
        }),
      ),
    );
    for (const expected of [
      "ESTIMATE",
      "No. 17",
      "PREPARED FOR",
      "Patio rebuild",
      "Valid until: Dec 31, 2026",
      "Good",
      "Pavers only",
      "$180.00",
      "Best",
      "Natural stone",
      "$360.00",
      "Review and approve online:",
    ])
      expect(text).toContain(expected);
    expect(text).not.toContain("Balance due");
  });
});
