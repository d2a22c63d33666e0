import { useState } from "react";
import type { BuildStageView, BuildView } from "@fieldops/shared/builds";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { useBuildAction, type BuildAction } from "./builds-api";
import { formatBuildTime, formatDuration, formatUsd, RISK_BADGE } from "./build-format";

const STATUS_LABELS: Record<BuildView["status"], string> = {
  queued: "Queued",
  running: "Building",
  failed: "Failed",
  preview: "In preview",
  promoting: "Merging to production",
  production: "In production",
  rolled_back: "Rolled back",
};

const STAGE_BADGE: Record<BuildStageView["status"], "default" | "secondary" | "outline" | "destructive"> = {
  pending: "outline",
  running: "default",
  passed: "secondary",
  failed: "destructive",
};

function StageRow({ stage }: { stage: BuildStageView }) {
  return (
    <li className="grid gap-1 rounded-md border p-2" aria-label={`${stage.label}: ${stage.status}`}>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="font-medium">{stage.label}</span>
        <Badge variant={STAGE_BADGE[stage.status]}>{stage.status}</Badge>
        {stage.durationMs !== null ? (
          <span className="text-xs text-muted-foreground">{formatDuration(stage.durationMs)}</span>
        ) : null}
        {stage.attempts > 1 ? <span className="text-xs text-muted-foreground">attempt {stage.attempts}</span> : null}
      </div>
      {stage.error ? <p className="text-xs text-destructive">{stage.error}</p> : null}
      {stage.log.length > 0 ? (
        <details>
          <summary className="cursor-pointer text-xs text-muted-foreground">Log ({stage.log.length} lines)</summary>
          <pre className="mt-1 max-h-48 overflow-auto rounded bg-muted p-2 text-xs whitespace-pre-wrap">
            {stage.log.map((line) => `${line.at.slice(11, 19)}  ${line.message}`).join("\n")}
          </pre>
        </details>
      ) : null}
    </li>
  );
}

const CONFIRMS: Record<BuildAction, { title: string; description: string; action: string; destructive?: boolean }> = {
  promote: {
    title: "Merge to production?",
    description: "Every user of the company gets the feature, and the quoted amount is billed to the company.",
    action: "Merge to production",
  },
  retry: {
    title: "Retry the build?",
    description: "The build runs again from the stage that failed.",
    action: "Retry",
  },
  rollback: {
    title: "Roll back the build?",
    description: "The feature leaves the app. The records entered stay until they are deleted.",
    action: "Roll back",
    destructive: true,
  },
};

/** One build: its status, quote, who accepted it, its stages with logs and durations, and (for the company) its actions. */
export function BuildCard({
  build,
  manage,
  showCompany,
}: {
  build: BuildView;
  manage: boolean;
  showCompany?: boolean;
}) {
  const act = useBuildAction();
  const [asking, setAsking] = useState<BuildAction | null>(null);
  const actions: BuildAction[] = !manage
    ? []
    : [
        ...(build.status === "preview" ? (["promote"] as const) : []),
        ...(build.status === "failed" ? (["retry"] as const) : []),
        ...(build.status !== "rolled_back" ? (["rollback"] as const) : []),
      ];
  const who = build.acceptedBy.name ?? build.acceptedBy.email ?? "someone";
  return (
    <Card role="region" aria-label={`Build ${build.featureName}`}>
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2">
          {build.featureName}
          <Badge
            variant={
              build.status === "failed" ? "destructive" : build.status === "production" ? "default" : "secondary"
            }
            data-testid="build-status"
          >
            {STATUS_LABELS[build.status]}
          </Badge>
        </CardTitle>
        <CardDescription>
          {showCompany && build.companyName ? `${build.companyName} · ` : ""}
          {formatUsd(build.priceUsd)} · {formatBuildTime(build.etaMinutes)} ·{" "}
          <Badge variant={RISK_BADGE[build.risk]}>{build.risk}</Badge> · accepted by {who} on{" "}
          {new Date(build.createdAt).toLocaleString()} (quote{" "}
          <span className="font-mono">{build.proposalId.slice(0, 8)}</span>)
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <p className="text-sm">
          {build.entities.map((entity) => entity.name).join(", ")}
          {build.error ? <span className="text-destructive"> — {build.error}</span> : null}
        </p>
        <ol className="grid gap-2">
          {build.stages.map((stage) => (
            <StageRow key={stage.stage} stage={stage} />
          ))}
        </ol>
        {actions.length > 0 ? (
          <div className="flex flex-wrap gap-2">
            {actions.map((action) => (
              <Button
                key={action}
                variant={action === "rollback" ? "outline" : "default"}
                size="sm"
                onClick={() => setAsking(action)}
              >
                {CONFIRMS[action].action}
              </Button>
            ))}
          </div>
        ) : null}
      </CardContent>
      {asking ? (
        <ConfirmDialog
          open
          onOpenChange={(open) => (open ? undefined : setAsking(null))}
          {...CONFIRMS[asking]}
          pending={act.isPending}
          error={act.error}
          onConfirm={() => act.mutate({ id: build.id, action: asking }, { onSuccess: () => setAsking(null) })}
        />
      ) : null}
    </Card>
  );
}
