import { randomUUID } from "node:crypto";
import type { TenantTransaction } from "@fieldops/db";
import type { PortalLinkStatus } from "@fieldops/shared/review";
import type { SendChannelsInput } from "@fieldops/shared/estimates";
import { invalidInput, notFound } from "../errors.ts";
import { sendCustomerLinkTask } from "../notifications/send-customer-link.task.ts";
import { requirePlanFeature } from "../plans/require-plan-feature.ts";
import { issuePublicLink, revokePublicLinks } from "../public-links/public-links.ts";
import type { TenantScope, UserActor } from "../tenant-scope.ts";

async function assertCustomer(tx: TenantTransaction, customerId: string): Promise<void> {
  if (!(await tx.customer.findUnique({ where: { id: customerId }, select: { id: true } })))
    throw notFound("Customer not found");
}

export async function getPortalLinkStatus(tx: TenantTransaction, customerId: string): Promise<PortalLinkStatus> {
  await assertCustomer(tx, customerId);
  const link = await tx.publicLink.findFirst({
    where: { kind: "customer_portal", subjectId: customerId },
    select: { createdAt: true, lastUsedAt: true },
  });
  return {
    active: link !== null,
    createdAt: link?.createdAt.toISOString() ?? null,
    lastUsedAt: link?.lastUsedAt?.toISOString() ?? null,
  };
}

/**
 * Makes the customer's one portal link, replacing (and so revoking) the one before; returns its token, known only now.
 * The portal is a plan feature (Growth and above).
 */
export async function rotatePortalLink(
  { tx, companyId, actor }: TenantScope<UserActor>,
  input: { customerId: string; send?: SendChannelsInput },
): Promise<string> {
  await requirePlanFeature(tx, "portal", "The customer portal");
  const customer = await tx.customer.findUnique({
    where: { id: input.customerId },
    select: { name: true, email: true, phone: true },
  });
  if (!customer) throw notFound("Customer not found");
  if (input.send && !(input.send.email && customer.email) && !(input.send.sms && customer.phone)) {
    throw invalidInput(`${customer.name} has no e-mail address or phone number to send it to`, "email");
  }
  return issuePublicLink(tx, {
    companyId,
    kind: "customer_portal",
    subjectId: input.customerId,
    userId: actor.userId,
    replace: true,
  });
}

/**
 * Makes the customer's new portal link (`rotatePortalLink`) and sends it by the channels asked for: the notification
 * task is enqueued through the scope, so it leaves once the transaction has committed. Returns the token.
 */
export async function sendPortalLink(
  scope: TenantScope<UserActor>,
  input: SendChannelsInput & { customerId: string; origin: string },
): Promise<string> {
  const { customerId, origin, ...send } = input;
  const token = await rotatePortalLink(scope, { customerId, send });
  const sendId = randomUUID();
  scope.enqueue(
    sendCustomerLinkTask,
    {
      companyId: scope.companyId,
      kind: "customer_portal",
      subjectId: customerId,
      token,
      origin,
      email: send.email,
      sms: send.sms,
      sendId,
      requestId: scope.requestId,
    },
    `${customerId}_${sendId}`,
  );
  return token;
}

export async function revokePortalLink(tx: TenantTransaction, customerId: string): Promise<void> {
  await assertCustomer(tx, customerId);
  await revokePublicLinks(tx, "customer_portal", customerId);
}
