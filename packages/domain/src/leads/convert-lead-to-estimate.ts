import type { EstimateDetail } from "@fieldops/shared/estimates";
import { conflict, invalidInput } from "../errors.ts";
import { createCustomer } from "../customers/create-customer.ts";
import { createEstimate } from "../estimates/create-estimate.ts";
import type { Geocoder } from "../geocoding/geocoder.ts";
import type { TenantScope, UserActor } from "../tenant-scope.ts";
import { lockLead } from "./lead-record.ts";

/**
 * Makes a lead's draft estimate: for a prospect, first the customer (with their contacts and address, within the
 * plan's customer limit), then the estimate, titled by the request, with one empty option to price. A prospect whose
 * address cannot be located is estimated all the same: their customer has no location until the address is fixed.
 * The lead is estimating from then on. A lead has one estimate; converting again is refused. The estimate announces
 * itself with its lead (`createEstimate`).
 */
export async function convertLeadToEstimate(
  scope: TenantScope<UserActor>,
  input: { leadId: string; now?: Date },
  services: { geocoder: Geocoder },
): Promise<EstimateDetail> {
  const { tx } = scope;
  const lead = await lockLead(tx, input.leadId);
  if (lead.estimates.length > 0) throw conflict(`This lead already has estimate #${lead.estimates[0]!.number}`);
  if (lead.status === "lost") throw conflict("This lead is lost: reopen it first");
  let customerId = lead.customerId;
  if (!customerId) {
    if (!lead.street || !lead.city)
      throw invalidInput("Add the prospect's street and city: the customer needs a service address", "street");
    // A point placed by hand goes with the address; a located one is found again from it.
    const placed =
      lead.locationPrecision === "manual" && lead.latitude !== null && lead.longitude !== null
        ? { latitude: lead.latitude, longitude: lead.longitude }
        : {};
    const customer = await createCustomer(
      scope,
      {
        name: lead.name,
        contacts: [
          ...(lead.email ? [{ kind: "email" as const, value: lead.email, label: null }] : []),
          ...(lead.phone ? [{ kind: "phone" as const, value: lead.phone, label: null }] : []),
        ],
        properties: [
          {
            street: lead.street,
            city: lead.city,
            region: lead.region ?? "",
            postcode: lead.postcode ?? "",
            ...placed,
          },
        ],
        tags: [],
        notes: lead.notes,
      },
      services,
    );
    customerId = customer.id;
  }
  const estimate = await createEstimate(scope, {
    now: input.now,
    leadId: lead.id,
    customerId,
    title: lead.request.split("\n")[0]!.slice(0, 200),
    options: [{ name: "Option 1", lineItems: [] }],
  });
  await tx.lead.update({ where: { id: lead.id }, data: { customerId, status: "estimating" } });
  return estimate;
}
