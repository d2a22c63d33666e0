import type { TenantTransaction } from "@fieldops/db";
import type { Crew } from "@fieldops/shared/crews";
import { crewInclude, toCrew } from "./crew-view.ts";

/** Every crew of the company by name; a company has tens of crews, not thousands, so the list is not paged. */
export async function listCrews(tx: TenantTransaction): Promise<Crew[]> {
  const rows = await tx.crew.findMany({ include: crewInclude, orderBy: [{ name: "asc" }, { id: "asc" }] });
  return rows.map(toCrew);
}
