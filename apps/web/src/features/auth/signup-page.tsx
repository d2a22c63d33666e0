import type { z } from "zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Link, Navigate, useNavigate } from "react-router";
import { passwordSchema, signupRequestSchema, type SignupRequest, authEndpoints } from "@fieldops/shared/auth";
import { homePathForRole } from "@fieldops/shared/roles";
import { Alert, AlertDescription } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Input } from "../../components/ui/input";
import { FormField, useRefusal, useSchemaForm } from "../../components/form";
import { ApiError } from "../../lib/api";
import { FullPageLoader } from "../../shell/full-page-loader";
import { usePageTitle } from "../../shell/page-title";
import { AuthScreen } from "../../components/auth-screen";
import { apiErrorMessage } from "../../lib/api-error";
import { blankIsUndefined } from "../../lib/form-values";
import { PasswordInput } from "../../components/password-input";
import { SelectedPlanBanner } from "./selected-plan";
import { clearSelectedPlan, useSelectedPlan } from "../../lib/selected-plan";
import { callEndpoint } from "../../lib/endpoints";
import { startSession, useUser } from "../../lib/session";

export const SIGNUP_FAILED = "Sign up failed. Please try again.";

/** The API's rules for signing up; the plan is the one chosen before, not a field. */
const signupFormSchema = signupRequestSchema.omit({ plan: true });
type SignupForm = z.input<typeof signupFormSchema>;

export function SignupPage() {
  usePageTitle("Create Account");
  const user = useUser();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const plan = useSelectedPlan();
  const form = useSchemaForm(signupFormSchema, { companyName: "", slug: undefined, name: "", email: "", password: "" });
  const { refusal, place, clear } = useRefusal(form);

  const signup = useMutation({
    mutationFn: (body: SignupRequest) => callEndpoint(authEndpoints.signup, { body }),
    onSuccess: (response) => {
      clearSelectedPlan();
      void navigate(startSession(queryClient, response), { replace: true });
    },
    // A refusal naming a field shows beside it, with the focus there; any other in the form's alert.
    onError: (error) => {
      place(error);
      const field = error instanceof ApiError ? error.body?.field : undefined;
      if (field && field in form.getValues()) form.setFocus(field as keyof SignupForm);
    },
  });

  if (user.isPending) return <FullPageLoader />;
  if (user.data) return <Navigate to={homePathForRole(user.data.role)} replace />;

  // The first field found wrong takes the focus, so the user lands where the fix is needed.
  const onSubmit = form.handleSubmit((body) => {
    clear();
    signup.mutate({ ...body, ...(plan ? { plan: plan.id } : {}) });
  });

  return (
    <AuthScreen title="Create your account" description="Set up your company and start scheduling work.">
      <form noValidate onSubmit={onSubmit} className="grid gap-5" aria-label="Create account">
        {plan ? <SelectedPlanBanner plan={plan} /> : null}
        {refusal ? (
          <Alert variant="destructive">
            <AlertDescription>{apiErrorMessage(refusal, SIGNUP_FAILED)}</AlertDescription>
          </Alert>
        ) : null}
        <FormField form={form} name="companyName" label="Company name">
          {(control) => <Input {...control} autoComplete="organization" {...form.register("companyName")} />}
        </FormField>
        <FormField
          form={form}
          name="slug"
          label="Company address (optional)"
          subject="Company address"
          hint="Your company's pages open at /your-address. Lowercase letters, numbers and hyphens; left empty, it comes from the company name."
        >
          {/* An empty address is no choice: the server derives one from the company name. */}
          {(control) => <Input {...control} autoComplete="off" {...form.register("slug", blankIsUndefined)} />}
        </FormField>
        <FormField form={form} name="name" label="Your name">
          {(control) => <Input {...control} autoComplete="name" {...form.register("name")} />}
        </FormField>
        <FormField form={form} name="email" label="Email">
          {(control) => <Input {...control} type="email" autoComplete="email" {...form.register("email")} />}
        </FormField>
        <FormField
          form={form}
          name="password"
          label="Password"
          hint={`At least ${passwordSchema.minLength} characters.`}
        >
          {(control) => <PasswordInput {...control} autoComplete="new-password" {...form.register("password")} />}
        </FormField>
        <Button type="submit" className="w-full" disabled={signup.isPending}>
          {signup.isPending ? "Creating account..." : "Create Account"}
        </Button>
        <p className="text-center text-sm text-muted-foreground">
          Already have an account?{" "}
          <Link to="/login" className="font-medium text-primary underline-offset-4 hover:underline">
            Sign in
          </Link>
        </p>
      </form>
    </AuthScreen>
  );
}
