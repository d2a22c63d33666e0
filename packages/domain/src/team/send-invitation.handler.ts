import { createHash, randomBytes } from "node:crypto";
import type { TaskHandler } from "@fieldops/tasks/task-definition";
import { invitationLink } from "@fieldops/shared/team";
import { runInScope } from "../effects/run-in-scope.ts";
import { writeOutboxMessages } from "../outbox/write-outbox-messages.ts";
import { companyHasPlanFeature } from "../plans/require-plan-feature.ts";
import { systemActor } from "../tenant-scope.ts";
import { teamChanged } from "./team-events.ts";
import { invitationStatus } from "./invitation-status.ts";
import type { sendInvitationTask } from "./send-invitation.task.ts";

export const hashInvitationToken = (token: string) => createHash("sha256").update(token).digest("hex");

const ROLE_WORDS: Record<string, string> = {
  owner: "an owner",
  member: "an office member",
  field_user: "a field team member",
  admin: "an administrator",
};

/**
 * Mints the invitation's link and puts the invitation message in the outbox, once per sending: the token is made
 * here and kept only in the message (the invitation stores its hash), so no queue or log ever holds it. A sending
 * that a resend, an acceptance or a withdrawal overtook does nothing.
 */
export const sendInvitation: TaskHandler<typeof sendInvitationTask.schema> = async (payload, context) => {
  const options = { companyId: payload.companyId, actor: systemActor("task:send_invitation") };
  await runInScope(context, options, async (scope) => {
    const { tx } = scope;
    const [locked] = await tx.$queryRaw<
      { id: string }[]
    >`SELECT id FROM invitations WHERE id = ${payload.invitationId}::uuid FOR UPDATE`;
    if (!locked) return;
    const invitation = await tx.invitation.findUniqueOrThrow({ where: { id: payload.invitationId } });
    if (invitation.sendCount !== payload.sendCount || invitationStatus(invitation) !== "sending") return;
    const [company, inviter] = await Promise.all([
      tx.company.findUniqueOrThrow({ where: { id: payload.companyId }, select: { name: true } }),
      invitation.invitedByUserId
        ? tx.user.findUnique({ where: { id: invitation.invitedByUserId }, select: { name: true } })
        : null,
    ]);
    const token = randomBytes(32).toString("base64url");
    await tx.invitation.update({ where: { id: invitation.id }, data: { tokenHash: hashInvitationToken(token) } });
    const link = invitationLink(payload.appOrigin, token);
    const from = inviter ? `${inviter.name} invited you` : "You are invited";
    const until = invitation.expiresAt.toISOString().slice(0, 10);
    const dedupeKey = `invitation:${invitation.id}:${invitation.sendCount}`;
    await writeOutboxMessages(scope, [
      {
        kind: "invitation",
        channel: "email",
        recipient: invitation.email,
        subject: `Join ${company.name} on FieldOps`,
        body: `Hello ${invitation.name}, ${from} to join ${company.name} on FieldOps as ${ROLE_WORDS[invitation.role] ?? invitation.role}. Set your password and sign in here: ${link} (this link works once, until ${until}).`,
        dedupeKey,
        linkUrl: link,
        linkLabel: "Set your password and sign in",
      },
      // The text that points to the e-mail goes out on plans with SMS (Growth and above) only.
      ...(invitation.phone && (await companyHasPlanFeature(tx, "sms"))
        ? [
            {
              kind: "invitation",
              channel: "sms",
              recipient: invitation.phone,
              subject: `Join ${company.name}`,
              body: `${company.name} invited you to FieldOps. Check your e-mail (${invitation.email}) for your link.`,
              dedupeKey: `${dedupeKey}:sms`,
            },
          ]
        : []),
    ]);
    scope.emit(teamChanged([]));
  });
};
