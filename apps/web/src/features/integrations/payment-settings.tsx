import { useState, type FormEvent } from "react";
import type { User } from "@fieldops/shared/auth";
import {
  PAYMENT_METHOD_NAMES,
  PAYMENT_METHODS,
  PAYMENT_TERMS_DAYS,
  type PaymentSettingsResponse,
} from "@fieldops/shared/integrations";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Label } from "../../components/ui/label";
import { NativeSelect } from "../../components/ui/native-select";
import { usePageTitle } from "../../shell/page-title";
import { IntegrationPanel } from "./integration-panel";
import { settingsFallback } from "./integrations-page";
import { usePaymentSettings, useUpdatePaymentSettings } from "./integration-queries";
import { apiErrorMessage } from "../../lib/api-error";
import { useSignedInUser } from "../../lib/session";

const termsName = (days: number) => (days === 0 ? "Due on receipt" : `Net ${days} (due in ${days} days)`);

function PaymentSettingsForm({ settings }: { settings: PaymentSettingsResponse }) {
  const update = useUpdatePaymentSettings();
  const [methods, setMethods] = useState<string[]>(settings.acceptedMethods);
  const [terms, setTerms] = useState(settings.defaultTermsDays);
  const locked = !settings.canManage;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate({
      body: {
        acceptedMethods: PAYMENT_METHODS.filter((method) => methods.includes(method)),
        defaultTermsDays: terms,
      },
    });
  };
  return (
    <Card role="region" aria-labelledby="payment-preferences-title">
      <CardHeader>
        <CardTitle id="payment-preferences-title">Invoice payments</CardTitle>
        <CardDescription>How customers may pay your invoices, and when a new invoice is due.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="grid gap-4">
          <fieldset className="grid gap-2" disabled={locked}>
            <legend className="mb-1 text-sm font-medium">Accepted payment methods</legend>
            {PAYMENT_METHODS.map((method) => (
              <label key={method} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  checked={methods.includes(method)}
                  onChange={(event) =>
                    setMethods(event.target.checked ? [...methods, method] : methods.filter((m) => m !== method))
                  }
                />
                {PAYMENT_METHOD_NAMES[method]}
              </label>
            ))}
          </fieldset>
          <div className="grid max-w-xs gap-1.5">
            <Label htmlFor="payment-terms">Default payment terms</Label>
            <NativeSelect
              id="payment-terms"
              disabled={locked}
              value={terms}
              onChange={(event) => setTerms(Number(event.target.value))}
            >
              {PAYMENT_TERMS_DAYS.map((days) => (
                <option key={days} value={days}>
                  {termsName(days)}
                </option>
              ))}
            </NativeSelect>
          </div>
          {locked ? (
            <p className="text-sm text-muted-foreground">Only owners and admins can change payment settings.</p>
          ) : null}
          {update.isError ? (
            <p role="alert" className="text-sm text-destructive">
              {apiErrorMessage(update.error)}
            </p>
          ) : null}
          {update.isSuccess ? (
            <p role="status" className="text-sm">
              Payment settings saved.
            </p>
          ) : null}
          <div>
            <Button type="submit" disabled={locked || update.isPending || methods.length === 0}>
              {update.isPending ? "Saving…" : "Save payment settings"}
            </Button>
          </div>
        </form>
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
      <IntegrationPanel item={settings.data.stripe} canManage={settings.data.canManage} />
      {!settings.data.stripe.connected ? (
        <p className="text-sm text-muted-foreground">
          Without Stripe, card and bank payments are recorded by hand against each invoice.
        </p>
      ) : null}
      <PaymentSettingsForm settings={settings.data} />
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
