import { createHash, randomBytes } from "node:crypto";
import type { Database } from "./client.ts";

const DAY_MS = 24 * 3600 * 1000;

export interface DemoAccountInput {
  companyId: string;
  companyName: string;
  slug: string;
  planHasPrioritySupport: boolean;
  city: string;
  region: string;
  /** Where the company's office (and its yard) is. */
  center: { lat: number; lng: number };
  users: { id: string; name: string; email: string; role: string }[];
  now: Date;
}

/**
 * The demo company's account side: contact details, its address and yard, a record of changes in the audit log, an invitation waiting to be
 * accepted (its message in the outbox), and support tickets in several states.
 */
export async function seedCompanyAccount(db: Database, input: DemoAccountInput): Promise<void> {
  const { companyId, now } = input;
  const owner = input.users.find((user) => user.role === "owner")!;
  const member = input.users.find((user) => user.role === "member");
  const ago = (days: number, hours = 0) => new Date(now.getTime() - days * DAY_MS - hours * 3600_000);
  await db.company.update({
    where: { id: companyId },
    data: {
      phone: "(555) 010-2030",
      email: `office@${input.slug}.test`,
      // The office and the yard where the crews start are one site, placed at the town's centre as a ZIP code would.
      street: "1200 Main St",
      city: input.city,
      region: input.region,
      latitude: input.center.lat,
      longitude: input.center.lng,
      locationPrecision: "approximate",
      yardStreet: "1200 Main St",
      yardCity: input.city,
      yardRegion: input.region,
      yardLatitude: input.center.lat,
      yardLongitude: input.center.lng,
      yardLocationPrecision: "approximate",
    },
  });

  const invitee = { name: "Dana Diaz", email: `dana@${input.slug}.test` };
  const token = randomBytes(32).toString("base64url");
  const invitation = await db.invitation.create({
    data: {
      companyId,
      ...invitee,
      phone: "(555) 010-4455",
      role: "field_user",
      tokenHash: createHash("sha256").update(token).digest("hex"),
      invitedByUserId: owner.id,
      expiresAt: new Date(now.getTime() + 5 * DAY_MS),
      createdAt: ago(2),
    },
  });
  await db.outboxMessage.create({
    data: {
      companyId,
      kind: "invitation",
      channel: "email",
      recipient: invitee.email,
      subject: `Join ${input.companyName} on FieldOps`,
      body: `Hello ${invitee.name}, ${owner.name} invited you to join ${input.companyName} on FieldOps as a field team member. Set your password and sign in here: http://localhost:3000/signup#invite=${token} (this link works once, until ${invitation.expiresAt.toISOString().slice(0, 10)}).`,
      dedupeKey: `invitation:${invitation.id}:1`,
      // The demo's history: sent before the demo began (no dispatcher task is queued for it).
      status: "sent",
      sentAt: ago(2),
      createdAt: ago(2),
    },
  });

  const audit = (days: number, actorUserId: string, action: string, entityType: string, summary: string) => ({
    companyId,
    actorUserId,
    action,
    entityType,
    entityId: null,
    metadata: { summary },
    createdAt: ago(days),
  });
  await db.auditLog.createMany({
    data: [
      audit(30, owner.id, "company.onboarding_completed", "company", `${owner.name} completed the setup`),
      audit(21, owner.id, "company.updated", "company", `${owner.name} changed the company's phone, address`),
      audit(14, owner.id, "integration.connected", "integration", "QuickBooks was connected (simulated)"),
      ...(member
        ? [
            audit(
              9,
              owner.id,
              "team.role_changed",
              "user",
              `${owner.name} changed ${member.name}'s role from field user to member`,
            ),
          ]
        : []),
      audit(6, owner.id, "company.logo_changed", "company", `${owner.name} uploaded a new logo`),
      audit(
        2,
        owner.id,
        "team.invited",
        "invitation",
        `${owner.name} invited ${invitee.name} (${invitee.email}) as field user`,
      ),
    ],
  });

  const author = member ?? owner;
  const tickets = [
    {
      subject: "Recurring job skipped a week",
      status: "waiting" as const,
      days: 3,
      reply:
        "Thanks! The recurrence was set to every other week; change it on the job to weekly and the missing visits appear.",
    },
    {
      subject: "How do I export customers?",
      status: "resolved" as const,
      days: 12,
      reply: "Customers › Export CSV (Growth plan and above) downloads every customer.",
    },
    { subject: "Crew app shows yesterday's visits", status: "open" as const, days: 0, reply: null },
  ];
  for (const ticket of tickets) {
    const created = await db.supportTicket.create({
      data: {
        companyId,
        subject: ticket.subject,
        status: ticket.status,
        priority: input.planHasPrioritySupport,
        createdByUserId: author.id,
        createdAt: ago(ticket.days, 2),
        lastMessageAt: ago(ticket.days, ticket.reply ? 1 : 2),
      },
    });
    await db.supportMessage.create({
      data: {
        companyId,
        ticketId: created.id,
        authorUserId: author.id,
        authorName: author.name,
        body: `${ticket.subject}. Can you help?`,
        createdAt: ago(ticket.days, 2),
      },
    });
    if (ticket.reply) {
      await db.supportMessage.create({
        data: {
          companyId,
          ticketId: created.id,
          authorName: "Ada Admin (FieldOps support)",
          fromSupport: true,
          body: ticket.reply,
          createdAt: ago(ticket.days, 1),
        },
      });
    }
  }
}
