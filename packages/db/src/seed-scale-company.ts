import { randomUUID } from "node:crypto";
import type pg from "pg";
import { addDays, dayInTimeZone, mondayOf, zonedWallClockToUtc } from "@fieldops/shared/company-time";
import type { CustomerContactInput } from "@fieldops/shared/customers";
import { defaultPermissions, type Role } from "@fieldops/shared/roles";
import { VERTICALS, verticalForIndustry } from "@fieldops/shared/verticals";
import { hashPassword } from "@fieldops/domain/accounts/passwords";
import {
  contactData,
  customerMainFields,
  customerSearchText,
  propertyData,
  type LocatedProperty,
} from "@fieldops/domain/customers/customer-record";
import { createRandom, FIRST_NAMES, LAST_NAMES, STREETS, STREET_SUFFIXES, type Random } from "./seed-demo-world.ts";
import { withClient } from "./with-client.ts";

export const SCALE_PASSWORD = "scale-password-1";

/** What one seeded company holds; its owner signs in as `owner@<slug>.test` with SCALE_PASSWORD. */
export interface ScaleCompanySize {
  slug: string;
  name: string;
  customers: number;
  crews: number;
  /** Every visit, the unscheduled ones included. */
  visits: number;
  unscheduledVisits: number;
}

/** The size the product must stay fast at. */
export const SCALE_COMPANY: ScaleCompanySize = {
  slug: "scale-co",
  name: "Scale Lawn & Landscape",
  customers: 10_000,
  crews: 50,
  visits: 100_000,
  unscheduledVisits: 300,
};

/** The same shape, fifty times smaller: what the query counts of the scale company are compared with. */
export const SMALL_COMPANY: ScaleCompanySize = {
  slug: "scale-small",
  name: "Small Lawn Care",
  customers: 200,
  crews: 3,
  visits: 6_000,
  unscheduledVisits: 20,
};

export function scaleOwnerEmail(size: ScaleCompanySize): string {
  return `owner@${size.slug}.test`;
}

const TIME_ZONE = "America/Chicago";
const CENTER = { lat: 41.8781, lng: -87.6298, city: "Chicago", region: "IL" };
const SUBURBS = [
  "Chicago",
  "Evanston",
  "Oak Park",
  "Cicero",
  "Skokie",
  "Berwyn",
  "Des Plaines",
  "Park Ridge",
  "Niles",
  "Elmhurst",
];
const SKILLS = ["mowing", "trimming", "irrigation", "landscaping", "tree-care", "hardscaping"];
const CREW_COLORS = ["#16a34a", "#2563eb", "#d97706", "#7c3aed", "#dc2626", "#0891b2", "#db2777", "#65a30d"];
const SERVICES = [
  { title: "Weekly mowing", priceCents: 5500 },
  { title: "Hedge trimming", priceCents: 14500 },
  { title: "Sprinkler check", priceCents: 9500 },
  { title: "Aeration", priceCents: 21000 },
  { title: "Mulching", priceCents: 18000 },
  { title: "Leaf removal", priceCents: 26000 },
  { title: "Tree pruning", priceCents: 32000 },
];
/** Crews work Monday to Saturday, 07:00–19:00, with a 30-minute lunch starting between 11:30 and 13:30. */
const DAY_START = 7 * 60;
const DAY_END = 19 * 60;
const LUNCH = { windowStart: 11 * 60 + 30, windowEnd: 13 * 60 + 30, minutes: 30, at: 12 * 60 };
/** Each day's last hour stays free, so that a visit can always be moved somewhere on its own day. */
const LAST_BOOKABLE_END = DAY_END - 60;
const WEEKS = 20;
const DAY_MS = 86_400_000;

export interface ScaleSeedResult {
  companyId: string;
  counts: Record<string, number>;
  ms: number;
}

type Row = Record<string, unknown>;

