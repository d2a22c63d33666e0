import { useState, type FormEvent } from "react";
import type { TeamMember } from "@fieldops/shared/crews";
import { inviteRoleSchema, type Invitation, type InviteRole } from "@fieldops/shared/team";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { NativeSelect } from "../../components/ui/native-select";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { apiErrorMessage } from "../../lib/api-error";
import { ErrorBlock, LoadingBlock } from "../../components/load-state";
import {
  useChangeRole,
  useInvitations,
  useInvite,
  useRemoveMember,
  useResendInvitation,
  useRevokeInvitation,
} from "./team-queries";
import { useTeam } from "../../lib/crews";

export const ROLE_NAMES: Record<string, string> = {
  owner: "Owner",
  admin: "Administrator",
  member: "Office member",
  field_user: "Field user",
};
const STATUS_NAMES: Record<Invitation["status"], string> = {
  sending: "Sending",
  pending: "Waiting",
  accepted: "Accepted",
  expired: "Expired",
  revoked: "Withdrawn",
};

function InviteForm() {
  const invite = useInvite();
  const [form, setForm] = useState({ name: "", email: "", phone: "", role: "field_user" as InviteRole });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    invite.mutate({ body: form }, { onSuccess: () => setForm({ name: "", email: "", phone: "", role: form.role }) });
  };
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-3" aria-label="Invite a team member">
      <div className="grid gap-1.5">
        <Label htmlFor="invite-name">Name</Label>
        <Input
          id="invite-name"
          required
          maxLength={100}
          value={form.name}
          onChange={(e) => setForm({ ...form, name: e.target.value })}
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="invite-email">Email</Label>
        <Input
          id="invite-email"
          type="email"
          required
          maxLength={254}
          value={form.email}
          onChange={(e) => setForm({ ...form, email: e.target.value })}
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="invite-phone">Cell (optional)</Label>
        <Input
          id="invite-phone"
          type="tel"
          maxLength={30}
          value={form.phone}
          onChange={(e) => setForm({ ...form, phone: e.target.value })}
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="invite-role">Role</Label>
        <NativeSelect
          id="invite-role"
          value={form.role}
          onChange={(e) => setForm({ ...form, role: inviteRoleSchema.catch("field_user").parse(e.target.value) })}
        >
          {inviteRoleSchema.options.map((role) => (
            <option key={role} value={role}>
              {ROLE_NAMES[role]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <Button type="submit" disabled={invite.isPending}>
        {invite.isPending ? "Inviting…" : "Send invitation"}
      </Button>
      {invite.isError ? (
        <p role="alert" className="basis-full text-sm text-destructive">
          {apiErrorMessage(invite.error)}
        </p>
      ) : null}
      {invite.isSuccess ? (
        <p role="status" className="basis-full text-sm">
          Invitation sent to {invite.data.email}.
        </p>
      ) : null}
    </form>
  );
}

function MemberRow({ member, self }: { member: TeamMember; self: boolean }) {
  const changeRole = useChangeRole();
  const remove = useRemoveMember();
  const [confirming, setConfirming] = useState(false);
  return (
    <li className="flex flex-wrap items-center gap-3 py-2">
      <div className="min-w-48 flex-1">
        <p className="font-medium">
          {member.name}
          {self ? " (you)" : ""}
        </p>
        <p className="text-sm text-muted-foreground">{member.email}</p>
      </div>
      {self || member.role === "admin" ? (
        <Badge variant="secondary">{ROLE_NAMES[member.role]}</Badge>
      ) : (
        <NativeSelect
          aria-label={`Role of ${member.name}`}
          className="w-44"
          value={member.role}
          disabled={changeRole.isPending}
          onChange={(e) =>
            changeRole.mutate({
              params: { userId: member.id },
              body: { role: inviteRoleSchema.catch("field_user").parse(e.target.value) },
            })
          }
        >
          {inviteRoleSchema.options.map((role) => (
            <option key={role} value={role}>
              {ROLE_NAMES[role]}
            </option>
          ))}
        </NativeSelect>
      )}
      {self ? null : (
        <Button variant="ghost" size="sm" onClick={() => setConfirming(true)}>
          Remove
        </Button>
      )}
      {changeRole.isError ? (
        <p role="alert" className="basis-full text-sm text-destructive">
          {apiErrorMessage(changeRole.error)}
        </p>
      ) : null}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Remove ${member.name}?`}
        description="Their account is deleted and every session they have open ends at once. What they did stays in the audit log."
        destructive
        action="Remove"
        pending={remove.isPending}
        error={remove.error}
        onConfirm={() => remove.mutate({ params: { userId: member.id } }, { onSuccess: () => setConfirming(false) })}
      />
    </li>
  );
}

function InvitationRow({ invitation }: { invitation: Invitation }) {
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();
  const [confirming, setConfirming] = useState(false);
  const open = invitation.status === "pending" || invitation.status === "sending" || invitation.status === "expired";
  return (
    <li className="flex flex-wrap items-center gap-3 py-2">
      <div className="min-w-48 flex-1">
        <p className="font-medium">
          {invitation.name}{" "}
          <span className="text-sm font-normal text-muted-foreground">{ROLE_NAMES[invitation.role]}</span>
        </p>
        <p className="text-sm text-muted-foreground">{invitation.email}</p>
      </div>
      <Badge variant={invitation.status === "accepted" ? "default" : "outline"}>
        {STATUS_NAMES[invitation.status]}
      </Badge>
      {open ? (
        <>
          <Button
            variant="outline"
            size="sm"
            disabled={resend.isPending}
            onClick={() => resend.mutate({ params: { id: invitation.id } })}
          >
            Send again
          </Button>
          <Button variant="ghost" size="sm" onClick={() => setConfirming(true)}>
            Withdraw
          </Button>
        </>
      ) : null}
      {resend.isError ? (
        <p role="alert" className="basis-full text-sm text-destructive">
          {apiErrorMessage(resend.error)}
        </p>
      ) : null}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Withdraw ${invitation.name}'s invitation?`}
        description="The link stops working and the seat is free again."
        destructive
        action="Withdraw"
        pending={revoke.isPending}
        error={revoke.error}
        onConfirm={() => revoke.mutate({ params: { id: invitation.id } }, { onSuccess: () => setConfirming(false) })}
      />
    </li>
  );
}

/** The team with roles, the plan's seats, and the invitations: send, send again, withdraw (owners). */
export function TeamSettingsCard({ userId }: { userId: string }) {
  const team = useTeam();
  const invitations = useInvitations();
  const waiting = invitations.data?.items.filter((i) => i.status === "pending" || i.status === "sending").length ?? 0;
  return (
    <Card role="region" aria-labelledby="team-settings-title">
      <CardHeader>
        <CardTitle id="team-settings-title">Team and invitations</CardTitle>
        <CardDescription>
          {team.data
            ? `${team.data.used}${team.data.limit === -1 ? "" : ` of ${team.data.limit}`} seats used${waiting > 0 ? `, ${waiting} held by invitations waiting to be accepted` : ""}.`
            : "Everyone in your company, their role, and who is invited."}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <InviteForm />
        {team.isPending ? (
          <LoadingBlock label="Loading your team" />
        ) : team.isError ? (
          <ErrorBlock title="Your team could not be loaded" retry={() => void team.refetch()} busy={team.isFetching} />
        ) : (
          <ul aria-label="Team members" className="divide-y">
            {team.data.items.map((member) => (
              <MemberRow key={member.id} member={member} self={member.id === userId} />
            ))}
          </ul>
        )}
        {invitations.data && invitations.data.items.length > 0 ? (
          <section aria-labelledby="invitations-title" className="grid gap-2">
            <h3 id="invitations-title" className="font-semibold">
              Invitations
            </h3>
            <ul aria-label="Invitations" className="divide-y">
              {invitations.data.items.map((invitation) => (
                <InvitationRow key={invitation.id} invitation={invitation} />
              ))}
            </ul>
          </section>
        ) : null}
      </CardContent>
    </Card>
  );
}
