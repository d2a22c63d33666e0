import { useState, type ReactNode } from "react";
import { Link, useNavigate, useParams } from "react-router";
import {
  AUTOMATION_ACTION_LABELS,
  AUTOMATION_PLACEHOLDERS,
  AUTOMATION_TRIGGER_LABELS,
  AUTOMATION_TRIGGER_SUBJECTS,
  AUTOMATION_TRIGGERS,
  MAX_AUTOMATION_ACTIONS,
  REVIEW_LINK_PLACEHOLDER,
  automationConfigSchema,
  automationEndpoints,
  type Automation,
  type AutomationAction,
  type AutomationActionType,
  type AutomationTiming,
  type AutomationTrigger,
} from "@fieldops/shared/automations";
import { formatCompanyTime } from "@fieldops/shared/company-time";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { DataTable } from "../../components/data-table";
import { ErrorBlock, LoadingBlock } from "../../components/load-state";
import { PlanUpgradeRequired, planRefusalOf } from "../../components/plan-upgrade-required";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { NativeSelect } from "../../components/ui/native-select";
import { Textarea } from "../../components/ui/textarea";
import { ApiError } from "../../lib/api";
import { apiErrorMessage } from "../../lib/api-error";
import { useCompany } from "../../lib/company";
import { useCrews, useTeam } from "../../lib/crews";
import { useEndpointMutation, useEndpointQuery } from "../../lib/endpoints";
import { useCan } from "../../lib/permissions";
import { useSignedInUser } from "../../lib/session";
import { usePageTitle } from "../../shell/page-title";
import { joinDelay, RUN_STATUS_LABELS, splitDelay, timingInWords, type DelayUnit } from "./automation-words";
import { automationsKey } from "./automations-page";

/** What the form edits: the contract's fields, the delay split into an amount and a unit, lists as typed. */
interface Draft {
  name: string;
  trigger: AutomationTrigger;
  timing: AutomationTiming;
  amount: string;
  unit: DelayUnit;
  customerTags: string;
  services: string;
  crewIds: string[];
  actions: AutomationAction[];
  enabled: boolean;
}

const NEW_ACTIONS: Record<AutomationActionType, AutomationAction> = {
  send_email: { type: "send_email", subject: "", body: "" },
  send_sms: { type: "send_sms", body: "" },
  notify_user: { type: "notify_user", userId: "", message: "" },
  create_follow_up: { type: "create_follow_up", title: "Follow up" },
  request_review: { type: "request_review", channel: "email", reviewUrl: "", message: "" },
  add_tag: { type: "add_tag", tag: "" },
};

const list = (typed: string) =>
  typed
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);

function draftOf(automation: Automation | null): Draft {
  if (!automation)
    return {
      name: "",
      trigger: "visit.scheduled",
      timing: "before_visit",
      amount: "1",
      unit: "days",
      customerTags: "",
      services: "",
      crewIds: [],
      actions: [{ type: "send_email", subject: "", body: "" }],
      enabled: false,
    };
  const { amount, unit } = splitDelay(automation.delayMinutes);
  return {
    name: automation.name,
    trigger: automation.trigger,
    timing: automation.timing,
    amount: String(amount),
    unit,
    customerTags: automation.conditions.customerTags.join(", "),
    services: automation.conditions.services.join(", "),
    crewIds: automation.conditions.crewIds,
    actions: automation.actions,
    enabled: automation.enabled,
  };
}

function requestOf(draft: Draft) {
  return {
    name: draft.name,
    trigger: draft.trigger,
    timing: draft.trigger === "visit.scheduled" ? draft.timing : "after",
    delayMinutes: joinDelay(Number(draft.amount || "0"), draft.unit),
    conditions: {
      customerTags: list(draft.customerTags),
      services: list(draft.services),
      crewIds: draft.crewIds,
    },
    actions: draft.actions,
    enabled: draft.enabled,
  };
}

/** The problems of a draft by field path ("actions.0.body"), as the server would name them. */
function problemsOf(draft: Draft): Record<string, string> {
  const parsed = automationConfigSchema.safeParse(requestOf(draft));
  if (parsed.success) return {};
  const problems: Record<string, string> = {};
  for (const issue of parsed.error.issues) problems[issue.path.join(".")] ??= issue.message;
  return problems;
}

