import { RESET_PASSWORD_PATH } from "./app-paths";
import { z } from "zod";
import { defineEndpoint } from "./endpoint";
import { emailSchema, passwordSchema } from "./auth";
import { text } from "./text";

/** How long a reset link works. */
export const PASSWORD_RESET_TTL_MINUTES = 30;

/**
 * The one answer to every request for a reset e-mail, whether or not the address has an account: the page says it
 * and no more.
 */
export const PASSWORD_RESET_REQUESTED =
  "If an account uses this e-mail address, we have sent it a link to set a new password. The link works once, for 30 minutes.";

/** The one answer for a link that is unknown, used, replaced by a newer one or expired. */
export const PASSWORD_RESET_INVALID =
  "This password reset link is invalid, has already been used or has expired. Ask for a new one.";

/** What the sign-in page says after a reset (the reset ends every session: the user signs in again). */
export const PASSWORD_RESET_DONE = "Your password has been changed. Sign in with your new password.";

/** The link of a reset e-mail: the app's page, the token in the query (the request logger redacts `token`). */
export function passwordResetLink(appOrigin: string, token: string): string {
  return `${appOrigin}${RESET_PASSWORD_PATH}?token=${encodeURIComponent(token)}`;
}

export const passwordResetRequestSchema = z.object({ email: emailSchema });
export type PasswordResetRequest = z.infer<typeof passwordResetRequestSchema>;

/** A link's token: 32 random bytes, base64url (43 characters); anything much longer is no token of ours. */
export const passwordResetTokenSchema = text({ max: 100 }).min(1, "The link has no token");

export const passwordResetVerifyRequestSchema = z.object({ token: passwordResetTokenSchema });
export type PasswordResetVerifyRequest = z.infer<typeof passwordResetVerifyRequestSchema>;

export const passwordResetCompleteRequestSchema = z.object({
  token: passwordResetTokenSchema,
  password: passwordSchema,
});
export type PasswordResetCompleteRequest = z.infer<typeof passwordResetCompleteRequestSchema>;

/** A link that works: the account's e-mail, which the page shows (and hands the browser's password manager). */
export const passwordResetLinkSchema = z.object({ email: z.string() });
export type PasswordResetLink = z.infer<typeof passwordResetLinkSchema>;

export const passwordResetRequestedSchema = z.object({ message: z.string() });

export const passwordResetEndpoints = {
  request: defineEndpoint({
    method: "POST",
    path: "/api/password-reset/request",
    tags: ["auth"],
    summary:
      "Ask for a password reset e-mail: the same answer whether or not the address has an account; limited per address and per e-mail",
    body: passwordResetRequestSchema,
    status: 202,
    response: passwordResetRequestedSchema,
  }),
  verify: defineEndpoint({
    method: "POST",
    path: "/api/password-reset/verify",
    tags: ["auth"],
    summary: "Check a password reset link before asking for the new password",
    body: passwordResetVerifyRequestSchema,
    response: passwordResetLinkSchema,
  }),
  complete: defineEndpoint({
    method: "POST",
    path: "/api/password-reset/complete",
    tags: ["auth"],
    summary: "Set a new password with a reset link: uses the link up and ends every session of the account",
    body: passwordResetCompleteRequestSchema,
    response: passwordResetLinkSchema,
  }),
} as const;