/**
 * (Re)creates one company of the given size, as the owner role (it writes across row-level security): customers with
 * contacts and one or two properties around one metro area, crews with members, skills, hours, a lunch break and a
 * start location, and one-off and weekly jobs whose visits fill the crews' days over the ten weeks before and after
 * `now`, without overlaps and within hours: past ones completed (a few canceled), later ones scheduled, and a few
 * unscheduled. Bulk inserts in one transaction; the same inputs give the same company, apart from ids.
 */
export async function seedScaleCompany(
  ownerUrl: string,
  size: ScaleCompanySize,
  options: { now?: Date } = {},
): Promise<ScaleSeedResult> {
  const started = performance.now();
  const now = options.now ?? new Date();
  const random = createRandom(hashSeed(size.slug));
  const passwordHash = await hashPassword(SCALE_PASSWORD);
  const world = buildWorld(size, now, random, passwordHash);
  await withClient(ownerUrl, async (client) => {
    await client.query("BEGIN");
    try {
      await client.query(`DELETE FROM companies WHERE slug = $1`, [size.slug]);
      for (const [table, columns, rows] of world.tables) await insertRows(client, table, columns, rows);
      await client.query("COMMIT");
    } catch (error) {
      await client.query("ROLLBACK");
      throw error;
    }
    // Fresh statistics and visibility maps, so that the planner sees the new sizes and reads index-only at once
    // rather than after autovacuum.
    await client.query(
      `VACUUM ANALYZE customers, customer_properties, customer_contacts, crews, jobs, job_line_items, visits`,
    );
  });
  const counts = Object.fromEntries(world.tables.map(([table, , rows]) => [table, rows.length]));
  return { companyId: world.companyId, counts, ms: performance.now() - started };
}

/** Whether the company of this size is there, with all its visits. */
export async function scaleCompanySeeded(ownerUrl: string, size: ScaleCompanySize): Promise<boolean> {
  return withClient(ownerUrl, async (client) => {
    const { rows } = await client.query<{ visits: string }>(
      `SELECT count(v.id) AS visits FROM companies c JOIN visits v ON v."companyId" = c.id WHERE c.slug = $1`,
      [size.slug],
    );
    return Number(rows[0]?.visits ?? 0) === size.visits;
  });
}

function hashSeed(text: string): number {
  let hash = 2166136261;
  for (const char of text) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619);
  return hash >>> 0;
}

type Table = [name: string, columns: Record<string, string>, rows: Row[]];

