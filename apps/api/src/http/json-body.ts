import type { FastifyInstance } from "fastify";
import { badRequest } from "./http-error.ts";

const utf8 = new TextDecoder("utf-8", { fatal: true });

/**
 * JSON bodies must be UTF-8. Fastify's own parser decodes leniently, turning bytes that are not UTF-8 into U+FFFD
 * that would then be stored; this one refuses them with a 400 and leaves the rest (empty bodies, prototype
 * poisoning) to Fastify's parser.
 */
export function installJsonBodyParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "buffer" }, (request, body: Buffer, done) => {
    let decoded: string;
    try {
      decoded = utf8.decode(body);
    } catch {
      done(badRequest("The body is not valid UTF-8"), undefined);
      return;
    }
    parseJson(request, decoded, done);
  });
}
