import { randomUUID } from "node:crypto";
import { addDays, dayInTimeZone, startOfDayInTimeZone, zonedWallClockToUtc } from "@fieldops/shared/company-time";
import { defaultPermissions, type Role } from "@fieldops/shared/roles";
import { VERTICALS, verticalForIndustry } from "@fieldops/shared/verticals";
import { planHasFeature, type PlanId } from "@fieldops/shared/plans";
import { hashPassword } from "@fieldops/domain/accounts/passwords";
import { defaultAutomationRows } from "@fieldops/domain/automations/manage-automations";
import type { Database, Prisma } from "./client.ts";
import { seedDemoBilling, type BillableJob } from "./seed-demo-billing.ts";
import { seedCompanyAccount } from "./seed-company-account.ts";
import { seedDemoSales } from "./seed-demo-sales.ts";

export const DEMO_PASSWORD = "demo-password-1";
export const DEMO_ADMIN_EMAIL = "admin@demo.test";
/** The job of the field user's crew that has a visit today (the company's day), whatever time the demo is seeded. */
export const DEMO_FIELD_VISIT_TITLE = "Backyard tidy-up";

interface DemoCompany {
  name: string;
  slug: string;
  industry: string;
  planId: PlanId;
  timeZone: string;
  center: { lat: number; lng: number; city: string; region: string };
  color: string;
  users: { email: string; name: string; role: Role }[];
  crews: { name: string; color: string; skills: string[] }[];
  /** Skills name the crews that can take a service's visits (every crew when none). */
  services: { title: string; minutes: number; priceCents: number; skills?: string[] }[];
  customers: number;
  /** Days until the free trial ends (negative: it ended that many days ago); none when a plan was chosen. */
  trialDays?: number;
}

export const DEMO_COMPANIES: DemoCompany[] = [
  {
    name: "Green Valley Lawn Care",
    slug: "green-valley",
    industry: "lawn-care",
    planId: "pro",
    timeZone: "America/Denver",
    center: { lat: 39.7392, lng: -104.9903, city: "Denver", region: "CO" },
    color: "#16a34a",
    users: [
      { email: "owner@demo.test", name: "Olivia Owner", role: "owner" },
      { email: "member@demo.test", name: "Miguel Member", role: "member" },
      { email: "tech@demo.test", name: "Tara Tech", role: "field_user" },
    ],
    crews: [
      { name: "Crew A", color: "#16a34a", skills: ["mowing", "trimming"] },
      { name: "Crew B", color: "#2563eb", skills: ["mowing", "irrigation"] },
      { name: "Crew C", color: "#d97706", skills: ["landscaping", "tree-care"] },
    ],
    services: [
      { title: "Weekly mowing", minutes: 45, priceCents: 5500 },
      { title: "Spring cleanup", minutes: 180, priceCents: 32000, skills: ["landscaping"] },
      { title: "Aeration and overseeding", minutes: 120, priceCents: 21000 },
      { title: "Hedge trimming", minutes: 90, priceCents: 14500 },
      { title: "Sprinkler start-up", minutes: 60, priceCents: 9500, skills: ["irrigation"] },
      { title: "Fall leaf removal", minutes: 150, priceCents: 26000 },
    ],
    customers: 220,
  },
  {
    name: "Acme Plumbing",
    slug: "acme-plumbing",
    industry: "plumbing",
    planId: "growth",
    timeZone: "America/Chicago",
    center: { lat: 41.8781, lng: -87.6298, city: "Chicago", region: "IL" },
    color: "#0ea5e9",
    users: [{ email: "owner@acme-plumbing.test", name: "Avery Acme", role: "owner" }],
    crews: [
      { name: "Service Van 1", color: "#0ea5e9", skills: ["drains", "fixtures"] },
      { name: "Service Van 2", color: "#7c3aed", skills: ["water-heaters", "fixtures"] },
    ],
    services: [
      { title: "Drain cleaning", minutes: 60, priceCents: 18500 },
      { title: "Water heater replacement", minutes: 240, priceCents: 145000, skills: ["water-heaters"] },
      { title: "Leak repair", minutes: 90, priceCents: 22500 },
      { title: "Fixture installation", minutes: 120, priceCents: 31000 },
      { title: "Sewer camera inspection", minutes: 75, priceCents: 27500 },
    ],
    customers: 160,
  },
  {
    // A company whose free trial ended without a plan being chosen: its data can be read, not changed.
    name: "Bright Spark Electrical",
    slug: "bright-spark",
    industry: "electrical",
    planId: "starter",
    timeZone: "America/Phoenix",
    center: { lat: 33.4484, lng: -112.074, city: "Phoenix", region: "AZ" },
    color: "#eab308",
    users: [{ email: "owner@bright-spark.test", name: "Blake Spark", role: "owner" }],
    crews: [{ name: "Truck 1", color: "#eab308", skills: ["panels", "lighting"] }],
    services: [
      { title: "Panel upgrade", minutes: 240, priceCents: 210000, skills: ["panels"] },
      { title: "Lighting retrofit", minutes: 120, priceCents: 45000 },
      { title: "Outlet and switch repair", minutes: 60, priceCents: 16500 },
      { title: "EV charger install", minutes: 180, priceCents: 120000, skills: ["panels"] },
    ],
    customers: 30,
    trialDays: -2,
  },
];

