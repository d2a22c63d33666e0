import { z } from "zod";
import { defineEndpoint } from "./endpoint";
import { checklistItemSchema } from "./jobs";
import { visitStatusSchema } from "./visit-lifecycle";

/** The most of today's visits the user dashboard carries (50 crews of 20 visits). */
export const USERDASH_TODAY_LIMIT = 1000;
/** The most late and unscheduled visits it lists; the jobs list shows the rest. */
export const USERDASH_LIST_LIMIT = 200;

/** Where a visit's work is done, with what a crew needs to get in. */
export const userdashPropertySchema = z.object({
  label: z.string(),
  address: z.string(),
  accessNotes: z.string().nullable(),
  gateCode: z.string().nullable(),
});

/** A second "On my way" within this many minutes of the last one sends nothing: the customer already has it. */
export const ON_MY_WAY_REPEAT_MINUTES = 30;

/**
 * Whether the crew can text the customer "On my way" for a visit: when it was last sent (within
 * ON_MY_WAY_REPEAT_MINUTES), or why it cannot be (no Growth plan, no phone number, the number opted out).
 */
export const onMyWayStateSchema = z.object({
  sentAt: z.string().nullable(),
  unavailable: z.string().nullable(),
});
export type OnMyWayState = z.infer<typeof onMyWayStateSchema>;

/** POST /api/visits/:id/on-my-way: the text written (or the one already sent within the repeat window). */
export const onMyWayResponseSchema = z.object({
  sentAt: z.string(),
  alreadySent: z.boolean(),
  text: z.string(),
});
export type OnMyWayResponse = z.infer<typeof onMyWayResponseSchema>;

/** One of today's visits, with what the crew needs on site. */
export const userdashVisitSchema = z.object({
  id: z.string(),
  jobId: z.string(),
  jobNumber: z.number(),
  jobTitle: z.string(),
  customerName: z.string(),
  status: visitStatusSchema,
  scheduledStart: z.string().nullable(),
  scheduledEnd: z.string().nullable(),
  version: z.number(),
  instructions: z.string().nullable(),
  property: userdashPropertySchema.nullable(),
  checklist: z.array(checklistItemSchema),
  onMyWay: onMyWayStateSchema,
});
export type UserdashVisit = z.infer<typeof userdashVisitSchema>;

/** Today's visits of one crew (`crewId` null: visits scheduled today without a crew). */
export const userdashCrewSchema = z.object({
  crewId: z.string().nullable(),
  crewName: z.string().nullable(),
  color: z.string().nullable(),
  visits: z.array(userdashVisitSchema),
});
export type UserdashCrew = z.infer<typeof userdashCrewSchema>;

/** A visit that is late (its scheduled end has passed and it is not done) or waits for a time. */
export const userdashWorkItemSchema = z.object({
  visitId: z.string(),
  jobId: z.string(),
  jobNumber: z.number(),
  jobTitle: z.string(),
  customerName: z.string(),
  status: visitStatusSchema,
  crewName: z.string().nullable(),
  scheduledEnd: z.string().nullable(),
});
export type UserdashWorkItem = z.infer<typeof userdashWorkItemSchema>;

/**
 * GET /api/userdash: today (the company's calendar day) for the signed-in user. Owners and members see every crew's
 * visits, late and unscheduled work; a field user sees only their own crews' visits, and no late or unscheduled
 * lists.
 */
export const userdashResponseSchema = z.object({
  date: z.string(),
  timeZone: z.string(),
  crews: z.array(userdashCrewSchema),
  late: z.array(userdashWorkItemSchema),
  unscheduled: z.array(userdashWorkItemSchema),
});
export type UserdashResponse = z.infer<typeof userdashResponseSchema>;

export const userdashEndpoints = {
  get: defineEndpoint({
    method: "GET",
    path: "/api/userdash",
    tags: ["dashboard"],
    summary: "Today's visits by crew, late and unscheduled work (a field user's own crews' visits only)",
    response: userdashResponseSchema,
  }),
  onMyWay: defineEndpoint({
    method: "POST",
    path: "/api/visits/:id/on-my-way",
    tags: ["visits"],
    summary:
      "Text the visit's customer that its crew is on the way, with the arrival time (its crew only, Growth plan)",
    params: z.object({ id: z.uuid() }),
    response: onMyWayResponseSchema,
  }),
} as const;
