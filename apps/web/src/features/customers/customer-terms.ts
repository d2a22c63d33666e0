import { useSignedInUser } from "../../shell/app-layout";
import { useCompany } from "../../lib/company";

/** The company's words for a customer (a wound-care agency says Patient), and whether the user may change customers. */
export function useCustomerTerms() {
  const user = useSignedInUser();
  const company = useCompany(user.companyId);
  const terms = company.data?.terminology;
  return {
    singular: terms?.customer ?? "Customer",
    plural: terms?.customers ?? "Customers",
    canEdit: user.role === "owner" || user.role === "member",
    hasCompany: user.companyId !== null,
  };
}