function Field({
  id,
  label,
  problem,
  children,
}: {
  id: string;
  label: string;
  problem: string | undefined;
  children: (control: { id: string; "aria-invalid": boolean; "aria-describedby"?: string }) => ReactNode;
}) {
  const errorId = `${id}-error`;
  return (
    <div className="grid gap-1">
      <Label htmlFor={id}>{label}</Label>
      {children({ id, "aria-invalid": Boolean(problem), ...(problem ? { "aria-describedby": errorId } : {}) })}
      {problem ? (
        <p id={errorId} className="text-sm text-destructive">
          {problem}
        </p>
      ) : null}
    </div>
  );
}

/** The `{{words}}` the trigger fills, as buttons that add one to the action's message. */
function Placeholders({ names, onPick }: { names: readonly string[]; onPick: (name: string) => void }) {
  return (
    <div className="flex flex-wrap items-center gap-1 text-xs">
      <span className="text-muted-foreground">Insert:</span>
      {names.map((name) => (
        <Button
          key={name}
          type="button"
          size="sm"
          variant="outline"
          className="h-6 px-2 text-xs"
          onClick={() => onPick(name)}
        >
          {`{{${name}}}`}
        </Button>
      ))}
    </div>
  );
}

const appended = (text: string, name: string) => `${text}${text && !text.endsWith(" ") ? " " : ""}{{${name}}}`;

/** A message, subject or title written from a template: the field, then the words the trigger fills as buttons. */
function TemplateField({
  id,
  label,
  problem,
  names,
  value,
  onChange,
  single = false,
  rows = 3,
}: {
  id: string;
  label: string;
  problem: string | undefined;
  names: readonly string[];
  value: string;
  onChange: (value: string) => void;
  single?: boolean;
  rows?: number;
}) {
  return (
    <>
      <Field id={id} label={label} problem={problem}>
        {(control) =>
          single ? (
            <Input {...control} value={value} onChange={(e) => onChange(e.target.value)} />
          ) : (
            <Textarea {...control} rows={rows} value={value} onChange={(e) => onChange(e.target.value)} />
          )
        }
      </Field>
      <Placeholders names={names} onPick={(name) => onChange(appended(value, name))} />
    </>
  );
}

