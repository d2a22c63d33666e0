import { useEffect, useState, type FormEvent } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { passwordSchema } from "@fieldops/shared/auth";
import { invitationTokenFromHash, INVITATION_INVALID, teamEndpoints } from "@fieldops/shared/team";
import { Alert, AlertDescription } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { callEndpoint } from "../../lib/endpoints";
import { startSession } from "../../lib/session";
import { usePageTitle } from "../../shell/page-title";
import { AuthScreen, FieldError } from "../../components/auth-screen";
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

export function AcceptInvitation({ token }: { token: string }) {
  usePageTitle("Join your team");
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const preview = useQuery({
    // A look-up by POST (the token stays out of URLs), cached as the page's read of this token.
    queryKey: ["invitation-preview", token],
    queryFn: () => callEndpoint(teamEndpoints.lookUpInvitation, { body: { token } }),
  });
  const [name, setName] = useState<string | null>(null);
  const [password, setPassword] = useState("");
  const [passwordError, setPasswordError] = useState<string>();
  const accept = useMutation({
    mutationFn: () =>
      callEndpoint(teamEndpoints.acceptInvitation, {
        body: { token, name: name ?? preview.data?.name ?? "", password },
      }),
    onSuccess: (response) => void navigate(startSession(queryClient, response), { replace: true }),
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
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = passwordSchema.safeParse(password);
    setPasswordError(checked.success ? undefined : checked.error.issues[0]?.message);
    if (checked.success) accept.mutate();
  };
  const invitation = preview.data;
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
        <div className="grid gap-2">
          <Label htmlFor="invite-your-name">Your name</Label>
          <Input
            id="invite-your-name"
            required
            maxLength={100}
            autoComplete="name"
            value={name ?? invitation.name}
            onChange={(e) => setName(e.target.value)}
          />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="invite-password">Password</Label>
          <PasswordInput
            id="invite-password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            aria-invalid={passwordError ? true : undefined}
            aria-describedby={passwordError ? "invite-password-error" : undefined}
          />
          <FieldError id="invite-password-error" message={passwordError} />
        </div>
        {accept.isError ? (
          <Alert variant="destructive" role="alert">
            <AlertDescription>{apiErrorMessage(accept.error)}</AlertDescription>
          </Alert>
        ) : null}
        <Button type="submit" disabled={accept.isPending}>
          {accept.isPending ? "Joining…" : "Join and sign in"}
        </Button>
      </form>
    </AuthScreen>
  );
}
