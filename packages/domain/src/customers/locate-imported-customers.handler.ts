import { Prisma, withTenant, type TenantTransaction } from "@fieldops/db";
import { isDatabaseUnavailable } from "@fieldops/db/database-unavailable";
import type { TaskHandler } from "@fieldops/tasks/task-definition";
import pLimit from "p-limit";
import { runInScope, type EffectsDeps } from "../effects/run-in-scope.ts";
import { geocoderFromEnv } from "../geocoding/create-geocoder.ts";
import type { GeocodedPlace, Geocoder, PostalAddress } from "../geocoding/geocoder.ts";
import { systemActor } from "../tenant-scope.ts";
import { customerImportUpdated } from "./customers-events.ts";
import type { locateImportedCustomersTask } from "./locate-imported-customers.task.ts";

/** Rows read, located and written per round: each round commits, announces its progress, and is not done again. */
const LOCATE_BATCH_SIZE = 100;
/** Addresses asked of the geocoder at once. */
const GEOCODING_CONCURRENCY = 4;

const actor = systemActor("task:locate_imported_customers");

interface PendingRow {
  id: string;
  customerId: string | null;
  propertyId: string | null;
  property: PostalAddress | null;
}

type RowLocation = "exact" | "approximate" | "manual" | "not_located";

type Placement = PostalAddress & GeocodedPlace & { id: string };

/**
 * Gives each row of `table` named by a placement's id its point, while it has none and its address is still the one
 * located; answers the ids placed.
 */
async function placeUnchanged(
  tx: TenantTransaction,
  table: "customers" | "customer_properties",
  placements: readonly Placement[],
): Promise<string[]> {
  if (placements.length === 0) return [];
  const placed = await tx.$queryRaw<{ id: string }[]>`
    UPDATE ${Prisma.raw(`"${table}"`)} AS t
    SET latitude = v.latitude, longitude = v.longitude,
      "locationPrecision" = v.precision::"LocationPrecision", "updatedAt" = now()
    FROM jsonb_to_recordset(${JSON.stringify(placements)}::jsonb) AS v(id uuid, street text, city text,
      region text, postcode text, latitude float8, longitude float8, precision text)
    WHERE t.id = v.id AND t.latitude IS NULL
      AND (t.street, t.city, t.region, t.postcode) = (v.street, v.city, v.region, v.postcode)
    RETURNING t.id`;
  return placed.map(({ id }) => id);
}

/**
 * Stores the places of a batch of rows, a few statements for the batch. A property is placed only while its address is
 * the one located and it has no point: one the office edited meanwhile (which located it) or placed by hand keeps its
 * point, and its row reports what it has now. A property deleted since is not located.
 */
async function placeRows(
  tx: TenantTransaction,
  rows: readonly PendingRow[],
  places: readonly (GeocodedPlace | null)[],
): Promise<void> {
  const located = rows.flatMap((row, i) => {
    const place = places[i];
    return row.propertyId && row.property && place
      ? [{ row: row as PendingRow & { propertyId: string }, point: { ...row.property, ...place } }]
      : [];
  });
  const placed = new Map<string, RowLocation>();
  const properties = await placeUnchanged(
    tx,
    "customer_properties",
    located.map(({ row, point }) => ({ id: row.propertyId, ...point })),
  );
  const precisionOf = new Map(located.map(({ row, point }) => [row.propertyId, point.precision]));
  for (const id of properties) placed.set(id, precisionOf.get(id)!);
  // The customer's own columns mirror its main property (see customerMainFields).
  await placeUnchanged(
    tx,
    "customers",
    located.flatMap(({ row, point }) => (row.customerId ? [{ id: row.customerId, ...point }] : [])),
  );
  const others = rows.flatMap((row) => (row.propertyId && !placed.has(row.propertyId) ? [row.propertyId] : []));
  const current = await tx.customerProperty.findMany({
    where: { id: { in: others } },
    select: { id: true, locationPrecision: true },
  });
  for (const { id, locationPrecision } of current) placed.set(id, locationPrecision ?? "not_located");
  const byLocation = new Map<RowLocation, string[]>();
  for (const row of rows) {
    const location = (row.propertyId && placed.get(row.propertyId)) || "not_located";
    byLocation.set(location, [...(byLocation.get(location) ?? []), row.id]);
  }
  for (const [location, ids] of byLocation) {
    await tx.customerImportRow.updateMany({ where: { id: { in: ids }, location: "pending" }, data: { location } });
  }
}

/**
 * Locates an import's rows still waiting for a point: reads a batch, asks the geocoder outside any transaction, then
 * stores the places and the progress in one short transaction, announcing it. Rows already answered are never asked
 * again, so a task delivered twice, or taken back from a worker that stopped, carries on where the last one left.
 * Marks the import done when no row waits. When the last attempt fails (`finalAttempt`), the rows still waiting are
 * reported not located and the import ends, so that its dialog does not wait for ever; the failure is still raised.
 */
export async function locateImportRows(
  deps: EffectsDeps,
  { companyId, importId }: { companyId: string; importId: string },
  geocoder: Geocoder,
  { batchSize = LOCATE_BATCH_SIZE, finalAttempt = true }: { batchSize?: number; finalAttempt?: boolean } = {},
): Promise<void> {
  const limit = pLimit(GEOCODING_CONCURRENCY);
  try {
    for (;;) {
      const batch: PendingRow[] = await withTenant(deps.db, companyId, (tx) =>
        tx.customerImportRow.findMany({
          where: { importId, location: "pending" },
          orderBy: { line: "asc" },
          take: batchSize,
          select: {
            id: true,
            customerId: true,
            propertyId: true,
            property: { select: { street: true, city: true, region: true, postcode: true } },
          },
        }),
      );
      if (batch.length === 0) break;
      const places = await Promise.all(
        batch.map((row) => limit(async () => (row.property ? geocoder.locate(row.property) : null))),
      );
      await runInScope(deps, { companyId, actor }, async ({ tx, emit }) => {
        await placeRows(tx, batch, places);
        emit(customerImportUpdated({ id: importId, status: "locating" }));
      });
    }
  } catch (error) {
    if (!finalAttempt || isDatabaseUnavailable(error)) throw error;
    await runInScope(deps, { companyId, actor }, ({ tx }) =>
      tx.customerImportRow.updateMany({ where: { importId, location: "pending" }, data: { location: "not_located" } }),
    );
    await finishImport(deps, companyId, importId);
    throw error;
  }
  await finishImport(deps, companyId, importId);
}

async function finishImport(deps: EffectsDeps, companyId: string, importId: string): Promise<void> {
  await runInScope(deps, { companyId, actor }, async ({ tx, emit }) => {
    const { count } = await tx.customerImport.updateMany({
      where: { id: importId, status: "locating" },
      data: { status: "done", finishedAt: new Date() },
    });
    if (count > 0) emit(customerImportUpdated({ id: importId, status: "done" }));
  });
}

export const locateImportedCustomers: TaskHandler<typeof locateImportedCustomersTask.schema> = (payload, context) =>
  locateImportRows(context, payload, geocoderFromEnv(context.env ?? { GEOCODER_API: "nominatim" }, context.log), {
    finalAttempt: context.finalAttempt ?? true,
  });
