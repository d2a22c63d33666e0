import { readFile } from "node:fs/promises";
import type { FastifyReply, FastifyRequest } from "fastify";
import { findTenantConfig } from "@fieldops/domain/tenants/get-tenant-config";
import { isHostName, TENANT_HOST_META } from "@fieldops/shared/custom-domain";
import type { AppContext } from "../context.ts";

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (character) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[character]!,
  );

/**
 * The web app's page. On a company's verified custom domain it names the tenant in a meta tag, so the app boots as
 * that tenant's pages, and a white-label tenant's page carries the tenant's name instead of the product's.
 */
export async function serveIndexHtml(
  context: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  indexHtml: string,
): Promise<FastifyReply> {
  const tenant = isHostName(request.hostname) ? await findTenantConfig(context.db, request.hostname, null) : null;
  if (!tenant) return reply.type("text/html").sendFile("index.html");
  let html = (await readFile(indexHtml, "utf8")).replace(
    "</head>",
    `<meta name="${TENANT_HOST_META}" content="${escapeHtml(tenant.slug)}" />\n</head>`,
  );
  if (tenant.whiteLabel) {
    const name = escapeHtml(tenant.branding.name);
    html = html
      .replace(/<title>[^<]*<\/title>/, `<title>${name}</title>`)
      .replace(/<meta name="description"[^>]*>/, `<meta name="description" content="${name}" />`)
      .replace(
        /<link rel="icon"[^>]*>/,
        tenant.branding.logo ? `<link rel="icon" href="${escapeHtml(tenant.branding.logo)}" />` : "",
      );
  }
  return reply.type("text/html").header("cache-control", "no-cache").send(html);
}
