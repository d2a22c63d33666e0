import { useState } from "react";
import type { AssistantTranscript } from "@fieldops/shared/admin";
import { Badge } from "../../components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { NativeSelect } from "../../components/ui/native-select";
import { usePageTitle } from "../../shell/page-title";
import { AdminPageHeader, tenantQuery, formatWhen, Loaded } from "./admin-parts";
import { useAdminTenants, useAssistantTranscripts } from "./admin-queries";

function Conversation({ conversation }: { conversation: AssistantTranscript }) {
  return (
    <Card role="region" aria-label={conversation.title}>
      <CardHeader>
        <CardTitle className="text-base">{conversation.title}</CardTitle>
        <CardDescription>
          {conversation.userName} · last {formatWhen(conversation.updatedAt)}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 text-sm">
        {conversation.turns.map((turn) => (
          <div key={turn.messageId} className="grid gap-1.5 border-l-2 pl-3">
            <div>
              <span className="font-medium">Asked:</span> {turn.question}{" "}
              <span className="text-xs text-muted-foreground">({formatWhen(turn.askedAt)})</span>
            </div>
            <details>
              <summary className="cursor-pointer text-muted-foreground">What the assistant was given</summary>
              <pre className="mt-1 overflow-x-auto rounded bg-muted p-2 text-xs">
                {turn.given ? JSON.stringify(turn.given, null, 2) : "Not recorded (asked before packets were kept)"}
              </pre>
            </details>
            <div>
              <span className="font-medium">Answered{turn.answerer ? ` (${turn.answerer})` : ""}:</span>{" "}
              {turn.answer ?? "No answer stored"}
            </div>
            {turn.uiActions.length > 0 || turn.cards > 0 ? (
              <div className="flex flex-wrap gap-1">
                {turn.uiActions.map((action, index) => (
                  <Badge key={index} variant="outline">
                    {action.type}
                    {action.target ? ` → ${action.target}` : ""}
                  </Badge>
                ))}
                {turn.cards > 0 ? <Badge variant="secondary">{turn.cards} data card(s)</Badge> : null}
              </div>
            ) : null}
          </div>
        ))}
        {conversation.proposals.length > 0 ? (
          <div>
            <div className="font-medium">Proposed changes</div>
            <ul className="list-disc pl-5">
              {conversation.proposals.map((proposal) => (
                <li key={proposal.id}>
                  {proposal.summary} ({proposal.moduleId}, {proposal.status})
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {conversation.moduleRuns.length > 0 ? (
          <div>
            <div className="font-medium">Module runs</div>
            <ul className="list-disc pl-5">
              {conversation.moduleRuns.map((run) => (
                <li key={run.id}>
                  {run.moduleId}: {run.status}
                  {run.message ? ` · ${run.message}` : ""}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** Per tenant, each assistant conversation with what the assistant was given and what it did, for auditing. */
export function AssistantTranscriptsPage() {
  usePageTitle("Brain Packets");
  const [search, setSearch] = useState("");
  const [companyId, setCompanyId] = useState<string | null>(null);
  const tenants = useAdminTenants(tenantQuery(search, 50));
  const chosen = companyId ?? tenants.data?.items[0]?.id ?? null;
  const packets = useAssistantTranscripts(chosen);
  return (
    <div className="grid gap-6">
      <AdminPageHeader
        title="Brain Packets"
        description="What the assistant was given and what it did in each conversation of a tenant."
      />
      <div className="flex flex-wrap items-end gap-3">
        <div className="grid gap-1.5">
          <Label htmlFor="transcript-search">Find a tenant</Label>
          <Input
            id="transcript-search"
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="transcript-tenant">Tenant</Label>
          <NativeSelect
            id="transcript-tenant"
            className="min-w-56"
            value={chosen ?? ""}
            onChange={(event) => setCompanyId(event.target.value)}
          >
            {tenants.data?.items.map((tenant) => (
              <option key={tenant.id} value={tenant.id}>
                {tenant.name}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>
      {chosen ? (
        <Loaded query={packets}>
          {(data) =>
            data.items.length === 0 ? (
              <p className="text-sm text-muted-foreground">This tenant has no assistant conversation yet.</p>
            ) : (
              <div className="grid gap-4">
                {data.items.map((conversation) => (
                  <Conversation key={conversation.id} conversation={conversation} />
                ))}
              </div>
            )
          }
        </Loaded>
      ) : null}
    </div>
  );
}
