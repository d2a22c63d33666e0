import { Link } from "react-router";
import { formatCompanyTime } from "@fieldops/shared/company-time";
import type { CustomerMessage, CustomerVisit } from "@fieldops/shared/customers";
import { VISIT_STATUS_LABELS } from "@fieldops/shared/visit-lifecycle";
import { DataTable } from "../../components/data-table";
import { Badge } from "../../components/ui/badge";
import { PagedList } from "../../components/paged-list";
import { useCompany } from "../../lib/company";
import { useCan } from "../../lib/permissions";
import { useSignedInUser } from "../../lib/session";
import { useTerms } from "../../lib/terms";
import { useCustomerMessages, useCustomerVisits } from "./customer-queries";
import { MessageDeliveryState } from "../../components/message-delivery";

function useTimeZone(): string {
  const user = useSignedInUser();
  return useCompany(user.companyId).data?.timeZone ?? "UTC";
}

/** The customer's visits across their jobs, each linking to its job; for those who work on jobs. */
export function CustomerVisits({ customerId }: { customerId: string }) {
  const terms = useTerms();
  const timeZone = useTimeZone();
  const visits = useCustomerVisits(customerId);
  const items: CustomerVisit[] = visits.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <PagedList
      title={{ id: "customer-visits-title", text: "Visits" }}
      className="md:col-span-2"
      noun="Visits"
      query={visits}
      count={items.length}
      empty="No visits yet."
    >
      <DataTable
        caption={`The ${terms.customer.toLowerCase()}'s visits`}
        rows={items}
        rowKey={(visit) => visit.id}
        columns={[
          {
            id: "when",
            header: "When",
            cell: (visit) =>
              visit.scheduledStart ? formatCompanyTime(visit.scheduledStart, timeZone) : "Not scheduled",
          },
          {
            id: "job",
            header: terms.job,
            cell: (visit) => (
              <Link to={`/jobs/${visit.jobId}`} className="font-medium underline-offset-4 hover:underline">
                #{visit.jobNumber} {visit.jobTitle}
              </Link>
            ),
          },
          { id: "crew", header: "Crew", cell: (visit) => visit.crewName ?? "Unassigned" },
          {
            id: "status",
            header: "Status",
            cell: (visit) => <Badge variant="outline">{VISIT_STATUS_LABELS[visit.status]}</Badge>,
          },
        ]}
      />
    </PagedList>
  );
}

const MESSAGE_KINDS: Record<string, string> = {
  invoice: "Invoice",
  payment_reminder: "Payment reminder",
  estimate: "Estimate",
  customer_portal: "Portal link",
};

const CHANNELS: Record<string, string> = { email: "E-mail", sms: "Text message" };

/** Where a message leads: the invoice or estimate it sent, or the portal section of this page. */
function MessageAbout({ message, canSeeInvoices }: { message: CustomerMessage; canSeeInvoices: boolean }) {
  const link = "font-medium underline-offset-4 hover:underline";
  if (message.invoiceId && canSeeInvoices)
    return (
      <Link to={`/payments/invoices/${message.invoiceId}`} className={link}>
        {message.subject}
      </Link>
    );
  if (message.estimateId)
    return (
      <Link to={`/jobs/estimates/${message.estimateId}`} className={link}>
        {message.subject}
      </Link>
    );
  return <span className="font-medium">{message.subject}</span>;
}

/** The messages sent to the customer (invoices, estimates, reminders, portal links), each linking to what it sent. */
export function CustomerMessages({ customerId }: { customerId: string }) {
  const terms = useTerms();
  const timeZone = useTimeZone();
  const canSeeInvoices = useCan("invoices.manage");
  const messages = useCustomerMessages(customerId);
  const items: CustomerMessage[] = messages.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <PagedList
      title={{ id: "customer-messages-title", text: "Messages" }}
      className="md:col-span-2"
      noun="Messages"
      query={messages}
      count={items.length}
      empty="No messages sent yet."
    >
      <DataTable
        caption={`Messages sent to the ${terms.customer.toLowerCase()}`}
        rows={items}
        rowKey={(message) => message.id}
        columns={[
          { id: "when", header: "Written", cell: (message) => formatCompanyTime(message.createdAt, timeZone) },
          {
            id: "subject",
            header: "Subject",
            cell: (message) => <MessageAbout message={message} canSeeInvoices={canSeeInvoices} />,
          },
          { id: "kind", header: "Kind", cell: (message) => MESSAGE_KINDS[message.kind] ?? message.kind },
          {
            id: "to",
            header: "To",
            cell: (message) => `${CHANNELS[message.channel] ?? message.channel} · ${message.recipient ?? "no address"}`,
          },
          {
            id: "delivery",
            header: "Delivery",
            cell: (message) => <MessageDeliveryState message={message} />,
          },
        ]}
      />
    </PagedList>
  );
}
