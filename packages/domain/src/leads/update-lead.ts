import type { Lead, UpdateLeadInput } from "@fieldops/shared/leads";
import { conflict } from "../errors.ts";
import type { Geocoder } from "../geocoding/geocoder.ts";
import type { TenantScope } from "../tenant-scope.ts";
import { leadInclude, lockLead, prospectData, toLead } from "./lead-record.ts";
import { leadsChanged } from "./leads-events.ts";

/**
 * Edits a lead's request, or its prospect's details while it has no customer; marks it lost, or reopens it (new, or
 * estimating when it has an estimate). A won lead stays won. Announces it.
 */
export async function updateLead(
  { tx, emit }: TenantScope,
  input: UpdateLeadInput & { leadId: string },
  { geocoder }: { geocoder: Geocoder },
): Promise<Lead> {
  const current = await lockLead(tx, input.leadId);
  if (input.prospect && current.customerId)
    throw conflict("This lead is a customer's: edit the customer instead", "prospect");
  if (input.lost !== undefined && current.status === "won")
    throw conflict("A won lead cannot be marked lost or reopened", "lost");
  const reopened = current.estimates.length > 0 ? "estimating" : "new";
  const row = await tx.lead.update({
    where: { id: current.id },
    data: {
      request: input.request,
      source: input.source,
      notes: input.notes === undefined ? undefined : input.notes,
      ...(input.prospect ? await prospectData(geocoder, input.prospect, current) : {}),
      status: input.lost === undefined ? undefined : input.lost ? "lost" : reopened,
    },
    include: leadInclude,
  });
  emit(leadsChanged([row.id]));
  return toLead(row);
}
