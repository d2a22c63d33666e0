import { FORGOT_PASSWORD_PATH } from "@fieldops/shared/app-paths";
import { useRef, useState, type FormEvent } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Link, Navigate, useLocation, useNavigate } from "react-router";
import { z } from "zod";
import { INVALID_CREDENTIALS, emailSchema, type LoginRequest, authEndpoints } from "@fieldops/shared/auth";
import { homePathForRole } from "@fieldops/shared/roles";
import { Alert, AlertDescription } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Label } from "../../components/ui/label";
import { Input } from "../../components/ui/input";
import { ApiError } from "../../lib/api";
import { FullPageLoader } from "../../shell/full-page-loader";
import { usePageTitle } from "../../shell/page-title";
import { AuthScreen, FieldError } from "../../components/auth-screen";
import { PasswordInput } from "../../components/password-input";
import { SelectedPlanBanner } from "./selected-plan";
import { useSelectedPlan } from "../../lib/selected-plan";
import { callEndpoint } from "../../lib/endpoints";
import { startSession, useUser } from "../../lib/session";
import { signOutReason } from "../../lib/signed-out";
import { emailFromState, noticeFromState, type AuthNavigationState } from "./auth-navigation";

export const LOGIN_FAILED = "Login failed. Please try again.";

/**
 * The email is required and must be valid; the password has no rule on the client. The sign-in screen is every
 * visitor's first page, so it keeps to a plain form rather than the app's schema forms (react-hook-form is 15 kB of
 * its 150 kB budget); the server's rules still decide.
 */
const loginFormSchema = z.object({
  email: z.string().trim().min(1, "Email is required").pipe(emailSchema),
  password: z.string(),
});

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
  const location = useLocation();
  // What the reset-password page handed over: the account's address and that its password was changed.
  const [email, setEmail] = useState(() => emailFromState(location.state) ?? "");
  const [notice] = useState(() => noticeFromState(location.state));
  const [password, setPassword] = useState("");
  const [emailError, setEmailError] = useState<string>();
  const emailInput = useRef<HTMLInputElement>(null);
  // Why this tab was signed out (its company suspended), until the next sign-in.
  const [reason] = useState(signOutReason);

  const login = useMutation({
    mutationFn: (body: LoginRequest) => callEndpoint(authEndpoints.login, { body }),
    onSuccess: (response) => {
      const home = startSession(queryClient, response);
      void navigate(tenant ? tenant.afterLogin : home, { replace: true });
    },
  });

  if (user.isPending) return <FullPageLoader />;
  if (user.data && !tenant) return <Navigate to={homePathForRole(user.data.role)} replace />;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = loginFormSchema.safeParse({ email, password });
    if (!parsed.success) {
      setEmailError(parsed.error.issues.find((issue) => issue.path[0] === "email")?.message);
      // The first invalid field takes the focus, so the user lands where the fix is needed.
      emailInput.current?.focus();
      return;
    }
    setEmailError(undefined);
    login.mutate({ username: parsed.data.email, password: parsed.data.password });
  };

  return (
    <AuthScreen
      title={tenant ? `Sign in to ${tenant.name}` : "Welcome back"}
      description="Sign in to run your jobs, crews and customers."
      brand={tenant}
    >
      <form noValidate onSubmit={onSubmit} className="grid gap-5" aria-label="Sign in">
        {plan ? <SelectedPlanBanner plan={plan} /> : null}
        {login.isError ? (
          <Alert variant="destructive">
            <AlertDescription>{loginErrorMessage(login.error)}</AlertDescription>
          </Alert>
        ) : reason ? (
          <Alert variant="destructive">
            <AlertDescription>You were signed out. {reason}</AlertDescription>
          </Alert>
        ) : notice ? (
          <Alert role="status">
            <AlertDescription>{notice}</AlertDescription>
          </Alert>
        ) : null}
        <div className="grid gap-2">
          <Label htmlFor="login-email">Email</Label>
          <Input
            ref={emailInput}
            id="login-email"
            type="email"
            autoComplete="email"
            placeholder="you@company.com"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            aria-invalid={emailError ? true : undefined}
            aria-describedby={emailError ? "login-email-error" : undefined}
          />
          <FieldError id="login-email-error" message={emailError} />
        </div>
        <div className="grid gap-2">
          <div className="flex items-center justify-between">
            <Label htmlFor="login-password">Password</Label>
            <Link
              to={FORGOT_PASSWORD_PATH}
              state={{ email: email.trim() } satisfies AuthNavigationState}
              className="text-sm font-medium text-primary underline-offset-4 hover:underline"
            >
              Forgot password?
            </Link>
          </div>
          <PasswordInput
            id="login-password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </div>
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
