import { stripeEndpoints } from "@fieldops/shared/stripe";
import { ErrorBlock, LoadingBlock } from "../../components/load-state";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { apiErrorMessage } from "../../lib/api-error";
import { useEndpointMutation, useEndpointQuery } from "../../lib/endpoints";

/**
 * The company's own Stripe account (Stripe Connect through Account Links): setting it up sends the owner to Stripe's
 * onboarding, which comes back here; its status is what Stripe last reported. Owners and admins only.
 */
export function StripeAccountCard() {
  const status = useEndpointQuery(stripeEndpoints.account, {});
  const start = useEndpointMutation(stripeEndpoints.startOnboarding, {
    onSuccess: ({ url }) => window.location.assign(url),
  });
  return (
    <Card role="region" aria-labelledby="stripe-account-title">
      <CardHeader>
        <CardTitle id="stripe-account-title">Your Stripe account</CardTitle>
        <CardDescription>Customers' card and bank payments go straight into your own Stripe account.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        {status.isPending ? (
          <LoadingBlock label="Loading your Stripe account" />
        ) : status.isError ? (
          <ErrorBlock
            title="Your Stripe account could not be loaded."
            retry={() => void status.refetch()}
            busy={status.isFetching}
          />
        ) : !status.data.available ? (
          <p className="text-muted-foreground">
            Stripe is not configured on this server: card payments use the built-in test provider, and no real card is
            charged.
          </p>
        ) : (
          <>
            {status.data.account ? (
              <div className="grid gap-1" data-testid="stripe-account-status">
                <p className="flex flex-wrap items-center gap-2">
                  <span className="font-medium">{status.data.account.accountId}</span>
                  {status.data.account.chargesEnabled ? (
                    <Badge>Taking payments</Badge>
                  ) : (
                    <Badge variant="secondary">Not taking payments yet</Badge>
                  )}
                </p>
                {status.data.account.requirementsDue.length > 0 ? (
                  <p className="text-muted-foreground">
                    Stripe still needs: {status.data.account.requirementsDue.join(", ")}.
                  </p>
                ) : !status.data.account.chargesEnabled ? (
                  <p className="text-muted-foreground">Stripe is reviewing the details you gave.</p>
                ) : null}
              </div>
            ) : (
              <p className="text-muted-foreground">Not set up: payments go to the platform's account for now.</p>
            )}
            {!status.data.account?.chargesEnabled || status.data.account.requirementsDue.length > 0 ? (
              <div>
                <Button onClick={() => start.mutate({})} disabled={start.isPending}>
                  {start.isPending
                    ? "Opening Stripe…"
                    : status.data.account
                      ? "Continue Stripe setup"
                      : "Set up Stripe payments"}
                </Button>
              </div>
            ) : null}
            {start.isError ? (
              <p role="alert" className="text-destructive">
                {apiErrorMessage(start.error, "Stripe's setup could not be opened.")}
              </p>
            ) : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}
