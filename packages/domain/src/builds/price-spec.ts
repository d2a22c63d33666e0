import type { BuildPricing } from "@fieldops/shared/builds";
import { BUILT_IN_RELATION_TARGETS, type BuildQuote, type FeatureSpec } from "@fieldops/shared/feature-spec";

const isBuiltIn = (target: string) => (BUILT_IN_RELATION_TARGETS as readonly string[]).includes(target);

/** What a spec is made of, counted the way the price list charges it. */
export function specCounts(spec: FeatureSpec) {
  const relations = spec.entities.flatMap((entity) => entity.relations);
  return {
    entities: spec.entities.length,
    fields: spec.entities.reduce((sum, entity) => sum + entity.fields.length, 0),
    relations: relations.length,
    builtInRelations: relations.filter((relation) => isBuiltIn(relation.target)).length,
    moneyFields: spec.entities.reduce(
      (sum, entity) => sum + entity.fields.filter((field) => field.type === "money").length,
      0,
    ),
    routes: spec.routes.length,
  };
}

/**
 * The quote of a spec from the price list: dollars and minutes per part, and a risk from what the build touches.
 * Entities weigh 2, a relation between the feature's own entities 1, a relation to one of the product's records 3 (its
 * pages show the new records), a money field 1.
 */
export function priceSpec(spec: FeatureSpec, pricing: BuildPricing): BuildQuote {
  const counts = specCounts(spec);
  const price =
    pricing.baseUsd +
    counts.entities * pricing.perEntityUsd +
    counts.fields * pricing.perFieldUsd +
    counts.relations * pricing.perRelationUsd +
    counts.routes * pricing.perRouteUsd;
  const minutes =
    pricing.baseMinutes +
    counts.entities * pricing.minutesPerEntity +
    counts.fields * pricing.minutesPerField +
    counts.routes * pricing.minutesPerRoute;
  const points =
    counts.entities * 2 +
    (counts.relations - counts.builtInRelations) +
    counts.builtInRelations * 3 +
    counts.moneyFields;
  const risk = points >= pricing.highRiskFrom ? "high" : points >= pricing.mediumRiskFrom ? "medium" : "low";
  return { priceUsd: Math.round(price * 100) / 100, etaMinutes: Math.max(1, Math.round(minutes)), risk };
}
