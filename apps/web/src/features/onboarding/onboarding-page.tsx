import { useState, type FormEvent } from "react";
import { Navigate, useNavigate } from "react-router";
import { Plus, Trash2 } from "lucide-react";
import {
  canAddOnboardingMember,
  ONBOARDING_PLAN,
  ONBOARDING_STEP_COUNT,
  onboardingEndpoints,
} from "@fieldops/shared/onboarding";
import { homePathForRole } from "@fieldops/shared/roles";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from "../../components/ui/card";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { COMPANY_QUERY_KEY, useCompany } from "../../lib/company";
import { useEndpointMutation } from "../../lib/endpoints";
import { useUser } from "../../lib/session";
import { FullPageLoader } from "../../shell/full-page-loader";
import { usePageTitle } from "../../shell/page-title";
import {
  continueStep,
  INITIAL_WIZARD,
  isLastStep,
  progressPercent,
  skipStep,
  type WizardState,
} from "./onboarding-steps";
import { apiErrorMessage } from "../../lib/api-error";

interface MemberRow {
  key: number;
  name: string;
  cell: string;
  email: string;
}

let nextRowKey = 1;
const emptyRow = (): MemberRow => ({ key: nextRowKey++, name: "", cell: "", email: "" });
const isBlank = (row: MemberRow) => !row.name.trim() && !row.cell.trim() && !row.email.trim();

const useCompleteOnboarding = () =>
  useEndpointMutation(onboardingEndpoints.complete, { invalidates: [COMPANY_QUERY_KEY] });

function MemberRows({ rows, setRows }: { rows: MemberRow[]; setRows: (rows: MemberRow[]) => void }) {
  const update = (key: number, change: Partial<MemberRow>) =>
    setRows(rows.map((row) => (row.key === key ? { ...row, ...change } : row)));
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-2 text-sm font-medium">Team Members to Invite</legend>
      {rows.map((row, index) => {
        const required = !isBlank(row);
        return (
          <div
            key={row.key}
            className="grid gap-2 rounded-lg border p-3 sm:grid-cols-[1fr_1fr_1fr_auto] sm:items-end"
            role="group"
            aria-label={`Team member ${index + 1}`}
          >
            <div className="grid gap-1.5">
              <Label htmlFor={`member-name-${row.key}`}>Name</Label>
              <Input
                id={`member-name-${row.key}`}
                maxLength={100}
                required={required}
                value={row.name}
                onChange={(e) => update(row.key, { name: e.target.value })}
              />
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor={`member-cell-${row.key}`}>Cell</Label>
              <Input
                id={`member-cell-${row.key}`}
                type="tel"
                maxLength={30}
                value={row.cell}
                onChange={(e) => update(row.key, { cell: e.target.value })}
              />
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor={`member-email-${row.key}`}>Email</Label>
              <Input
                id={`member-email-${row.key}`}
                type="email"
                maxLength={254}
                required={required}
                value={row.email}
                onChange={(e) => update(row.key, { email: e.target.value })}
              />
            </div>
            <Button
              type="button"
              variant="ghost"
              size="icon"
              aria-label={`Remove team member ${index + 1}`}
              disabled={rows.length <= 1}
              onClick={() => setRows(rows.filter((other) => other.key !== row.key))}
            >
              <Trash2 aria-hidden="true" />
            </Button>
          </div>
        );
      })}
      <div className="flex flex-wrap items-center gap-3">
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={!canAddOnboardingMember(rows.length)}
          onClick={() => setRows([...rows, emptyRow()])}
        >
          <Plus aria-hidden="true" /> Add team member
        </Button>
        <span className="text-sm text-muted-foreground">
          {ONBOARDING_PLAN.name} plan: {ONBOARDING_PLAN.seatsUsed + rows.length} of {ONBOARDING_PLAN.seatsAllowed} seats
        </span>
      </div>
    </fieldset>
  );
}

/**
 * /onboarding, 'Getting Started': the company's name, then the crew to invite. Shown instead of the app to an owner
 * whose company is not set up; completing it returns to the app.
 */