export const FIRST_NAMES = [
  "James",
  "Mary",
  "Robert",
  "Patricia",
  "John",
  "Jennifer",
  "Michael",
  "Linda",
  "David",
  "Elizabeth",
  "William",
  "Barbara",
  "Richard",
  "Susan",
  "Joseph",
  "Jessica",
  "Thomas",
  "Sarah",
  "Charles",
  "Karen",
  "Daniel",
  "Nancy",
  "Matthew",
  "Lisa",
  "Anthony",
  "Betty",
  "Mark",
  "Sandra",
  "Steven",
  "Ashley",
  "Andrew",
  "Emily",
];
export const LAST_NAMES = [
  "Henderson",
  "Smith",
  "Johnson",
  "Williams",
  "Brown",
  "Jones",
  "Garcia",
  "Miller",
  "Davis",
  "Rodriguez",
  "Martinez",
  "Hernandez",
  "Lopez",
  "Wilson",
  "Anderson",
  "Taylor",
  "Moore",
  "Jackson",
  "Martin",
  "Lee",
  "Thompson",
  "White",
  "Harris",
  "Clark",
  "Lewis",
  "Robinson",
  "Walker",
  "Young",
  "Allen",
  "King",
  "Wright",
  "Scott",
];
export const STREETS = [
  "Maple",
  "Oak",
  "Cedar",
  "Pine",
  "Elm",
  "Willow",
  "Aspen",
  "Birch",
  "Spruce",
  "Juniper",
  "Sycamore",
  "Magnolia",
  "Hickory",
  "Laurel",
  "Chestnut",
];
export const STREET_SUFFIXES = ["St", "Ave", "Dr", "Ct", "Ln", "Way", "Pl"];

/** A small seeded generator (mulberry32): the demo world is the same on every machine. */
export function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
  };
}

export type Random = ReturnType<typeof createRandom>;

const DAY_MS = 24 * 3600 * 1000;

/** Every demo crew works Monday to Friday 7:00–17:00 and Saturday 8:00–12:00, with a 30-minute lunch between 11:30 and 13:30. */
const CREW_WEEK = [
  ...[1, 2, 3, 4, 5].map((weekday) => ({ weekday, startMinute: 7 * 60, endMinute: 17 * 60 })),
  { weekday: 6, startMinute: 8 * 60, endMinute: 12 * 60 },
];
const CREW_BREAK = { windowStartMinute: 11 * 60 + 30, windowEndMinute: 13 * 60 + 30, durationMinutes: 30 };
/** Driving time left between two visits of a crew. */
const TRAVEL_MINUTES = 15;

/**
 * Lays a crew's visits of a day one after another from the start of its hours, with travel time between them and room
 * for the lunch break, as a dispatcher would: the schedule rules of the API hold for the demo world too.
 */
