import { z } from "zod";
import { defineEndpoint } from "./endpoint";
import { emailSchema } from "./auth";
import { calendarDaySchema } from "./calendar-day";
import { locatedAddressSchema, requiredAddressInputSchema } from "./locations";
import { roleSchema } from "./roles";
import { text } from "./text";

export const MAX_CREW_SKILLS = 30;
export const MAX_CREW_BREAKS = 5;
export const MAX_CREW_MEMBERS = 100;

/** `#rrggbb`, the form a colour input gives and the schedule paints with. */
export const crewColorSchema = text({ max: 7, trim: true })
  .regex(/^#[0-9a-fA-F]{6}$/, "Enter a colour as #rrggbb")
  .transform((value) => value.toLowerCase());

/** A time of day in the company's time zone, `HH:MM` from 00:00 to 24:00. */
export const timeOfDaySchema = text({ max: 5 }).regex(/^(([01]\d|2[0-3]):[0-5]\d|24:00)$/, "Enter a time as HH:MM");

export function minutesFromTime(value: string): number {
  const [hours, minutes] = value.split(":").map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
}

export function timeFromMinutes(total: number): string {
  return `${String(Math.floor(total / 60)).padStart(2, "0")}:${String(total % 60).padStart(2, "0")}`;
}

/** 0 = Sunday … 6 = Saturday, as `Date.getDay()`. */
export const weekdaySchema = z.number().int().min(0).max(6);
export const WEEKDAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;

/** That the end comes after the start is checked by the use case (a rule across fields, kept out of the schema). */
export const workingHoursSchema = z.object({ weekday: weekdaySchema, start: timeOfDaySchema, end: timeOfDaySchema });
export type WorkingHours = z.infer<typeof workingHoursSchema>;

/** A break that starts somewhere between windowStart and windowEnd and lasts durationMinutes. */
export const crewBreakSchema = z.object({
  windowStart: timeOfDaySchema,
  windowEnd: timeOfDaySchema,
  durationMinutes: z.number().int().min(5).max(240),
});
export type CrewBreak = z.infer<typeof crewBreakSchema>;

export const skillSchema = text({ max: 40, trim: true }).min(1, "A skill needs a name");

export const skillsSchema = z
  .array(skillSchema)
  .max(MAX_CREW_SKILLS)
  .transform((skills) => [...new Set(skills.map((skill) => skill.toLowerCase()))]);

const workingHoursListSchema = z.array(workingHoursSchema).max(7);

/** Where a crew starts and ends its day: the company's yard (the default), an address of its own, or a member's home. */
export const crewStartKindSchema = z.enum(["yard", "address", "member_home"]);
export type CrewStartKind = z.infer<typeof crewStartKindSchema>;

export const CREW_START_KIND_LABELS: Record<CrewStartKind, string> = {
  yard: "The company's yard",
  address: "Another address",
  member_home: "A member's home",
};

/** A crew's start as the office sets it; an address is located when saved unless coordinates are typed. */
export const crewStartInputSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("yard") }),
  requiredAddressInputSchema.safeExtend({ kind: z.literal("address") }),
  z.object({ kind: z.literal("member_home"), memberId: z.uuid("Choose a member of this crew") }),
]);
export type CrewStartInput = z.input<typeof crewStartInputSchema>;

/**
 * Where a crew's day starts, as read: the place it resolves to (the yard's, its own or the member's home address with
 * its point) and, when it cannot be planned from, why. A member's home address is shown only to those who manage crews.
 */
export const crewStartSchema = z.object({
  kind: crewStartKindSchema,
  /** "The company's yard", "12 Elm St, Springfield", "Dana Diaz's home". */
  label: z.string(),
  memberId: z.string().nullable(),
  address: locatedAddressSchema.nullable(),
  /** The optimizer can plan this crew from its start. */
  located: z.boolean(),
  /** Why the crew has no place to start from ("The company has no yard yet: …"); null when it has one. */
  problem: z.string().nullable(),
});
export type CrewStart = z.infer<typeof crewStartSchema>;

const crewFields = {
  name: text({ max: 80, trim: true }).min(1, "A crew needs a name"),
  color: crewColorSchema,
  skills: skillsSchema,
  workingHours: workingHoursListSchema,
  breaks: z.array(crewBreakSchema).max(MAX_CREW_BREAKS),
};

export const createCrewRequestSchema = z.object({
  name: crewFields.name,
  color: crewFields.color,
  skills: crewFields.skills.optional(),
  workingHours: crewFields.workingHours.optional(),
  breaks: crewFields.breaks.optional(),
  memberIds: z.array(z.uuid()).max(MAX_CREW_MEMBERS).optional(),
});
export type CreateCrewRequest = z.infer<typeof createCrewRequestSchema>;

/** Each field given replaces the crew's whole value of it. */
export const updateCrewRequestSchema = z.object({
  name: crewFields.name.optional(),
  color: crewFields.color.optional(),
  skills: crewFields.skills.optional(),
  workingHours: crewFields.workingHours.optional(),
  breaks: crewFields.breaks.optional(),
  start: crewStartInputSchema.optional(),
});
export type UpdateCrewRequest = z.infer<typeof updateCrewRequestSchema>;

export const crewIdParamsSchema = z.object({ id: z.uuid() });
export const crewMemberParamsSchema = z.object({ id: z.uuid(), userId: z.uuid() });
export const addCrewMemberRequestSchema = z.object({ userId: z.uuid() });

export const crewMemberSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: roleSchema,
  /** The member's home, for a crew that starts there; present only for those who manage crews (null: none kept). */
  home: locatedAddressSchema.nullable().optional(),
});
export type CrewMember = z.infer<typeof crewMemberSchema>;

