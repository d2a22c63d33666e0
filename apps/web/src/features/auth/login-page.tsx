import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Navigate, useNavigate } from "react-router";
import { INVALID_CREDENTIALS, loginRequestSchema, type LoginRequest, authEndpoints } from "@fieldops/shared/auth";
import { homePathForRole } from "@fieldops/shared/roles";
import { Alert, AlertDescription } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { FormField, useRefusal, useSchemaForm } from "../../components/form";
import { Input } from "../../components/ui/input";
import { ApiError } from "../../lib/api";
import { FullPageLoader } from "../../shell/full-page-loader";
import { usePageTitle } from "../../shell/page-title";
import { AuthScreen } from "../../components/auth-screen";
import { blankIsMissing } from "../../lib/form-values";
import { PasswordInput } from "../../components/password-input";
import { SelectedPlanBanner } from "./selected-plan";
import { useSelectedPlan } from "../../lib/selected-plan";
import { callEndpoint } from "../../lib/endpoints";
import { startSession, useUser } from "../../lib/session";

export const LOGIN_FAILED = "Login failed. Please try again.";

/** The API's rules for signing in, a blank e-mail address named as missing ("Email is required"). */
const loginFormSchema = loginRequestSchema.extend({ username: blankIsMissing(loginRequestSchema.shape.username) });

/** The server's message (or 'Invalid credentials') for a refused sign-in; anything else failed to send. */
export function loginErrorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.body?.message || INVALID_CREDENTIALS;
  return LOGIN_FAILED;
}

/** The tenant whose login this is (its path /{slug}/login): its brand, and where a successful sign-in goes. */
export type LoginTenant = { name: string; logo: string | null; afterLogin: string };

/**
 * The sign-in screen. On a tenant's path it wears the tenant's brand and shows the form even to a signed-in user (of
 * another company), who may sign in as someone of this one.
 */
export function LoginPage({ tenant }: { tenant?: LoginTenant } = {}) {
  usePageTitle(tenant ? `Sign In · ${tenant.name}` : "Sign In");
  const user = useUser();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const plan = useSelectedPlan();
  const form = useSchemaForm(loginFormSchema, { username: "", password: "" });
  const { refusal, place, clear } = useRefusal(form);

  const login = useMutation({
    mutationFn: (body: LoginRequest) => callEndpoint(authEndpoints.login, { body }),
    onSuccess: (response) => {
      const home = startSession(queryClient, response);
      void navigate(tenant ? tenant.afterLogin : home, { replace: true });
    },
    onError: place,
  });

  if (user.isPending) return <FullPageLoader />;
  if (user.data && !tenant) return <Navigate to={homePathForRole(user.data.role)} replace />;

  // The first field found wrong takes the focus, so the user lands where the fix is needed.
  const onSubmit = form.handleSubmit((body) => {
    clear();
    login.mutate(body);
  });

  return (
    <AuthScreen
      title={tenant ? `Sign in to ${tenant.name}` : "Welcome back"}
      description="Sign in to run your jobs, crews and customers."
      brand={tenant}
    >
      <form noValidate onSubmit={onSubmit} className="grid gap-5" aria-label="Sign in">
        {plan ? <SelectedPlanBanner plan={plan} /> : null}
        {refusal ? (
          <Alert variant="destructive">
            <AlertDescription>{loginErrorMessage(refusal)}</AlertDescription>
          </Alert>
        ) : null}
        <FormField form={form} name="username" label="Email">
          {(control) => (
            <Input
              {...control}
              type="email"
              autoComplete="email"
              placeholder="you@company.com"
              {...form.register("username")}
            />
          )}
        </FormField>
        <FormField form={form} name="password" label="Password">
          {(control) => <PasswordInput {...control} autoComplete="current-password" {...form.register("password")} />}
        </FormField>
        <Button type="submit" className="w-full" disabled={login.isPending}>
          {login.isPending ? "Signing in..." : plan ? `Start ${plan.name} Plan Free Trial` : "Sign In"}
        </Button>
        <Button type="button" variant="outline" className="w-full" onClick={() => void navigate("/signup")}>
          Create Account
        </Button>
      </form>
    </AuthScreen>
  );
}
