import { useState } from "react";
import { BUILD_ACCEPTED_EVENT, BUILD_STAGES, BUILD_STAGE_LABELS, BUILD_TEXTS } from "@fieldops/shared/builds";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../components/ui/dialog";
import { toast } from "../../hooks/use-toast";
import { ApiError } from "../../lib/api";
import { openAppModal } from "../../lib/app-modals";
import type { BuildModalState } from "../../lib/build-modal";
import { acceptBuildQuote } from "./builds-api";
import { formatBuildTime, formatUsd, RISK_BADGE } from "./build-format";

function buildError(description: string) {
  toast({ title: BUILD_TEXTS.errorTitle, description, variant: "destructive" });
}

/**
 * The `Feature Build Quote` dialog: what the feature is, what it will build, what it costs, how long it takes and how
 * risky it is, the stages it goes through, and what accepting authorizes. Accepting starts the build once (the
 * proposal names the Idempotency-Key), says `Build Queued!`, closes, and tells the page through a browser event.
 */
export function BuildQuoteDialog({
  build,
  companyId,
  onClose,
}: {
  build: BuildModalState;
  companyId: string;
  onClose: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const { spec, quote, proposalId, consentToken, sessionId } = build;

  const accept = async () => {
    if (!consentToken || !sessionId || !proposalId) {
      buildError(BUILD_TEXTS.missingInformation);
      return;
    }
    setBusy(true);
    try {
      const started = await acceptBuildQuote({
        consentToken,
        instanceId: companyId,
        idempotencyKey: `build-${proposalId}`,
      });
      toast({ title: BUILD_TEXTS.queuedTitle, description: `Estimated time: ${formatBuildTime(started.etaMinutes)}` });
      window.dispatchEvent(
        new CustomEvent(BUILD_ACCEPTED_EVENT, { detail: { buildId: started.buildId, sessionId, spec, quote } }),
      );
      onClose();
    } catch (error) {
      buildError(
        error instanceof ApiError ? (error.body?.message ?? BUILD_TEXTS.acceptFailed) : BUILD_TEXTS.startFailed,
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-h-[90svh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{BUILD_TEXTS.dialogTitle}</DialogTitle>
          <DialogDescription>
            {spec ? spec.featureName : "No quote yet: ask the assistant for a feature."}
          </DialogDescription>
        </DialogHeader>
        {spec && quote ? (
          <div className="grid gap-4 text-sm">
            <div className="grid gap-1">
              <p className="text-xs text-muted-foreground">
                Proposal <span className="font-mono">{proposalId}</span>
              </p>
              <p>{spec.description}</p>
            </div>
            <div className="flex flex-wrap gap-4" aria-label="Build size">
              <span>
                <strong>{spec.entities.length}</strong> data model{spec.entities.length === 1 ? "" : "s"}
              </span>
              <span>
                <strong>{spec.routes.length}</strong> API route{spec.routes.length === 1 ? "" : "s"}
              </span>
            </div>
            <div className="grid gap-3 sm:grid-cols-2">
              <section aria-labelledby="build-entities">
                <div className="flex items-baseline justify-between">
                  <h3 id="build-entities" className="font-medium">
                    Entities
                  </h3>
                  <button
                    type="button"
                    className="text-xs underline underline-offset-4"
                    onClick={() => openAppModal("builder.refine")}
                  >
                    Change fields
                  </button>
                </div>
                <ul className="mt-1 grid gap-1">
                  {spec.entities.map((entity) => (
                    <li key={entity.key}>
                      <span className="font-medium">{entity.name}</span>{" "}
                      <span className="text-muted-foreground">
                        (
                        {entity.fields
                          .map((field) => (field.unit ? `${field.label} (${field.unit})` : field.label))
                          .join(", ")}
                        {entity.relations.length > 0
                          ? `; linked to ${entity.relations.map((relation) => relation.label).join(", ")}`
                          : ""}
                        )
                      </span>
                    </li>
                  ))}
                </ul>
              </section>
              <section aria-labelledby="build-routes">
                <h3 id="build-routes" className="font-medium">
                  API routes
                </h3>
                <ul className="mt-1 grid gap-0.5 font-mono text-xs">
                  {spec.routes.map((route) => (
                    <li key={`${route.method} ${route.path}`}>
                      {route.method} {route.path}
                    </li>
                  ))}
                </ul>
              </section>
            </div>
            <dl className="grid grid-cols-3 gap-2 rounded-md border p-3">
              <div>
                <dt className="text-xs text-muted-foreground">Cost</dt>
                <dd className="text-lg font-semibold">{formatUsd(quote.priceUsd)}</dd>
              </div>
              <div>
                <dt className="text-xs text-muted-foreground">Time</dt>
                <dd className="text-lg font-semibold">{formatBuildTime(quote.etaMinutes)}</dd>
              </div>
              <div>
                <dt className="text-xs text-muted-foreground">Risk</dt>
                <dd>
                  <Badge variant={RISK_BADGE[quote.risk]}>{quote.risk}</Badge>
                </dd>
              </div>
            </dl>
            <section aria-labelledby="build-steps">
              <h3 id="build-steps" className="font-medium">
                Steps
              </h3>
              <ol className="mt-1 list-decimal pl-5">
                {BUILD_STAGES.map((stage) => (
                  <li key={stage}>{BUILD_STAGE_LABELS[stage]}</li>
                ))}
              </ol>
            </section>
            <p className="text-xs text-muted-foreground">{BUILD_TEXTS.authorization}</p>
          </div>
        ) : null}
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            {BUILD_TEXTS.cancel}
          </Button>
          <Button onClick={() => void accept()} disabled={busy || !consentToken}>
            {busy ? BUILD_TEXTS.accepting : BUILD_TEXTS.accept}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
