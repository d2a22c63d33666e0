import { PLANS } from "@fieldops/shared/plans";
import { VERTICALS } from "@fieldops/shared/verticals";
import type { Database } from "./client.ts";

/** Plans and verticals are data in the database, kept equal to the shared constants at every start. */
export async function syncReferenceData(db: Database): Promise<void> {
  await db.$transaction([
    ...Object.values(PLANS).map((plan) => {
      const data = {
        name: plan.name,
        price: plan.price,
        currency: plan.currency,
        limits: plan.limits,
        features: plan.features,
      };
      return db.plan.upsert({ where: { id: plan.id }, update: data, create: { id: plan.id, ...data } });
    }),
    ...Object.values(VERTICALS).map((vertical) => {
      const { id, ...data } = vertical;
      return db.vertical.upsert({ where: { id }, update: data, create: { id, ...data } });
    }),
  ]);
}
