import { useRef, useState, type FormEvent } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Link, Navigate, useNavigate } from "react-router";
import { passwordSchema, signupRequestSchema, type SignupRequest, authEndpoints } from "@fieldops/shared/auth";
import { homePathForRole } from "@fieldops/shared/roles";
import { Alert, AlertDescription } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { ApiError } from "../../lib/api";
import { FullPageLoader } from "../../shell/full-page-loader";
import { usePageTitle } from "../../shell/page-title";
import { AuthScreen, FieldError } from "../../components/auth-screen";
import { PasswordInput } from "../../components/password-input";
import { SelectedPlanBanner } from "./selected-plan";
import { clearSelectedPlan, useSelectedPlan } from "../../lib/selected-plan";
import { callEndpoint } from "../../lib/endpoints";
import { startSession, useUser } from "../../lib/session";

export const SIGNUP_FAILED = "Sign up failed. Please try again.";

const FIELDS = ["companyName", "slug", "name", "email", "password"] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;
type FieldErrors = Partial<Record<Field, string>>;

function isField(value: unknown): value is Field {
  return (FIELDS as readonly unknown[]).includes(value);
}

function TextField({
  field,
  label,
  type = "text",
  autoComplete,
  hint,
  values,
  errors,
  onChange,
}: {
  field: Exclude<Field, "password">;
  label: string;
  type?: string;
  autoComplete: string;
  hint?: string;
  values: Values;
  errors: FieldErrors;
  onChange: (field: Field, value: string) => void;
}) {
  const id = `signup-${field}`;
  const error = errors[field];
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type={type}
        autoComplete={autoComplete}
        value={values[field]}
        onChange={(event) => onChange(field, event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hint ? `${id}-hint` : "", error ? `${id}-error` : ""].join(" ").trim() || undefined}
      />
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

export function SignupPage() {
  usePageTitle("Create Account");
  const user = useUser();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const plan = useSelectedPlan();
  const [values, setValues] = useState<Values>({ companyName: "", slug: "", name: "", email: "", password: "" });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string>();
  const form = useRef<HTMLFormElement>(null);
  // The first invalid field (in the form's order) takes the focus, so the user lands where the fix is needed.
  const focusFirstInvalid = (invalid: FieldErrors) => {
    const field = FIELDS.find((name) => invalid[name] !== undefined);
    if (field) form.current?.querySelector<HTMLInputElement>(`#signup-${field}`)?.focus();
  };

  const signup = useMutation({
    mutationFn: (body: SignupRequest) => callEndpoint(authEndpoints.signup, { body }),
    onSuccess: (response) => {
      clearSelectedPlan();
      void navigate(startSession(queryClient, response), { replace: true });
    },
    onError: (error) => {
      const field = error instanceof ApiError ? error.body?.field : undefined;
      const message = error instanceof ApiError ? error.body?.message : undefined;
      if (message && isField(field)) {
        setErrors({ [field]: message });
        focusFirstInvalid({ [field]: message });
      } else setFormError(message || SIGNUP_FAILED);
    },
  });

  if (user.isPending) return <FullPageLoader />;
  if (user.data) return <Navigate to={homePathForRole(user.data.role)} replace />;

  const onChange = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors(({ [field]: _edited, ...others }) => others);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(undefined);
    // An empty slug is no choice: the server derives one from the company name.
    const { slug, ...rest } = values;
    const parsed = signupRequestSchema.safeParse({
      ...rest,
      ...(slug ? { slug } : {}),
      ...(plan ? { plan: plan.id } : {}),
    });
    if (!parsed.success) {
      const next: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (isField(field)) next[field] ??= issue.message;
      }
      setErrors(next);
      focusFirstInvalid(next);
      return;
    }
    setErrors({});
    signup.mutate(parsed.data);
  };

  return (
    <AuthScreen title="Create your account" description="Set up your company and start scheduling work.">
      <form ref={form} noValidate onSubmit={onSubmit} className="grid gap-5" aria-label="Create account">
        {plan ? <SelectedPlanBanner plan={plan} /> : null}
        {formError ? (
          <Alert variant="destructive">
            <AlertDescription>{formError}</AlertDescription>
          </Alert>
        ) : null}
        <TextField
          field="companyName"
          label="Company name"
          autoComplete="organization"
          values={values}
          errors={errors}
          onChange={onChange}
        />
        <TextField
          field="slug"
          label="Company address (optional)"
          autoComplete="off"
          hint="Your company's pages open at /your-address. Lowercase letters, numbers and hyphens; left empty, it comes from the company name."
          values={values}
          errors={errors}
          onChange={onChange}
        />
        <TextField
          field="name"
          label="Your name"
          autoComplete="name"
          values={values}
          errors={errors}
          onChange={onChange}
        />
        <TextField
          field="email"
          label="Email"
          type="email"
          autoComplete="email"
          values={values}
          errors={errors}
          onChange={onChange}
        />
        <div className="grid gap-2">
          <Label htmlFor="signup-password">Password</Label>
          <PasswordInput
            id="signup-password"
            autoComplete="new-password"
            value={values.password}
            onChange={(event) => onChange("password", event.target.value)}
            aria-invalid={errors.password ? true : undefined}
            aria-describedby={errors.password ? "signup-password-error" : "signup-password-hint"}
          />
          {errors.password ? (
            <FieldError id="signup-password-error" message={errors.password} />
          ) : (
            <p id="signup-password-hint" className="text-xs text-muted-foreground">
              At least {passwordSchema.minLength} characters.
            </p>
          )}
        </div>
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
