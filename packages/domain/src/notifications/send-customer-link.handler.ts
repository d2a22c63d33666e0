import type { TenantTransaction } from "@fieldops/db";
import type { TaskHandler } from "@fieldops/tasks/task-definition";
import { brandingSchema } from "@fieldops/shared/company";
import { reviewEstimatePath, reviewPortalPath } from "@fieldops/shared/review";
import { runInScope } from "../effects/run-in-scope.ts";
import { estimatesChanged } from "../estimates/estimates-events.ts";
import { writeOutboxMessages } from "../outbox/write-outbox-messages.ts";
import { publicLinkUrl } from "../public-links/public-link-token.ts";
import { systemActor } from "../tenant-scope.ts";
import type { sendCustomerLinkTask } from "./send-customer-link.task.ts";

type Payload = ReturnType<typeof sendCustomerLinkTask.schema.parse>;

interface Message {
  recipient: { email: string | null; phone: string | null };
  subject: string;
  email: string;
  sms: string;
  link: { url: string; label: string };
  estimateId: string | null;
  customerId: string;
}

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

async function estimateMessage(tx: TenantTransaction, payload: Payload, companyName: string): Promise<Message | null> {
  const estimate = await tx.estimate.findUnique({
    where: { id: payload.subjectId },
    select: {
      id: true,
      number: true,
      title: true,
      customerId: true,
      customer: { select: { name: true, email: true, phone: true } },
    },
  });
  if (!estimate) return null;
  const url = publicLinkUrl(payload.origin, reviewEstimatePath(estimate.id), payload.token);
  return {
    recipient: estimate.customer,
    subject: `Estimate #${estimate.number} from ${companyName}: ${estimate.title}`,
    email: `Hello ${estimate.customer.name},\n\n${companyName} has sent you estimate #${estimate.number}, "${estimate.title}". Review it, choose an option and approve it or ask for changes here:\n\n${url}\n\nThank you,\n${companyName}`,
    sms: `${companyName}: your estimate #${estimate.number} is ready. Review and approve it: ${url}`,
    link: { url, label: "Review the estimate" },
    estimateId: estimate.id,
    customerId: estimate.customerId,
  };
}

async function portalMessage(tx: TenantTransaction, payload: Payload, companyName: string): Promise<Message | null> {
  const customer = await tx.customer.findUnique({
    where: { id: payload.subjectId },
    select: { id: true, name: true, email: true, phone: true },
  });
  if (!customer) return null;
  const url = publicLinkUrl(payload.origin, reviewPortalPath(customer.id), payload.token);
  const balance = await tx.invoice.aggregate({
    where: { customerId: customer.id, status: { in: ["sent", "partially_paid"] } },
    _sum: { totalCents: true, paidCents: true },
  });
  const open = (balance._sum.totalCents ?? 0) - (balance._sum.paidCents ?? 0);
  return {
    recipient: customer,
    subject: `Your ${companyName} customer portal`,
    email: `Hello ${customer.name},\n\nYour visits, estimates and invoices with ${companyName} are on your own page${open > 0 ? ` (open balance ${money(open)})` : ""}:\n\n${url}\n\nKeep this link to yourself: anyone who has it can see them.\n\n${companyName}`,
    sms: `${companyName}: your visits, estimates and invoices: ${url}`,
    link: { url, label: "Open your page" },
    estimateId: null,
    customerId: customer.id,
  };
}

/**
 * Writes one e-mail and one text message (as asked, to the contacts the customer has) in the outbox, whose dispatcher
 * sends the e-mail, and tells the company's screens. Keyed by the sending, so a retry adds nothing.
 */
export const sendCustomerLink: TaskHandler<typeof sendCustomerLinkTask.schema> = async (payload, context) => {
  const options = {
    companyId: payload.companyId,
    actor: systemActor("task:send_customer_link"),
    requestId: payload.requestId,
  };
  await runInScope(context, options, async (scope) => {
    const { tx } = scope;
    const company = await tx.company.findFirstOrThrow({ select: { name: true, branding: true } });
    const companyName = brandingSchema.safeParse(company.branding).data?.name || company.name;
    const message =
      payload.kind === "estimate"
        ? await estimateMessage(tx, payload, companyName)
        : await portalMessage(tx, payload, companyName);
    if (!message) return;
    const kind = payload.kind === "estimate" ? "estimate" : "customer_portal";
    const rows = [
      ...(payload.email && message.recipient.email
        ? [{ channel: "email", recipient: message.recipient.email, body: message.email }]
        : []),
      ...(payload.sms && message.recipient.phone
        ? [{ channel: "sms", recipient: message.recipient.phone, body: message.sms }]
        : []),
    ];
    await writeOutboxMessages(
      scope,
      rows.map((row) => ({
        kind,
        channel: row.channel,
        recipient: row.recipient,
        subject: message.subject,
        body: row.body,
        dedupeKey: `${kind}:${payload.subjectId}:${payload.sendId}:${row.channel}`,
        estimateId: message.estimateId,
        customerId: message.customerId,
        linkUrl: message.link.url,
        linkLabel: message.link.label,
      })),
    );
    if (message.estimateId) scope.emit(estimatesChanged([message.estimateId]));
  });
};
