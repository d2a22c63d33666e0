import { createRequire } from "node:module";
import { dirname } from "node:path";
import pdfmake from "pdfmake";
import type { TDocumentDefinitions } from "pdfmake/interfaces";
import { salesDocumentFileName } from "@fieldops/shared/documents";
import { DOCUMENT_FONT, EMOJI_FONT, salesDocumentDefinition, type SalesDocument } from "./sales-document.ts";

const require = createRequire(import.meta.url);
const ROBOTO = dirname(require.resolve("pdfmake/fonts/Roboto/Roboto-Regular.ttf"));
const NOTO_EMOJI = require.resolve("@expo-google-fonts/noto-emoji/400Regular/NotoEmoji_400Regular.ttf");
const EMOJI_BOLD = require.resolve("@expo-google-fonts/noto-emoji/700Bold/NotoEmoji_700Bold.ttf");
const FONT_FILES = new Set([
  `${ROBOTO}/Roboto-Regular.ttf`,
  `${ROBOTO}/Roboto-Medium.ttf`,
  `${ROBOTO}/Roboto-Italic.ttf`,
  `${ROBOTO}/Roboto-MediumItalic.ttf`,
  NOTO_EMOJI,
  EMOJI_BOLD,
]);

pdfmake.setFonts({
  [DOCUMENT_FONT]: {
    normal: `${ROBOTO}/Roboto-Regular.ttf`,
    bold: `${ROBOTO}/Roboto-Medium.ttf`,
    italics: `${ROBOTO}/Roboto-Italic.ttf`,
    bolditalics: `${ROBOTO}/Roboto-MediumItalic.ttf`,
  },
  [EMOJI_FONT]: { normal: NOTO_EMOJI, bold: EMOJI_BOLD, italics: NOTO_EMOJI, bolditalics: EMOJI_BOLD },
});
// A document embeds only what it is given (the logo as a data URL): pdfmake may read the fonts and nothing else, on
// disk or on the network.
pdfmake.setUrlAccessPolicy(() => false);
pdfmake.setLocalAccessPolicy((path) => FONT_FILES.has(path));

/** The PDF of a pdfmake definition. */
export function renderPdf(definition: TDocumentDefinitions): Promise<Buffer> {
  return pdfmake.createPdf(definition).getBuffer();
}

/** A document as a file: its name (`invoice-1032.pdf`) and its bytes. */
export interface PdfFile {
  fileName: string;
  pdf: Buffer;
}

/** An invoice or an estimate as a PDF file, named after its kind and number. */
export async function salesDocumentPdfFile(doc: SalesDocument): Promise<PdfFile> {
  return { fileName: salesDocumentFileName(doc.kind, doc.number), pdf: await renderSalesDocumentPdf(doc) };
}

/**
 * The PDF of an invoice or an estimate. A logo the PDF library cannot read (its bytes passed the upload's check, yet
 * the image is damaged) does not keep the customer from their document: it is printed without the logo.
 */
export async function renderSalesDocumentPdf(doc: SalesDocument): Promise<Buffer> {
  try {
    return await renderPdf(salesDocumentDefinition(doc));
  } catch (error) {
    if (!doc.company.logo) throw error;
    return renderPdf(salesDocumentDefinition({ ...doc, company: { ...doc.company, logo: null } }));
  }
}
