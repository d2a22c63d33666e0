import { useState, type FormEvent } from "react";
import { Navigate, useNavigate } from "react-router";
import { Plus, Trash2 } from "lucide-react";
import { useFieldArray, type UseFormReturn } from "react-hook-form";
import { z } from "zod";
import {
  canAddOnboardingMember,
  completeOnboardingRequestSchema,
  ONBOARDING_PLAN,
  ONBOARDING_STEP_COUNT,
  onboardingEndpoints,
  onboardingMemberSchema,
} from "@fieldops/shared/onboarding";
import { homePathForRole } from "@fieldops/shared/roles";
import { Badge } from "../../components/ui/badge";
import { Progress } from "../../components/ui/progress";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardFooter, CardHeader } from "../../components/ui/card";
import { Input } from "../../components/ui/input";
import { FormField, FormRefusal, useRefusal, useSchemaForm } from "../../components/form";
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

const memberRowSchema = z.object({ name: z.string(), cell: z.string(), email: z.string() });
type MemberRow = z.infer<typeof memberRowSchema>;

const emptyRow = (): MemberRow => ({ name: "", cell: "", email: "" });
const isBlank = (row: MemberRow) => !row.name.trim() && !row.cell.trim() && !row.email.trim();

/**
 * The API's rules for the setup: the company's name, and a member per row not left wholly blank (a blank row is left
 * out, the others held to the member's rule where they stand, then the list to the API's rule for it).
 */
const onboardingFormSchema = completeOnboardingRequestSchema.extend({
  companyName: completeOnboardingRequestSchema.shape.companyName.unwrap(),
  members: z
    .array(memberRowSchema.transform((row) => (isBlank(row) ? null : row)).pipe(onboardingMemberSchema.nullable()))
    .transform((rows) => rows.filter((row) => row !== null))
    .pipe(completeOnboardingRequestSchema.shape.members),
});
type OnboardingForm = UseFormReturn<z.input<typeof onboardingFormSchema>, unknown, unknown>;

const useCompleteOnboarding = () =>
  useEndpointMutation(onboardingEndpoints.complete, { invalidates: [COMPANY_QUERY_KEY] });

function MemberRows({ form }: { form: OnboardingForm }) {
  const rows = useFieldArray({ control: form.control, name: "members" });
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-2 text-sm font-medium">Team Members to Invite</legend>
      {rows.fields.map((row, index) => (
        <div
          key={row.id}
          className="grid items-start gap-2 rounded-lg border p-3 sm:grid-cols-[1fr_1fr_1fr_auto]"
          role="group"
          aria-label={`Team member ${index + 1}`}
        >
          <FormField form={form} name={`members.${index}.name`} label="Name">
            {(control) => <Input {...control} {...form.register(`members.${index}.name`)} />}
          </FormField>
          <FormField form={form} name={`members.${index}.cell`} label="Cell">
            {(control) => <Input {...control} type="tel" {...form.register(`members.${index}.cell`)} />}
          </FormField>
          <FormField form={form} name={`members.${index}.email`} label="Email">
            {(control) => <Input {...control} type="email" {...form.register(`members.${index}.email`)} />}
          </FormField>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="sm:mt-6"
            aria-label={`Remove team member ${index + 1}`}
            disabled={rows.fields.length <= 1}
            onClick={() => rows.remove(index)}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        </div>
      ))}
      <div className="flex flex-wrap items-center gap-3">
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={!canAddOnboardingMember(rows.fields.length)}
          onClick={() => rows.append(emptyRow())}
        >
          <Plus aria-hidden="true" /> Add team member
        </Button>
        <span className="text-sm text-muted-foreground">
          {ONBOARDING_PLAN.name} plan: {ONBOARDING_PLAN.seatsUsed + rows.fields.length} of{" "}
          {ONBOARDING_PLAN.seatsAllowed} seats
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

  if (user.isPending || (user.data?.companyId && company.isPending)) return <FullPageLoader />;
  if (!user.data) return <Navigate to="/login" replace />;
  if (!company.data || company.data.onboardingState === "completed")
    return <Navigate to={homePathForRole(user.data.role)} replace />;
  const home = homePathForRole(user.data.role);
  return <OnboardingWizard companyName={company.data.name} onDone={() => void navigate(home, { replace: true })} />;
}

function OnboardingWizard({ companyName, onDone }: { companyName: string; onDone: () => void }) {
  const complete = useCompleteOnboarding();
  const [wizard, setWizard] = useState<WizardState>(INITIAL_WIZARD);
  const form = useSchemaForm(onboardingFormSchema, { companyName, members: [emptyRow()] });
  // The request lists only the rows filled in: its member k is the form's k-th such row. The company's name is on
  // the step before, so its refusal shows in this step's alert.
  const { refusal, place, clear } = useRefusal(form, (field) => {
    if (field === "companyName") return "";
    const filled = form.getValues("members").flatMap((row, index) => (isBlank(row) ? [] : [index]));
    return field.replace(/^members\.(\d+)/, (_, k: string) => `members.${filled[Number(k)] ?? k}`);
  });

  const finish = form.handleSubmit((body) => {
    clear();
    const done = continueStep(wizard);
    setWizard(done);
    complete.mutate(
      { body: { ...(wizard.completed.includes(1) ? { companyName: body.companyName } : {}), members: body.members } },
      {
        onSuccess: onDone,
        onError: (error) => {
          setWizard(wizard);
          place(error);
        },
      },
    );
  });
  const submit = async (event: FormEvent) => {
    if (isLastStep(wizard)) return finish(event);
    event.preventDefault();
    if (await form.trigger("companyName", { shouldFocus: true })) setWizard(continueStep(wizard));
  };
  // A skipped name is not sent; the one the company has is kept in the form, so nothing unseen stops the setup.
  const skip = () => {
    form.resetField("companyName");
    setWizard(skipStep(wizard));
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
          <Progress label="Setup progress" value={percent} />
        </CardHeader>
        <form onSubmit={(event) => void submit(event)} noValidate>
          <CardContent className="grid gap-4">
            {wizard.step === 1 ? (
              <section aria-labelledby="step-company-title" className="grid gap-3">
                <h2 id="step-company-title" className="text-lg font-semibold">
                  Company Profile
                </h2>
                <FormField
                  form={form}
                  name="companyName"
                  label="Company Name"
                  className="max-w-md"
                  hint="This name appears on invoices and job cards sent to your customers."
                >
                  {(control) => <Input {...control} required {...form.register("companyName")} />}
                </FormField>
              </section>
            ) : (
              <section aria-labelledby="step-crews-title" className="grid gap-3">
                <h2 id="step-crews-title" className="text-lg font-semibold">
                  Add Crews
                </h2>
                <p className="text-sm text-muted-foreground">
                  Each person gets an e-mail invitation to set their password and join you.
                </p>
                <MemberRows form={form} />
              </section>
            )}
            <FormRefusal error={refusal} />
          </CardContent>
          <CardFooter className="flex justify-between gap-2">
            <Button type="button" variant="ghost" disabled={isLastStep(wizard) || complete.isPending} onClick={skip}>
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
