import { z } from "zod";

/**
 * Public contract of the route optimizer. Times are seconds on one clock chosen by the caller (e.g. Unix
 * seconds, or seconds since the day's midnight); durations are seconds, distances metres.
 */
export const locationSchema = z.object({
  lat: z.number().min(-90).max(90),
  lon: z.number().min(-180).max(180),
});
export type Location = z.infer<typeof locationSchema>;

export const timeWindowSchema = z
  .object({ start: z.number(), end: z.number() })
  .refine((w) => w.start <= w.end, { message: "time window ends before it starts" });
export type TimeWindow = z.infer<typeof timeWindowSchema>;

/** The dimension a plain number stands for (visit `demand`, crew `capacity`, plan `load`). */
export const DEFAULT_DIMENSION = "default";

/** An amount in the default dimension, or amounts by named dimension (weight, volume, items, ...). */
export const quantitiesSchema = z.union([
  z.number().nonnegative(),
  z.record(z.string().min(1), z.number().nonnegative()),
]);
export type Quantities = z.infer<typeof quantitiesSchema>;

export const byDimension = (q: Quantities): Record<string, number> =>
  typeof q === "number" ? { [DEFAULT_DIMENSION]: q } : q;

export const timeWindowsSchema = z
  .array(timeWindowSchema)
  .min(1)
  .refine((ws) => ws.every((w, i) => i === 0 || w.start >= ws[i - 1]!.end), {
    message: "time windows must be sorted by start and must not overlap",
  });

export const visitSchema = z
  .object({
    id: z.string().min(1),
    location: locationSchema,
    serviceSeconds: z.number().nonnegative().default(0),
    /** Service must start inside this window (arriving early means waiting). */
    timeWindow: timeWindowSchema.optional(),
    /**
     * Several windows instead of one (e.g. 8-10 or 14-16): service starts inside one of them; a crew arriving
     * before a window, or between two, waits for the next one to open.
     */
    timeWindows: timeWindowsSchema.optional(),
    /** The crew must have every one of these skills. */
    skills: z.array(z.string()).default([]),
    /** What the visit takes from a crew's capacity: a number (the default dimension) or amounts by dimension. */
    demand: quantitiesSchema.default(0),
    /** Weight of the penalty for leaving this visit unassigned (travel-time objective). */
    priority: z.number().positive().default(1),
    /**
     * Must be done today: left out only when no feasible plan can serve it (its penalty outweighs any travel and
     * every other visit's). Otherwise the visit may be left for another day at `postponeCost`.
     */
    required: z.boolean().default(false),
    /**
     * Travel-time objective: what leaving the visit for another day costs, in the objective's seconds;
     * `unassignedPenaltySeconds` x priority when omitted.
     */
    postponeCost: z.number().nonnegative().optional(),
  })
  .refine((v) => v.timeWindow === undefined || v.timeWindows === undefined, {
    message: "give a visit either timeWindow or timeWindows, not both",
    path: ["timeWindows"],
  });
export type Visit = z.infer<typeof visitSchema>;
export type VisitInput = z.input<typeof visitSchema>;

/** The objective cost (travel-time) of leaving a visit for another day. */
export const postponeCost = (
  v: Pick<Visit, "postponeCost" | "priority">,
  options: Pick<SolveOptions, "unassignedPenaltySeconds">,
): number => v.postponeCost ?? options.unassignedPenaltySeconds * v.priority;

/** A visit's service windows, whichever way it gives them; none means any time in the crew's shift. */
export const visitWindows = (v: Pick<Visit, "timeWindow" | "timeWindows">): TimeWindow[] =>
  v.timeWindows ?? (v.timeWindow === undefined ? [] : [v.timeWindow]);

export const crewBreakSchema = z
  .object({
    durationSeconds: z.number().positive(),
    /** The whole break lies inside this window, e.g. 30 min of lunch between 11:00 and 14:00. */
    window: timeWindowSchema,
  })
  .refine((b) => b.window.end - b.window.start >= b.durationSeconds, { message: "break longer than its window" });
export type CrewBreak = z.infer<typeof crewBreakSchema>;

/**
 * The problem's capacity dimensions in model order: the default one first when a number is given anywhere (or no
 * dimension is named at all), then the named ones in order of first mention, visits before crews.
 */
export function capacityDimensions(
  visits: readonly { demand: Quantities }[],
  crews: readonly { capacity?: Quantities | undefined }[],
): string[] {
  const plain =
    visits.some((v) => typeof v.demand === "number" && v.demand > 0) ||
    crews.some((c) => typeof c.capacity === "number");
  const named = new Set<string>();
  for (const q of [...visits.map((v) => v.demand), ...crews.map((c) => c.capacity)])
    if (typeof q === "object") for (const d of Object.keys(q)) named.add(d);
  if (plain || named.size === 0) named.delete(DEFAULT_DIMENSION);
  return plain || named.size === 0 ? [DEFAULT_DIMENSION, ...named] : [...named];
}

export const crewSchema = z.object({
  id: z.string().min(1),
  start: locationSchema,
  /** Where the day ends; the start location when omitted. */
  end: locationSchema.optional(),
  shift: timeWindowSchema,
  skills: z.array(z.string()).default([]),
  /**
   * What the crew can carry in total: a number (the default dimension) or amounts by dimension. A dimension the
   * crew does not name is unlimited for it; all are when omitted.
   */
  capacity: quantitiesSchema.optional(),
  breaks: z.array(crewBreakSchema).default([]),
});
export type Crew = z.infer<typeof crewSchema>;
export type CrewInput = z.input<typeof crewSchema>;

