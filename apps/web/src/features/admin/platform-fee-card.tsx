import { useState, type FormEvent } from "react";
import { platformPaymentSettingsSchema, stripeEndpoints } from "@fieldops/shared/stripe";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { apiErrorMessage } from "../../lib/api-error";
import { endpointKey, useEndpointMutation, useEndpointQuery } from "../../lib/endpoints";
import { ADMIN_REQUEST_FAILED } from "./admin-parts";

/** Basis points as the percentage an administrator types ("2.5" for 250). */
const percentOf = (bps: number) => String(bps / 100);

/**
 * The platform's fee on each charge made on a company's own Stripe account, typed as a percentage and held to the
 * API's own rule for it (whole basis points, at most 20%).
 */
export function PlatformFeeCard() {
  const settings = useEndpointQuery(stripeEndpoints.platformSettings, {});
  const save = useEndpointMutation(stripeEndpoints.updatePlatformSettings, {
    invalidates: [endpointKey(stripeEndpoints.platformSettings)],
  });
  const [typed, setTyped] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const shown = typed ?? (settings.data ? percentOf(settings.data.applicationFeeBps) : "");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = shown.trim().replace(/\s*%$/, "");
    const percent = text === "" ? 0 : Number(text);
    const parsed = platformPaymentSettingsSchema.safeParse({ applicationFeeBps: Math.round(percent * 100) });
    // A third decimal (2.555) would be rounded away without a word: it is refused like any other bad figure.
    if (!/^(\d+(\.\d{1,2})?)?$/.test(text) || !parsed.success) {
      setProblem("Enter a percentage from 0 to 20, in hundredths at most (2.5 for 2.5%).");
      return;
    }
    setProblem(null);
    save.mutate({ body: parsed.data }, { onSuccess: () => setTyped(null) });
  };
  return (
    <Card role="region" aria-labelledby="platform-fee-title">
      <CardHeader>
        <CardTitle id="platform-fee-title" className="text-base">
          Platform fee on payments
        </CardTitle>
        <CardDescription>
          Taken from each customer payment made on a company's own Stripe account (Stripe's application fee); 0 takes
          none. Applies to payments started from now on.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate className="flex flex-wrap items-end gap-3">
          <div className="grid gap-1">
            <Label htmlFor="platform-fee">Fee (%)</Label>
            <Input
              id="platform-fee"
              inputMode="decimal"
              className="w-32"
              value={shown}
              disabled={!settings.isSuccess}
              aria-invalid={Boolean(problem)}
              aria-describedby={problem ? "platform-fee-error" : undefined}
              onChange={(event) => setTyped(event.target.value)}
            />
          </div>
          <Button type="submit" disabled={!settings.isSuccess || save.isPending}>
            {save.isPending ? "Saving…" : "Save fee"}
          </Button>
        </form>
        {problem ? (
          <p id="platform-fee-error" role="alert" className="mt-2 text-sm text-destructive">
            {problem}
          </p>
        ) : null}
        {save.isError ? (
          <p role="alert" className="mt-2 text-sm text-destructive">
            {apiErrorMessage(save.error, ADMIN_REQUEST_FAILED)}
          </p>
        ) : null}
        {save.isSuccess && typed === null ? (
          <p role="status" className="mt-2 text-sm">
            Platform fee saved.
          </p>
        ) : null}
        {settings.isError ? (
          <p role="alert" className="mt-2 text-sm text-destructive">
            {apiErrorMessage(settings.error, ADMIN_REQUEST_FAILED)}
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}
