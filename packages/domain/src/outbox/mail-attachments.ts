import type { TenantTransaction } from "@fieldops/db";
import { salesDocumentPdfFile } from "../documents/render-pdf.ts";
import type { SalesDocument } from "../documents/sales-document.ts";
import { DomainError } from "../errors.ts";
import { estimateDocument } from "../estimates/render-estimate-pdf.ts";
import { invoiceDocument } from "../invoices/render-invoice-pdf.ts";
import type { MailAttachment } from "./mail-transport.ts";

/** The messages that carry their document as a PDF: an invoice and its reminders, an estimate. */
const INVOICE_KINDS = new Set(["invoice", "payment_reminder"]);
const ESTIMATE_KINDS = new Set(["estimate"]);

interface AttachingMessage {
  kind: string;
  invoiceId: string | null;
  estimateId: string | null;
  linkUrl: string | null;
}

/**
 * What an e-mail's PDF will print, read inside the dispatcher's claim (so the PDF is the document as it stands when it
 * is sent, with the message's own link); null for a message that attaches nothing, or whose document is gone.
 */
export async function attachedDocument(
  tx: TenantTransaction,
  companyId: string,
  message: AttachingMessage,
  now: Date,
): Promise<SalesDocument | null> {
  const input = { link: message.linkUrl, now };
  try {
    if (message.invoiceId && INVOICE_KINDS.has(message.kind))
      return await invoiceDocument(tx, companyId, { ...input, id: message.invoiceId });
    if (message.estimateId && ESTIMATE_KINDS.has(message.kind))
      return await estimateDocument(tx, companyId, { ...input, id: message.estimateId });
  } catch (error) {
    // A document deleted since the message was written: the e-mail still goes, without its PDF.
    if (error instanceof DomainError && error.kind === "not_found") return null;
    throw error;
  }
  return null;
}

/** The document's PDF as an e-mail attachment, rendered outside any transaction (a big one takes a few 100 ms). */
export async function pdfAttachment(document: SalesDocument): Promise<MailAttachment> {
  const file = await salesDocumentPdfFile(document);
  return { fileName: file.fileName, contentType: "application/pdf", content: file.pdf };
}
