import { useEffect, useState } from "react";
import { Link } from "react-router";
import { ArrowRight, Check, CircleAlert, CircleSlash, Download, LoaderCircle, Undo2 } from "lucide-react";
import type { ChatProposal } from "@fieldops/shared/chat";
import { formatCompanyTime } from "@fieldops/shared/company-time";
import { moduleTitle } from "@fieldops/shared/modules";
import { planUiAction, rawActionId } from "@fieldops/machines/ui-action-rules";
import type { UiActionRecord } from "@fieldops/machines/ui-actions.machine";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { cn } from "../../lib/utils";
import { runChip, runOutcome } from "@fieldops/machines/ui-action-effects";
import type { ConversationQuote } from "@fieldops/shared/chat";
import { requestBuildQuote, showBuildQuote } from "../../lib/build-modal";
import { formatCents } from "@fieldops/shared/money";
import { useActionRun, useAssistant, useChatStore, useUiActionRecord } from "./assistant-provider";
import { ChatMarkdown } from "./chat-markdown";
import { actionArguments, type ChatPart } from "./chat-state";

/** What a stored action did, for a reloaded conversation (this tab did not run it, so it has no record). */
function storedChip(raw: unknown): string {
  const plan = planUiAction(raw, { allowedOAuthOrigins: [] });
  // The origins allowed then are not known now: a stored sign-in is shown as started.
  if (typeof raw === "object" && raw !== null && "type" in raw && raw.type === "startOAuth") return "Started sign-in";
  if (!plan.allowed) return plan.chip;
  switch (plan.step.type) {
    case "navigate":
    case "openModal":
      return `Opened ${plan.step.label}`;
    case "executeModule":
      return `Requested: ${moduleTitle(plan.step.moduleId)}`;
    case "requestModuleApproval":
      return `Approval requested: ${moduleTitle(plan.step.moduleId)}`;
    case "showToast":
      return `Notified: ${plan.step.toast.title}`;
    case "request_quote":
      return "Requested a quote";
    case "openBuildModal":
      return "Opened the build quote";
    default:
      return "Action carried out";
  }
}

function StatusIcon({ status }: { status: UiActionRecord["status"] }) {
  switch (status) {
    case "done":
      return <Check aria-hidden="true" className="size-3" />;
    case "refused":
      return <CircleSlash aria-hidden="true" className="size-3" />;
    case "failed":
      return <CircleAlert aria-hidden="true" className="size-3" />;
    default:
      return <LoaderCircle aria-hidden="true" className="size-3 animate-spin" />;
  }
}

function useNow(active: boolean, until: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.max(0, until - Date.now()) + 50);
    return () => clearTimeout(timer);
  }, [active, until]);
  return now;
}

function UndoButton({ actionId }: { actionId: string }) {
  const { undo } = useAssistant();
  const run = useActionRun(actionId);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const until = run?.undoUntil ? Date.parse(run.undoUntil) : 0;
  const eligible = run !== undefined && run.status === "succeeded" && !run.undone && until > 0;
  const now = useNow(eligible, until);
  if (run?.undone) return <span className="text-xs text-muted-foreground">Undone</span>;
  if (!eligible || now >= until)
    return error ? (
      <span role="alert" className="text-xs text-destructive">
        {error}
      </span>
    ) : null;
  return (
    <>
      <Button
        size="sm"
        variant="ghost"
        className="h-6 px-2 text-xs"
        disabled={busy}
        onClick={() => {
          setBusy(true);
          setError(null);
          undo(actionId)
            .catch((e: unknown) => setError(e instanceof Error ? e.message : "Could not undo"))
            .finally(() => setBusy(false));
        }}
      >
        <Undo2 aria-hidden="true" className="size-3" /> Undo
      </Button>
      {error ? (
        <span role="alert" className="text-xs text-destructive">
          {error}
        </span>
      ) : null}
    </>
  );
}

/** The file a finished run produced (an export), downloaded with the user's session. */
function DownloadLink({ actionId }: { actionId: string }) {
  const download = useActionRun(actionId)?.download ?? null;
  if (download === null) return null;
  return (
    <a
      href={download}
      download
      className="inline-flex items-center gap-1 px-2 text-xs font-medium underline underline-offset-4"
    >
      <Download aria-hidden="true" className="size-3" /> Download
    </a>
  );
}

/** Where the user opens what a finished run made: the optimized day's proposal on the board. */
function RunLink({ actionId }: { actionId: string }) {
  const link = useActionRun(actionId)?.link ?? null;
  if (link === null) return null;
  return (
    <Link
      to={link.href}
      className="inline-flex items-center gap-1 px-2 text-xs font-medium underline underline-offset-4"
    >
      {link.label} <ArrowRight aria-hidden="true" className="size-3" />
    </Link>
  );
}

/**
 * A reloaded conversation's quote: what it came to, and a fresh quote of the same spec to accept (a quote's consent
 * is good once, and for a while).
 */
