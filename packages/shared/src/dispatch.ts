import { z } from "zod";
import { defineEndpoint } from "./endpoint";
import { firstPlanWithFeature, planFeatureMessage } from "./plans";
import { idParamsSchema } from "./jobs";
import { NO_LOCATION_MESSAGE } from "./locations";
import { text } from "./text";

/** A calendar day, YYYY-MM-DD, in the company's time zone. */
export const calendarDateSchema = text({ max: 10 })
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Enter a date as YYYY-MM-DD")
  .refine(
    (value) =>
      !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
    "Enter a real date",
  );

/** The most crews one optimization plans; a company's whole fleet at the sizes the product aims at. */
export const MAX_OPTIMIZE_CREWS = 200;
export const DEFAULT_BUDGET_SECONDS = 10;
export const MAX_BUDGET_SECONDS = 30;

/** POST /api/schedule/optimize: plan a day for all crews (no crewIds) or some. */
export const optimizeDayRequestSchema = z.object({
  date: calendarDateSchema,
  crewIds: z.array(z.uuid()).min(1).max(MAX_OPTIMIZE_CREWS).optional(),
  budgetSeconds: z.number().int().min(1).max(MAX_BUDGET_SECONDS).default(DEFAULT_BUDGET_SECONDS),
});
export type OptimizeDayRequest = z.input<typeof optimizeDayRequestSchema>;
export type OptimizeDayInput = z.infer<typeof optimizeDayRequestSchema>;

/** POST /api/schedule/replan: the rest of today (or of `date`) from the crews' current positions. */
export const replanDayRequestSchema = optimizeDayRequestSchema;

export const routePlanQueuedSchema = z.object({ planId: z.string() });
export type RoutePlanQueued = z.infer<typeof routePlanQueuedSchema>;

/** POST /api/route-plans/:id/apply: every crew of the plan (no crewIds), or some crews' parts. */
export const applyRoutePlanRequestSchema = z.object({
  crewIds: z.array(z.uuid()).min(1).max(MAX_OPTIMIZE_CREWS).optional(),
});
export type ApplyRoutePlanRequest = z.infer<typeof applyRoutePlanRequestSchema>;

export const routePlanStatusSchema = z.enum(["queued", "running", "ready", "failed", "applied", "stale"]);
export type RoutePlanStatus = z.infer<typeof routePlanStatusSchema>;

/** Where travel times came from: a road network (OSRM) or straight lines at an average speed. */
export const distanceSourceSchema = z.enum(["osrm", "straight_line"]);
export type DistanceSource = z.infer<typeof distanceSourceSchema>;

export const leftOutReasonSchema = z.enum([
  "no_location",
  "no_crew_with_skills",
  "capacity",
  "time_window_unreachable",
  "no_room_in_shifts",
  "cost_exceeds_penalty",
]);
export type LeftOutReason = z.infer<typeof leftOutReasonSchema>;

/** What a dispatcher reads for each of the optimizer's reasons to leave a visit out. */
export const LEFT_OUT_REASON_TEXT: Record<LeftOutReason, string> = {
  no_location: NO_LOCATION_MESSAGE,
  no_crew_with_skills: "No crew in this plan has every skill the visit needs",
  capacity: "The visit needs more capacity than any skilled crew has",
  time_window_unreachable: "No skilled crew can get there within the promised time and its working hours",
  no_room_in_shifts: "There is no room left in the crews' working hours",
  cost_exceeds_penalty: "Driving to it would cost more than leaving it for another day",
};

const mapPointSchema = z.object({ lat: z.number(), lon: z.number() });

export const routeStopSchema = z.object({
  visitId: z.string(),
  jobTitle: z.string(),
  start: z.string(),
  end: z.string(),
  /** Where the visit is (plans proposed before locations were recorded have none). */
  location: mapPointSchema.optional(),
});
export type RouteStop = z.infer<typeof routeStopSchema>;

export const routeTotalsSchema = z.object({
  driveSeconds: z.number(),
  distanceMeters: z.number(),
  /** How many visits the driving serves (plans made before it was counted have none). */
  visits: z.number().optional(),
});
export type RouteTotals = z.infer<typeof routeTotalsSchema>;

const breakSpanSchema = z.object({ start: z.string(), end: z.string() });

/** A crew's day as planned: its stops in order, its breaks, and the driving from its start back to it. */
export const crewDaySchema = routeTotalsSchema.extend({
  stops: z.array(routeStopSchema),
  breaks: z.array(breakSpanSchema).default([]),
});
export type CrewDay = z.infer<typeof crewDaySchema>;

export const crewRouteSchema = z.object({
  crewId: z.string(),
  crewName: z.string(),
  /** Where the crew starts and ends its day, in words ("The company's yard", "Dana Diaz's home"). */
  startLabel: z.string().default(""),
  /** That place's point. */
  start: mapPointSchema.optional(),
  current: routeTotalsSchema.extend({ stops: z.array(routeStopSchema) }),
  /** The crew's part of the whole plan. */
  proposed: routeTotalsSchema.extend({ stops: z.array(routeStopSchema) }),
  /** Breaks in the proposed day. */
  breaks: z.array(breakSpanSchema),
  /** The crews this part exchanges visits with: applied without them, the crew keeps its own visits (`alone`). */
  tradesWith: z.array(z.string()).default([]),
  /**
   * What applying this crew without the crews it trades with does: its own visits (and those the plan gives it from
   * the unassigned queue) in the best order found for it alone. Null when it trades with no crew.
   */
  alone: crewDaySchema.nullable().default(null),
});
export type CrewRoute = z.infer<typeof crewRouteSchema>;

