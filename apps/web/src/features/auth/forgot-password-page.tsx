import { useMutation } from "@tanstack/react-query";
import { Link, useLocation } from "react-router";
import {
  passwordResetEndpoints,
  passwordResetRequestSchema,
  type PasswordResetRequest,
} from "@fieldops/shared/password-reset";
import { Alert, AlertDescription } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Input } from "../../components/ui/input";
import { AuthScreen } from "../../components/auth-screen";
import { FormField, useRefusal, useSchemaForm } from "../../components/form";
import { apiErrorMessage } from "../../lib/api-error";
import { callEndpoint } from "../../lib/endpoints";
import { usePageTitle } from "../../shell/page-title";
import { emailFromState } from "./auth-navigation";

export const FORGOT_PASSWORD_FAILED = "The request could not be sent. Please try again.";

/**
 * "Forgot password?": the user gives their e-mail and is told what the server tells everyone, whether or not the
 * address has an account. The sign-in page hands over the address it had (in the router's state, never the URL).
 */
export function ForgotPasswordPage() {
  usePageTitle("Forgot Password");
  const location = useLocation();
  const form = useSchemaForm(passwordResetRequestSchema, { email: emailFromState(location.state) ?? "" });
  const { refusal, place, clear } = useRefusal(form);
  const request = useMutation({
    mutationFn: (body: PasswordResetRequest) => callEndpoint(passwordResetEndpoints.request, { body }),
    onError: place,
  });
  const onSubmit = form.handleSubmit((body) => {
    clear();
    request.mutate(body);
  });

  if (request.isSuccess) {
    return (
      <AuthScreen title="Check your e-mail" description={request.data.message}>
        <div className="grid gap-3">
          <p className="text-sm text-muted-foreground">
            Nothing arrived? Look in your spam folder, or ask again in a few minutes.
          </p>
          <Button asChild className="w-full">
            <Link to="/login">Back to sign in</Link>
          </Button>
        </div>
      </AuthScreen>
    );
  }

  return (
    <AuthScreen
      title="Forgot your password?"
      description="Enter the e-mail address you sign in with, and we will send you a link to set a new password."
    >
      <form noValidate onSubmit={onSubmit} className="grid gap-5" aria-label="Reset password">
        {refusal ? (
          <Alert variant="destructive">
            <AlertDescription>{apiErrorMessage(refusal, FORGOT_PASSWORD_FAILED)}</AlertDescription>
          </Alert>
        ) : null}
        <FormField form={form} name="email" label="Email">
          {(control) => <Input {...control} type="email" autoComplete="email" autoFocus {...form.register("email")} />}
        </FormField>
        <Button type="submit" className="w-full" disabled={request.isPending}>
          {request.isPending ? "Sending..." : "Send reset link"}
        </Button>
        <p className="text-center text-sm text-muted-foreground">
          Remembered it?{" "}
          <Link to="/login" className="font-medium text-primary underline-offset-4 hover:underline">
            Sign in
          </Link>
        </p>
      </form>
    </AuthScreen>
  );
}
