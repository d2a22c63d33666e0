import { useState } from "react";
import type { User } from "@fieldops/shared/auth";
import {
  PAYMENT_METHOD_NAMES,
  PAYMENT_METHODS,
  PAYMENT_TERMS_DAYS,
  paymentSettingsSchema,
  type PaymentSettingsResponse,
} from "@fieldops/shared/integrations";
import { sentenceAbout } from "@fieldops/shared/validation-messages";
import { FormField, FormRefusal, useRefusal, useSchemaForm } from "../../components/form";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { NativeSelect } from "../../components/ui/native-select";
import { usePageTitle } from "../../shell/page-title";
import { IntegrationPanel } from "./integration-panel";
import { StripeAccountCard } from "./stripe-account-card";
import { settingsFallback } from "./integrations-page";
import { usePaymentSettings, useUpdateBankDebits, useUpdatePaymentSettings } from "./integration-queries";
import { apiErrorMessage } from "../../lib/api-error";
import { useSignedInUser } from "../../lib/session";

const termsName = (days: number) => (days === 0 ? "Due on receipt" : `Net ${days} (due in ${days} days)`);

/** The accepted methods and the default terms, checked by the endpoint's own schema; read-only for members. */
export function PaymentSettingsForm({ settings }: { settings: PaymentSettingsResponse }) {
  const update = useUpdatePaymentSettings();
  const form = useSchemaForm(paymentSettingsSchema, {
    acceptedMethods: settings.acceptedMethods,
    defaultTermsDays: settings.defaultTermsDays,
  });
  const { refusal, place, clear } = useRefusal(form);
  const locked = !settings.canManage;
  const methodsError = form.formState.errors.acceptedMethods?.message;
  const submit = form.handleSubmit((body) => {
    clear();
    // The API keeps the methods in the offered order, whichever was ticked first.
    update.mutate(
      { body: { ...body, acceptedMethods: PAYMENT_METHODS.filter((method) => body.acceptedMethods.includes(method)) } },
      { onError: place },
    );
  });
  return (
    <Card role="region" aria-labelledby="payment-preferences-title">
      <CardHeader>
        <CardTitle id="payment-preferences-title">Invoice payments</CardTitle>
        <CardDescription>How customers may pay your invoices, and when a new invoice is due.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <fieldset
            className="grid gap-2"
            disabled={locked}
            aria-invalid={Boolean(methodsError)}
            aria-describedby={methodsError ? "payment-methods-error" : undefined}
          >
            <legend className="mb-1 text-sm font-medium">Accepted payment methods</legend>
            {PAYMENT_METHODS.map((method) => (
              <label key={method} className="flex items-center gap-2 text-sm">
                <input type="checkbox" value={method} {...form.register("acceptedMethods")} />
                {PAYMENT_METHOD_NAMES[method]}
              </label>
            ))}
            {methodsError ? (
              <p id="payment-methods-error" className="text-sm text-destructive">
                {sentenceAbout("Accepted payment methods", methodsError)}
              </p>
            ) : null}
          </fieldset>
          <FormField form={form} name="defaultTermsDays" label="Default payment terms" className="max-w-xs">
            {(control) => (
              <NativeSelect
                {...control}
                disabled={locked}
                {...form.register("defaultTermsDays", { valueAsNumber: true })}
              >
                {PAYMENT_TERMS_DAYS.map((days) => (
                  <option key={days} value={days}>
                    {termsName(days)}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
          {locked ? (
            <p className="text-sm text-muted-foreground">Only owners and admins can change payment settings.</p>
          ) : null}
          <FormRefusal error={refusal} />
          {update.isSuccess ? (
            <p role="status" className="text-sm">
              Payment settings saved.
            </p>
          ) : null}
          <div>
            <Button type="submit" disabled={locked || update.isPending}>
              {update.isPending ? "Saving…" : "Save payment settings"}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

/**
 * Whether the customer's page offers a bank debit (ACH, through Stripe) beside the card. Saved as it is switched;
 * owners and admins switch it, members see it.
 */
export function BankDebitsSetting({ settings }: { settings: PaymentSettingsResponse }) {
  const update = useUpdateBankDebits();
  // What the owner just chose, shown at once (set in the same event as the click, so the box never springs back
  // while the save starts), until the server's answer is the settings.
  const [chosen, setChosen] = useState<boolean | null>(null);
  const locked = !settings.canManage;
  return (
    <Card role="region" aria-labelledby="bank-debits-title">
      <CardHeader>
        <CardTitle id="bank-debits-title">Bank payments</CardTitle>
        <CardDescription>
          Customers paying an invoice online through Stripe may pay from their US bank account instead of a card. A bank
          payment takes up to 4 business days to arrive and the bank may still refuse it: until then the invoice shows
          it as pending, and a refused one is owed again.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-2 text-sm">
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            checked={chosen ?? settings.bankDebits}
            disabled={locked || update.isPending}
            onChange={(event) => {
              setChosen(event.target.checked);
              update.mutate({ body: { enabled: event.target.checked } }, { onSettled: () => setChosen(null) });
            }}
          />
          Accept bank payments (ACH debit)
        </label>
        {locked ? (
          <p className="text-muted-foreground">Only owners and admins can change this.</p>
        ) : update.isError ? (
          <p role="alert" className="text-destructive">
            {apiErrorMessage(update.error, "Bank payments could not be changed.")}
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** Stripe's status and the company's payment settings; the page and the `settings.payments` modal. */
export function PaymentSettingsPanel({ user }: { user: User }) {
  const settings = usePaymentSettings(user.companyId !== null);
  if (!settings.isSuccess) return settingsFallback(user, settings, "Payment settings");
  return (
    <div className="grid gap-4">
      {settings.data.canManage ? <StripeAccountCard /> : null}
      <IntegrationPanel item={settings.data.stripe} canManage={settings.data.canManage} />
      {!settings.data.stripe.connected ? (
        <p className="text-sm text-muted-foreground">
          Without Stripe, card and bank payments are recorded by hand against each invoice.
        </p>
      ) : null}
      <PaymentSettingsForm settings={settings.data} />
      <BankDebitsSetting settings={settings.data} />
    </div>
  );
}

export function PaymentSettingsPage() {
  usePageTitle("Payment settings");
  const user = useSignedInUser();
  return (
    <>
      <h1 className="text-2xl font-semibold tracking-tight">Payment settings</h1>
      <PaymentSettingsPanel user={user} />
    </>
  );
}
