import type { CustomerImportStatus } from "@fieldops/shared/customers";
import type { AppEvent } from "@fieldops/shared/events";

/** An import wrote its rows, located more of them, or finished: its dialog and the customer lists refetch. */
export function customerImportUpdated(customerImport: { id: string; status: CustomerImportStatus }): AppEvent {
  return { name: "customer_import.updated", payload: { importId: customerImport.id, status: customerImport.status } };
}
