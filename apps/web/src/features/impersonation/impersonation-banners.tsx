import { useEffect, useState } from "react";
import { ShieldAlert, UserCog } from "lucide-react";
import { useActorRef, useSelector } from "@xstate/react";
import { impersonationMachine, impersonationStatus } from "@fieldops/machines/impersonation.machine";
import type { User } from "@fieldops/shared/auth";
import {
  formatImpersonationElapsed,
  IMPERSONATION_FALLBACK_REDIRECT,
  type Impersonation,
} from "@fieldops/shared/impersonation";
import { Button } from "../../components/ui/button";
import {
  checkImpersonation,
  endImpersonationCall,
  restoreOriginalToken,
  trackImpersonation,
} from "./impersonation-api";

/** How often the elapsed time is brought up to date: it is told in whole minutes. */
const ELAPSED_REFRESH_MS = 15_000;

/**
 * One impersonation's machine and the banner's view of it, for as long as the banners show it (the banners are keyed
 * by the impersonation, so another one gets a machine of its own). The redirect is a full page load: nothing read
 * with the impersonation's token stays in any cache, and the live connection reopens as the admin.
 */
function useImpersonation(impersonation: Impersonation, tenantId: string | undefined) {
  const { companyId, adminId } = impersonation;
  const actor = useActorRef(impersonationMachine, {
    input: {
      effects: {
        check: checkImpersonation,
        end: (request) =>
          endImpersonationCall(request.kind === "end" ? { kind: "end" } : { kind: "exit", tenantId: request.tenantId }),
        restore: restoreOriginalToken,
        redirect: (url) => window.location.assign(url),
        trackEnded: () =>
          void trackImpersonation("admin_impersonate_ended", {
            tenantId: tenantId ?? companyId,
            userId: adminId,
            impersonating: false,
          }),
      },
    },
  });
  const view = useSelector(actor, impersonationStatus, (a, b) => a.status === b.status && a.error === b.error);
  return { actor, ...view };
}

function useNow(refreshMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), refreshMs);
    return () => clearInterval(timer);
  }, [refreshMs]);
  return now;
}

/**
 * Above every screen while a platform admin impersonates a company: the `IMPERSONATION MODE` banner (the company, how
 * long, End Impersonation) and, on the tenant's own pages (`tenantId`), the `ADMIN IMPERSONATION` banner (Admin
 * Dashboard, Exit Impersonation). Nothing for anyone else.
 */
export function ImpersonationBanners({ user, tenantId }: { user: User; tenantId?: string }) {
  if (!user.impersonating || !user.impersonation) return null;
  const { startedAt, companyId, adminId } = user.impersonation;
  return (
    <ActiveImpersonationBanners
      key={`${startedAt}|${companyId}|${adminId}|${tenantId ?? ""}`}
      impersonation={user.impersonation}
      tenantId={tenantId}
    />
  );
}

function ActiveImpersonationBanners({
  impersonation,
  tenantId,
}: {
  impersonation: Impersonation;
  tenantId: string | undefined;
}) {
  const { actor, status, error } = useImpersonation(impersonation, tenantId);
  const now = useNow(ELAPSED_REFRESH_MS);
  const elapsed = formatImpersonationElapsed(Math.max(0, now - Date.parse(impersonation.startedAt)));
  const leaving = status === "ending" || status === "ended" || status === "redirected";
  const exit = (destination?: string) =>
    actor.send({
      type: "impersonation.end",
      request: { kind: "exit", tenantId: tenantId ?? impersonation.companyId, destination },
    });
  return (
    <>
      <section
        aria-label="Impersonation mode"
        className="flex flex-wrap items-center gap-3 border-b border-amber-500/40 bg-amber-100 px-4 py-2 text-sm text-amber-950 md:px-6 dark:bg-amber-950 dark:text-amber-50"
      >
        <ShieldAlert className="size-4 shrink-0" aria-hidden="true" />
        <p className="flex flex-1 flex-wrap items-center gap-x-2">
          <strong className="font-semibold tracking-wide">IMPERSONATION MODE</strong>
          <span data-testid="impersonated-company">{impersonation.companyName}</span>
          <span aria-hidden="true">·</span>
          <span data-testid="impersonation-elapsed">{elapsed}</span>
        </p>
        {error ? (
          <p role="alert" className="font-medium text-destructive">
            {error}
          </p>
        ) : null}
        {status === "ended" || status === "redirected" ? <p role="status">Impersonation ended</p> : null}
        <Button
          size="sm"
          variant="destructive"
          disabled={leaving}
          onClick={() => actor.send({ type: "impersonation.end", request: { kind: "end" } })}
        >
          End Impersonation
        </Button>
      </section>
      {tenantId ? (
        <section
          aria-label="Admin impersonation"
          className="flex flex-wrap items-center gap-3 border-b bg-muted px-4 py-2 text-sm md:px-6"
        >
          <UserCog className="size-4 shrink-0" aria-hidden="true" />
          <strong className="flex-1 font-semibold tracking-wide">ADMIN IMPERSONATION</strong>
          <Button size="sm" variant="outline" disabled={leaving} onClick={() => exit(IMPERSONATION_FALLBACK_REDIRECT)}>
            Admin Dashboard
          </Button>
          <Button size="sm" variant="outline" disabled={leaving} onClick={() => exit()}>
            Exit Impersonation
          </Button>
        </section>
      ) : null}
    </>
  );
}
