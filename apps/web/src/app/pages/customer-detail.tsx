import { CustomerInvoices } from "../../features/invoices/customer-invoices";
import { LinkedCustomRecords } from "../../features/custom-objects/linked-custom-records";
import { CustomerMessages, CustomerVisits } from "../../features/customers/customer-history";
import { CustomerConversation } from "../../features/messages/customer-conversation";
import { CustomerDetailPage } from "../../features/customers/customer-detail-page";
import { CustomerEstimates, CustomerPortal } from "../../features/estimates/customer-sales";
import { CustomerJobs, NewJobForCustomer } from "../../features/jobs/customer-jobs";
import { CustomerLeads } from "../../features/leads/customer-leads";
import { useCan } from "../../lib/permissions";

/**
 * The customer's jobs and visits, estimates, invoices and the messages sent to them, leads and the portal link for the
 * office (each as its role allows), then the linked custom records, for everyone.
 */
function CustomerSections({ customerId, canEdit }: { customerId: string; canEdit: boolean }) {
  const mayWorkJobs = useCan("jobs.manage");
  const mayMessage = useCan("messages.manage");
  return (
    <>
      {mayWorkJobs ? <CustomerJobs customerId={customerId} /> : null}
      {mayWorkJobs ? <CustomerVisits customerId={customerId} /> : null}
      {canEdit ? <CustomerEstimates customerId={customerId} /> : null}
      {canEdit ? <CustomerInvoices customerId={customerId} /> : null}
      {mayMessage ? <CustomerConversation customerId={customerId} /> : null}
      {canEdit ? <CustomerMessages customerId={customerId} /> : null}
      {canEdit ? <CustomerLeads customerId={customerId} /> : null}
      {canEdit ? <CustomerPortal customerId={customerId} /> : null}
      <LinkedCustomRecords kind="customer" recordId={customerId} />
    </>
  );
}

/** New job, for those who create jobs. */
function CustomerActions({ customer }: { customer: { id: string; name: string } }) {
  return useCan("jobs.manage") ? <NewJobForCustomer customer={customer} /> : null;
}

/** /customers/:id: the customer's page with what jobs, billing, sales and custom objects show of them. */
export function CustomerDetailRoute() {
  return <CustomerDetailPage Sections={CustomerSections} Actions={CustomerActions} />;
}
