import { FREE_TRIAL_DAYS, PLANS } from "@fieldops/shared/plans";
import type { SignupRequest } from "@fieldops/shared/auth";
import { defaultPermissions } from "@fieldops/shared/roles";
import { slugFromName, uniqueSlug } from "@fieldops/shared/tenant-routes";
import { VERTICALS, verticalForIndustry } from "@fieldops/shared/verticals";
import type { Company, Database, User } from "@fieldops/db";
import { Prisma, withSystem } from "@fieldops/db";
import { hashPassword } from "./passwords.ts";
import { conflict } from "../errors.ts";

export const EMAIL_TAKEN = "An account with this email already exists";
export const GENERIC_INDUSTRY = "field-service";

/**
 * Creates the company (slug derived from its name under the spec's slug rules), its owner, and the 7-day trial of
 * the chosen plan (Starter when none was chosen).
 */
export async function signUp(db: Database, request: SignupRequest): Promise<{ company: Company; owner: User }> {
  const plan = PLANS[request.plan ?? "starter"];
  const vertical = VERTICALS[verticalForIndustry(GENERIC_INDUSTRY)];
  const passwordHash = await hashPassword(request.password);
  if (await withSystem(db, (tx) => tx.user.findUnique({ where: { email: request.email }, select: { id: true } }))) {
    throw conflict(EMAIL_TAKEN, "email");
  }
  try {
    return await withSystem(db, async (tx) => {
      const slug = await uniqueSlug(slugFromName(request.companyName), async (candidate) =>
        Boolean(await tx.company.findUnique({ where: { slug: candidate }, select: { id: true } })),
      );
      const company = await tx.company.create({
        data: {
          name: request.companyName,
          slug,
          industry: GENERIC_INDUSTRY,
          verticalId: vertical.id,
          planId: plan.id,
          branding: { name: request.companyName, logo: null, primaryColor: "#16a34a" },
          features: vertical.features,
          trialEndsAt: new Date(Date.now() + FREE_TRIAL_DAYS * 24 * 3600 * 1000),
        },
      });
      const owner = await tx.user.create({
        data: {
          companyId: company.id,
          email: request.email,
          name: request.name,
          passwordHash,
          role: "owner",
          permissions: defaultPermissions("owner"),
        },
      });
      return { company, owner };
    });
  } catch (error) {
    // Two sign-ups with one e-mail at the same moment: the unique index decides.
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") throw conflict(EMAIL_TAKEN, "email");
    throw error;
  }
}
