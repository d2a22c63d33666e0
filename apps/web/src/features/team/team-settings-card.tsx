import { useState } from "react";
import type { TeamMember } from "@fieldops/shared/crews";
import { createInvitationRequestSchema, inviteRoleSchema, type Invitation } from "@fieldops/shared/team";
import { FormField, FormRefusal, useRefusal, useSchemaForm } from "../../components/form";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Input } from "../../components/ui/input";
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
  const form = useSchemaForm(createInvitationRequestSchema, { name: "", email: "", phone: "", role: "field_user" });
  const { refusal, place, clear } = useRefusal(form);
  const submit = form.handleSubmit((body) => {
    clear();
    invite.mutate(
      { body },
      {
        // The next invitation is most often for the same role.
        onSuccess: () => form.reset({ name: "", email: "", phone: "", role: body.role }),
        onError: place,
      },
    );
  });
  return (
    <form onSubmit={submit} noValidate className="flex flex-wrap items-start gap-3" aria-label="Invite a team member">
      <FormField form={form} name="name" label="Name">
        {(control) => <Input {...control} required {...form.register("name")} />}
      </FormField>
      <FormField form={form} name="email" label="Email">
        {(control) => <Input {...control} type="email" required {...form.register("email")} />}
      </FormField>
      <FormField form={form} name="phone" label="Cell (optional)">
        {(control) => <Input {...control} type="tel" {...form.register("phone")} />}
      </FormField>
      <FormField form={form} name="role" label="Role">
        {(control) => (
          <NativeSelect {...control} {...form.register("role")}>
            {inviteRoleSchema.options.map((role) => (
              <option key={role} value={role}>
                {ROLE_NAMES[role]}
              </option>
            ))}
          </NativeSelect>
        )}
      </FormField>
      <Button type="submit" className="mt-5" disabled={invite.isPending}>
        {invite.isPending ? "Inviting…" : "Send invitation"}
      </Button>
      <FormRefusal error={refusal} className="basis-full" />
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
