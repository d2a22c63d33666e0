import type { FastifyReply } from "fastify";

/** Sends a stored image to be shown in the page (an img tag), kept by the browser's cache as `cacheControl` says. */
export function sendImage(
  reply: FastifyReply,
  image: { contentType: string; data: Buffer },
  cacheControl: string,
): FastifyReply {
  return reply
    .type(image.contentType)
    .header("cache-control", cacheControl)
    .header("content-disposition", "inline")
    .send(image.data);
}