export const leftOutVisitSchema = z.object({
  visitId: z.string(),
  jobTitle: z.string(),
  crewId: z.string().nullable(),
  reason: leftOutReasonSchema,
  reasonText: z.string(),
  /** The customer whose address to fix (a visit without a location). */
  customerId: z.string().nullable().default(null),
  /** Applying leaves it on its crew at its time (no location), rather than sending it to the unassigned queue. */
  stays: z.boolean().default(false),
});
export type LeftOutVisit = z.infer<typeof leftOutVisitSchema>;

export const routePlanResultSchema = z.object({
  distanceSource: distanceSourceSchema,
  crews: z.array(crewRouteSchema),
  moves: z.array(
    z.object({ visitId: z.string(), jobTitle: z.string(), fromCrewId: z.string().nullable(), toCrewId: z.string() }),
  ),
  leftOut: z.array(leftOutVisitSchema),
  before: routeTotalsSchema,
  after: routeTotalsSchema,
  /** before − after: negative when the proposal drives more (to serve more visits, or to keep promised times). */
  saved: routeTotalsSchema,
  /** The minutes proposed times are rounded to (the company's slot when the plan was made). */
  slotMinutes: z.number().default(1),
  /** Things the dispatcher should know about how the day was modelled (crews left out, visits without a place). */
  notes: z.array(z.string()),
});
export type RoutePlanResult = z.infer<typeof routePlanResultSchema>;

/** The map tile server the proposal can be drawn on, when one is configured. */
export const mapTilesSchema = z.object({ tileUrl: z.string(), attribution: z.string() });
export type MapTiles = z.infer<typeof mapTilesSchema>;

export const routePlanSchema = z.object({
  id: z.string(),
  kind: z.enum(["optimize", "replan"]),
  status: routePlanStatusSchema,
  date: z.string(),
  crewIds: z.array(z.string()),
  budgetSeconds: z.number(),
  appliedCrewIds: z.array(z.string()),
  error: z.string().nullable(),
  result: routePlanResultSchema.nullable(),
  /** Null without a tile server: the proposal is shown as lists only. */
  map: mapTilesSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type RoutePlan = z.infer<typeof routePlanSchema>;

/** GET /api/visits/:id/best-slots?date=YYYY-MM-DD */
export const bestSlotsQuerySchema = z.object({ date: calendarDateSchema });

export const bestSlotSchema = z.object({
  crewId: z.string(),
  crewName: z.string(),
  start: z.string(),
  end: z.string(),
  addedDriveMinutes: z.number(),
});
export type BestSlot = z.infer<typeof bestSlotSchema>;

export const bestSlotsResponseSchema = z.object({
  items: z.array(bestSlotSchema),
  distanceSource: distanceSourceSchema,
});
export type BestSlotsResponse = z.infer<typeof bestSlotsResponseSchema>;

/** The refusal for plans without route optimization; the server and the screens say the same. */
export const ROUTE_OPTIMIZATION_PLAN = firstPlanWithFeature("route_optimization");
export const ROUTE_OPTIMIZATION_UPGRADE_MESSAGE = planFeatureMessage("route_optimization");

export const dispatchEndpoints = {
  optimize: defineEndpoint({
    method: "POST",
    path: "/api/schedule/optimize",
    tags: ["dispatch"],
    summary: "Optimize a day's routes for all crews or some (Pro): a proposal computed by a worker",
    body: optimizeDayRequestSchema,
    status: 202,
    response: routePlanQueuedSchema,
    capability: "schedule.manage",
  }),
  replan: defineEndpoint({
    method: "POST",
    path: "/api/schedule/replan",
    tags: ["dispatch"],
    summary: "Re-plan the rest of today from the crews' current positions (Pro)",
    body: replanDayRequestSchema,
    status: 202,
    response: routePlanQueuedSchema,
    capability: "schedule.manage",
  }),
  getPlan: defineEndpoint({
    method: "GET",
    path: "/api/route-plans/:id",
    tags: ["dispatch"],
    summary: "A route plan: its status and, once ready, the proposal against the current plan",
    params: idParamsSchema,
    response: routePlanSchema,
    capability: "schedule.manage",
  }),
  applyPlan: defineEndpoint({
    method: "POST",
    path: "/api/route-plans/:id/apply",
    tags: ["dispatch"],
    summary: "Apply a route plan, all of it or some crews' parts, in one transaction",
    params: idParamsSchema,
    body: applyRoutePlanRequestSchema,
    response: routePlanSchema,
    capability: "schedule.manage",
  }),
  bestSlots: defineEndpoint({
    method: "GET",
    path: "/api/visits/:id/best-slots",
    tags: ["dispatch"],
    summary: "The cheapest crews and times for a visit on a day (Pro)",
    params: idParamsSchema,
    query: bestSlotsQuerySchema,
    response: bestSlotsResponseSchema,
    capability: "schedule.manage",
  }),
} as const;

/** The schedule board's search parameter naming a route plan whose proposal opens over the board. */
export const SCHEDULE_PLAN_PARAM = "plan";

/** The board of `date` with the proposal of route plan `planId` open to compare and apply. */
export function routePlanBoardPath(date: string, planId: string): string {
  return `/schedule?date=${encodeURIComponent(date)}&${SCHEDULE_PLAN_PARAM}=${encodeURIComponent(planId)}`;
}