export function OnboardingPage() {
  usePageTitle("Getting Started");
  const user = useUser();
  const company = useCompany(user.data?.companyId ?? null);
  const navigate = useNavigate();
  const complete = useCompleteOnboarding();
  const [wizard, setWizard] = useState<WizardState>(INITIAL_WIZARD);
  const [companyName, setCompanyName] = useState<string | null>(null);
  const [rows, setRows] = useState<MemberRow[]>(() => [emptyRow()]);

  if (user.isPending || (user.data?.companyId && company.isPending)) return <FullPageLoader />;
  if (!user.data) return <Navigate to="/login" replace />;
  if (!company.data || company.data.onboardingState === "completed")
    return <Navigate to={homePathForRole(user.data.role)} replace />;
  const name = companyName ?? company.data.name;
  const home = homePathForRole(user.data.role);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const done = continueStep(wizard);
    if (!isLastStep(wizard)) return setWizard(done);
    setWizard(done);
    complete.mutate(
      {
        body: {
          ...(wizard.completed.includes(1) ? { companyName: name.trim() } : {}),
          members: rows
            .filter((row) => !isBlank(row))
            .map(({ name: memberName, cell, email }) => ({ name: memberName, cell, email })),
        },
      },
      { onSuccess: () => void navigate(home, { replace: true }), onError: () => setWizard(wizard) },
    );
  };
  const percent = progressPercent(wizard);

  return (
    <main className="flex min-h-svh items-start justify-center bg-muted/30 p-4 md:p-10">
      <Card className="w-full max-w-3xl">
        <CardHeader className="gap-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h1 className="text-2xl font-semibold tracking-tight">Getting Started</h1>
            <Badge variant="secondary">{ONBOARDING_PLAN.name} plan</Badge>
          </div>
          <p className="text-sm text-muted-foreground">
            Step {wizard.step} of {ONBOARDING_STEP_COUNT}
          </p>
          <div
            role="progressbar"
            aria-label="Setup progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            className="h-2 w-full overflow-hidden rounded-full bg-muted"
          >
            <div className="h-full bg-primary transition-all" style={{ width: `${percent}%` }} />
          </div>
        </CardHeader>
        <form onSubmit={submit}>
          <CardContent className="grid gap-4">
            {wizard.step === 1 ? (
              <section aria-labelledby="step-company-title" className="grid gap-3">
                <h2 id="step-company-title" className="text-lg font-semibold">
                  Company Profile
                </h2>
                <div className="grid max-w-md gap-1.5">
                  <Label htmlFor="onboarding-company-name">Company Name</Label>
                  <Input
                    id="onboarding-company-name"
                    required
                    minLength={2}
                    maxLength={100}
                    value={name}
                    aria-describedby="onboarding-company-hint"
                    onChange={(e) => setCompanyName(e.target.value)}
                  />
                  <CardDescription id="onboarding-company-hint">
                    This name appears on invoices and job cards sent to your customers.
                  </CardDescription>
                </div>
              </section>
            ) : (
              <section aria-labelledby="step-crews-title" className="grid gap-3">
                <h2 id="step-crews-title" className="text-lg font-semibold">
                  Add Crews
                </h2>
                <p className="text-sm text-muted-foreground">
                  Each person gets an e-mail invitation to set their password and join you.
                </p>
                <MemberRows rows={rows} setRows={setRows} />
              </section>
            )}
            {complete.isError ? (
              <p role="alert" className="text-sm text-destructive">
                {apiErrorMessage(complete.error)}
              </p>
            ) : null}
          </CardContent>
          <CardFooter className="flex justify-between gap-2">
            <Button
              type="button"
              variant="ghost"
              disabled={isLastStep(wizard) || complete.isPending}
              onClick={() => setWizard(skipStep(wizard))}
            >
              Skip
            </Button>
            <Button type="submit" disabled={complete.isPending}>
              {isLastStep(wizard) ? (complete.isPending ? "Completing…" : "Complete Setup") : "Continue"}
            </Button>
          </CardFooter>
        </form>
      </Card>
    </main>
  );
}
