import { z } from "zod";
import { emailSchema } from "./auth";
import { defineEndpoint } from "./endpoint";
import { addressInputSchema, locatedAddressSchema } from "./locations";
import {
  caughtMailAttachmentParamsSchema,
  caughtMailSchema,
  outboxListResponseSchema,
  outboxMessageParamsSchema,
} from "./outbox";
import { tenantSlugSchema } from "./tenant-routes";
import { text } from "./text";
import { verticalIdSchema } from "./verticals";

/** The IANA time zones this runtime knows (its `Intl` list, which names UTC as Etc/UTC; both spellings count). */
export const TIME_ZONES: readonly [string, ...string[]] = ["UTC", ...Intl.supportedValuesOf("timeZone")];

/** One of TIME_ZONES: the list is part of the contract, so a client can offer exactly what the server accepts. */
export const timeZoneSchema = z.enum(TIME_ZONES, { error: "Choose a time zone from the list" });

export const hexColorSchema = text({ max: 7, trim: true })
  .regex(/^#[0-9a-fA-F]{6}$/, "Enter a colour as #rrggbb")
  .transform((colour) => colour.toLowerCase());

/** Optional contact fields: an empty string clears them. */
const optionalText = (max: number) => text({ max, trim: true });

/** The lengths proposed visit times may be rounded to; 1 keeps them to the minute. */
export const SCHEDULE_SLOT_MINUTES = [1, 5, 10, 15, 30] as const;
export const DEFAULT_SCHEDULE_SLOT_MINUTES = 5;
export const scheduleSlotMinutesSchema = z.literal(SCHEDULE_SLOT_MINUTES, {
  error: `Choose a slot of ${SCHEDULE_SLOT_MINUTES.join(", ")} minutes`,
});

export const companyProfileSchema = z.object({
  name: z.string(),
  /** The company's address in the app's URLs (`/{slug}`, `/{industry}/{slug}`). */
  slug: z.string(),
  phone: z.string(),
  email: z.string(),
  /** The company's own address and where it was located. */
  address: locatedAddressSchema,
  /** Where crews start and end their day unless their own start is set; blank until the office sets it. */
  yard: locatedAddressSchema,
  /** Proposed visit times are rounded up to this many minutes. */
  scheduleSlotMinutes: z.number(),
  verticalId: verticalIdSchema,
  timeZone: z.string(),
  branding: z.object({ logo: z.string().nullable(), primaryColor: z.string() }),
  /** Whether the signed-in user may change them. */
  canEdit: z.boolean(),
});
export type CompanyProfile = z.infer<typeof companyProfileSchema>;

export const updateCompanyProfileRequestSchema = z.object({
  name: text({ max: 100, trim: true }).min(2, "Company name must be at least 2 characters"),
  phone: optionalText(30).regex(/^[0-9+()\-. ]*$/, "Enter a phone number"),
  email: z.union([z.literal(""), emailSchema]),
  /** Located when saved, unless coordinates are typed; an unchanged address keeps its point. */
  address: addressInputSchema,
  verticalId: verticalIdSchema,
  timeZone: timeZoneSchema,
  primaryColor: hexColorSchema,
  /** Left out, the web address stays as it is. */
  slug: tenantSlugSchema.optional(),
  /** Left out, the yard stays as it is; all blank, the company has no yard. */
  yard: addressInputSchema.optional(),
  /** Left out, the slot stays as it is. */
  scheduleSlotMinutes: scheduleSlotMinutesSchema.optional(),
});
export type UpdateCompanyProfileRequest = z.input<typeof updateCompanyProfileRequestSchema>;

/** Images a browser shows safely as a logo (no SVG: it can carry scripts). */
export const LOGO_CONTENT_TYPES = ["image/png", "image/jpeg", "image/webp"] as const;
export const LOGO_MAX_BYTES = 512 * 1024;
/** Base64 makes 4 characters of every 3 bytes. */
export const base64Length = (bytes: number) => Math.ceil(bytes / 3) * 4;

export const uploadLogoRequestSchema = z.object({
  fileName: text({ max: 200, trim: true }).min(1),
  contentType: z.enum(LOGO_CONTENT_TYPES),
  dataBase64: text({ max: base64Length(LOGO_MAX_BYTES) })
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, "Not base64")
    .min(4, "The file is empty"),
});
export type UploadLogoRequest = z.infer<typeof uploadLogoRequestSchema>;

