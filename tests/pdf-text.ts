import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";

/**
 * The text of each page of a PDF, as a reader copying it would get it (pdf.js, the PDF reader of Firefox): each page's
 * runs joined, a line break where the text moves to a new line.
 */
export async function pdfPages(pdf: Uint8Array): Promise<string[]> {
  const document = await getDocument({ data: new Uint8Array(pdf), useSystemFonts: false, isEvalSupported: false })
    .promise;
  try {
    const pages: string[] = [];
    for (let number = 1; number <= document.numPages; number++) {
      const content = await (await document.getPage(number)).getTextContent();
      pages.push(content.items.map((item) => ("str" in item ? item.str + (item.hasEOL ? "\n" : "") : "")).join(""));
    }
    return pages;
  } finally {
    await document.destroy();
  }
}

/** The text of a whole PDF. */
export async function pdfText(pdf: Uint8Array): Promise<string> {
  return (await pdfPages(pdf)).join("\n");
}
