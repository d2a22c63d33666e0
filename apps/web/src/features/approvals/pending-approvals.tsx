import { useState } from "react";
import { ShieldCheck } from "lucide-react";
import { formatCompanyTime } from "@fieldops/shared/company-time";
import type { ApprovalRequest } from "@fieldops/shared/modules";
import { Alert, AlertDescription, AlertTitle } from "../../components/ui/alert";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../components/ui/dialog";
import { Label } from "../../components/ui/label";
import { Skeleton } from "../../components/ui/skeleton";
import { Textarea } from "../../components/ui/textarea";
import { toast } from "../../hooks/use-toast";
import { useDecideApproval, usePendingApprovals } from "./approval-queries";
import { apiErrorMessage } from "../../lib/api-error";

function DenyDialog({ request, onClose }: { request: ApprovalRequest; onClose: () => void }) {
  const decide = useDecideApproval();
  const [reason, setReason] = useState("");
  async function deny() {
    try {
      await decide.mutateAsync({ id: request.id, decision: "deny", reason: reason.trim() });
      toast({ title: "Request denied", description: `${request.requestedBy.name} will be told why.` });
      onClose();
    } catch (error) {
      toast({
        title: "Could not deny the request",
        description: apiErrorMessage(error, "Try again."),
        variant: "destructive",
      });
    }
  }
  return (
    <Dialog open onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Deny {request.moduleLabel.toLowerCase()}?</DialogTitle>
          <DialogDescription>{request.summary}</DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            void deny();
          }}
        >
          <Label htmlFor="deny-reason">Reason</Label>
          <Textarea
            id="deny-reason"
            value={reason}
            maxLength={500}
            required
            onChange={(event) => setReason(event.target.value)}
          />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={reason.trim() === "" || decide.isPending}>
              Deny request
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function ApprovalItem({
  request,
  timeZone,
  onDeny,
}: {
  request: ApprovalRequest;
  timeZone: string;
  onDeny: () => void;
}) {
  const decide = useDecideApproval();
  async function approve() {
    try {
      await decide.mutateAsync({ id: request.id, decision: "approve", paramsHash: request.paramsHash });
      toast({
        title: "Request approved",
        description: `${request.moduleLabel} is running for ${request.requestedBy.name}.`,
      });
    } catch (error) {
      toast({
        title: "Could not approve the request",
        description: apiErrorMessage(error, "Try again."),
        variant: "destructive",
      });
    }
  }
  return (
    <li
      className="grid gap-2 py-3 first:pt-0 last:pb-0"
      aria-label={`${request.moduleLabel} requested by ${request.requestedBy.name}`}
    >
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium">{request.moduleLabel}</span>
        <Badge variant="secondary">{request.requestedBy.name}</Badge>
      </div>
      <p className="text-sm">{request.summary}</p>
      <p className="text-xs text-muted-foreground">
        Asked {formatCompanyTime(request.requestedAt, timeZone)} · open until{" "}
        {formatCompanyTime(request.expiresAt, timeZone)}
      </p>
      <div className="flex gap-2">
        <Button size="sm" disabled={decide.isPending} onClick={() => void approve()}>
          Approve
        </Button>
        <Button size="sm" variant="outline" disabled={decide.isPending} onClick={onDeny}>
          Deny
        </Button>
      </div>
    </li>
  );
}

/** Owners' and administrators' pending approval requests, kept current by `approval.updated`. */
export function PendingApprovals({ timeZone }: { timeZone: string }) {
  const approvals = usePendingApprovals(true);
  const [denying, setDenying] = useState<ApprovalRequest | null>(null);
  return (
    <Card role="region" aria-labelledby="pending-approvals-title">
      <CardHeader>
        <CardTitle id="pending-approvals-title" className="flex items-center gap-2">
          <ShieldCheck className="size-4" aria-hidden="true" />
          Pending approvals
        </CardTitle>
        <CardDescription>
          Actions your team asked for that need an owner's or administrator's approval before they run.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {approvals.isPending ? (
          <div className="grid gap-3" aria-label="Loading pending approvals" role="status">
            <Skeleton className="h-12 w-full" />
          </div>
        ) : approvals.isError ? (
          <Alert variant="destructive">
            <AlertTitle>Pending approvals could not be loaded</AlertTitle>
            <AlertDescription>
              <Button
                variant="outline"
                size="sm"
                disabled={approvals.isFetching}
                onClick={() => void approvals.refetch()}
              >
                Try again
              </Button>
            </AlertDescription>
          </Alert>
        ) : approvals.data.items.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nothing is waiting for your approval.</p>
        ) : (
          <ul aria-label="Pending approvals" className="divide-y">
            {approvals.data.items.map((request) => (
              <ApprovalItem key={request.id} request={request} timeZone={timeZone} onDeny={() => setDenying(request)} />
            ))}
          </ul>
        )}
      </CardContent>
      {denying ? <DenyDialog request={denying} onClose={() => setDenying(null)} /> : null}
    </Card>
  );
}
