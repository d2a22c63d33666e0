import { GENERIC_INDUSTRY } from "@fieldops/shared/admin";
import { FREE_TRIAL_DAYS, PLANS } from "@fieldops/shared/plans";
import type { SignupRequest } from "@fieldops/shared/auth";
import { defaultPermissions } from "@fieldops/shared/roles";
import { SLUG_TAKEN, slugFromName, uniqueSlug } from "@fieldops/shared/tenant-routes";
import { VERTICALS, verticalForIndustry } from "@fieldops/shared/verticals";
import type { Company, Database, User } from "@fieldops/db";
import { Prisma, withSystem, withTenant } from "@fieldops/db";
import { installDefaultAutomations } from "../automations/manage-automations.ts";
import { hashPassword } from "./passwords.ts";
import { z } from "zod";
import { conflict } from "../errors.ts";

export const EMAIL_TAKEN = "An account with this email already exists";

/** How many times a sign-up picks the next slug when concurrent sign-ups of the same name took its choice. */
const SLUG_ATTEMPTS = 10;

/**
 * Creates the company, its owner, and the 7-day trial of the chosen plan (Starter when none was chosen). The slug is
 * the one asked for (the contract checked its rules; a taken one is refused), or else derived from the company's name
 * under the slug rules of @fieldops/shared/tenant-routes. The company starts with the default automations.
 */
export async function signUp(
  db: Database,
  request: SignupRequest,
  options: { appOrigin?: string | null } = {},
): Promise<{ company: Company; owner: User }> {
  const created = await createCompanyAndOwner(db, request);
  await withTenant(db, created.company.id, (tx) =>
    installDefaultAutomations(tx, created.company.id, options.appOrigin ?? null),
  );
  return created;
}

async function createCompanyAndOwner(db: Database, request: SignupRequest): Promise<{ company: Company; owner: User }> {
  const plan = PLANS[request.plan ?? "starter"];
  const vertical = VERTICALS[verticalForIndustry(GENERIC_INDUSTRY)];
  // Before the costly hash: a taken e-mail is refused at once.
  if (await withSystem(db, (tx) => tx.user.findUnique({ where: { email: request.email }, select: { id: true } }))) {
    throw conflict(EMAIL_TAKEN, "email");
  }
  const passwordHash = await hashPassword(request.password);
  for (let attempt = 1; ; attempt++) {
    try {
      return await withSystem(db, async (tx) => {
        const isTaken = async (candidate: string) =>
          Boolean(await tx.company.findUnique({ where: { slug: candidate }, select: { id: true } }));
        if (request.slug && (await isTaken(request.slug))) throw conflict(SLUG_TAKEN, "slug");
        const slug = request.slug ?? (await uniqueSlug(slugFromName(request.companyName), isTaken));
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
      // Concurrent sign-ups: the unique indexes decide. Another one took the e-mail (refused) or the slug that
      // looked free (the next attempt sees it taken and picks the next candidate).
      const fields = uniqueViolationFields(error);
      if (fields.includes("email")) throw conflict(EMAIL_TAKEN, "email");
      if (fields.includes("slug") && request.slug) throw conflict(SLUG_TAKEN, "slug");
      if (fields.includes("slug") && attempt < SLUG_ATTEMPTS) continue;
      if (fields.includes("slug")) throw conflict(SLUG_BUSY, "companyName");
      throw error;
    }
  }
}

export const SLUG_BUSY = "Too many companies of this name are being created at once. Try again.";

const uniqueViolationMetaSchema = z.object({
  target: z.union([z.array(z.string()), z.string()]).optional(),
  driverAdapterError: z
    .object({
      cause: z
        .object({
          constraint: z.object({ fields: z.array(z.string()).optional(), index: z.string().optional() }).optional(),
        })
        .optional(),
    })
    .optional(),
});

/** The columns of the unique index a write violated (`["slug"]`, `["email"]`), or [] for any other error. */
function uniqueViolationFields(error: unknown): string[] {
  if (!(error instanceof Prisma.PrismaClientKnownRequestError) || error.code !== "P2002") return [];
  const meta = uniqueViolationMetaSchema.safeParse(error.meta);
  if (!meta.success) return [];
  const { target, driverAdapterError } = meta.data;
  const constraint = driverAdapterError?.cause?.constraint;
  // An index named by Prisma's convention: <Model>_<column>[_<column>]_key.
  const fromIndex = constraint?.index?.match(/^[A-Za-z]+_(\w+)_key$/)?.[1]?.split("_") ?? [];
  return [...(Array.isArray(target) ? target : target ? [target] : []), ...(constraint?.fields ?? []), ...fromIndex];
}
