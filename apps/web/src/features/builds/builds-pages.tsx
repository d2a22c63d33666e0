import { useState, type FormEvent, type ReactNode } from "react";
import { buildPricingSchema, type BuildPricing, type BuildView } from "@fieldops/shared/builds";
import { Alert, AlertDescription } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { apiErrorMessage } from "../../lib/api-error";
import { usePageTitle } from "../../shell/page-title";
import { BuildCard } from "./build-card";
import { useBuildPricing, useCompanyBuilds, usePlatformBuilds, useSaveBuildPricing } from "./builds-api";

function BuildList({
  query,
  manage,
  showCompany,
  empty,
}: {
  query: { data?: { items: BuildView[] }; isPending: boolean; error: unknown };
  manage: boolean;
  showCompany?: boolean;
  empty: string;
}) {
  if (query.isPending) return <p className="text-sm text-muted-foreground">Loading builds…</p>;
  if (query.error || !query.data) {
    return (
      <Alert variant="destructive" role="alert">
        <AlertDescription>{apiErrorMessage(query.error, "The builds could not be loaded.")}</AlertDescription>
      </Alert>
    );
  }
  if (query.data.items.length === 0) return <p className="text-sm text-muted-foreground">{empty}</p>;
  return (
    <div className="grid gap-4">
      {query.data.items.map((build) => (
        <BuildCard key={build.id} build={build} manage={manage} showCompany={showCompany} />
      ))}
    </div>
  );
}

function BuildsPageFrame({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  usePageTitle(title);
  return (
    <div className="grid gap-4">
      <header>
        <h1 className="text-2xl font-semibold">{title}</h1>
        <p className="text-sm text-muted-foreground">{description}</p>
      </header>
      {children}
    </div>
  );
}

/** The company's feature builds, live: each stage as it runs, its log and duration; promote, retry or roll back. */
export function BuildsPage() {
  const builds = useCompanyBuilds();
  return (
    <BuildsPageFrame
      title="Feature Builds"
      description="Features you asked the assistant for, from the quote you accepted to production."
    >
      <BuildList
        query={builds}
        manage
        empty="No builds yet. Ask the assistant for a feature, for example: track equipment at each customer."
      />
    </BuildsPageFrame>
  );
}

/** Every company's builds for the platform's administrators. */
export function BuildMonitorPage() {
  const builds = usePlatformBuilds();
  return (
    <BuildsPageFrame
      title="Build Monitor"
      description="Every company's feature builds through their stages: generate, test, deploy to preview and merge to production."
    >
      <BuildList query={builds} manage={false} showCompany empty="No company has started a build yet." />
    </BuildsPageFrame>
  );
}

const PRICING_FIELDS: { key: keyof BuildPricing; label: string; step: string }[] = [
  { key: "baseUsd", label: "Base price (USD)", step: "0.01" },
  { key: "perEntityUsd", label: "Per data model (USD)", step: "0.01" },
  { key: "perFieldUsd", label: "Per field (USD)", step: "0.01" },
  { key: "perRelationUsd", label: "Per link to another record (USD)", step: "0.01" },
  { key: "perRouteUsd", label: "Per API route (USD)", step: "0.01" },
  { key: "baseMinutes", label: "Base time (minutes)", step: "1" },
  { key: "minutesPerEntity", label: "Minutes per data model", step: "1" },
  { key: "minutesPerField", label: "Minutes per field", step: "1" },
  { key: "minutesPerRoute", label: "Minutes per API route", step: "1" },
  { key: "mediumRiskFrom", label: "Medium risk from (points)", step: "1" },
  { key: "highRiskFrom", label: "High risk from (points)", step: "1" },
];

function PricingForm({ initial }: { initial: BuildPricing }) {
  const save = useSaveBuildPricing();
  const [values, setValues] = useState<Record<keyof BuildPricing, string>>(
    () =>
      Object.fromEntries(PRICING_FIELDS.map(({ key }) => [key, String(initial[key])])) as Record<
        keyof BuildPricing,
        string
      >,
  );
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = buildPricingSchema.safeParse(
      Object.fromEntries(PRICING_FIELDS.map(({ key }) => [key, Number(values[key])])),
    );
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? "Check the values");
      return;
    }
    setProblem(null);
    save.mutate({ body: parsed.data });
  };
  return (
    <form onSubmit={submit} className="grid gap-3 sm:grid-cols-2">
      {PRICING_FIELDS.map(({ key, label, step }) => (
        <div key={key} className="grid gap-1.5">
          <Label htmlFor={`pricing-${key}`}>{label}</Label>
          <Input
            id={`pricing-${key}`}
            type="number"
            min={0}
            step={step}
            required
            value={values[key]}
            onChange={(event) => setValues({ ...values, [key]: event.target.value })}
          />
        </div>
      ))}
      <p className="text-xs text-muted-foreground sm:col-span-2">
        Risk points: 2 per data model, 1 per link between the feature's own models, 3 per link to a customer, job,
        visit, crew or invoice, 1 per money field.
      </p>
      {problem || save.isError ? (
        <p role="alert" className="text-sm text-destructive sm:col-span-2">
          {problem ?? apiErrorMessage(save.error)}
        </p>
      ) : null}
      {save.isSuccess ? (
        <p role="status" className="text-sm sm:col-span-2">
          Saved. Quotes from now on use these prices.
        </p>
      ) : null}
      <div className="sm:col-span-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? "Saving…" : "Save prices"}
        </Button>
      </div>
    </form>
  );
}

/** The price list of feature builds, which the quote job prices every spec from. */
export function BuildPricingPage() {
  const pricing = useBuildPricing();
  return (
    <BuildsPageFrame
      title="SaaS Factory Pricing"
      description="What a feature build costs and takes, by what it builds."
    >
      <Card>
        <CardHeader>
          <CardTitle>Feature build prices</CardTitle>
          <CardDescription>
            {pricing.data?.updatedAt
              ? `Last changed ${new Date(pricing.data.updatedAt).toLocaleString()}`
              : "The built-in prices"}
          </CardDescription>
        </CardHeader>
        <CardContent>
          {pricing.data ? (
            <PricingForm initial={pricing.data.pricing} />
          ) : pricing.isError ? (
            <p role="alert" className="text-sm text-destructive">
              {apiErrorMessage(pricing.error, "The prices could not be loaded.")}
            </p>
          ) : (
            <p className="text-sm text-muted-foreground">Loading…</p>
          )}
        </CardContent>
      </Card>
    </BuildsPageFrame>
  );
}
