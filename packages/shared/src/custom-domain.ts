import { z } from "zod";
import { defineEndpoint } from "./endpoint";
import { text } from "./text";

/** A host name of at least two labels, each 1–63 letters, digits or inner hyphens; stored in lower case. */
const HOST_NAME = /^(?=.{4,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

export const customDomainNameSchema = text({ max: 253, trim: true })
  .toLowerCase()
  .regex(HOST_NAME, "Enter a domain such as app.example.com");

export const setCustomDomainRequestSchema = z.object({ domain: customDomainNameSchema });
export type SetCustomDomainRequest = z.infer<typeof setCustomDomainRequestSchema>;

/** The DNS name under which the company publishes its verification token. */
export const CUSTOM_DOMAIN_RECORD_PREFIX = "_fieldops-verification";
export const CUSTOM_DOMAIN_RECORD_VALUE_PREFIX = "fieldops-verification=";

export function customDomainRecordName(domain: string): string {
  return `${CUSTOM_DOMAIN_RECORD_PREFIX}.${domain}`;
}
export function customDomainRecordValue(token: string): string {
  return `${CUSTOM_DOMAIN_RECORD_VALUE_PREFIX}${token}`;
}

/** GET/PUT /api/settings/custom-domain and its verify call: the domain, the TXT record to publish, and whether it is verified. */
export const customDomainSchema = z.object({
  domain: z.string().nullable(),
  recordName: z.string().nullable(),
  recordValue: z.string().nullable(),
  verifiedAt: z.string().nullable(),
});
export type CustomDomain = z.infer<typeof customDomainSchema>;

export const CUSTOM_DOMAIN_TAKEN = "Another company has already verified this domain";
export const CUSTOM_DOMAIN_NOT_VERIFIED =
  "The TXT record was not found; publish it and try again (DNS changes can take a while)";
export const CUSTOM_DOMAIN_NONE = "Set a domain first";

/** A tenant named by a host name rather than a slug or id: a slug never contains a dot. */
export function isHostName(tenantId: string): boolean {
  return tenantId.includes(".");
}

/** The meta tag by which the page served on a tenant's custom domain names the tenant (its slug). */
export const TENANT_HOST_META = "fieldops-tenant-host";

/** A Suite company's own domain: set it, publish the TXT record, verify it; then requests to that host are the tenant's. */
export const customDomainEndpoints = {
  get: defineEndpoint({
    method: "GET",
    path: "/api/settings/custom-domain",
    tags: ["settings"],
    summary: "The company's custom domain and the TXT record that verifies it (owners)",
    response: customDomainSchema,
    capability: "settings.manage",
  }),
  set: defineEndpoint({
    method: "PUT",
    path: "/api/settings/custom-domain",
    tags: ["settings"],
    summary: "Set the company's custom domain, unverified (owners; Suite)",
    body: setCustomDomainRequestSchema,
    response: customDomainSchema,
    capability: "settings.manage",
  }),
  remove: defineEndpoint({
    method: "DELETE",
    path: "/api/settings/custom-domain",
    tags: ["settings"],
    summary: "Remove the company's custom domain (owners)",
    response: customDomainSchema,
    capability: "settings.manage",
  }),
  verify: defineEndpoint({
    method: "POST",
    path: "/api/settings/custom-domain/verify",
    tags: ["settings"],
    summary: "Verify the custom domain by its DNS TXT record (owners; Suite)",
    response: customDomainSchema,
    capability: "settings.manage",
  }),
} as const;