function buildWorld(
  size: ScaleCompanySize,
  now: Date,
  random: Random,
  passwordHash: string,
): { companyId: string; tables: Table[] } {
  const companyId = randomUUID();
  const vertical = VERTICALS[verticalForIndustry("lawn-care")];
  const company = {
    id: companyId,
    name: size.name,
    slug: size.slug,
    industry: "lawn-care",
    verticalId: vertical.id,
    planId: "pro",
    branding: { name: size.name, logo: null, primaryColor: "#16a34a" },
    features: vertical.features,
    timeZone: TIME_ZONE,
    onboardingState: "completed",
    updatedAt: now,
  };

  const person = () => `${random.pick(FIRST_NAMES)} ${random.pick(LAST_NAMES)}`;
  const user = (email: string, name: string, role: Role) => ({
    id: randomUUID(),
    companyId,
    email,
    name,
    passwordHash,
    role,
    permissions: defaultPermissions(role),
    updatedAt: now,
  });
  const users: Row[] = [
    user(scaleOwnerEmail(size), person(), "owner"),
    user(`member@${size.slug}.test`, person(), "member"),
  ];

  const crews: Row[] = [];
  const crewMembers: Row[] = [];
  const workingHours: Row[] = [];
  const breaks: Row[] = [];
  const crewSkills: string[][] = [];
  for (let index = 0; index < size.crews; index++) {
    const id = randomUUID();
    const skills = SKILLS.filter(() => random.next() < 0.45);
    if (skills.length === 0) skills.push(random.pick(SKILLS));
    crewSkills.push(skills);
    crews.push({
      id,
      companyId,
      name: `Crew ${index + 1}`,
      color: CREW_COLORS[index % CREW_COLORS.length],
      skills,
      startKind: "address",
      startLatitude: CENTER.lat + (random.next() - 0.5) * 0.3,
      startLongitude: CENTER.lng + (random.next() - 0.5) * 0.4,
      startLocationPrecision: "manual",
    });
    for (let member = 1; member <= 2; member++) {
      const fieldUser = user(`crew${index + 1}-${member}@${size.slug}.test`, person(), "field_user");
      users.push(fieldUser);
      crewMembers.push({ crewId: id, userId: fieldUser.id, companyId });
    }
    for (let weekday = 1; weekday <= 6; weekday++) {
      workingHours.push({ crewId: id, companyId, weekday, startMinute: DAY_START, endMinute: DAY_END });
    }
    breaks.push({
      id: randomUUID(),
      crewId: id,
      companyId,
      windowStartMinute: LUNCH.windowStart,
      windowEndMinute: LUNCH.windowEnd,
      durationMinutes: LUNCH.minutes,
    });
  }

  const customers: Row[] = [];
  const contacts: Row[] = [];
  const properties: Row[] = [];
  const propertiesOf: string[][] = [];
  for (let index = 0; index < size.customers; index++) {
    const id = randomUUID();
    const first = random.pick(FIRST_NAMES);
    const last = random.pick(LAST_NAMES);
    const name = `${first} ${last}`;
    const customerContacts: CustomerContactInput[] = [
      { kind: "phone", value: `(312) ${random.int(200, 999)}-${String(random.int(0, 9999)).padStart(4, "0")}` },
      { kind: "email", value: `${first}.${last}${index}@example.com`.toLowerCase() },
    ];
    const customerProperties: LocatedProperty[] = Array.from(
      { length: random.next() < 0.3 ? 2 : 1 },
      (_, position) => ({
        name: position === 0 ? null : "Rental",
        street: `${random.int(100, 9999)} ${random.pick(STREETS)} ${random.pick(STREET_SUFFIXES)}`,
        city: random.pick(SUBURBS),
        region: CENTER.region,
        postcode: String(random.int(60601, 60827)),
        latitude: CENTER.lat + (random.next() - 0.5) * 0.5,
        longitude: CENTER.lng + (random.next() - 0.5) * 0.6,
        locationPrecision: "exact",
      }),
    );
    customers.push({
      id,
      companyId,
      name,
      ...customerMainFields(customerContacts, customerProperties),
      searchText: customerSearchText(name, customerContacts, customerProperties),
      createdAt: new Date(now.getTime() - random.int(100, 1000) * DAY_MS),
      updatedAt: now,
    });
    customerContacts.forEach((contact, position) =>
      contacts.push({ id: randomUUID(), companyId, customerId: id, ...contactData(contact, position) }),
    );
    const ids = customerProperties.map((property, position) => {
      const propertyId = randomUUID();
      properties.push({
        id: propertyId,
        companyId,
        customerId: id,
        ...propertyData(property, position),
        updatedAt: now,
      });
      return propertyId;
    });
    propertiesOf.push(ids);
  }

  const { jobs, lineItems, visits } = buildJobs(size, {
    companyId,
    now,
    random,
    crews,
    crewSkills,
    customers,
    propertiesOf,
  });

  const uuid = "uuid";
  const text = "text";
  const int = "int";
  const float = "double precision";
  const timestamp = "timestamp(3)";
  const tables: Table[] = [
    [
      "companies",
      {
        id: uuid,
        name: text,
        slug: text,
        industry: text,
        verticalId: text,
        planId: text,
        branding: "jsonb",
        features: "text[]",
        timeZone: text,
        onboardingState: `"OnboardingState"`,
        updatedAt: timestamp,
      },
      [company],
    ],
    ["job_counters", { companyId: uuid, lastNumber: int }, [{ companyId, lastNumber: jobs.length }]],
    [
      "users",
      {
        id: uuid,
        companyId: uuid,
        email: text,
        name: text,
        passwordHash: text,
        role: `"Role"`,
        permissions: "text[]",
        updatedAt: timestamp,
      },
      users,
    ],
    [
      "crews",
      {
        id: uuid,
        companyId: uuid,
        name: text,
        color: text,
        skills: "text[]",
        startKind: `"CrewStartKind"`,
        startLatitude: float,
        startLongitude: float,
        startLocationPrecision: `"LocationPrecision"`,
      },
      crews,
    ],
    ["crew_members", { crewId: uuid, userId: uuid, companyId: uuid }, crewMembers],
    [
      "crew_working_hours",
      { crewId: uuid, companyId: uuid, weekday: int, startMinute: int, endMinute: int },
      workingHours,
    ],
    [
      "crew_breaks",
      { id: uuid, crewId: uuid, companyId: uuid, windowStartMinute: int, windowEndMinute: int, durationMinutes: int },
      breaks,
    ],
    [
      "customers",
      {
        id: uuid,
        companyId: uuid,
        name: text,
        email: text,
        phone: text,
        street: text,
        city: text,
        region: text,
        postcode: text,
        latitude: float,
        longitude: float,
        locationPrecision: `"LocationPrecision"`,
        searchText: text,
        createdAt: timestamp,
        updatedAt: timestamp,
      },
      customers,
    ],
    [
      "customer_contacts",
      {
        id: uuid,
        companyId: uuid,
        customerId: uuid,
        kind: `"CustomerContactKind"`,
        value: text,
        label: text,
        position: int,
      },
      contacts,
    ],
    [
      "customer_properties",
      {
        id: uuid,
        companyId: uuid,
        customerId: uuid,
        name: text,
        street: text,
        city: text,
        region: text,
        postcode: text,
        latitude: float,
        longitude: float,
        locationPrecision: `"LocationPrecision"`,
        accessNotes: text,
        gateCode: text,
        position: int,
        updatedAt: timestamp,
      },
      properties,
    ],
    [
      "jobs",
      {
        id: uuid,
        companyId: uuid,
        customerId: uuid,
        number: int,
        title: text,
        recurrence: text,
        recurrenceStart: timestamp,
        generatedUntil: timestamp,
        visitDurationMinutes: int,
        invoicedAt: timestamp,
        propertyId: uuid,
        requiredSkills: "text[]",
        createdAt: timestamp,
        updatedAt: timestamp,
      },
      jobs,
    ],
    [
      "job_line_items",
      {
        id: uuid,
        companyId: uuid,
        jobId: uuid,
        position: int,
        service: text,
        quantity: "numeric",
        unitPriceCents: int,
      },
      lineItems,
    ],
    [
      "visits",
      {
        id: uuid,
        companyId: uuid,
        jobId: uuid,
        crewId: uuid,
        status: `"VisitStatus"`,
        scheduledStart: timestamp,
        scheduledEnd: timestamp,
        durationMinutes: int,
        completedAt: timestamp,
        startedAt: timestamp,
        canceledAt: timestamp,
        occurrenceAt: timestamp,
        createdAt: timestamp,
        updatedAt: timestamp,
      },
      visits,
    ],
  ];
  return { companyId, tables };
}

