import { CustomerInvoices } from "../../features/invoices/customer-invoices";
import { LinkedCustomRecords } from "../../features/custom-objects/linked-custom-records";
import { CustomerDetailPage } from "../../features/customers/customer-detail-page";
import { CustomerEstimates, CustomerPortal } from "../../features/estimates/customer-sales";
import { CustomerLeads } from "../../features/leads/customer-leads";

/** Invoices, estimates, leads and the portal link for the office, then the linked custom records, for everyone. */
function CustomerSections({ customerId, canEdit }: { customerId: string; canEdit: boolean }) {
  return (
    <>
      {canEdit ? <CustomerInvoices customerId={customerId} /> : null}
      {canEdit ? <CustomerEstimates customerId={customerId} /> : null}
      {canEdit ? <CustomerLeads customerId={customerId} /> : null}
      {canEdit ? <CustomerPortal customerId={customerId} /> : null}
      <LinkedCustomRecords kind="customer" recordId={customerId} />
    </>
  );
}

/** /customers/:id: the customer's page with what billing, sales and custom objects show of them. */
export function CustomerDetailRoute() {
  return <CustomerDetailPage Sections={CustomerSections} />;
}