function QuoteReopen({ quote }: { quote: ConversationQuote }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const summary = `Quoted ${formatCents(Math.round(quote.quote.priceUsd * 100))}, about ${quote.quote.etaMinutes} min`;
  if (quote.built) return <span className="text-xs text-muted-foreground">{summary} · built</span>;
  return (
    <>
      <span className="text-xs text-muted-foreground">{summary}</span>
      <Button
        size="sm"
        variant="ghost"
        className="h-6 px-2 text-xs"
        disabled={busy}
        onClick={() => {
          setBusy(true);
          setError(null);
          requestBuildQuote(quote.sessionId, quote.spec)
            .then((answer) => showBuildQuote(answer))
            .catch((e: unknown) => setError(e instanceof Error ? e.message : "Could not reopen the quote"))
            .finally(() => setBusy(false));
        }}
      >
        Reopen the quote
      </Button>
      {error ? (
        <span role="alert" className="text-xs text-destructive">
          {error}
        </span>
      ) : null}
    </>
  );
}

function sessionOf(raw: unknown): string | undefined {
  if (typeof raw !== "object" || raw === null || !("sessionId" in raw)) return undefined;
  return typeof raw.sessionId === "string" ? raw.sessionId : undefined;
}

/** One UI action in the conversation: what was done, or why it was refused. */
export function ActionChip({ part }: { part: Extract<ChatPart, { kind: "action" }> }) {
  const raw = part.complete ? actionArguments(part) : undefined;
  const id = part.complete ? rawActionId(raw) : undefined;
  const record = useUiActionRecord(id);
  const run = useActionRun(id);
  const sessionId = sessionOf(raw);
  const quote = useChatStore((state) => (sessionId === undefined ? undefined : state.chat.quotes[sessionId]));
  if (!part.complete) {
    return (
      <span className="inline-flex items-center gap-1 text-xs text-muted-foreground">
        <LoaderCircle aria-hidden="true" className="size-3 animate-spin" /> Preparing an action…
      </span>
    );
  }
  // A reloaded conversation's run says how it stands now (done, undone, waiting, denied), not what was asked.
  const text = record?.chip ?? (record ? "Working…" : run ? runChip(run) : storedChip(raw));
  const status = record?.status ?? (run ? (runOutcome(run)?.status ?? "done") : "done");
  return (
    <div className="flex flex-wrap items-center gap-1">
      <span
        data-testid="action-chip"
        data-status={status}
        className={cn(
          "inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs",
          status === "refused" || status === "failed"
            ? "border-destructive/50 text-destructive"
            : "bg-secondary text-secondary-foreground",
        )}
      >
        <StatusIcon status={status} />
        {text}
      </span>
      {id !== undefined ? <UndoButton actionId={id} /> : null}
      {id !== undefined ? <DownloadLink actionId={id} /> : null}
      {id !== undefined ? <RunLink actionId={id} /> : null}
      {record === undefined && quote !== undefined ? <QuoteReopen quote={quote} /> : null}
    </div>
  );
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})$/;

/** A parameter's value in words: a moment in the company's time zone, yes or no, a list with commas. */
function paramText(value: unknown, timeZone: string | undefined): string {
  if (value === null || value === undefined) return "—";
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (typeof value === "string" && ISO_INSTANT.test(value))
    return formatCompanyTime(value, timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone, "en-US");
  if (typeof value === "string" || typeof value === "number") return String(value);
  if (Array.isArray(value) && value.every((item) => typeof item === "string" || typeof item === "number"))
    return value.join(", ");
  return JSON.stringify(value);
}

/** "startsAt" → "Starts at": a parameter's name as a label. */
function paramLabel(key: string): string {
  const words = key.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * The parameters a person can read: ids say nothing to them (the summary names the customer, crew or visit they point
 * at), so they are left out.
 */
function readableParams(params: Record<string, unknown>): [string, unknown][] {
  return Object.entries(params).filter(([key]) => !/(?:^id|Id|Ids)$/.test(key));
}

/** A data-changing run waiting for the user: what will happen, Confirm or Cancel. */
export function ProposalCard({
  proposal,
  decision,
}: {
  proposal: ChatProposal;
  decision: "confirm" | "cancel" | null;
}) {
  const { decide } = useAssistant();
  const title = moduleTitle(proposal.moduleId);
  const entries = readableParams(proposal.params);
  return (
    <section
      aria-label={`Confirm: ${title}`}
      className="grid gap-2 rounded-md border border-primary/40 bg-background p-3 text-sm"
    >
      <div className="flex items-center justify-between gap-2">
        <span className="font-medium">{title}</span>
        {decision === "confirm" ? (
          <Badge>Confirmed</Badge>
        ) : decision === "cancel" ? (
          <Badge variant="secondary">Cancelled</Badge>
        ) : (
          <Badge variant="outline">Needs your confirmation</Badge>
        )}
      </div>
      <ChatMarkdown text={proposal.summary} />
      {entries.length > 0 ? (
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-xs">
          {entries.map(([key, value]) => (
            <div key={key} className="contents">
              <dt className="text-muted-foreground">{paramLabel(key)}</dt>
              <dd className="break-words">{paramText(value, proposal.timeZone)}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {decision === null ? (
        <div className="flex gap-2">
          <Button size="sm" onClick={() => decide(proposal.proposalId, "confirm")}>
            Confirm
          </Button>
          <Button size="sm" variant="outline" onClick={() => decide(proposal.proposalId, "cancel")}>
            Cancel
          </Button>
        </div>
      ) : null}
    </section>
  );
}