export const crewSchema = z.object({
  id: z.string(),
  name: z.string(),
  color: z.string(),
  skills: z.array(z.string()),
  workingHours: z.array(z.object({ weekday: z.number(), start: z.string(), end: z.string() })),
  breaks: z.array(z.object({ windowStart: z.string(), windowEnd: z.string(), durationMinutes: z.number() })),
  members: z.array(crewMemberSchema),
  start: crewStartSchema,
  createdAt: z.string(),
});
export type Crew = z.infer<typeof crewSchema>;

export const crewListResponseSchema = z.object({ items: z.array(crewSchema) });
export type CrewListResponse = z.infer<typeof crewListResponseSchema>;

/** GET /api/crews/:id/load?week=YYYY-MM-DD: any day of the week wanted; the week runs Monday to Sunday. */
export const crewLoadQuerySchema = z.object({
  week: calendarDaySchema.optional(),
});

export const crewLoadDaySchema = z.object({
  date: z.string(),
  visits: z.number(),
  scheduledMinutes: z.number(),
  workingMinutes: z.number(),
});
export const crewLoadSchema = z.object({
  crewId: z.string(),
  weekStart: z.string(),
  timeZone: z.string(),
  days: z.array(crewLoadDaySchema),
  visits: z.number(),
  scheduledMinutes: z.number(),
  workingMinutes: z.number(),
});
export type CrewLoad = z.infer<typeof crewLoadSchema>;

/** Team members: the company's users. */
export const teamMemberSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: roleSchema,
  crews: z.array(z.object({ id: z.string(), name: z.string(), color: z.string() })),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const teamResponseSchema = z.object({
  items: z.array(teamMemberSchema),
  /** -1 when the plan has no limit. */
  limit: z.number(),
  used: z.number(),
});
export type TeamResponse = z.infer<typeof teamResponseSchema>;

export const addTeamMemberRequestSchema = z.object({
  name: text({ max: 100, trim: true }).min(1, "A name is required"),
  email: emailSchema,
  role: z.enum(["member", "field_user"]),
});
export type AddTeamMemberRequest = z.infer<typeof addTeamMemberRequestSchema>;

export const memberHomeParamsSchema = z.object({ userId: z.uuid() });

export const crewEndpoints = {
  list: defineEndpoint({
    method: "GET",
    path: "/api/crews",
    tags: ["crews"],
    summary: "The company's crews",
    response: crewListResponseSchema,
  }),
  create: defineEndpoint({
    method: "POST",
    path: "/api/crews",
    tags: ["crews"],
    summary: "Create a crew",
    body: createCrewRequestSchema,
    status: 201,
    response: crewSchema,
    capability: "crews.manage",
  }),
  get: defineEndpoint({
    method: "GET",
    path: "/api/crews/:id",
    tags: ["crews"],
    summary: "A crew with its members, skills, hours and breaks",
    params: crewIdParamsSchema,
    response: crewSchema,
  }),
  update: defineEndpoint({
    method: "PATCH",
    path: "/api/crews/:id",
    tags: ["crews"],
    summary: "Change a crew (its start among them); each field given replaces its value",
    params: crewIdParamsSchema,
    body: updateCrewRequestSchema,
    response: crewSchema,
    capability: "crews.manage",
  }),
  delete: defineEndpoint({
    method: "DELETE",
    path: "/api/crews/:id",
    tags: ["crews"],
    summary: "Delete a crew (its visits become unassigned); deleting a crew that is gone succeeds",
    params: crewIdParamsSchema,
    status: 204,
    response: z.null(),
    capability: "crews.manage",
  }),
  addMember: defineEndpoint({
    method: "POST",
    path: "/api/crews/:id/members",
    tags: ["crews"],
    summary: "Add a user of the company to a crew",
    params: crewIdParamsSchema,
    body: addCrewMemberRequestSchema,
    response: crewSchema,
    capability: "crews.manage",
  }),
  removeMember: defineEndpoint({
    method: "DELETE",
    path: "/api/crews/:id/members/:userId",
    tags: ["crews"],
    summary: "Remove a user from a crew",
    params: crewMemberParamsSchema,
    response: crewSchema,
    capability: "crews.manage",
  }),
  load: defineEndpoint({
    method: "GET",
    path: "/api/crews/:id/load",
    tags: ["crews"],
    summary: "A crew's visits and scheduled minutes against its working minutes, per day of a week",
    params: crewIdParamsSchema,
    query: crewLoadQuerySchema,
    response: crewLoadSchema,
  }),
  /** The team's list and its one addition live beside the crews: a person's crews are part of what it shows. */
  team: defineEndpoint({
    method: "GET",
    path: "/api/team",
    tags: ["team"],
    summary: "The company's users with their role and crews",
    response: teamResponseSchema,
  }),
  setMemberHome: defineEndpoint({
    method: "PUT",
    path: "/api/team/:userId/home",
    tags: ["team"],
    summary: "Set a team member's home address (a crew may start its day there); located unless coordinates are given",
    params: memberHomeParamsSchema,
    body: requiredAddressInputSchema,
    response: locatedAddressSchema,
    capability: "crews.manage",
  }),
  addTeamMember: defineEndpoint({
    method: "POST",
    path: "/api/team",
    tags: ["team"],
    summary: "Add a team member (owner only), within the plan's team-member limit",
    body: addTeamMemberRequestSchema,
    status: 201,
    response: teamMemberSchema,
    capability: "team.add_member",
  }),
} as const;
