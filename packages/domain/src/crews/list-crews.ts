import type { TenantTransaction } from "@fieldops/db";
import type { Crew } from "@fieldops/shared/crews";
import { readYard } from "./crew-start.ts";
import { crewInclude, toCrew, type CrewViewer } from "./crew-view.ts";

/** Every crew of the company by name; a company has tens of crews, not thousands, so the list is not paged. */
export async function listCrews(tx: TenantTransaction, viewer: CrewViewer): Promise<Crew[]> {
  const rows = await tx.crew.findMany({ include: crewInclude, orderBy: [{ name: "asc" }, { id: "asc" }] });
  const yard = await readYard(tx);
  return rows.map((row) => toCrew(row, yard, viewer));
}
