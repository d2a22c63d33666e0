import { Prisma, withSystem, type Database } from "@fieldops/db";
import { CUSTOM_DOMAIN_TAKEN } from "@fieldops/shared/custom-domain";
import { conflict } from "../errors.ts";

/*
 * A domain may be claimed by several companies at once (a claim proves nothing); it is the company's only once it is
 * verified, and the first to verify it keeps it. The database holds that: its unique index on the domain covers
 * verified rows only.
 */

/**
 * Refuses (409) a domain another company has verified. Row-level security hides other companies from the tenant's
 * transaction, so the system context looks.
 */
export async function refuseDomainVerifiedElsewhere(db: Database, companyId: string, domain: string): Promise<void> {
  const holder = await withSystem(db, (tx) =>
    tx.company.findFirst({
      where: { customDomain: domain, customDomainVerifiedAt: { not: null }, id: { not: companyId } },
      select: { id: true },
    }),
  );
  if (holder) throw conflict(CUSTOM_DOMAIN_TAKEN, "domain");
}

/** The unique index refusing a second verification of a domain (two companies verifying at once) as the same 409. */
export function asDomainTaken(error: unknown): unknown {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002"
    ? conflict(CUSTOM_DOMAIN_TAKEN, "domain")
    : error;
}
