import { z } from "zod";
import { emailSchema, passwordSchema } from "./auth";
import { roleSchema } from "./roles";
import { text } from "./text";

/** An invitation link works this long after it was sent. */
export const INVITATION_TTL_DAYS = 7;

/** The roles an invitation may give. */
export const inviteRoleSchema = z.enum(["owner", "member", "field_user"]);
export type InviteRole = z.infer<typeof inviteRoleSchema>;

export const phoneSchema = text({ max: 30, trim: true }).regex(/^[0-9+()\-. ]*$/, "Enter a phone number");

/**
 * Where an invitation link leads: the token travels in the URL fragment, which browsers never send to a server, so it
 * appears in no request line or log; the page posts it in a body.
 */
export const INVITATION_LINK_PREFIX = "/signup#invite=";
export const invitationLink = (origin: string, token: string) => `${origin}${INVITATION_LINK_PREFIX}${token}`;
/** The token of a location's fragment (`#invite=...`), or null. */
export function invitationTokenFromHash(hash: string): string | null {
  const match = /^#?invite=([A-Za-z0-9_-]{20,100})$/.exec(hash);
  return match?.[1] ?? null;
}

export const createInvitationRequestSchema = z.object({
  name: text({ max: 100, trim: true }).min(1, "A name is required"),
  email: emailSchema,
  phone: phoneSchema.default(""),
  role: inviteRoleSchema,
});
export type CreateInvitationRequest = z.input<typeof createInvitationRequestSchema>;

export const invitationStatusSchema = z.enum(["sending", "pending", "accepted", "expired", "revoked"]);
export type InvitationStatus = z.infer<typeof invitationStatusSchema>;

export const invitationSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  role: roleSchema,
  status: invitationStatusSchema,
  expiresAt: z.string(),
  createdAt: z.string(),
});
export type Invitation = z.infer<typeof invitationSchema>;

export const MAX_INVITATIONS_LISTED = 200;
export const invitationListResponseSchema = z.object({ items: z.array(invitationSchema).max(MAX_INVITATIONS_LISTED) });

export const invitationIdParamsSchema = z.object({ id: z.uuid() });
export const teamMemberParamsSchema = z.object({ userId: z.uuid() });

export const invitationTokenSchema = text({ max: 100 }).regex(/^[A-Za-z0-9_-]+$/, "This invitation link is not valid");
export const invitationLookupRequestSchema = z.object({ token: invitationTokenSchema });
export const invitationPreviewSchema = z.object({
  companyName: z.string(),
  name: z.string(),
  email: z.string(),
  role: roleSchema,
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

export const acceptInvitationRequestSchema = z.object({
  token: invitationTokenSchema,
  name: text({ max: 100, trim: true }).min(1, "Your name is required"),
  password: passwordSchema,
});
export type AcceptInvitationRequest = z.infer<typeof acceptInvitationRequestSchema>;

export const INVITATION_INVALID = "This invitation link is not valid or has expired. Ask for a new one.";

export const changeRoleRequestSchema = z.object({ role: inviteRoleSchema });
export type ChangeRoleRequest = z.infer<typeof changeRoleRequestSchema>;
