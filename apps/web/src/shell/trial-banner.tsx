import { Clock, Lock } from "lucide-react";
import { Link } from "react-router";
import { formatCompanyTime } from "@fieldops/shared/company-time";
import { PLANS, TRIAL_ENDED_MESSAGE, trialState } from "@fieldops/shared/plans";
import type { User } from "@fieldops/shared/auth";
import { Button } from "../components/ui/button";
import { useCompany } from "../lib/company";

/**
 * The free trial above every screen: when it ends while it runs, and once it has ended without a plan being chosen,
 * that the company's data is kept but read-only until one is.
 */
export function TrialBanner({ user }: { user: User }) {
  const company = useCompany(user.companyId);
  if (!company.data?.trialEndsAt) return null;
  const { trialEndsAt, timeZone, planId } = company.data;
  const ended = trialState(trialEndsAt) === "ended";
  const ends = formatCompanyTime(trialEndsAt, timeZone);
  return (
    <div
      role={ended ? "alert" : "status"}
      aria-label="Free trial"
      className={
        ended
          ? "flex flex-wrap items-center gap-3 border-b border-destructive/30 bg-destructive/10 px-4 py-2 text-sm md:px-6"
          : "flex flex-wrap items-center gap-3 border-b border-primary/20 bg-primary/5 px-4 py-2 text-sm md:px-6"
      }
    >
      {ended ? (
        <Lock className="size-4 shrink-0 text-destructive" aria-hidden="true" />
      ) : (
        <Clock className="size-4 shrink-0 text-primary" aria-hidden="true" />
      )}
      <p className="flex-1">
        {ended ? (
          <>
            <span className="font-medium">{TRIAL_ENDED_MESSAGE}</span> Your data is kept and you can still view it.
          </>
        ) : (
          <>
            <span className="font-medium">{PLANS[planId].name} plan free trial</span> · ends{" "}
            <time dateTime={trialEndsAt}>{ends}</time>
          </>
        )}
      </p>
      <Button asChild size="sm" variant={ended ? "default" : "outline"}>
        <Link to="/plans">Choose a plan</Link>
      </Button>
    </div>
  );
}
