import { userMayAct } from "@fieldops/shared/roles";
import { useTerms } from "../../lib/terms";
import { useSignedInUser } from "../../lib/session";

/** The company's words for a customer (a wound-care agency says Patient), and whether the user may change customers. */
export function useCustomerTerms() {
  const user = useSignedInUser();
  const terms = useTerms();
  return {
    singular: terms.customer,
    plural: terms.customers,
    canEdit: userMayAct(user, ["owner", "member"]),
    hasCompany: user.companyId !== null,
  };
}
