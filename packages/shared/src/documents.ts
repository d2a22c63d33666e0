/** What a company sends its customers as a PDF. */
export type SalesDocumentKind = "invoice" | "estimate";

/**
 * The file name of an invoice's or an estimate's PDF, `invoice-1032.pdf`: the server's Content-Disposition and the
 * browser's download both name the file so, and nothing in it needs quoting.
 */
export function salesDocumentFileName(kind: SalesDocumentKind, number: number): string {
  return `${kind}-${Math.trunc(number)}.pdf`;
}
