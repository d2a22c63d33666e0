import type { ReactNode } from "react";
import { INVOICE_STATUS_LABELS, type InvoiceStatus } from "@fieldops/shared/invoices";
import { firstPlanWithFeature, planFeatureMessage, planHasFeature, type PlanFeature } from "@fieldops/shared/plans";
import { PlanUpgradeRequired } from "../../components/plan-upgrade-required";
import { TEST_PROVIDER_WARNING } from "@fieldops/shared/invoice-review";
import { Alert, AlertDescription, AlertTitle } from "../../components/ui/alert";
import { Badge } from "../../components/ui/badge";
import { useCompany } from "../../lib/company";
import { useSignedInUser } from "../../lib/session";

/** Whether the signed-in user's company has `feature`; undefined while the company loads. */
export function useHasPlanFeature(feature: PlanFeature): boolean | undefined {
  const user = useSignedInUser();
  const company = useCompany(user.companyId);
  return company.data ? planHasFeature(company.data.planId, feature) : undefined;
}

/** Shows `children` when the plan has invoicing, the upgrade notice (under `heading`, when given) when it does not. */
export function InvoicingGate({ children, heading }: { children: ReactNode; heading?: string }) {
  const allowed = useHasPlanFeature("invoicing");
  if (allowed === false) {
    return (
      <>
        {heading ? <PageHeading>{heading}</PageHeading> : null}
        <PlanUpgradeRequired
          message={planFeatureMessage("invoicing")}
          requiredPlan={firstPlanWithFeature("invoicing").id}
        />
      </>
    );
  }
  return <>{children}</>;
}

export function PageHeading({ children }: { children: ReactNode }) {
  return <h1 className="text-2xl font-semibold tracking-tight">{children}</h1>;
}

export function InvoiceStatusBadge({ status, pastDue }: { status: InvoiceStatus; pastDue: boolean }) {
  return (
    <span className="inline-flex gap-1">
      <Badge variant={status === "paid" ? "secondary" : status === "void" ? "outline" : "default"}>
        {INVOICE_STATUS_LABELS[status]}
      </Badge>
      {/* An outlined badge: white on the destructive red is too faint in the dark theme. */}
      {pastDue ? (
        <Badge variant="outline" className="border-destructive">
          Past due
        </Badge>
      ) : null}
    </span>
  );
}

/** Said wherever card payments are taken or listed while the built-in test provider takes them. */
export function TestProviderWarning() {
  return (
    <Alert role="note">
      <AlertTitle>Test payments</AlertTitle>
      <AlertDescription>{TEST_PROVIDER_WARNING}</AlertDescription>
    </Alert>
  );
}

/** A fresh Idempotency-Key for one confirmed action (kept while its dialog is open, so a retry reuses it). */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}
