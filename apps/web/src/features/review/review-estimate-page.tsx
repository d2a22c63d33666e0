import { useId, useState, type FormEvent } from "react";
import { useParams } from "react-router";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { formatCompanyTime } from "@fieldops/shared/company-time";
import type { EndpointInput } from "@fieldops/shared/endpoint";
import { salesDocumentFileName } from "@fieldops/shared/documents";
import { describeEstimateRecurrence } from "@fieldops/shared/estimates";
import { PUBLIC_LINK_NOT_FOUND, reviewEndpoints, type ReviewEstimate } from "@fieldops/shared/review";
import { DataTable } from "../../components/data-table";
import { DownloadPdfButton } from "../../components/download-pdf-button";
import { TableCell, TableRow } from "../../components/ui/table";
import { Alert, AlertDescription, AlertTitle } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { Textarea } from "../../components/ui/textarea";
import { apiErrorMessage } from "../../lib/api-error";
import { cn } from "../../lib/utils";
import { formatCents } from "@fieldops/shared/money";
import { BrandedLoading, BrandedPage, LinkNotValid } from "./branded-page";
import { callReviewEndpoint, downloadReviewFile, fragmentToken, reviewQueryKey, useReviewQuery } from "./review-api";

/** The customer's answer: an option approved and signed, changes asked for, or a decline. */
type Answer =
  | { kind: "approve"; body: EndpointInput<typeof reviewEndpoints.approveEstimate>["body"] }
  | { kind: "request_changes"; body: EndpointInput<typeof reviewEndpoints.requestEstimateChanges>["body"] }
  | { kind: "decline"; body: EndpointInput<typeof reviewEndpoints.declineEstimate>["body"] };

function sendAnswer(estimateId: string, token: string, answer: Answer): Promise<ReviewEstimate> {
  const params = { id: estimateId };
  switch (answer.kind) {
    case "approve":
      return callReviewEndpoint(reviewEndpoints.approveEstimate, token, { params, body: answer.body });
    case "request_changes":
      return callReviewEndpoint(reviewEndpoints.requestEstimateChanges, token, { params, body: answer.body });
    case "decline":
      return callReviewEndpoint(reviewEndpoints.declineEstimate, token, { params, body: answer.body });
  }
}

function StatusNote({ estimate }: { estimate: ReviewEstimate }) {
  const chosen = estimate.options.find((option) => option.id === estimate.approvedOptionId);
  switch (estimate.status) {
    case "approved":
    case "converted":
      return (
        <Alert>
          <AlertTitle>Approved{chosen ? `: ${chosen.name}` : ""}</AlertTitle>
          <AlertDescription>
            Signed by {estimate.signatureName}
            {estimate.approvedAt ? ` on ${formatCompanyTime(estimate.approvedAt, estimate.company.timeZone)}` : ""}.
            Thank you! We will be in touch to schedule the work.
          </AlertDescription>
        </Alert>
      );
    case "declined":
      return (
        <Alert>
          <AlertTitle>Declined</AlertTitle>
          <AlertDescription>This estimate was declined. Contact us if you change your mind.</AlertDescription>
        </Alert>
      );
    case "expired":
      return (
        <Alert>
          <AlertTitle>Expired</AlertTitle>
          <AlertDescription>This estimate has expired. Ask us for a new one.</AlertDescription>
        </Alert>
      );
    case "draft":
      return (
        <Alert>
          <AlertTitle>Being revised</AlertTitle>
          <AlertDescription>
            We are updating this estimate. You will receive it again when it is ready.
          </AlertDescription>
        </Alert>
      );
    case "changes_requested":
      return (
        <Alert>
          <AlertTitle>Changes requested</AlertTitle>
          <AlertDescription className="whitespace-pre-line">
            You asked: {estimate.customerMessage}. We will send you a revised estimate; you can still approve this one.
          </AlertDescription>
        </Alert>
      );
    default:
      return null;
  }
}