interface Slot {
  startMinute: number;
  minutes: number;
  recurring: boolean;
}

/** One weekday of one crew, the same every week: `count` visits from 07:00, around lunch, ending by 18:00. */
function daySlots(count: number, random: Random): Slot[] {
  for (let attempt = 0; attempt < 20; attempt++) {
    const slots: Slot[] = [];
    let at = DAY_START;
    for (let index = 0; index < count; index++) {
      const minutes = attempt === 19 ? 30 : random.pick([30, 30, 30, 30, 45, 45, 60]);
      if (at < LUNCH.at + LUNCH.minutes && at + minutes > LUNCH.at) at = LUNCH.at + LUNCH.minutes;
      slots.push({ startMinute: at, minutes, recurring: random.next() < 0.4 });
      at += minutes + (attempt < 19 && random.next() < 0.1 ? 15 : 0);
    }
    if (slots.every((slot) => slot.startMinute + slot.minutes <= LAST_BOOKABLE_END)) return slots;
  }
  throw new Error(`${count} visits do not fit in a crew's day`);
}

function buildJobs(
  size: ScaleCompanySize,
  world: {
    companyId: string;
    now: Date;
    random: Random;
    crews: Row[];
    crewSkills: string[][];
    customers: Row[];
    propertiesOf: string[][];
  },
) {
  const { companyId, now, random } = world;
  const firstMonday = addDays(mondayOf(dayInTimeZone(now, TIME_ZONE)), -7 * (WEEKS / 2));
  const at = (day: string, minute: number) =>
    zonedWallClockToUtc(Date.parse(`${day}T00:00:00Z`) + minute * 60_000, TIME_ZONE);
  const rangeEnd = at(addDays(firstMonday, 7 * WEEKS), 0);
  const scheduledVisits = size.visits - size.unscheduledVisits;
  const templates = size.crews * 6;
  const slotsPerWeek = Math.ceil(scheduledVisits / WEEKS);
  // One-off visits of the last week beyond the target are left out, so the total is exact.
  let surplus = slotsPerWeek * WEEKS - scheduledVisits;

  type PendingJob = Row & { createdAt: Date; priceCents: number; title: string };
  const jobs: PendingJob[] = [];
  const visits: Row[] = [];
  const newJob = (fields: {
    title?: string;
    crewIndex: number | null;
    createdAt: Date;
    minutes: number;
    recurrenceStart?: Date;
    invoiced?: boolean;
  }) => {
    const customerIndex = random.int(0, world.customers.length - 1);
    const service = fields.title ? SERVICES.find((s) => s.title === fields.title)! : random.pick(SERVICES);
    const skills = fields.crewIndex === null ? [] : world.crewSkills[fields.crewIndex]!;
    const job: PendingJob = {
      id: randomUUID(),
      companyId,
      customerId: world.customers[customerIndex]!.id,
      title: service.title,
      priceCents: service.priceCents,
      recurrence: fields.recurrenceStart ? "FREQ=WEEKLY" : null,
      recurrenceStart: fields.recurrenceStart ?? null,
      generatedUntil: fields.recurrenceStart ? rangeEnd : null,
      visitDurationMinutes: fields.minutes,
      invoicedAt: fields.invoiced ? now : null,
      propertyId: random.pick(world.propertiesOf[customerIndex]!),
      requiredSkills: skills.length > 0 && random.next() < 0.3 ? [random.pick(skills)] : [],
      createdAt: fields.createdAt,
      updatedAt: now,
    };
    jobs.push(job);
    return job;
  };
  const visitRow = (jobId: string, crewId: string | null, start: Date | null, minutes: number, occurrence: boolean) => {
    const end = start ? new Date(start.getTime() + minutes * 60_000) : null;
    const past = end !== null && end <= now;
    const canceled = past && random.next() < 0.02;
    const status = !start
      ? "unscheduled"
      : canceled
        ? "canceled"
        : past
          ? "completed"
          : start <= now
            ? "in_progress"
            : "scheduled";
    visits.push({
      id: randomUUID(),
      companyId,
      jobId,
      crewId,
      status,
      scheduledStart: start,
      scheduledEnd: end,
      durationMinutes: minutes,
      completedAt: status === "completed" ? end : null,
      startedAt: status === "completed" || status === "in_progress" ? start : null,
      canceledAt: canceled && start ? start : null,
      occurrenceAt: occurrence ? start : null,
      createdAt: now,
      updatedAt: now,
    });
    return past;
  };

  for (let template = 0; template < templates; template++) {
    const crewIndex = template % size.crews;
    const weekday = Math.floor(template / size.crews) + 1; // 1 = Monday
    const count = Math.floor(slotsPerWeek / templates) + (template < slotsPerWeek % templates ? 1 : 0);
    const crewId = world.crews[crewIndex]!.id as string;
    for (const slot of daySlots(count, random)) {
      const starts = Array.from({ length: WEEKS }, (_, week) =>
        at(addDays(firstMonday, week * 7 + weekday - 1), slot.startMinute),
      );
      if (slot.recurring) {
        const job = newJob({
          title: "Weekly mowing",
          crewIndex,
          minutes: slot.minutes,
          recurrenceStart: starts[0]!,
          createdAt: new Date(starts[0]!.getTime() - random.int(1, 10) * DAY_MS),
        });
        for (const start of starts) visitRow(job.id as string, crewId, start, slot.minutes, true);
        continue;
      }
      for (const [week, start] of starts.entries()) {
        if (week === WEEKS - 1 && surplus > 0) {
          surplus--;
          continue;
        }
        const createdAt = new Date(
          Math.min(start.getTime() - random.int(1, 21) * DAY_MS, now.getTime() - random.int(1, 600) * 60_000),
        );
        const job = newJob({
          crewIndex,
          minutes: slot.minutes,
          createdAt,
          invoiced: start < now && random.next() < 0.85,
        });
        visitRow(job.id as string, crewId, start, slot.minutes, false);
      }
    }
  }
  if (surplus > 0) throw new Error("Too few one-off visits to reach the exact visit count; lower the recurring share");
  for (let index = 0; index < size.unscheduledVisits; index++) {
    const job = newJob({
      crewIndex: null,
      minutes: random.pick([30, 45, 60, 90]),
      createdAt: new Date(now.getTime() - random.int(1, 14 * 24 * 60) * 60_000),
    });
    visitRow(job.id as string, null, null, job.visitDurationMinutes as number, false);
  }

  // Numbers follow creation, as the product gives them.
  jobs.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  const lineItems: Row[] = [];
  jobs.forEach((job, index) => {
    job.number = index + 1;
    lineItems.push({
      id: randomUUID(),
      companyId,
      jobId: job.id,
      position: 0,
      service: job.title,
      quantity: 1,
      unitPriceCents: job.priceCents,
    });
  });
  return { jobs, lineItems, visits };
}

