import type { FastifyReply } from "fastify";
import type { PdfFile } from "@fieldops/domain/documents/render-pdf";

/**
 * Sends a PDF as a download: its own media type, an attachment with the document's file name (made of its kind and
 * number, so nothing in it needs quoting), never stored by a cache along the way.
 */
export function sendPdf(reply: FastifyReply, file: PdfFile): FastifyReply {
  return reply
    .type("application/pdf")
    .header("content-disposition", `attachment; filename="${file.fileName}"`)
    .header("cache-control", "no-store")
    .send(file.pdf);
}
