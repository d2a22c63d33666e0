import type { APIRequestContext } from "@playwright/test";
import pg from "pg";
import type { CrewListResponse } from "@fieldops/shared/crews";
import type { Customer } from "@fieldops/shared/customers";
import type { JobDetail } from "@fieldops/shared/jobs";
import { workerDatabaseOwnerUrl } from "./e2e-servers.ts";
import { json } from "./owner-api.ts";

/**
 * Dispatches a visit to the tech's crew, starting `minutes` from now for an hour, written as the owner of the data (the
 * board would refuse a time outside the crew's working hours, and the test runs at any hour).
 */
export async function dispatchToTechsCrew(api: APIRequestContext, visitId: string, minutes: number): Promise<void> {
  const crews = await json<CrewListResponse>(await api.get("/api/crews"));
  const crew = crews.items.find((item) => item.members.some((member) => member.email === "tech@demo.test"))!;
  await placeVisit(visitId, crew.id, minutes);
}

/** Puts a visit on a crew, dispatched, starting in `minutes` (as the schema owner: no working hours to fit). */
export async function placeVisit(visitId: string, crewId: string, minutes: number): Promise<void> {
  const client = new pg.Client({ connectionString: workerDatabaseOwnerUrl() });
  await client.connect();
  await client.query(
    `UPDATE visits SET "crewId" = $1, status = 'dispatched', "scheduledStart" = now() + make_interval(mins => $3),
       "scheduledEnd" = now() + make_interval(mins => $3 + 60) WHERE id = $2`,
    [crewId, visitId, minutes],
  );
  await client.end();
}

/** A job with a checklist and one visit dispatched to the tech's crew, starting soon (written as the data's owner). */
export async function dispatchedToTech(
  api: APIRequestContext,
  title: string,
): Promise<{ job: JobDetail; visitId: string }> {
  const customer = await json<Customer>(
    await api.post("/api/customers", {
      data: {
        name: `${title} Customer`,
        properties: [{ street: "7 Birch Lane", city: "Denver", region: "CO", postcode: "80203" }],
      },
    }),
    201,
  );
  const job = await json<JobDetail>(
    await api.post("/api/jobs", {
      data: {
        customerId: customer.id,
        title,
        checklist: [{ label: "Blow out the lines" }, { label: "Shut the valve" }],
      },
    }),
    201,
  );
  const visitId = job.visits[0]!.id;
  await dispatchToTechsCrew(api, visitId, 20);
  return { job, visitId };
}
