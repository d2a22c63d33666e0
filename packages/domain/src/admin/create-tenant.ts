import { Prisma, withSystem, withTenant, type Company, type Database } from "@fieldops/db";
import type { CreateTenantRequest } from "@fieldops/shared/admin";
import { PLANS } from "@fieldops/shared/plans";
import { SLUG_TAKEN } from "@fieldops/shared/tenant-routes";
import { VERTICALS, verticalForIndustry } from "@fieldops/shared/verticals";
import { EMAIL_TAKEN } from "../accounts/sign-up.ts";
import { recordAudit } from "../audit/record-audit.ts";
import { DEFAULT_PRIMARY_COLOR } from "../tenants/get-tenant-config.ts";
import { conflict } from "../errors.ts";
import { createInvitations } from "../team/create-invitation.ts";
import { byAdmin, type PlatformAdminActor } from "./platform-admin-actor.ts";

export interface CreatedTenant {
  company: Company;
  /** The owner's invitation, for the caller to send once everything has committed. */
  invitation: { id: string; sendCount: number };
}

/**
 * A platform administrator opens a company: its name, slug, industry (and the vertical that goes with it) and plan
 * (chosen, so no free trial), and invites its owner through the team's invitation flow. The company is created in the
 * system context; the invitation and the audit entry in the company's own transaction. If that second step fails, the
 * company is removed again, so a refused invitation leaves nothing behind.
 */
export async function createTenant(
  db: Database,
  request: CreateTenantRequest,
  actor: PlatformAdminActor,
): Promise<CreatedTenant> {
  const vertical = VERTICALS[verticalForIndustry(request.industry)];
  const company = await withSystem(db, async (tx) => {
    if (await tx.user.findUnique({ where: { email: request.ownerEmail }, select: { id: true } }))
      throw conflict(EMAIL_TAKEN, "ownerEmail");
    if (await tx.company.findUnique({ where: { slug: request.slug }, select: { id: true } }))
      throw conflict(SLUG_TAKEN, "slug");
    return tx.company.create({
      data: {
        name: request.companyName,
        slug: request.slug,
        industry: request.industry,
        verticalId: vertical.id,
        planId: PLANS[request.plan].id,
        branding: { name: request.companyName, logo: null, primaryColor: DEFAULT_PRIMARY_COLOR },
        features: vertical.features,
      },
    });
  }).catch((error: unknown) => {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002")
      throw conflict(SLUG_TAKEN, "slug");
    throw error;
  });
  try {
    const invitation = await withTenant(db, company.id, async (tx) => {
      await recordAudit(tx, {
        companyId: company.id,
        actorUserId: actor.userId,
        action: "company.created",
        entityType: "company",
        entityId: company.id,
        summary: `${byAdmin(actor)} created ${company.name} on the ${PLANS[request.plan].name} plan`,
      });
      const owner = { name: request.ownerName, email: request.ownerEmail, phone: "", role: "owner" } as const;
      const [created] = await createInvitations({ tx, companyId: company.id, actor }, { invitations: [owner] });
      return { id: created!.invitation.id, sendCount: created!.sendCount };
    });
    return { company, invitation };
  } catch (error) {
    await withSystem(db, (tx) => tx.company.delete({ where: { id: company.id } }));
    throw error;
  }
}