/**
 * `vehicles-then-distance` and `distance` are the literature's objectives (every visit that can be served is);
 * `travel-time` is the product's: total driving time plus each left-out visit's postpone cost (`postponeCost`, else
 * `unassignedPenaltySeconds` x priority); a required visit is left out only when nothing else works.
 */
export const objectiveSchema = z.enum(["vehicles-then-distance", "distance", "travel-time"]);
export type Objective = z.infer<typeof objectiveSchema>;

export const solveOptionsSchema = z.object({
  objective: objectiveSchema.default("travel-time"),
  unassignedPenaltySeconds: z
    .number()
    .nonnegative()
    .default(4 * 3600),
  /**
   * Seeds the search. With `maxIterations` a run is bit-identical for the same input, seed and Node version,
   * however fast or loaded the machine. With a time budget alone it is not: the search stops when the time is up,
   * so the plan depends on how far it got (the machine's speed and load, whatever else the process runs).
   */
  seed: z.number().int().default(1),
  /** The search's wall-clock budget; the best plan found when it ends is returned. Not applied with `maxIterations`. */
  timeLimitMs: z.number().positive().default(2000),
  /** Bounds the search by iterations instead of time, which makes a run reproducible to the bit (see `seed`). */
  maxIterations: z.number().int().positive().optional(),
});
export type SolveOptions = z.infer<typeof solveOptionsSchema>;

export const routingProblemSchema = z
  .object({
    visits: z.array(visitSchema),
    crews: z.array(crewSchema),
    options: solveOptionsSchema.default(solveOptionsSchema.parse({})),
  })
  .refine((p) => new Set(p.visits.map((v) => v.id)).size === p.visits.length, { message: "visit ids must be unique" })
  .refine((p) => new Set(p.crews.map((c) => c.id)).size === p.crews.length, { message: "crew ids must be unique" });
export type RoutingProblem = z.infer<typeof routingProblemSchema>;
export type RoutingProblemInput = z.input<typeof routingProblemSchema>;

export const visitStopSchema = z.object({
  kind: z.literal("visit"),
  visitId: z.string(),
  arrival: z.number(),
  start: z.number(),
  end: z.number(),
});
/**
 * A break, taken between the stops around it with no travel of its own: where the crew stands before driving on,
 * or on arrival at the next visit while it waits for that visit's window (then it starts at or after the visit's
 * `arrival`, and service starts after it).
 */
export const breakStopSchema = z.object({
  kind: z.literal("break"),
  /** Index into the crew's `breaks`. */
  breakIndex: z.number().int().nonnegative(),
  start: z.number(),
  end: z.number(),
});
export const stopSchema = z.discriminatedUnion("kind", [visitStopSchema, breakStopSchema]);
export type Stop = z.infer<typeof stopSchema>;

export const plannedRouteSchema = z.object({
  crewId: z.string(),
  stops: z.array(stopSchema),
  /** Departure from the start location and arrival at the end location (equal when the crew is idle). */
  startTime: z.number(),
  endTime: z.number(),
  travelSeconds: z.number(),
  distanceMeters: z.number(),
  /** Load in the problem's first dimension: the default one when any number is given, else the first named. */
  load: z.number(),
  /** Load in every dimension of the problem. */
  loads: z.record(z.string(), z.number()),
});
export type PlannedRoute = z.infer<typeof plannedRouteSchema>;

/**
 * no_crew_with_skills: no crew has every required skill; capacity: the demand exceeds every skilled crew's
 * capacity; time_window_unreachable: no skilled crew can reach it within its window and shift even with nothing
 * else to do; no_room_in_shifts: it fits nowhere in the planned routes; cost_exceeds_penalty (travel-time
 * objective): it would fit, but serving it costs more travel than its unassigned penalty.
 */
export const unassignedReasonSchema = z.enum([
  "no_crew_with_skills",
  "capacity",
  "time_window_unreachable",
  "no_room_in_shifts",
  "cost_exceeds_penalty",
]);
export type UnassignedReason = z.infer<typeof unassignedReasonSchema>;

export const unassignedVisitSchema = z.object({
  visitId: z.string(),
  reason: unassignedReasonSchema,
  /** The visit had to be done today (`visit.required`): no feasible plan serves it. */
  required: z.boolean().default(false),
});
export type UnassignedVisit = z.infer<typeof unassignedVisitSchema>;

export const routingPlanSchema = z.object({
  objective: objectiveSchema,
  /** One route per crew, in the problem's crew order; idle crews have no stops. */
  routes: z.array(plannedRouteSchema),
  unassigned: z.array(unassignedVisitSchema),
  summary: z.object({
    crewsUsed: z.number().int(),
    travelSeconds: z.number(),
    distanceMeters: z.number(),
    unassignedCount: z.number().int(),
    /**
     * Objective value: metres or seconds of travel, plus (travel-time) each left-out visit's postpone cost; a
     * required visit left out counts its postpone cost here too, though the search treats it as outweighing all.
     */
    cost: z.number(),
  }),
});
export type RoutingPlan = z.infer<typeof routingPlanSchema>;
