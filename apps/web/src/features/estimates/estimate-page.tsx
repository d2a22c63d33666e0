import { useId, useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { Copy, Send } from "lucide-react";
import { z } from "zod";
import {
  convertEstimateBodySchema,
  describeEstimateRecurrence,
  ESTIMATE_STATUS_LABELS,
  type EstimateDetail,
  type EstimateOption,
  type EstimateStatus,
} from "@fieldops/shared/estimates";
import { arrivalWindowMinutesSchema } from "@fieldops/shared/jobs";
import { firstPlanWithFeature, planFeatureMessage, planHasFeature } from "@fieldops/shared/plans";
import { formatCompanyTime } from "@fieldops/shared/company-time";
import { Alert, AlertDescription, AlertTitle } from "../../components/ui/alert";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { Skeleton } from "../../components/ui/skeleton";
import { toast } from "../../hooks/use-toast";
import { ApiError } from "../../lib/api";
import { apiErrorMessage } from "../../lib/api-error";
import { useCompany } from "../../lib/company";
import { usePageTitle } from "../../shell/page-title";
import { PlanUpgradeRequired } from "../../components/plan-upgrade-required";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { FormDialog } from "../../components/form-dialog";
import { VisitTimingFields } from "../../components/visit-fields";
import { FormField, useRefusal, useSchemaForm } from "../../components/form";
import { companyLocalToIso, numberFromText } from "../../lib/form-values";
import { ESTIMATE_STATUS_VARIANT } from "./estimate-format";
import { EstimateEditor } from "./estimate-editor";
import {
  createEstimateLink,
  useConvertEstimate,
  useDeclineEstimate,
  downloadEstimatePdf,
  useEstimate,
  useSendEstimate,
} from "./estimate-queries";
import { DownloadPdfButton } from "../../components/download-pdf-button";
import { useSignedInUser } from "../../lib/session";
import { MessageDeliveryState } from "../../components/message-delivery";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EDITABLE: readonly EstimateStatus[] = ["draft", "sent", "changes_requested", "expired"];
const SENDABLE: readonly EstimateStatus[] = ["draft", "sent", "changes_requested"];
const DECLINABLE: readonly EstimateStatus[] = ["draft", "sent", "changes_requested", "expired"];

function SendDialog({
  estimate,
  smsAllowed,
  onOpenChange,
  onSent,
}: {
  estimate: EstimateDetail;
  smsAllowed: boolean;
  onOpenChange: (open: boolean) => void;
  onSent: (url: string) => void;
}) {
  const id = useId();
  const [email, setEmail] = useState(estimate.customerEmail !== null);
  const [sms, setSms] = useState(smsAllowed && estimate.customerPhone !== null);
  const send = useSendEstimate(estimate.id);
  return (
    <FormDialog
      title={`Send estimate #${estimate.number}`}
      description={`${estimate.customerName} gets a link to review it, choose an option and approve it or ask for changes.`}
      confirm="Send"
      pendingLabel="Sending..."
      confirmDisabled={!email && !sms}
      pending={send.isPending}
      error={send.error}
      errorFallback="The estimate could not be sent. Try again."
      onOpenChange={onOpenChange}
      onSubmit={() =>
        send.mutate(
          { email, sms },
          {
            onSuccess: (result) => {
              onSent(result.url);
              onOpenChange(false);
              toast({ title: "Estimate sent", description: `To ${estimate.customerName}` });
            },
          },
        )
      }
    >
      <fieldset className="grid gap-2">
        <legend className="sr-only">Send by</legend>
        <label className="flex items-center gap-2 text-sm" htmlFor={`${id}-email`}>
          <input
            id={`${id}-email`}
            type="checkbox"
            checked={email}
            disabled={estimate.customerEmail === null}
            onChange={(e) => setEmail(e.target.checked)}
          />
          E-mail {estimate.customerEmail ?? "(no e-mail address)"}
        </label>
        <label className="flex items-center gap-2 text-sm" htmlFor={`${id}-sms`}>
          <input
            id={`${id}-sms`}
            type="checkbox"
            checked={sms}
            disabled={!smsAllowed || estimate.customerPhone === null}
            onChange={(e) => setSms(e.target.checked)}
          />
          Text message {estimate.customerPhone ?? "(no phone number)"}
        </label>
        {smsAllowed ? null : (
          <PlanUpgradeRequired
            compact
            message={planFeatureMessage("sms", "Sending text messages")}
            requiredPlan={firstPlanWithFeature("sms").id}
          />
        )}
      </fieldset>
    </FormDialog>
  );
}

/**
 * The API's rules for a conversion, typed as a person does: the first visit on the company's wall clock (blank: none,
 * which a recurring option's job is refused without), the visit length as text, the arrival window chosen.
 */
function convertFormSchema(timeZone: string) {
  const rule = convertEstimateBodySchema;
  return rule.extend({
    firstVisitStart: z
      .string()
      .transform((value) => (value === "" ? undefined : companyLocalToIso(value, timeZone)))
      .pipe(rule.shape.firstVisitStart),
    visitDurationMinutes: numberFromText(rule.shape.visitDurationMinutes),
    arrivalWindowMinutes: numberFromText(arrivalWindowMinutesSchema.nullable(), null),
  });
}

/**
 * Converts the approved estimate: a recurring option's job repeats as the customer approved it from the first visit
 * chosen here; either way its visits take the length and arrival window chosen.
 */
function ConvertDialog({
  estimate,
  option,
  timeZone,
  onOpenChange,
  onConverted,
}: {
  estimate: EstimateDetail;
  option: EstimateOption | undefined;
  timeZone: string;
  onOpenChange: (open: boolean) => void;
  onConverted: (jobId: string) => void;
}) {
  const [schema] = useState(() => convertFormSchema(timeZone));
  const form = useSchemaForm(schema, { firstVisitStart: "", visitDurationMinutes: "60", arrivalWindowMinutes: "" });
  const { refusal, place, clear } = useRefusal(form);
  const convert = useConvertEstimate(estimate.id);
  const repeat = option?.recurrence ?? null;
  const submit = form.handleSubmit((body) => {
    clear();
    convert.mutate(body, { onSuccess: (result) => onConverted(result.jobId), onError: place });
  });
  return (
    <FormDialog
      title="Convert to job?"
      description={`A job for ${estimate.customerName} with the lines of ${option?.name ?? "the approved option"}${
        repeat ? `, repeating ${describeEstimateRecurrence(repeat).toLowerCase()} from its first visit` : ""
      }.`}
      confirm="Create job"
      pendingLabel="Creating…"
      noValidate
      onOpenChange={onOpenChange}
      onSubmit={submit}
      pending={convert.isPending}
      error={refusal}
    >
      {repeat ? (
        <FormField form={form} name="firstVisitStart" label={`First visit (${timeZone})`}>
          {(control) => <Input {...control} type="datetime-local" required {...form.register("firstVisitStart")} />}
        </FormField>
      ) : null}
      <VisitTimingFields form={form} />
    </FormDialog>
  );
}

function EstimateView({
  estimate,
  timeZone,
  smsAllowed,
}: {
  estimate: EstimateDetail;
  timeZone: string;
  smsAllowed: boolean;
}) {
  const id = useId();
  const navigate = useNavigate();
  const [dirty, setDirty] = useState(false);
  const [sending, setSending] = useState(false);
  const [declining, setDeclining] = useState(false);
  const [converting, setConverting] = useState(false);
  const [link, setLink] = useState<string | null>(null);
  const [linkError, setLinkError] = useState<string | null>(null);
  const decline = useDeclineEstimate(estimate.id);
  const editable = EDITABLE.includes(estimate.status);
  const approvedOption = estimate.options.find((option) => option.id === estimate.approvedOptionId);

  const copyLink = async () => {
    setLinkError(null);
    try {
      const url = await createEstimateLink(estimate.id);
      setLink(url);
      await navigator.clipboard?.writeText(url).then(
        () => toast({ title: "Link copied" }),
        () => undefined,
      );
    } catch (error) {
      setLinkError(apiErrorMessage(error, "The link could not be made. Try again."));
    }
  };

  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <Link to="/jobs/estimates" className="text-sm text-muted-foreground underline-offset-4 hover:underline">
            Estimates
          </Link>
          <h1 className="text-2xl font-semibold tracking-tight">Estimate #{estimate.number}</h1>
          <p className="flex flex-wrap items-center gap-2 text-sm">
            <Badge
              variant={ESTIMATE_STATUS_VARIANT[estimate.status]}
              aria-label={`Status: ${ESTIMATE_STATUS_LABELS[estimate.status]}`}
            >
              {ESTIMATE_STATUS_LABELS[estimate.status]}
            </Badge>
            <Link to={`/customers/${estimate.customerId}`} className="underline-offset-4 hover:underline">
              {estimate.customerName}
            </Link>
            {estimate.sentAt ? (
              <span className="text-muted-foreground">Sent {formatCompanyTime(estimate.sentAt, timeZone)}</span>
            ) : null}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {SENDABLE.includes(estimate.status) ? (
            <Button
              onClick={() => setSending(true)}
              disabled={dirty}
              title={dirty ? "Save your changes first" : undefined}
            >
              <Send aria-hidden="true" /> {estimate.status === "draft" ? "Send" : "Send again"}
            </Button>
          ) : null}
          {estimate.status !== "draft" && estimate.status !== "converted" ? (
            <Button variant="outline" onClick={() => void copyLink()}>
              <Copy aria-hidden="true" /> Copy link
            </Button>
          ) : null}
          <DownloadPdfButton
            download={() => downloadEstimatePdf(estimate)}
            disabledReason={dirty ? "Save your changes first" : undefined}
          />
          {estimate.status === "approved" ? <Button onClick={() => setConverting(true)}>Convert to job</Button> : null}
          {DECLINABLE.includes(estimate.status) ? (
            <Button variant="outline" onClick={() => setDeclining(true)}>
              Mark declined
            </Button>
          ) : null}
        </div>
      </div>
      {link ? (
        <div className="grid gap-1">
          <Label htmlFor={`${id}-link`}>Review link</Label>
          <Input id={`${id}-link`} readOnly value={link} onFocus={(e) => e.currentTarget.select()} />
          <p className="text-xs text-muted-foreground">
            Anyone with this link can see and answer the estimate. It is shown only now.
          </p>
        </div>
      ) : null}
      {linkError ? (
        <Alert variant="destructive" role="alert">
          <AlertDescription>{linkError}</AlertDescription>
        </Alert>
      ) : null}
      {estimate.status === "changes_requested" ? (
        <Alert>
          <AlertTitle>Changes requested</AlertTitle>
          <AlertDescription className="whitespace-pre-line">{estimate.customerMessage}</AlertDescription>
        </Alert>
      ) : null}
      {estimate.status === "approved" || estimate.status === "converted" ? (
        <Alert>
          <AlertTitle>Approved{approvedOption ? `: ${approvedOption.name}` : ""}</AlertTitle>
          <AlertDescription>
            Signed by {estimate.signatureName}
            {estimate.approvedAt ? ` on ${formatCompanyTime(estimate.approvedAt, timeZone)}` : ""}.
            {estimate.jobId ? (
              <>
                {" "}
                <Link to={`/jobs/${estimate.jobId}`} className="underline underline-offset-4">
                  Open the job
                </Link>
              </>
            ) : null}
          </AlertDescription>
        </Alert>
      ) : null}
      {estimate.status === "declined" ? (
        <Alert>
          <AlertTitle>Declined</AlertTitle>
          {estimate.customerMessage ? (
            <AlertDescription className="whitespace-pre-line">{estimate.customerMessage}</AlertDescription>
          ) : null}
        </Alert>
      ) : null}
      {estimate.status === "expired" ? (
        <Alert>
          <AlertTitle>Expired</AlertTitle>
          <AlertDescription>Its last day has passed. Set a later date and save to send it again.</AlertDescription>
        </Alert>
      ) : null}
      <EstimateEditor
        key={`${estimate.id}:${estimate.status}:${estimate.options.map((option) => option.id).join(",")}:${estimate.title}:${estimate.expiresOn ?? ""}`}
        estimate={estimate}
        editable={editable}
        onDirtyChange={setDirty}
      />
      <Card>
        <CardHeader>
          <CardTitle>Sent messages</CardTitle>
        </CardHeader>
        <CardContent>
          {estimate.messages.length === 0 ? (
            <p className="text-sm text-muted-foreground">Nothing sent yet.</p>
          ) : (
            <ul className="grid gap-1 text-sm" aria-label="Sent messages">
              {estimate.messages.map((message) => (
                <li key={message.id}>
                  <span className="font-medium">{message.channel === "sms" ? "Text message" : "E-mail"}</span> to{" "}
                  {message.recipient} · {formatCompanyTime(message.createdAt, timeZone)}{" "}
                  <MessageDeliveryState message={message} />
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
      {sending ? (
        <SendDialog estimate={estimate} smsAllowed={smsAllowed} onOpenChange={setSending} onSent={setLink} />
      ) : null}
      <ConfirmDialog
        open={declining}
        onOpenChange={setDeclining}
        title={`Mark estimate #${estimate.number} declined?`}
        description="The customer can no longer approve it."
        action="Mark declined"
        destructive
        pending={decline.isPending}
        error={decline.error}
        onConfirm={() => decline.mutate(undefined, { onSuccess: () => setDeclining(false) })}
      />
      {converting ? (
        <ConvertDialog
          estimate={estimate}
          option={approvedOption}
          timeZone={timeZone}
          onOpenChange={setConverting}
          onConverted={(jobId) => void navigate(`/jobs/${jobId}`)}
        />
      ) : null}
    </>
  );
}

export function EstimatePage() {
  const { id = "" } = useParams();
  usePageTitle("Estimate");
  const user = useSignedInUser();
  const company = useCompany(user.companyId);
  const valid = UUID.test(id);
  const estimate = useEstimate(id, valid);
  if (!valid || (estimate.error instanceof ApiError && estimate.error.status === 404)) {
    return (
      <>
        <h1 className="text-2xl font-semibold tracking-tight">Estimate</h1>
        <Alert variant="destructive">
          <AlertTitle>Estimate not found</AlertTitle>
          <AlertDescription>
            <Link to="/jobs/estimates" className="underline underline-offset-4">
              Back to estimates
            </Link>
          </AlertDescription>
        </Alert>
      </>
    );
  }
  if (estimate.isError) {
    return (
      <Alert variant="destructive">
        <AlertTitle>The estimate could not be loaded</AlertTitle>
        <AlertDescription>
          <Button variant="outline" size="sm" onClick={() => void estimate.refetch()}>
            Try again
          </Button>
        </AlertDescription>
      </Alert>
    );
  }
  if (estimate.isPending || !company.data) {
    return (
      <div className="grid gap-2" role="status" aria-label="Loading estimate">
        <Skeleton className="h-24 w-full" />
        <Skeleton className="h-48 w-full" />
      </div>
    );
  }
  return (
    <EstimateView
      estimate={estimate.data}
      timeZone={company.data.timeZone}
      smsAllowed={planHasFeature(company.data.planId, "sms")}
    />
  );
}
