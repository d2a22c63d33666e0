import type { TenantTransaction } from "@fieldops/db";
import type { Crew } from "@fieldops/shared/crews";
import { loadCrew, type CrewViewer } from "./crew-view.ts";

export async function getCrew(tx: TenantTransaction, input: { crewId: string } & CrewViewer): Promise<Crew> {
  return loadCrew(tx, input.crewId, input);
}
