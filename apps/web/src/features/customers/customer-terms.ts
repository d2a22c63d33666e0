import { useCan } from "../../lib/permissions";
import { useTerms } from "../../lib/terms";
import { useSignedInUser } from "../../lib/session";

/** The company's words for a customer (a wound-care agency says Patient), and whether the user may change customers. */
export function useCustomerTerms() {
  const user = useSignedInUser();
  const terms = useTerms();
  const canEdit = useCan("customers.manage");
  return {
    singular: terms.customer,
    plural: terms.customers,
    canEdit,
    hasCompany: user.companyId !== null,
  };
}
