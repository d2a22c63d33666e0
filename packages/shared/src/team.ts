import { z } from "zod";
import { emailSchema, loginResponseSchema, passwordSchema } from "./auth";
import { defineEndpoint } from "./endpoint";
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

/** A member's role once changed. */
export const changedRoleSchema = z.object({ id: z.string(), role: roleSchema });

export const teamEndpoints = {
  invitations: defineEndpoint({
    method: "GET",
    path: "/api/team/invitations",
    tags: ["team"],
    summary: "The company's invitations, newest first (owners)",
    response: invitationListResponseSchema,
    capability: "team.manage",
  }),
  invite: defineEndpoint({
    method: "POST",
    path: "/api/team/invitations",
    tags: ["team"],
    summary:
      "Invite someone by e-mail with a role, within the plan's seats; the link goes out through the outbox (owners)",
    body: createInvitationRequestSchema,
    status: 201,
    response: invitationSchema,
    capability: "team.manage",
  }),
  resendInvitation: defineEndpoint({
    method: "POST",
    path: "/api/team/invitations/:id/resend",
    tags: ["team"],
    summary: "Send an invitation again with a new link and expiry (owners)",
    params: invitationIdParamsSchema,
    response: invitationSchema,
    capability: "team.manage",
  }),
  revokeInvitation: defineEndpoint({
    method: "DELETE",
    path: "/api/team/invitations/:id",
    tags: ["team"],
    summary: "Withdraw an invitation: its link stops working (owners)",
    params: invitationIdParamsSchema,
    response: invitationSchema,
    capability: "team.manage",
  }),
  changeRole: defineEndpoint({
    method: "PATCH",
    path: "/api/team/:userId",
    tags: ["team"],
    summary: "Change a team member's role; it applies to their open sessions at once (owners)",
    params: teamMemberParamsSchema,
    body: changeRoleRequestSchema,
    response: changedRoleSchema,
    capability: "team.manage",
  }),
  removeMember: defineEndpoint({
    method: "DELETE",
    path: "/api/team/:userId",
    tags: ["team"],
    summary: "Remove someone from the company; their sessions end at once (owners)",
    params: teamMemberParamsSchema,
    status: 204,
    response: z.null(),
    capability: "team.manage",
  }),
  lookUpInvitation: defineEndpoint({
    method: "POST",
    path: "/api/invitations/lookup",
    tags: ["team"],
    summary: "What an invitation link is for (the token in the body, never in a URL)",
    body: invitationLookupRequestSchema,
    response: invitationPreviewSchema,
  }),
  acceptInvitation: defineEndpoint({
    method: "POST",
    path: "/api/invitations/accept",
    tags: ["team"],
    summary: "Accept an invitation: set your name and password, join the company and sign in",
    body: acceptInvitationRequestSchema,
    status: 201,
    response: loginResponseSchema,
  }),
} as const;