/** A line of an option's totals, under its items. */
function TotalRow({ label, cents, strong = false }: { label: string; cents: number; strong?: boolean }) {
  return (
    <TableRow className={cn("text-right", strong ? "font-semibold" : "font-normal")}>
      <TableCell colSpan={3} className={cn("py-0.5", !strong && "text-muted-foreground")}>
        {label}
      </TableCell>
      <TableCell className="py-0.5">{formatCents(cents)}</TableCell>
    </TableRow>
  );
}

function ReviewEstimateView({ estimate, token }: { estimate: ReviewEstimate; token: string }) {
  const id = useId();
  const client = useQueryClient();
  const [optionId, setOptionId] = useState(estimate.options.length === 1 ? estimate.options[0]!.id : "");
  const [signature, setSignature] = useState("");
  const [changes, setChanges] = useState("");
  const [confirmDecline, setConfirmDecline] = useState(false);
  const answer = useMutation({
    mutationFn: (answered: Answer) => sendAnswer(estimate.id, token, answered),
    onSuccess: (next) =>
      client.setQueryData(reviewQueryKey(reviewEndpoints.getEstimate, { params: { id: estimate.id } }, token), next),
  });
  const open = estimate.status === "sent" || estimate.status === "changes_requested";

  const approve = (event: FormEvent) => {
    event.preventDefault();
    answer.mutate({ kind: "approve", body: { optionId, signatureName: signature } });
  };
  const requestChanges = (event: FormEvent) => {
    event.preventDefault();
    answer.mutate({ kind: "request_changes", body: { message: changes } }, { onSuccess: () => setChanges("") });
  };

  return (
    <BrandedPage branding={estimate.company.branding} title={`Estimate #${estimate.number}`}>
      <div className="grid gap-1">
        <p className="text-sm text-muted-foreground">
          Estimate #{estimate.number} for {estimate.customerName}
        </p>
        <h1 className="text-2xl font-semibold tracking-tight">{estimate.title}</h1>
        {estimate.expiresOn && open ? (
          <p className="text-sm text-muted-foreground">Valid until {estimate.expiresOn}</p>
        ) : null}
        {estimate.status !== "draft" ? (
          <div>
            <DownloadPdfButton
              download={() =>
                downloadReviewFile(
                  reviewEndpoints.estimatePdf,
                  token,
                  { params: { id: estimate.id } },
                  salesDocumentFileName("estimate", estimate.number),
                )
              }
            />
          </div>
        ) : null}
      </div>
      <StatusNote estimate={estimate} />
      {estimate.message ? <p className="text-sm whitespace-pre-line">{estimate.message}</p> : null}
      <fieldset className="grid gap-3">
        <legend className="mb-2 text-lg font-semibold">
          {estimate.options.length > 1 ? "Choose an option" : "Your estimate"}
        </legend>
        {estimate.options.map((option) => {
          const chosen = estimate.approvedOptionId === option.id;
          return (
            <Card
              key={option.id}
              className={chosen || optionId === option.id ? "border-2" : undefined}
              style={
                chosen || optionId === option.id ? { borderColor: estimate.company.branding.primaryColor } : undefined
              }
            >
              <CardHeader>
                <CardTitle>
                  <label className="flex items-center gap-2">
                    {open ? (
                      <input
                        type="radio"
                        name={`${id}-option`}
                        value={option.id}
                        checked={optionId === option.id}
                        onChange={() => setOptionId(option.id)}
                        aria-label={option.name}
                      />
                    ) : null}
                    <span>{option.name}</span>
                    <span className="ml-auto">{formatCents(option.allVisitsTotalCents)}</span>
                  </label>
                </CardTitle>
                {option.recurrence ? (
                  <p className="text-sm font-medium">
                    {describeEstimateRecurrence(option.recurrence)}, {formatCents(option.totalCents)} a visit
                  </p>
                ) : null}
                {option.description ? <p className="text-sm text-muted-foreground">{option.description}</p> : null}
              </CardHeader>
              <CardContent>
                <DataTable
                  caption={option.name}
                  density="compact"
                  rows={option.lineItems}
                  rowKey={(line) => line.id}
                  columns={[
                    { id: "item", header: "Item", cell: (line) => line.description },
                    { id: "quantity", header: "Qty", align: "right", cell: (line) => line.quantity },
                    {
                      id: "price",
                      header: "Price",
                      align: "right",
                      cell: (line) => formatCents(line.unitPriceCents),
                    },
                    { id: "amount", header: "Amount", align: "right", cell: (line) => formatCents(line.totalCents) },
                  ]}
                  footer={
                    <>
                      <TotalRow label="Subtotal" cents={option.subtotalCents} />
                      <TotalRow label="Tax" cents={option.taxCents} />
                      {option.recurrence ? (
                        <>
                          <TotalRow label="Total a visit" cents={option.totalCents} />
                          <TotalRow
                            label={`${option.recurrence.visits} visits`}
                            cents={option.allVisitsTotalCents}
                            strong
                          />
                        </>
                      ) : (
                        <TotalRow label="Total" cents={option.totalCents} strong />
                      )}
                    </>
                  }
                />
              </CardContent>
            </Card>
          );
        })}
      </fieldset>
      {answer.error ? (
        <Alert variant="destructive" role="alert">
          <AlertDescription>{apiErrorMessage(answer.error)}</AlertDescription>
        </Alert>
      ) : null}
      {open ? (
        <>
          <Card>
            <CardHeader>
              <CardTitle>Approve</CardTitle>
            </CardHeader>
            <CardContent>
              <form className="grid gap-3" onSubmit={approve}>
                <div className="grid gap-1">
                  <Label htmlFor={`${id}-signature`}>Type your full name to sign</Label>
                  <Input
                    id={`${id}-signature`}
                    required
                    minLength={2}
                    maxLength={200}
                    autoComplete="name"
                    value={signature}
                    onChange={(e) => setSignature(e.target.value)}
                  />
                </div>
                <Button type="submit" disabled={answer.isPending || !optionId || signature.trim().length < 2}>
                  {answer.isPending ? "Sending..." : "Approve estimate"}
                </Button>
                {!optionId ? <p className="text-sm text-muted-foreground">Choose an option above first.</p> : null}
              </form>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Something to change?</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-3">
              <form className="grid gap-3" onSubmit={requestChanges}>
                <div className="grid gap-1">
                  <Label htmlFor={`${id}-changes`}>What would you like changed?</Label>
                  <Textarea
                    id={`${id}-changes`}
                    required
                    maxLength={5000}
                    value={changes}
                    onChange={(e) => setChanges(e.target.value)}
                  />
                </div>
                <Button type="submit" variant="outline" disabled={answer.isPending || changes.trim() === ""}>
                  Request changes
                </Button>
              </form>
              {confirmDecline ? (
                <div className="flex flex-wrap items-center gap-2">
                  <span className="text-sm">Decline this estimate?</span>
                  <Button
                    variant="destructive"
                    disabled={answer.isPending}
                    onClick={() => answer.mutate({ kind: "decline", body: {} })}
                  >
                    Yes, decline
                  </Button>
                  <Button variant="outline" onClick={() => setConfirmDecline(false)}>
                    Keep it
                  </Button>
                </div>
              ) : (
                <Button variant="ghost" className="justify-self-start" onClick={() => setConfirmDecline(true)}>
                  Decline estimate
                </Button>
              )}
            </CardContent>
          </Card>
        </>
      ) : null}
    </BrandedPage>
  );
}

/** `/review/estimates/:id#<token>`: the customer's estimate, reached without signing in. */
export function ReviewEstimatePage() {
  const { id = "" } = useParams();
  const [token] = useState(fragmentToken);
  const estimate = useReviewQuery(reviewEndpoints.getEstimate, { params: { id } }, token);
  if (token === "") return <LinkNotValid message={PUBLIC_LINK_NOT_FOUND} />;
  if (estimate.isError)
    return <LinkNotValid message={apiErrorMessage(estimate.error, "The estimate could not be loaded. Try again.")} />;
  if (estimate.isPending) return <BrandedLoading label="Loading estimate" />;
  return <ReviewEstimateView estimate={estimate.data} token={token} />;
}