function createDayPlanner() {
  const days = new Map<string, { next: number; breakTaken: boolean }>();
  return (crewId: string, date: string, minutes: number): number | null => {
    const hours = CREW_WEEK.find((entry) => entry.weekday === new Date(`${date}T00:00:00Z`).getUTCDay());
    if (!hours) return null;
    const key = `${crewId}|${date}`;
    const day = days.get(key) ?? { next: hours.startMinute + 30, breakTaken: false };
    let start = day.next;
    if (
      !day.breakTaken &&
      start + minutes > CREW_BREAK.windowStartMinute + CREW_BREAK.durationMinutes &&
      start < CREW_BREAK.windowEndMinute
    ) {
      start = Math.max(start, CREW_BREAK.windowStartMinute) + CREW_BREAK.durationMinutes;
      day.breakTaken = true;
    }
    if (start + minutes > hours.endMinute) return null;
    day.next = start + minutes + TRAVEL_MINUTES;
    days.set(key, day);
    return start;
  };
}

/** Seeds the demo world (README.md, Demo accounts) when the database has no company yet. Returns whether it seeded. */
export async function seedDemoWorld(db: Database, options: { now?: Date } = {}): Promise<boolean> {
  if ((await db.company.count()) > 0) return false;
  const now = options.now ?? new Date();
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.user.create({
    data: {
      email: DEMO_ADMIN_EMAIL,
      name: "Ada Admin",
      passwordHash,
      role: "admin",
      permissions: defaultPermissions("admin"),
    },
  });
  for (const [index, demo] of DEMO_COMPANIES.entries()) {
    await seedCompany(db, demo, passwordHash, now, createRandom(1000 + index));
  }
  return true;
}

