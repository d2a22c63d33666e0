import { useEffect, useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import type { z } from "zod";
import {
  acceptInvitationRequestSchema,
  invitationTokenFromHash,
  INVITATION_INVALID,
  teamEndpoints,
  type InvitationPreview,
} from "@fieldops/shared/team";
import { FormField, useRefusal, useSchemaForm } from "../../components/form";
import { Alert, AlertDescription } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { callEndpoint } from "../../lib/endpoints";
import { startSession } from "../../lib/session";
import { usePageTitle } from "../../shell/page-title";
import { AuthScreen } from "../../components/auth-screen";
import { PasswordInput } from "../../components/password-input";
import { ROLE_NAMES } from "./team-settings-card";
import { apiErrorMessage } from "../../lib/api-error";

/**
 * The invitation's token, read once from the URL fragment (`/signup#invite=…`), which browsers never send to a
 * server; it is then taken out of the address bar so that it stays in no history entry or bookmark.
 */
export function useInvitationToken(): string | null {
  const [token] = useState(() => invitationTokenFromHash(window.location.hash));
  useEffect(() => {
    if (token) window.history.replaceState(window.history.state, "", window.location.pathname);
  }, [token]);
  return token;
}

/** The API's rules for accepting, the token aside: it comes from the link, not from a field. */
const acceptFormSchema = acceptInvitationRequestSchema.omit({ token: true });

export function AcceptInvitation({ token }: { token: string }) {
  usePageTitle("Join your team");
  const preview = useQuery({
    // A look-up by POST (the token stays out of URLs), cached as the page's read of this token.
    queryKey: ["invitation-preview", token],
    queryFn: () => callEndpoint(teamEndpoints.lookUpInvitation, { body: { token } }),
  });
  if (preview.isPending)
    return (
      <AuthScreen title="Join your team" description="Checking your invitation…">
        {null}
      </AuthScreen>
    );
  if (preview.isError) {
    return (
      <AuthScreen title="Join your team" description="This invitation cannot be used.">
        <Alert variant="destructive" role="alert">
          <AlertDescription>{INVITATION_INVALID}</AlertDescription>
        </Alert>
      </AuthScreen>
    );
  }
  return <AcceptInvitationForm token={token} invitation={preview.data} />;
}

function AcceptInvitationForm({ token, invitation }: { token: string; invitation: InvitationPreview }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const form = useSchemaForm(acceptFormSchema, { name: invitation.name, password: "" });
  const { refusal, place, clear } = useRefusal(form);
  const accept = useMutation({
    mutationFn: (body: z.output<typeof acceptFormSchema>) =>
      callEndpoint(teamEndpoints.acceptInvitation, { body: { token, ...body } }),
    onSuccess: (response) => void navigate(startSession(queryClient, response), { replace: true }),
    onError: place,
  });
  const submit = form.handleSubmit((body) => {
    clear();
    accept.mutate(body);
  });
  return (
    <AuthScreen
      title={`Join ${invitation.companyName}`}
      description={`You are invited as ${ROLE_NAMES[invitation.role] ?? invitation.role}. Choose your password to sign in.`}
    >
      <form onSubmit={submit} className="grid gap-4" noValidate>
        <div className="grid gap-2">
          <Label htmlFor="invite-email-address">Email</Label>
          <Input id="invite-email-address" value={invitation.email} readOnly autoComplete="username" />
        </div>
        <FormField form={form} name="name" label="Your name">
          {(control) => <Input {...control} required autoComplete="name" {...form.register("name")} />}
        </FormField>
        <FormField form={form} name="password" label="Password">
          {(control) => (
            <PasswordInput {...control} autoComplete="new-password" required {...form.register("password")} />
          )}
        </FormField>
        {refusal ? (
          <Alert variant="destructive" role="alert">
            <AlertDescription>{apiErrorMessage(refusal)}</AlertDescription>
          </Alert>
        ) : null}
        <Button type="submit" disabled={accept.isPending}>
          {accept.isPending ? "Joining…" : "Join and sign in"}
        </Button>
      </form>
    </AuthScreen>
  );
}