export const themeSchema = z.enum(["light", "dark", "system"]);
export type Theme = z.infer<typeof themeSchema>;

export const userPreferencesSchema = z.object({ theme: themeSchema });
export type UserPreferences = z.infer<typeof userPreferencesSchema>;

/** The logo's query: `v` is the stored file's id, so a new logo has a new URL and no cached copy of the old one shows. */
export const companyLogoQuerySchema = z.object({ v: z.string().max(64).optional() });
export const uploadLogoResponseSchema = z.object({ logo: z.string() });

export const companySettingsEndpoints = {
  profile: defineEndpoint({
    method: "GET",
    path: "/api/settings/company",
    tags: ["settings"],
    summary: "The company's profile, vertical, time zone and branding (owners and members)",
    response: companyProfileSchema,
    capability: "settings.read",
  }),
  updateProfile: defineEndpoint({
    method: "PUT",
    path: "/api/settings/company",
    tags: ["settings"],
    summary:
      "Change the company's profile, address, yard, schedule slot, vertical, time zone and primary colour (owners)",
    body: updateCompanyProfileRequestSchema,
    response: companyProfileSchema,
    capability: "settings.manage",
  }),
  logo: defineEndpoint({
    method: "GET",
    path: "/api/settings/company/logo",
    tags: ["settings"],
    summary: "The company's logo image (anyone of the company)",
    query: companyLogoQuerySchema,
    produces: "image/*",
    response: z.any(),
  }),
  uploadLogo: defineEndpoint({
    method: "PUT",
    path: "/api/settings/company/logo",
    tags: ["settings"],
    summary: "Upload the company's logo: PNG, JPEG or WebP up to 512 KB, base64 in JSON (owners)",
    body: uploadLogoRequestSchema,
    response: uploadLogoResponseSchema,
    capability: "settings.manage",
  }),
  removeLogo: defineEndpoint({
    method: "DELETE",
    path: "/api/settings/company/logo",
    tags: ["settings"],
    summary: "Remove the company's logo (owners)",
    status: 204,
    response: z.null(),
    capability: "settings.manage",
  }),
  preferences: defineEndpoint({
    method: "GET",
    path: "/api/user/preferences",
    tags: ["settings"],
    summary: "The signed-in user's own preferences (theme)",
    response: userPreferencesSchema,
  }),
  updatePreferences: defineEndpoint({
    method: "PUT",
    path: "/api/user/preferences",
    tags: ["settings"],
    summary: "Change the signed-in user's own preferences",
    body: userPreferencesSchema,
    response: userPreferencesSchema,
  }),
  outbox: defineEndpoint({
    method: "GET",
    path: "/api/outbox",
    tags: ["settings"],
    summary: "The company's outgoing e-mails and texts with how their delivery stands, newest first (owners)",
    response: outboxListResponseSchema,
    capability: "outbox.read",
  }),
  caughtMail: defineEndpoint({
    method: "GET",
    path: "/api/outbox/:id/caught-mail",
    tags: ["settings"],
    summary: "The mail the local mail catcher received for a message (npm start without SMTP_URL), as it arrived",
    params: outboxMessageParamsSchema,
    response: caughtMailSchema,
    capability: "outbox.read",
  }),
  caughtMailAttachment: defineEndpoint({
    method: "GET",
    path: "/api/outbox/:id/caught-mail/attachments/:attachmentId",
    tags: ["settings"],
    summary: "A file a mail caught by the local mail catcher carried (an invoice's or an estimate's PDF), to download",
    params: caughtMailAttachmentParamsSchema,
    produces: "application/pdf",
    response: z.any(),
    capability: "outbox.read",
  }),
} as const;
