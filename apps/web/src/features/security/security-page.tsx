import { useState } from "react";
import { changePasswordRequestSchema } from "@fieldops/shared/security";
import { FormField, FormRefusal, useRefusal, useSchemaForm } from "../../components/form";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { useCompany } from "../../lib/company";
import { useCan } from "../../lib/permissions";
import { formatCompanyTime } from "@fieldops/shared/company-time";
import { usePageTitle } from "../../shell/page-title";
import { PasswordInput } from "../../components/password-input";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { AuditLogCard } from "./audit-log-card";
import { apiErrorMessage } from "../../lib/api-error";
import { ErrorBlock, LoadingBlock } from "../../components/load-state";
import { useSignedInUser } from "../../lib/session";
import { useChangePassword, useRevokeOtherSessions, useRevokeSession, useSessions } from "./security-queries";

function ChangePasswordCard() {
  const change = useChangePassword();
  const form = useSchemaForm(changePasswordRequestSchema, { currentPassword: "", newPassword: "" });
  const { refusal, place, clear } = useRefusal(form);
  const submit = form.handleSubmit((body) => {
    clear();
    change.mutate({ body }, { onSuccess: () => form.reset(), onError: place });
  });
  return (
    <Card role="region" aria-labelledby="password-title">
      <CardHeader>
        <CardTitle id="password-title">Change password</CardTitle>
        <CardDescription>Your other sessions are signed out when the password changes.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="grid max-w-sm gap-4" noValidate>
          <FormField form={form} name="currentPassword" label="Current password">
            {(control) => (
              <PasswordInput
                {...control}
                autoComplete="current-password"
                required
                {...form.register("currentPassword")}
              />
            )}
          </FormField>
          <FormField form={form} name="newPassword" label="New password">
            {(control) => (
              <PasswordInput {...control} autoComplete="new-password" required {...form.register("newPassword")} />
            )}
          </FormField>
          <FormRefusal error={refusal} />
          {change.isSuccess ? (
            <p role="status" className="text-sm">
              Password changed.{" "}
              {change.data.revoked === 0
                ? "No other session was open."
                : `${change.data.revoked} other session${change.data.revoked === 1 ? "" : "s"} signed out.`}
            </p>
          ) : null}
          <div>
            <Button type="submit" disabled={change.isPending}>
              {change.isPending ? "Changing…" : "Change password"}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

function SessionsCard({ timeZone }: { timeZone: string }) {
  const sessions = useSessions();
  const revoke = useRevokeSession();
  const revokeOthers = useRevokeOtherSessions();
  const [confirmAll, setConfirmAll] = useState(false);
  const others = sessions.data?.items.filter((s) => !s.current).length ?? 0;
  return (
    <Card role="region" aria-labelledby="sessions-title">
      <CardHeader>
        <CardTitle id="sessions-title">Active sessions</CardTitle>
        <CardDescription>Where you are signed in. Sign out a device you do not recognise.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {sessions.isPending ? (
          <LoadingBlock label="Loading your sessions" />
        ) : sessions.isError ? (
          <ErrorBlock
            title="Your sessions could not be loaded"
            retry={() => void sessions.refetch()}
            busy={sessions.isFetching}
          />
        ) : (
          <ul aria-label="Sessions" className="divide-y">
            {sessions.data.items.map((session) => (
              <li key={session.id} className="flex flex-wrap items-center gap-3 py-2">
                <div className="min-w-48 flex-1">
                  <p className="font-medium">
                    {session.device} {session.current ? <Badge variant="secondary">This device</Badge> : null}
                  </p>
                  <p className="text-sm text-muted-foreground">
                    {session.ipAddress ?? "Unknown address"} · last used{" "}
                    {formatCompanyTime(session.lastSeenAt, timeZone)} · signed in{" "}
                    {formatCompanyTime(session.createdAt, timeZone)}
                  </p>
                </div>
                {session.current ? null : (
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={revoke.isPending}
                    aria-label={`Sign out ${session.device}`}
                    onClick={() => revoke.mutate({ params: { id: session.id } })}
                  >
                    Sign out
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
        {revoke.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {apiErrorMessage(revoke.error)}
          </p>
        ) : null}
        <div>
          <Button variant="destructive" disabled={others === 0} onClick={() => setConfirmAll(true)}>
            Sign out all other sessions
          </Button>
        </div>
        <ConfirmDialog
          open={confirmAll}
          onOpenChange={setConfirmAll}
          title="Sign out every other session?"
          description={`${others} other session${others === 1 ? "" : "s"} will be signed out at once. This device stays signed in.`}
          destructive
          action="Sign out others"
          pending={revokeOthers.isPending}
          error={revokeOthers.error}
          onConfirm={() => revokeOthers.mutate({}, { onSuccess: () => setConfirmAll(false) })}
        />
      </CardContent>
    </Card>
  );
}

/** /security: the user's password and sessions, and (for owners) the company's audit log. */
export function SecurityPage() {
  usePageTitle("Security");
  const user = useSignedInUser();
  const company = useCompany(user.companyId);
  const timeZone = company.data?.timeZone ?? "UTC";
  const mayReadAudit = useCan("audit.read");
  return (
    <>
      <h1 className="text-2xl font-semibold tracking-tight">Security</h1>
      <ChangePasswordCard />
      <SessionsCard timeZone={timeZone} />
      {user.companyId !== null && mayReadAudit ? <AuditLogCard timeZone={timeZone} /> : null}
    </>
  );
}
