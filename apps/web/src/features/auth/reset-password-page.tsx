import { FORGOT_PASSWORD_PATH } from "@fieldops/shared/app-paths";
import { useEffect, useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate, useSearchParams } from "react-router";
import { passwordSchema } from "@fieldops/shared/auth";
import {
  PASSWORD_RESET_DONE,
  passwordResetCompleteRequestSchema,
  passwordResetEndpoints,
} from "@fieldops/shared/password-reset";
import { Alert, AlertDescription } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { AuthScreen } from "../../components/auth-screen";
import { FormField, useRefusal, useSchemaForm } from "../../components/form";
import { LoadingBlock } from "../../components/load-state";
import { PasswordInput } from "../../components/password-input";
import { ApiError } from "../../lib/api";
import { apiErrorMessage } from "../../lib/api-error";
import { callEndpoint } from "../../lib/endpoints";
import { USER_QUERY_KEY } from "../../lib/session";
import { usePageTitle } from "../../shell/page-title";
import type { AuthNavigationState } from "./auth-navigation";

export const RESET_PASSWORD_FAILED = "The new password could not be saved. Please try again.";

/** The new password, by the API's rule for it; the token comes from the link, not from a field. */
const resetFormSchema = passwordResetCompleteRequestSchema.pick({ password: true });

/**
 * The token of the link that opened the page, read once: the address bar then drops it (so it stays out of the
 * history, of later Referer headers and of shared screenshots), and the page keeps it in memory.
 */
function useLinkToken(): string {
  const [params, setParams] = useSearchParams();
  const [token] = useState(() => params.get("token") ?? "");
  useEffect(() => {
    if (params.has("token")) setParams({}, { replace: true });
  }, [params, setParams]);
  return token;
}

function AskForANewLink({ message }: { message: string }) {
  return (
    <AuthScreen title="This link no longer works" description={message}>
      <div className="grid gap-3">
        <Button asChild className="w-full">
          <Link to={FORGOT_PASSWORD_PATH}>Ask for a new link</Link>
        </Button>
        <Button asChild variant="outline" className="w-full">
          <Link to="/login">Back to sign in</Link>
        </Button>
      </div>
    </AuthScreen>
  );
}

/**
 * The page a reset e-mail links to (`/reset-password?token=…`): checks the link, then takes the new password. Setting
 * it uses the link up and signs the account out everywhere; the user then signs in with it on the sign-in page, which
 * says so and has the address filled in (as most products do: the browser's password manager saves the new password
 * with the account, and nobody is signed in by a link alone).
 */
export function ResetPasswordPage() {
  usePageTitle("Set a New Password");
  const token = useLinkToken();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const link = useQuery({
    queryKey: ["password-reset-link", token],
    queryFn: () => callEndpoint(passwordResetEndpoints.verify, { body: { token } }),
    enabled: token !== "",
    retry: false,
    gcTime: 0,
    staleTime: Infinity,
  });
  const form = useSchemaForm(resetFormSchema, { password: "" });
  const { refusal, place, clear } = useRefusal(form);
  const reset = useMutation({
    mutationFn: (password: string) => callEndpoint(passwordResetEndpoints.complete, { body: { token, password } }),
    onSuccess: async ({ email }) => {
      // The account's sessions have ended, this tab's among them if it was signed in as that account.
      await queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
      const state: AuthNavigationState = { email, notice: PASSWORD_RESET_DONE };
      await navigate("/login", { replace: true, state });
    },
    onError: place,
  });
  const onSubmit = form.handleSubmit(({ password }) => {
    clear();
    reset.mutate(password);
  });

  if (token === "") return <AskForANewLink message="The link has no token. Open the link from the e-mail again." />;
  if (link.isPending) {
    return (
      <AuthScreen title="Set a new password" description="Checking your link...">
        <LoadingBlock label="Checking your link" />
      </AuthScreen>
    );
  }
  if (link.isError) {
    if (link.error instanceof ApiError && link.error.status === 404)
      return <AskForANewLink message={apiErrorMessage(link.error)} />;
    return (
      <AuthScreen title="Set a new password" description="Your link could not be checked.">
        <Alert variant="destructive">
          <AlertDescription>{apiErrorMessage(link.error)}</AlertDescription>
        </Alert>
        <Button className="mt-4 w-full" onClick={() => void link.refetch()}>
          Try again
        </Button>
      </AuthScreen>
    );
  }
  if (reset.error instanceof ApiError && reset.error.status === 404)
    return <AskForANewLink message={apiErrorMessage(reset.error)} />;

  return (
    <AuthScreen
      title="Set a new password"
      description={`For ${link.data.email}. Setting it signs you out on every device.`}
    >
      <form noValidate onSubmit={onSubmit} className="grid gap-5" aria-label="Set a new password">
        {refusal ? (
          <Alert variant="destructive">
            <AlertDescription>{apiErrorMessage(refusal, RESET_PASSWORD_FAILED)}</AlertDescription>
          </Alert>
        ) : null}
        {/* The account, for the browser's password manager to save the new password with. */}
        <input type="email" name="username" autoComplete="username" value={link.data.email} readOnly hidden />
        <FormField
          form={form}
          name="password"
          label="New password"
          hint={`At least ${passwordSchema.minLength} characters.`}
        >
          {(control) => (
            <PasswordInput {...control} autoComplete="new-password" autoFocus {...form.register("password")} />
          )}
        </FormField>
        <Button type="submit" className="w-full" disabled={reset.isPending}>
          {reset.isPending ? "Saving..." : "Set new password"}
        </Button>
      </form>
    </AuthScreen>
  );
}
