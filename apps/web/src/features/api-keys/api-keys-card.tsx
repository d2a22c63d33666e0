import { useState } from "react";
import {
  API_KEY_AREAS,
  apiKeyEndpoints,
  createApiKeyRequestSchema,
  type ApiKey,
  type ApiKeyArea,
} from "@fieldops/shared/api-keys";
import { formatCompanyTime } from "@fieldops/shared/company-time";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { FormField, useRefusal, useSchemaForm } from "../../components/form";
import { FormDialog } from "../../components/form-dialog";
import { ErrorBlock, LoadingBlock } from "../../components/load-state";
import { PlanUpgradeRequired, planRefusalOf } from "../../components/plan-upgrade-required";
import { ShownOnceSecret } from "../../components/shown-once-secret";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Input } from "../../components/ui/input";
import { useCompany } from "../../lib/company";
import { endpointKey, useEndpointMutation, useEndpointQuery } from "../../lib/endpoints";
import { useSignedInUser } from "../../lib/session";

const keysKey = endpointKey(apiKeyEndpoints.list);
const AREAS = Object.keys(API_KEY_AREAS) as ApiKeyArea[];
type Access = "none" | "read" | "write";

function NewKeyDialog({
  onCreated,
  onOpenChange,
}: {
  onCreated: (key: string) => void;
  onOpenChange: (open: boolean) => void;
}) {
  const create = useEndpointMutation(apiKeyEndpoints.create, { invalidates: [keysKey] });
  const form = useSchemaForm(createApiKeyRequestSchema, { name: "", scopes: [] });
  const { refusal, place, clear } = useRefusal(form);
  const [access, setAccess] = useState<Record<ApiKeyArea, Access>>(
    Object.fromEntries(AREAS.map((area) => [area, "none"])) as Record<ApiKeyArea, Access>,
  );
  const choose = (area: ApiKeyArea, value: Access) => {
    const next = { ...access, [area]: value };
    setAccess(next);
    form.setValue(
      "scopes",
      AREAS.flatMap((each) => (next[each] === "none" ? [] : [`${each}:${next[each]}`])),
      { shouldValidate: form.formState.isSubmitted },
    );
  };
  const submit = form.handleSubmit((body) => {
    clear();
    create.mutate({ body }, { onSuccess: (created) => onCreated(created.key), onError: place });
  });
  return (
    <FormDialog
      onOpenChange={onOpenChange}
      title="New API key"
      description="The key acts as you, at a member's rights, only in the areas you open to it."
      confirm="Create key"
      pendingLabel="Creating…"
      pending={create.isPending}
      error={refusal}
      noValidate
      onSubmit={submit}
    >
      <FormField form={form} name="name" label="Name">
        {(control) => <Input {...control} placeholder="Zapier, bookkeeping export…" {...form.register("name")} />}
      </FormField>
      <fieldset className="grid gap-1" aria-describedby="api-key-scopes-error">
        <legend className="mb-1 text-sm font-medium">Access</legend>
        <table className="w-full text-sm">
          <tbody>
            {AREAS.map((area) => (
              <tr key={area}>
                <th scope="row" className="py-1 pr-3 text-left font-normal">
                  {API_KEY_AREAS[area].label}
                </th>
                <td>
                  <select
                    aria-label={`Access to ${API_KEY_AREAS[area].label}`}
                    className="rounded-md border bg-background px-2 py-1"
                    value={access[area]}
                    onChange={(event) => choose(area, event.target.value as Access)}
                  >
                    <option value="none">None</option>
                    {area === "hooks" ? null : <option value="read">Read</option>}
                    {area === "reports" ? null : (
                      <option value="write">{area === "hooks" ? "Subscribe and unsubscribe" : "Read and write"}</option>
                    )}
                  </select>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <p id="api-key-scopes-error" role="alert" className="text-sm text-destructive">
          {form.formState.errors.scopes?.message ?? ""}
        </p>
      </fieldset>
    </FormDialog>
  );
}

/**
 * The company's API keys (owners, Pro): each key's name, its first characters, its scopes and its last use; a new key
 * is shown once, and a revoked one is refused from the next request on.
 */
export function ApiKeysCard() {
  const user = useSignedInUser();
  const timeZone = useCompany(user.companyId).data?.timeZone ?? "UTC";
  const keys = useEndpointQuery(apiKeyEndpoints.list, {});
  const revoke = useEndpointMutation(apiKeyEndpoints.revoke, { invalidates: [keysKey] });
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const [shown, setShown] = useState<string | null>(null);
  const refusal = planRefusalOf(keys.error);
  return (
    <Card role="region" aria-labelledby="api-keys-title">
      <CardHeader>
        <CardTitle id="api-keys-title">API keys</CardTitle>
        <CardDescription>
          Keys for your own tools and Zapier: send one as <code>Authorization: Bearer &lt;key&gt;</code> to the same API
          the app uses (its reference is at{" "}
          <a className="underline" href="/api/docs">
            /api/docs
          </a>
          ), never in a URL. Each request is limited to the key&apos;s areas and its changes are in the audit log.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {refusal ? (
          <PlanUpgradeRequired message={refusal.message} requiredPlan={refusal.requiredPlan} />
        ) : keys.isPending ? (
          <LoadingBlock label="Loading API keys" />
        ) : keys.error ? (
          <ErrorBlock
            title="The API keys could not be loaded"
            retry={() => void keys.refetch()}
            busy={keys.isFetching}
          />
        ) : (
          <>
            {keys.data.items.length === 0 ? (
              <p className="text-sm text-muted-foreground">No API keys yet.</p>
            ) : (
              <ul aria-label="API keys" className="grid gap-3">
                {keys.data.items.map((key) => (
                  <li
                    key={key.id}
                    className="flex flex-wrap items-center justify-between gap-2 border-b pb-3 last:border-0"
                  >
                    <div className="grid gap-0.5 text-sm">
                      <span className="font-medium">
                        {key.name} <code className="text-muted-foreground">{key.prefix}…</code>
                      </span>
                      <span className="text-muted-foreground">{key.scopes.join(", ")}</span>
                      <span className="text-muted-foreground">
                        Made by {key.createdByName} {formatCompanyTime(key.createdAt, timeZone)} ·{" "}
                        {key.lastUsedAt ? `last used ${formatCompanyTime(key.lastUsedAt, timeZone)}` : "never used"}
                      </span>
                    </div>
                    <Button
                      size="sm"
                      variant="outline"
                      aria-label={`Revoke ${key.name}`}
                      onClick={() => setRevoking(key)}
                    >
                      Revoke
                    </Button>
                  </li>
                ))}
              </ul>
            )}
            <div>
              <Button onClick={() => setCreating(true)}>New API key</Button>
            </div>
          </>
        )}
        {shown ? (
          <ShownOnceSecret
            label="New API key"
            value={shown}
            copied={{ title: "API key copied", description: "Keep it in a password manager: it is not shown again." }}
          >
            The new key, shown this once:
          </ShownOnceSecret>
        ) : null}
      </CardContent>
      {creating ? (
        <NewKeyDialog
          onOpenChange={setCreating}
          onCreated={(key) => {
            setShown(key);
            setCreating(false);
          }}
        />
      ) : null}
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => (open ? undefined : setRevoking(null))}
        title={`Revoke the API key "${revoking?.name ?? ""}"?`}
        description="Whatever uses it is refused from its next request on. This cannot be undone."
        action="Revoke"
        destructive
        pending={revoke.isPending}
        error={revoke.error}
        onConfirm={() => {
          if (revoking) revoke.mutate({ params: { id: revoking.id } }, { onSuccess: () => setRevoking(null) });
        }}
      />
    </Card>
  );
}