async function seedCompany(
  db: Database,
  demo: DemoCompany,
  passwordHash: string,
  now: Date,
  random: Random,
): Promise<void> {
  const vertical = VERTICALS[verticalForIndustry(demo.industry)];
  const company = await db.company.create({
    data: {
      name: demo.name,
      slug: demo.slug,
      industry: demo.industry,
      verticalId: vertical.id,
      planId: demo.planId,
      branding: { name: demo.name, logo: null, primaryColor: demo.color },
      features: vertical.features,
      timeZone: demo.timeZone,
      onboardingState: "completed",
      isDemo: true,
      trialEndsAt: demo.trialDays === undefined ? null : new Date(now.getTime() + demo.trialDays * DAY_MS),
    },
  });
  const companyId = company.id;
  await db.automation.createMany({
    data: defaultAutomationRows(companyId, { invoicing: planHasFeature(demo.planId, "invoicing"), appOrigin: null }),
  });
  const users = demo.users.map((user) => ({
    id: randomUUID(),
    companyId,
    passwordHash,
    permissions: defaultPermissions(user.role),
    ...user,
  }));
  await db.user.createMany({ data: users });

  const crews = demo.crews.map((crew) => ({ id: randomUUID(), companyId, ...crew }));
  await db.crew.createMany({ data: crews });
  await db.crewWorkingHours.createMany({
    data: crews.flatMap((crew) => CREW_WEEK.map((hours) => ({ crewId: crew.id, companyId, ...hours }))),
  });
  await db.crewBreak.createMany({ data: crews.map((crew) => ({ crewId: crew.id, companyId, ...CREW_BREAK })) });
  const fieldUser = users.find((user) => user.role === "field_user");
  if (fieldUser) await db.crewMember.create({ data: { crewId: crews[0]!.id, userId: fieldUser.id, companyId } });

  const customers: Prisma.CustomerCreateManyInput[] = Array.from({ length: demo.customers }, () => {
    const first = random.pick(FIRST_NAMES);
    const last = random.pick(LAST_NAMES);
    return {
      id: randomUUID(),
      companyId,
      name: `${first} ${last}`,
      email: `${first}.${last}${random.int(1, 999)}@example.com`.toLowerCase(),
      phone: `(555) ${random.int(200, 999)}-${String(random.int(0, 9999)).padStart(4, "0")}`,
      street: `${random.int(100, 9999)} ${random.pick(STREETS)} ${random.pick(STREET_SUFFIXES)}`,
      city: demo.center.city,
      region: demo.center.region,
      postcode: String(random.int(10000, 99999)),
      latitude: demo.center.lat + (random.next() - 0.5) * 0.3,
      longitude: demo.center.lng + (random.next() - 0.5) * 0.4,
      locationPrecision: "exact" as const,
    };
  });
  await db.customer.createMany({
    data: customers.map((customer) => ({ ...customer, searchText: demoSearchText(customer) })),
  });
  const propertyOf = new Map(customers.map((customer) => [customer.id!, randomUUID()]));
  await db.customerProperty.createMany({
    data: customers.map(({ id, street, city, region, postcode, latitude, longitude, locationPrecision }) => ({
      id: propertyOf.get(id!)!,
      companyId,
      customerId: id!,
      street,
      city,
      region,
      postcode,
      latitude,
      longitude,
      locationPrecision,
      position: 0,
    })),
  });
  await db.customerContact.createMany({
    data: customers.flatMap(({ id, phone, email }) => [
      { companyId, customerId: id!, kind: "phone" as const, value: phone!, position: 0 },
      { companyId, customerId: id!, kind: "email" as const, value: email!, position: 1 },
    ]),
  });

  const jobs: Prisma.JobCreateManyInput[] = [];
  const visits: Prisma.VisitCreateManyInput[] = [];
  const billable: BillableJob[] = [];
  const lineItems: Prisma.JobLineItemCreateManyInput[] = [];
  const jobCount = Math.round(demo.customers * 1.2);
  const today = dayInTimeZone(now, demo.timeZone);
  const plan = createDayPlanner();
  // The field user's visit takes its crew's first slot of the day, before anything else is planned.
  const fieldVisitMinute = fieldUser ? plan(crews[0]!.id, today, 60) : null;
  for (let number = 1; number <= jobCount; number++) {
    const customer = customers[(number - 1) % customers.length]!;
    const service = random.pick(demo.services);
    const jobId = randomUUID();
    // One job in ten is today's, so that the board shows a full day; the others spread over seven weeks.
    const drawn = number % 10 === 0 ? 0 : random.int(-28, 21);
    // Nobody works on Sundays: work drawn for one goes to the Monday.
    const dayOffset =
      drawn !== 0 && new Date(`${addDays(today, drawn)}T00:00:00Z`).getUTCDay() === 0 ? drawn + 1 : drawn;
    const date = addDays(today, dayOffset);
    const able = crews.filter((crew) => (service.skills ?? []).every((skill) => crew.skills.includes(skill)));
    const crew = random.pick(able);
    const minute = number % 17 === 0 ? null : plan(crew.id, date, service.minutes);
    const start = zonedWallClockToUtc(Date.parse(`${date}T00:00:00Z`) + (minute ?? 9 * 60) * 60_000, demo.timeZone);
    const end = new Date(start.getTime() + service.minutes * 60_000);
    const status =
      minute === null
        ? "unscheduled"
        : dayOffset < 0
          ? number % 13 === 0
            ? "canceled"
            : "completed"
          : dayOffset === 0
            ? end <= now
              ? "completed"
              : start <= now
                ? "in_progress"
                : "dispatched"
            : "scheduled";
    const scheduled = status !== "unscheduled";
    jobs.push({
      id: jobId,
      companyId,
      customerId: customer.id!,
      number,
      title: service.title,
      propertyId: propertyOf.get(customer.id!)!,
      requiredSkills: service.skills ?? [],
      recurrence: service.title === "Weekly mowing" ? "FREQ=WEEKLY" : null,
      // Booked 3 to 20 days before the visit, but never later than now: the work of the coming days was booked
      // in the last day (spread without a draw, so that the rest of the world stays as it was seeded before).
      createdAt: new Date(
        Math.min(start.getTime() - random.int(3, 20) * DAY_MS, now.getTime() - ((number % 48) + 1) * 30 * 60_000),
      ),
    });
    visits.push({
      companyId,
      jobId,
      crewId: scheduled ? crew.id : null,
      status,
      scheduledStart: scheduled ? start : null,
      scheduledEnd: scheduled ? end : null,
      durationMinutes: service.minutes,
      completedAt: status === "completed" ? end : null,
    });
    lineItems.push({
      companyId,
      jobId,
      position: 0,
      service: service.title,
      quantity: 1,
      unitPriceCents: service.priceCents,
    });
    if (status === "completed") {
      // The draw an invoice's status once took, kept so that the rest of the world stays as it was seeded before.
      random.next();
      billable.push({
        jobId,
        customerId: customer.id!,
        service: service.title,
        priceCents: service.priceCents,
        completedAt: end,
      });
    }
  }
  const fieldCustomerId = customers[0]!.id!;
  const fieldPropertyId = propertyOf.get(fieldCustomerId)!;
  const fieldJobId = randomUUID();
  if (fieldUser) {
    const jobId = fieldJobId;
    jobs.push({
      id: jobId,
      companyId,
      customerId: fieldCustomerId,
      propertyId: fieldPropertyId,
      number: jobCount + 1,
      title: DEMO_FIELD_VISIT_TITLE,
      instructions: "Bag the clippings and leave them by the garage.",
      createdAt: new Date(now.getTime() - 3 * DAY_MS),
    });
    const start =
      fieldVisitMinute === null
        ? withinToday(now, demo.timeZone, 60).scheduledStart
        : zonedWallClockToUtc(Date.parse(`${today}T00:00:00Z`) + fieldVisitMinute * 60_000, demo.timeZone);
    visits.push({
      companyId,
      jobId,
      crewId: crews[0]!.id,
      status: "dispatched",
      durationMinutes: 60,
      scheduledStart: start,
      scheduledEnd: new Date(start.getTime() + 60 * 60_000),
    });
  }
  // Numbers follow creation, as the product gives them.
  jobs.sort((a, b) => (a.createdAt as Date).getTime() - (b.createdAt as Date).getTime());
  jobs.forEach((job, index) => (job.number = index + 1));
  await db.job.createMany({ data: jobs });
  await db.visit.createMany({ data: visits });
  await db.jobLineItem.createMany({ data: lineItems });
  await seedDemoBilling(db, {
    companyId,
    timeZone: demo.timeZone,
    now,
    random: createRandom(jobCount),
    jobs: billable,
  });
  if (fieldUser) {
    await db.customerProperty.update({
      where: { id: fieldPropertyId },
      data: { accessNotes: "Side gate by the garage; the dog is friendly.", gateCode: "2468" },
    });
    await db.jobChecklistItem.createMany({
      data: ["Rake the beds", "Trim along the fence", "Bag the clippings"].map((label, position) => ({
        companyId,
        jobId: fieldJobId,
        position,
        label,
      })),
    });
  }
  await seedCompanyAccount(db, {
    companyId,
    companyName: demo.name,
    slug: demo.slug,
    planHasPrioritySupport: planHasFeature(demo.planId, "priority_support"),
    city: demo.center.city,
    region: demo.center.region,
    center: demo.center,
    users,
    now,
  });
  await seedDemoSales(db, {
    companyId,
    now,
    customers,
    services: demo.services,
    jobs,
    pick: (values) => random.pick(values),
  });
}

/** A visit of `minutes` that starts and ends on the company's calendar day of `now`, starting near `now`. */
function withinToday(now: Date, timeZone: string, minutes: number): { scheduledStart: Date; scheduledEnd: Date } {
  const today = dayInTimeZone(now, timeZone);
  const dayStart = startOfDayInTimeZone(today, timeZone).getTime();
  const dayEnd = startOfDayInTimeZone(addDays(today, 1), timeZone).getTime();
  const start = Math.max(dayStart, Math.min(now.getTime() - 15 * 60_000, dayEnd - minutes * 60_000));
  return { scheduledStart: new Date(start), scheduledEnd: new Date(start + minutes * 60_000) };
}

/** What customer search matches, as the customers use cases write it: name, contacts (phones also as digits), address. */
function demoSearchText(customer: Prisma.CustomerCreateManyInput): string {
  const { name, email, phone, street, city, region, postcode } = customer;
  return [name, email, phone, phone?.replace(/\D/g, ""), street, city, region, postcode]
    .filter(Boolean)
    .join(" ")
    .toLowerCase();
}
