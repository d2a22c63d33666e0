import { z } from "zod";
import { passwordSchema } from "./auth";
import { defineEndpoint } from "./endpoint";
import { text } from "./text";

export const changePasswordRequestSchema = z.object({
  currentPassword: text({ max: 200 }).min(1, "Enter your current password"),
  newPassword: passwordSchema,
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;
export const WRONG_CURRENT_PASSWORD = "Your current password is not correct";

export const activeSessionSchema = z.object({
  id: z.string(),
  /** Browser and system, read from the user agent ("Chrome on Windows"). */
  device: z.string(),
  ipAddress: z.string().nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  /** The session this request came from. */
  current: z.boolean(),
});
export type ActiveSession = z.infer<typeof activeSessionSchema>;

export const MAX_SESSIONS_LISTED = 100;
export const activeSessionListResponseSchema = z.object({
  items: z.array(activeSessionSchema).max(MAX_SESSIONS_LISTED),
});
export const sessionIdParamsSchema = z.object({ id: z.uuid() });
export const revokedSessionsResponseSchema = z.object({ revoked: z.number().int() });

const BROWSERS: readonly [RegExp, string][] = [
  [/Edg(?:e|A|iOS)?\//, "Edge"],
  [/OPR\/|Opera/, "Opera"],
  [/SamsungBrowser\//, "Samsung Internet"],
  [/Firefox\/|FxiOS\//, "Firefox"],
  [/Chrome\/|CriOS\/|Chromium\//, "Chrome"],
  [/Safari\//, "Safari"],
  [/curl\//, "curl"],
  [/node|undici/i, "Script"],
];
const SYSTEMS: readonly [RegExp, string][] = [
  [/iPhone/, "iPhone"],
  [/iPad/, "iPad"],
  [/Android/, "Android"],
  [/Windows/, "Windows"],
  [/CrOS/, "ChromeOS"],
  [/Mac OS X|Macintosh/, "macOS"],
  [/Linux/, "Linux"],
];

/** A person's words for a user agent: "Chrome on Windows", "Safari on iPhone"; "Unknown device" when it says nothing. */
export function describeDevice(userAgent: string | null | undefined): string {
  if (!userAgent) return "Unknown device";
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? "Unknown device";
}

export const securityEndpoints = {
  changePassword: defineEndpoint({
    method: "PUT",
    path: "/api/security/password",
    tags: ["security"],
    summary: "Change your password (the current one required); your other sessions end",
    body: changePasswordRequestSchema,
    response: revokedSessionsResponseSchema,
  }),
  sessions: defineEndpoint({
    method: "GET",
    path: "/api/security/sessions",
    tags: ["security"],
    summary: "Your active sessions: device, address, last use",
    response: activeSessionListResponseSchema,
  }),
  endSession: defineEndpoint({
    method: "DELETE",
    path: "/api/security/sessions/:id",
    tags: ["security"],
    summary: "Sign out one of your sessions",
    params: sessionIdParamsSchema,
    response: revokedSessionsResponseSchema,
  }),
  endOtherSessions: defineEndpoint({
    method: "DELETE",
    path: "/api/security/sessions",
    tags: ["security"],
    summary: "Sign out every session of yours but this one",
    response: revokedSessionsResponseSchema,
  }),
} as const;