function ActionFields({
  index,
  action,
  trigger,
  problems,
  disabled,
  onChange,
  onRemove,
}: {
  index: number;
  action: AutomationAction;
  trigger: AutomationTrigger;
  problems: Record<string, string>;
  disabled: boolean;
  onChange: (action: AutomationAction) => void;
  onRemove: (() => void) | null;
}) {
  const team = useTeam();
  const id = (field: string) => `action-${index}-${field}`;
  const problem = (field: string) => problems[`actions.${index}.${field}`];
  const names = [
    ...AUTOMATION_PLACEHOLDERS[AUTOMATION_TRIGGER_SUBJECTS[trigger]],
    ...(action.type === "request_review" ? [REVIEW_LINK_PLACEHOLDER] : []),
  ];
  /** A template field of this action: its id, label, the server's or the form's problem, and the words it may use. */
  const at = (field: string, label: string) => ({ id: id(field), label, problem: problem(field), names });
  return (
    <fieldset className="grid gap-3 rounded-md border p-3" disabled={disabled}>
      <legend className="px-1 text-sm font-medium">Action {index + 1}</legend>
      <Field id={id("type")} label="Do this" problem={undefined}>
        {(control) => (
          <NativeSelect
            {...control}
            value={action.type}
            onChange={(change) => onChange(NEW_ACTIONS[change.target.value as AutomationActionType])}
          >
            {Object.entries(AUTOMATION_ACTION_LABELS).map(([type, label]) => (
              <option key={type} value={type}>
                {label}
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>
      {action.type === "send_email" ? (
        <>
          <TemplateField
            {...at("subject", "Subject")}
            value={action.subject}
            single
            onChange={(subject) => onChange({ ...action, subject })}
          />
          <TemplateField
            {...at("body", "Message")}
            value={action.body}
            rows={5}
            onChange={(body) => onChange({ ...action, body })}
          />
        </>
      ) : null}
      {action.type === "send_sms" ? (
        <TemplateField {...at("body", "Text")} value={action.body} onChange={(body) => onChange({ ...action, body })} />
      ) : null}
      {action.type === "notify_user" ? (
        <>
          <Field id={id("userId")} label="Team member" problem={problem("userId")}>
            {(control) => (
              <NativeSelect
                {...control}
                value={action.userId}
                onChange={(e) => onChange({ ...action, userId: e.target.value })}
              >
                <option value="">Choose someone</option>
                {(team.data?.items ?? []).map((member) => (
                  <option key={member.id} value={member.id}>
                    {member.name}
                  </option>
                ))}
              </NativeSelect>
            )}
          </Field>
          <TemplateField
            {...at("message", "Message")}
            value={action.message}
            onChange={(message) => onChange({ ...action, message })}
          />
        </>
      ) : null}
      {action.type === "create_follow_up" ? (
        <TemplateField
          {...at("title", "Follow-up job's title")}
          value={action.title}
          single
          onChange={(title) => onChange({ ...action, title })}
        />
      ) : null}
      {action.type === "request_review" ? (
        <>
          <Field id={id("channel")} label="Send by" problem={problem("channel")}>
            {(control) => (
              <NativeSelect
                {...control}
                value={action.channel}
                onChange={(e) => onChange({ ...action, channel: e.target.value === "sms" ? "sms" : "email" })}
              >
                <option value="email">E-mail</option>
                <option value="sms">Text</option>
              </NativeSelect>
            )}
          </Field>
          <Field id={id("reviewUrl")} label="Your review page (https://…)" problem={problem("reviewUrl")}>
            {(control) => (
              <Input
                {...control}
                type="url"
                value={action.reviewUrl}
                onChange={(e) => onChange({ ...action, reviewUrl: e.target.value })}
              />
            )}
          </Field>
          <TemplateField
            {...at("message", "Message")}
            value={action.message}
            onChange={(message) => onChange({ ...action, message })}
          />
        </>
      ) : null}
      {action.type === "add_tag" ? (
        <Field id={id("tag")} label="Tag" problem={problem("tag")}>
          {(control) => (
            <Input {...control} value={action.tag} onChange={(e) => onChange({ ...action, tag: e.target.value })} />
          )}
        </Field>
      ) : null}
      {onRemove ? (
        <div>
          <Button type="button" size="sm" variant="outline" onClick={onRemove}>
            Remove action {index + 1}
          </Button>
        </div>
      ) : null}
    </fieldset>
  );
}

function AutomationForm({ automation }: { automation: Automation | null }) {
  const navigate = useNavigate();
  const canManage = useCan("automations.manage");
  const crews = useCrews();
  const [draft, setDraft] = useState<Draft>(() => draftOf(automation));
  const [submitted, setSubmitted] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const invalidates = [automationsKey];
  const create = useEndpointMutation(automationEndpoints.create, { invalidates });
  const update = useEndpointMutation(automationEndpoints.update, { invalidates });
  const remove = useEndpointMutation(automationEndpoints.remove, { invalidates });
  const saving = create.isPending || update.isPending;
  const serverError = create.error ?? update.error;
  const serverField = serverError instanceof ApiError ? (serverError.body?.field ?? null) : null;
  const problems = {
    ...(submitted ? problemsOf(draft) : {}),
    ...(serverField ? { [serverField]: apiErrorMessage(serverError) } : {}),
  };
  const refusal = planRefusalOf(serverError);
  const set = (change: Partial<Draft>) => setDraft((current) => ({ ...current, ...change }));
  const setAction = (index: number, action: AutomationAction) =>
    set({ actions: draft.actions.map((each, at) => (at === index ? action : each)) });

  const save = (event: React.FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(problemsOf(draft)).length > 0) return;
    const body = automationConfigSchema.parse(requestOf(draft));
    if (automation)
      update.mutate({ params: { id: automation.id }, body }, { onSuccess: (saved) => setDraft(draftOf(saved)) });
    else
      create.mutate({ body }, { onSuccess: (saved) => void navigate(`/automations/${saved.id}`, { replace: true }) });
  };
  const readOnly = !canManage;
  return (
    <Card role="region" aria-labelledby="automation-form-title">
      <CardHeader>
        <CardTitle id="automation-form-title">{automation ? "What it does" : "New automation"}</CardTitle>
        <CardDescription>
          {readOnly
            ? "Only owners and administrators change automations."
            : "Messages may use the words below each one, filled in for each customer when the automation runs."}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={save} noValidate className="grid max-w-3xl gap-4">
          <fieldset disabled={readOnly || saving} className="grid gap-4">
            <Field id="automation-name" label="Name" problem={problems.name}>
              {(control) => <Input {...control} value={draft.name} onChange={(e) => set({ name: e.target.value })} />}
            </Field>
            <Field id="automation-trigger" label="When" problem={problems.trigger}>
              {(control) => (
                <NativeSelect
                  {...control}
                  value={draft.trigger}
                  onChange={(e) => {
                    const trigger = e.target.value as AutomationTrigger;
                    set({ trigger, timing: trigger === "visit.scheduled" ? draft.timing : "after" });
                  }}
                >
                  {AUTOMATION_TRIGGERS.map((trigger) => (
                    <option key={trigger} value={trigger}>
                      {AUTOMATION_TRIGGER_LABELS[trigger]}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </Field>
            <div className="grid gap-3 sm:grid-cols-3">
              <Field id="automation-amount" label="How long" problem={problems.delayMinutes}>
                {(control) => (
                  <Input
                    {...control}
                    type="number"
                    min={0}
                    value={draft.amount}
                    onChange={(e) => set({ amount: e.target.value })}
                  />
                )}
              </Field>
              <Field id="automation-unit" label="Unit" problem={undefined}>
                {(control) => (
                  <NativeSelect
                    {...control}
                    value={draft.unit}
                    onChange={(e) => set({ unit: e.target.value as DelayUnit })}
                  >
                    <option value="minutes">minutes</option>
                    <option value="hours">hours</option>
                    <option value="days">days</option>
                  </NativeSelect>
                )}
              </Field>
              <Field id="automation-timing" label="Counted" problem={problems.timing}>
                {(control) => (
                  <NativeSelect
                    {...control}
                    value={draft.trigger === "visit.scheduled" ? draft.timing : "after"}
                    onChange={(e) => set({ timing: e.target.value === "before_visit" ? "before_visit" : "after" })}
                  >
                    <option value="after">after it happens</option>
                    {draft.trigger === "visit.scheduled" ? (
                      <option value="before_visit">before the visit</option>
                    ) : null}
                  </NativeSelect>
                )}
              </Field>
            </div>
            <fieldset className="grid gap-3 rounded-md border p-3">
              <legend className="px-1 text-sm font-medium">Only for (leave empty for all)</legend>
              <Field
                id="automation-tags"
                label="Customers tagged (any of, comma-separated)"
                problem={problems["conditions.customerTags"]}
              >
                {(control) => (
                  <Input
                    {...control}
                    value={draft.customerTags}
                    onChange={(e) => set({ customerTags: e.target.value })}
                  />
                )}
              </Field>
              <Field
                id="automation-services"
                label="Work that mentions (any of, comma-separated)"
                problem={problems["conditions.services"]}
              >
                {(control) => (
                  <Input {...control} value={draft.services} onChange={(e) => set({ services: e.target.value })} />
                )}
              </Field>
              {AUTOMATION_TRIGGER_SUBJECTS[draft.trigger] === "visit" ? (
                <div className="grid gap-1">
                  <span className="text-sm font-medium">Crews</span>
                  {(crews.data?.items ?? []).map((crew) => (
                    <label key={crew.id} className="flex items-center gap-2 text-sm">
                      <input
                        type="checkbox"
                        checked={draft.crewIds.includes(crew.id)}
                        onChange={(e) =>
                          set({
                            crewIds: e.target.checked
                              ? [...draft.crewIds, crew.id]
                              : draft.crewIds.filter((id) => id !== crew.id),
                          })
                        }
                      />
                      {crew.name}
                    </label>
                  ))}
                  {(problems["conditions.crewIds"] ?? problems.conditions) ? (
                    <p className="text-sm text-destructive">{problems["conditions.crewIds"] ?? problems.conditions}</p>
                  ) : null}
                </div>
              ) : null}
            </fieldset>
            {draft.actions.map((action, index) => (
              <ActionFields
                key={index}
                index={index}
                action={action}
                trigger={draft.trigger}
                problems={problems}
                disabled={readOnly || saving}
                onChange={(changed) => setAction(index, changed)}
                onRemove={
                  draft.actions.length > 1
                    ? () => set({ actions: draft.actions.filter((_, at) => at !== index) })
                    : null
                }
              />
            ))}
            {problems.actions ? <p className="text-sm text-destructive">{problems.actions}</p> : null}
            {draft.actions.length < MAX_AUTOMATION_ACTIONS ? (
              <div>
                <Button
                  type="button"
                  variant="outline"
                  onClick={() => set({ actions: [...draft.actions, { type: "send_email", subject: "", body: "" }] })}
                >
                  Add an action
                </Button>
              </div>
            ) : null}
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" checked={draft.enabled} onChange={(e) => set({ enabled: e.target.checked })} />
              On
            </label>
          </fieldset>
          {refusal ? <PlanUpgradeRequired message={refusal.message} requiredPlan={refusal.requiredPlan} /> : null}
          {serverError && !serverField && !refusal ? (
            <p role="alert" className="text-sm text-destructive">
              {apiErrorMessage(serverError, "The automation could not be saved")}
            </p>
          ) : null}
          {canManage ? (
            <div className="flex flex-wrap gap-2">
              <Button type="submit" disabled={saving}>
                {saving ? "Saving…" : automation ? "Save" : "Create automation"}
              </Button>
              {automation ? (
                <Button type="button" variant="outline" onClick={() => setDeleting(true)}>
                  Delete
                </Button>
              ) : null}
            </div>
          ) : null}
        </form>
      </CardContent>
      {automation ? (
        <ConfirmDialog
          open={deleting}
          onOpenChange={setDeleting}
          title={`Delete "${automation.name}"?`}
          description="Its waiting runs are canceled and its history goes with it. This cannot be undone."
          action="Delete automation"
          destructive
          pending={remove.isPending}
          error={remove.error}
          onConfirm={() =>
            remove.mutate({ params: { id: automation.id } }, { onSuccess: () => void navigate("/automations") })
          }
        />
      ) : null}
    </Card>
  );
}

function RunHistory({ automationId }: { automationId: string }) {
  const user = useSignedInUser();
  const timeZone = useCompany(user.companyId).data?.timeZone ?? "UTC";
  const runs = useEndpointQuery(automationEndpoints.runs, { params: { id: automationId } });
  return (
    <Card role="region" aria-labelledby="automation-runs-title">
      <CardHeader>
        <CardTitle id="automation-runs-title">Runs</CardTitle>
        <CardDescription>The runs waiting to fire first, then what each one did, newest first.</CardDescription>
      </CardHeader>
      <CardContent>
        {runs.isPending ? (
          <LoadingBlock label="Loading runs" />
        ) : runs.isError ? (
          <ErrorBlock title="The runs could not be loaded" retry={() => void runs.refetch()} busy={runs.isFetching} />
        ) : runs.data.items.length === 0 ? (
          <p className="text-sm text-muted-foreground">No runs yet.</p>
        ) : (
          <DataTable
            caption="Runs of this automation"
            rows={runs.data.items}
            rowKey={(run) => run.id}
            columns={[
              { id: "status", header: "Status", cell: (run) => RUN_STATUS_LABELS[run.status], rowHeader: true },
              { id: "record", header: "For", cell: (run) => run.subjectLabel },
              {
                id: "when",
                header: "When",
                cell: (run) => formatCompanyTime(run.firedAt ?? run.fireAt, timeZone),
              },
              { id: "outcome", header: "What happened", cell: (run) => run.outcome ?? "—" },
            ]}
          />
        )}
      </CardContent>
    </Card>
  );
}

function ExistingAutomation({ id }: { id: string }) {
  const automation = useEndpointQuery(automationEndpoints.get, { params: { id } });
  usePageTitle(automation.data?.name ?? "Automation");
  if (automation.isPending) return <LoadingBlock label="Loading the automation" />;
  if (automation.isError)
    return (
      <ErrorBlock
        title={apiErrorMessage(automation.error, "The automation could not be loaded")}
        retry={() => void automation.refetch()}
        busy={automation.isFetching}
      />
    );
  return (
    <>
      <p className="text-sm text-muted-foreground">
        {timingInWords(automation.data)} · {automation.data.enabled ? "On" : "Off"}
      </p>
      <AutomationForm key={automation.data.updatedAt} automation={automation.data} />
      <RunHistory automationId={id} />
    </>
  );
}

/** `/automations/:id` (and `/automations/new`): an automation's settings and the record of its runs. */
function NewAutomation() {
  usePageTitle("New automation");
  return <AutomationForm automation={null} />;
}

export function AutomationPage() {
  const { id = "new" } = useParams();
  const isNew = id === "new";
  return (
    <>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-semibold tracking-tight">{isNew ? "New automation" : "Automation"}</h1>
        <Link to="/automations" className="text-sm underline-offset-4 hover:underline">
          All automations
        </Link>
      </div>
      {isNew ? <NewAutomation /> : <ExistingAutomation id={id} />}
    </>
  );
}
