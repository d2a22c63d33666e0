import { useState, type ReactNode } from "react";
import { useParams } from "react-router";
import { formatCompanyTime } from "@fieldops/shared/company-time";
import { ESTIMATE_STATUS_LABELS } from "@fieldops/shared/estimates";
import { reviewPagePath } from "@fieldops/shared/invoices";
import {
  PUBLIC_LINK_NOT_FOUND,
  portalCredential,
  reviewEndpoints,
  reviewEstimatePath,
  type Portal,
} from "@fieldops/shared/review";
import { DataTable } from "../../components/data-table";
import { Badge } from "../../components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { apiErrorMessage } from "../../lib/api-error";
import { formatCents } from "@fieldops/shared/money";
import { BrandedLoading, BrandedPage, LinkNotValid } from "./branded-page";
import { PortalChat } from "./portal-chat";
import { fragmentToken, useReviewQuery } from "./review-api";

/** One part of the portal: its title, and its rows or what to say when there are none. */
function Section({
  title,
  count,
  empty,
  children,
}: {
  title: string;
  count: number;
  empty: string;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent>{count === 0 ? <p className="text-sm text-muted-foreground">{empty}</p> : children}</CardContent>
    </Card>
  );
}

function PortalView({ portal, customerId, token }: { portal: Portal; customerId: string; token: string }) {
  const timeZone = portal.company.timeZone;
  return (
    <BrandedPage branding={portal.company.branding} title="Your account">
      <h1 className="text-2xl font-semibold tracking-tight">Hello, {portal.customerName}</h1>
      <Section title="Upcoming visits" count={portal.visits.length} empty="No visits scheduled.">
        <ul className="grid gap-1 text-sm" aria-label="Upcoming visits">
          {portal.visits.map((visit) => (
            <li key={visit.id}>
              <span className="font-medium">{visit.jobTitle}</span> ·{" "}
              {visit.scheduledStart ? formatCompanyTime(visit.scheduledStart, timeZone) : "to be scheduled"}
            </li>
          ))}
        </ul>
      </Section>
      <Section title="Estimates to approve" count={portal.estimates.length} empty="Nothing waiting for you.">
        <ul className="grid gap-2 text-sm" aria-label="Estimates to approve">
          {portal.estimates.map((estimate) => (
            <li key={estimate.id} className="flex flex-wrap items-center gap-2">
              <a
                className="font-medium underline underline-offset-4"
                href={`${reviewEstimatePath(estimate.id)}#${encodeURIComponent(portalCredential(customerId, token))}`}
              >
                Estimate #{estimate.number}: {estimate.title}
              </a>
              <span>up to {formatCents(estimate.totalCents)}</span>
              {estimate.status === "changes_requested" ? (
                <Badge variant="secondary">{ESTIMATE_STATUS_LABELS[estimate.status]}</Badge>
              ) : null}
              {estimate.expiresOn ? (
                <span className="text-muted-foreground">valid until {estimate.expiresOn}</span>
              ) : null}
            </li>
          ))}
        </ul>
      </Section>
      <Section title="Unpaid invoices" count={portal.invoices.length} empty="You are all paid up.">
        <DataTable
          caption="Unpaid invoices"
          density="compact"
          rows={portal.invoices}
          rowKey={(invoice) => invoice.id}
          columns={[
            {
              id: "invoice",
              header: "Invoice",
              cell: (invoice) => (
                <a
                  className="font-medium underline underline-offset-4"
                  href={reviewPagePath(invoice.id, encodeURIComponent(portalCredential(customerId, token)))}
                >
                  #{invoice.number}
                </a>
              ),
            },
            { id: "total", header: "Total", align: "right", cell: (invoice) => formatCents(invoice.totalCents) },
            { id: "balance", header: "Balance", align: "right", cell: (invoice) => formatCents(invoice.balanceCents) },
            {
              id: "due",
              header: "Due",
              cell: (invoice) => (
                <>
                  {invoice.dueOn ?? "—"} {invoice.pastDue ? <Badge variant="outline">Past due</Badge> : null}
                </>
              ),
            },
          ]}
        />
      </Section>
      <PortalChat customerId={customerId} token={token} timeZone={timeZone} />
    </BrandedPage>
  );
}

/** `/review/portal/:customerId#<token>`: a customer's own page, reached without signing in. */
export function PortalPage() {
  const { customerId = "" } = useParams();
  const [token] = useState(fragmentToken);
  const portal = useReviewQuery(reviewEndpoints.getPortal, { params: { id: customerId } }, token);
  if (token === "") return <LinkNotValid message={PUBLIC_LINK_NOT_FOUND} />;
  if (portal.isError)
    return <LinkNotValid message={apiErrorMessage(portal.error, "Your page could not be loaded. Try again.")} />;
  if (portal.isPending) return <BrandedLoading label="Loading your page" />;
  return <PortalView portal={portal.data} customerId={customerId} token={token} />;
}
