/** HIPAA mode (Pro; the wound-care vertical requires it): what it changes, enforced on the server. */
import { z } from "zod";
import { defineEndpoint } from "./endpoint";

/** A user of a company in HIPAA mode is signed out after this long without a request (and without a touch). */
export const HIPAA_IDLE_TIMEOUT_MINUTES = 15;
export const HIPAA_IDLE_SIGN_OUT_MESSAGE = "You were signed out after 15 minutes without activity (HIPAA mode).";
export const HIPAA_EXPORT_MESSAGE =
  "In HIPAA mode an owner must approve exports: ask an owner, or ask the assistant to export, which an owner approves.";

/** What turning HIPAA mode on changes, as the confirmation and the settings say it. */
export const HIPAA_CHANGES = [
  "Texts and e-mails to customers carry no names or notes: only your company's name and a link to the page they are about.",
  `Everyone is signed out after ${HIPAA_IDLE_TIMEOUT_MINUTES} minutes without activity.`,
  "Every opening of a customer's (patient's) record is written to the audit log.",
  "Exports (customers, reports, the audit log) need an owner: others ask, and an owner approves.",
  "The assistant sends no company data to its AI model until you record a business associate agreement with the model's provider.",
] as const;

export const hipaaSettingsSchema = z.object({
  enabled: z.boolean(),
  /** The company's vertical requires it (wound care): it cannot be turned off. */
  required: z.boolean(),
  acknowledgedAt: z.string().nullable(),
  modelBaaRecordedAt: z.string().nullable(),
  /** Whether an AI model is configured at all (without one, the assistant's offline planner sends nothing anywhere). */
  modelConfigured: z.boolean(),
});
export type HipaaSettings = z.infer<typeof hipaaSettingsSchema>;

export const setHipaaModeRequestSchema = z
  .object({
    enabled: z.boolean(),
    /** Turning it on: the owner acknowledges the business associate agreement (BAA) with the platform. */
    acknowledgeBaa: z.boolean().optional(),
  })
  .strict();

export const setModelBaaRequestSchema = z.object({ recorded: z.boolean() }).strict();

export const hipaaEndpoints = {
  get: defineEndpoint({
    method: "GET",
    path: "/api/settings/hipaa",
    tags: ["settings"],
    summary: "Whether HIPAA mode is on, and the BAAs recorded",
    response: hipaaSettingsSchema,
    capability: "settings.read",
  }),
  set: defineEndpoint({
    method: "PUT",
    path: "/api/settings/hipaa",
    tags: ["settings"],
    summary: "Turn HIPAA mode on (acknowledging the BAA) or off (owners; Pro; audited)",
    body: setHipaaModeRequestSchema,
    response: hipaaSettingsSchema,
    capability: "compliance.manage",
  }),
  setModelBaa: defineEndpoint({
    method: "PUT",
    path: "/api/settings/hipaa/model-baa",
    tags: ["settings"],
    summary: "Record or withdraw a BAA with the assistant's model provider (owners; audited)",
    body: setModelBaaRequestSchema,
    response: hipaaSettingsSchema,
    capability: "compliance.manage",
  }),
};