/** A value as PostgreSQL's text input reads it; arrays as array literals, objects as JSON. */
function toText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return `{${value.map((item) => `"${String(item).replace(/["\\]/g, "\\$&")}"`).join(",")}}`;
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

/**
 * Many rows in few statements: each column travels as one text array, unnested and cast to its type. Timestamps are
 * UTC wall-clock values; casting an ISO string to `timestamp` keeps its fields and drops the `Z`.
 */
async function insertRows(
  client: pg.Client,
  table: string,
  columns: Record<string, string>,
  rows: Row[],
): Promise<void> {
  const names = Object.keys(columns);
  const select = names.map((name, index) => `c${index}::${columns[name]}`).join(", ");
  const unnest = names.map((_, index) => `$${index + 1}::text[]`).join(", ");
  const aliases = names.map((_, index) => `c${index}`).join(", ");
  const sql = `INSERT INTO ${table} (${names.map((name) => `"${name}"`).join(", ")}) SELECT ${select} FROM unnest(${unnest}) AS t(${aliases})`;
  for (let offset = 0; offset < rows.length; offset += 10_000) {
    const chunk = rows.slice(offset, offset + 10_000);
    await client.query(
      sql,
      names.map((name) => chunk.map((row) => toText(row[name]))),
    );
  }
}
