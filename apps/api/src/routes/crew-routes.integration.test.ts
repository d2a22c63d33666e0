import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CompanyProfile } from "@fieldops/shared/company-settings";
import type { Crew, CrewLoad, TeamMember, TeamResponse } from "@fieldops/shared/crews";
import {
  callApi,
  createTestCompany,
  signIn,
  startTestApp,
  type TestApp,
  type TestCompany,
} from "../../../../tests/integration/test-app.ts";

let t: TestApp;
let company: TestCompany;
let other: TestCompany;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await startTestApp();
  company = await createTestCompany(t.db);
  other = await createTestCompany(t.db);
  for (const role of ["owner", "member", "field_user"] as const)
    tokens[role] = await signIn(t.url, company.users[role].email);
  tokens.otherOwner = await signIn(t.url, other.users.owner.email);
});
afterAll(() => t.close());

const call = (method: string, path: string, token: string, body?: unknown) => callApi(t.url, method, path, token, body);

const newCrew = (overrides: Record<string, unknown> = {}) => ({
  name: `Crew ${randomUUID().slice(0, 6)}`,
  color: "#16A34A",
  skills: ["Mowing", "irrigation", "mowing"],
  workingHours: [
    { weekday: 1, start: "08:00", end: "17:00" },
    { weekday: 2, start: "08:00", end: "16:00" },
  ],
  breaks: [{ windowStart: "11:30", windowEnd: "13:00", durationMinutes: 30 }],
  ...overrides,
});

async function createCrew(overrides: Record<string, unknown> = {}, token = tokens.owner!): Promise<Crew> {
  const response = await call("POST", "/api/crews", token, newCrew(overrides));
  expect(response.status).toBe(201);
  return response.body as Crew;
}

describe("crews", () => {
  it("creates a crew with members, skills, hours, breaks and a colour, and reads it back", async () => {
    const crew = await createCrew({ memberIds: [company.users.field_user.id] });
    expect(crew).toMatchObject({
      color: "#16a34a",
      skills: ["mowing", "irrigation"],
      workingHours: [
        { weekday: 1, start: "08:00", end: "17:00" },
        { weekday: 2, start: "08:00", end: "16:00" },
      ],
      breaks: [{ windowStart: "11:30", windowEnd: "13:00", durationMinutes: 30 }],
      members: [{ id: company.users.field_user.id, role: "field_user" }],
    });
    // A field user reads the crew as the office does, but for its members' homes.
    const read = await call("GET", `/api/crews/${crew.id}`, tokens.field_user!);
    expect(read).toEqual({
      status: 200,
      body: { ...crew, members: crew.members.map(({ home: _home, ...member }) => member) },
    });
    const list = await call("GET", "/api/crews", tokens.field_user!);
    expect((list.body as { items: Crew[] }).items.map((c) => c.id)).toContain(crew.id);
    await call("DELETE", `/api/crews/${crew.id}`, tokens.owner!);
  });

  it("refuses a colour that is not #rrggbb, hours that end before they start and a weekday twice, naming the field", async () => {
    const colour = await call("POST", "/api/crews", tokens.owner!, newCrew({ color: "green" }));
    expect(colour.status).toBe(400);
    expect(colour.body).toMatchObject({ field: "color" });
    const hours = await call(
      "POST",
      "/api/crews",
      tokens.owner!,
      newCrew({ workingHours: [{ weekday: 1, start: "17:00", end: "08:00" }] }),
    );
    expect(hours).toMatchObject({ status: 400, body: { field: "workingHours.0.end" } });
    const twice = await call(
      "POST",
      "/api/crews",
      tokens.owner!,
      newCrew({
        workingHours: [
          { weekday: 1, start: "08:00", end: "12:00" },
          { weekday: 1, start: "13:00", end: "17:00" },
        ],
      }),
    );
    expect(twice).toMatchObject({ status: 400, body: { field: "workingHours.1.weekday" } });
  });

  it("updates each field given and replaces its whole value", async () => {
    const crew = await createCrew({}, tokens.member);
    const updated = await call("PATCH", `/api/crews/${crew.id}`, tokens.member!, {
      color: "#2563eb",
      workingHours: [{ weekday: 5, start: "07:00", end: "15:30" }],
      breaks: [],
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      name: crew.name,
      color: "#2563eb",
      skills: ["mowing", "irrigation"],
      workingHours: [{ weekday: 5, start: "07:00", end: "15:30" }],
      breaks: [],
    });
    await call("DELETE", `/api/crews/${crew.id}`, tokens.owner!);
  });

  it("lets field users read crews but not create, change or delete them", async () => {
    const crew = await createCrew();
    expect((await call("POST", "/api/crews", tokens.field_user!, newCrew())).status).toBe(403);
    expect((await call("PATCH", `/api/crews/${crew.id}`, tokens.field_user!, { name: "Mine" })).status).toBe(403);
    expect((await call("DELETE", `/api/crews/${crew.id}`, tokens.field_user!)).status).toBe(403);
    expect(
      (await call("POST", `/api/crews/${crew.id}/members`, tokens.field_user!, { userId: company.users.member.id }))
        .status,
    ).toBe(403);
    expect(
      (await call("DELETE", `/api/crews/${crew.id}/members/${company.users.member.id}`, tokens.field_user!)).status,
    ).toBe(403);
    expect((await call("GET", `/api/crews/${crew.id}`, tokens.owner!)).body).toMatchObject({
      name: crew.name,
      members: [],
    });
    await call("DELETE", `/api/crews/${crew.id}`, tokens.owner!);
  });

  it("hides another company's crew: 404 on read, change, members and load, and a delete that changes nothing", async () => {
    const crew = await createCrew();
    const stranger = tokens.otherOwner!;
    expect((await call("GET", `/api/crews/${crew.id}`, stranger)).status).toBe(404);
    expect((await call("PATCH", `/api/crews/${crew.id}`, stranger, { name: "Taken" })).status).toBe(404);
    expect(
      (await call("POST", `/api/crews/${crew.id}/members`, stranger, { userId: other.users.member.id })).status,
    ).toBe(404);
    expect((await call("DELETE", `/api/crews/${crew.id}/members/${company.users.member.id}`, stranger)).status).toBe(
      404,
    );
    expect((await call("GET", `/api/crews/${crew.id}/load`, stranger)).status).toBe(404);
    expect((await call("DELETE", `/api/crews/${crew.id}`, stranger)).status).toBe(204);
    expect((await call("GET", "/api/crews", stranger)).body).toEqual({ items: [] });
    expect(await t.db.crew.findUnique({ where: { id: crew.id } })).toMatchObject({ name: crew.name });
    await call("DELETE", `/api/crews/${crew.id}`, tokens.owner!);
  });

  it("deletes a crew idempotently and leaves its visits unassigned", async () => {
    const crew = await createCrew();
    const visit = await createVisit(crew.id, new Date("2030-01-07T14:00:00Z"), 60);
    expect((await call("DELETE", `/api/crews/${crew.id}`, tokens.member!)).status).toBe(204);
    expect((await call("DELETE", `/api/crews/${crew.id}`, tokens.member!)).status).toBe(204);
    expect((await call("GET", `/api/crews/${crew.id}`, tokens.owner!)).status).toBe(404);
    expect(await t.db.visit.findUniqueOrThrow({ where: { id: visit } })).toMatchObject({ crewId: null });
    expect(await t.db.crewWorkingHours.count({ where: { crewId: crew.id } })).toBe(0);
  });
});

describe("crew members", () => {
  it("adds and removes users of the company, idempotently", async () => {
    const crew = await createCrew();
    const added = await call("POST", `/api/crews/${crew.id}/members`, tokens.member!, {
      userId: company.users.member.id,
    });
    expect(added.status).toBe(200);
    expect((added.body as Crew).members.map((m) => m.id)).toEqual([company.users.member.id]);
    const again = await call("POST", `/api/crews/${crew.id}/members`, tokens.member!, {
      userId: company.users.member.id,
    });
    expect((again.body as Crew).members).toHaveLength(1);
    const removed = await call("DELETE", `/api/crews/${crew.id}/members/${company.users.member.id}`, tokens.member!);
    expect(removed).toMatchObject({ status: 200, body: { members: [] } });
    expect(
      (await call("DELETE", `/api/crews/${crew.id}/members/${company.users.member.id}`, tokens.member!)).status,
    ).toBe(200);
    await call("DELETE", `/api/crews/${crew.id}`, tokens.owner!);
  });

  it("refuses a user of another company, on add and on create", async () => {
    const crew = await createCrew();
    const add = await call("POST", `/api/crews/${crew.id}/members`, tokens.owner!, {
      userId: other.users.field_user.id,
    });
    expect(add).toMatchObject({
      status: 400,
      body: { field: "userId", message: "This user is not a member of your team" },
    });
    const create = await call("POST", "/api/crews", tokens.owner!, newCrew({ memberIds: [other.users.member.id] }));
    expect(create.status).toBe(400);
    expect(
      await t.db.crewMember.count({ where: { userId: { in: [other.users.field_user.id, other.users.member.id] } } }),
    ).toBe(0);
    await call("DELETE", `/api/crews/${crew.id}`, tokens.owner!);
  });

  it("keeps a user in one crew at a time", async () => {
    const first = await createCrew({ memberIds: [company.users.member.id] });
    const second = await createCrew();
    const refused = await call("POST", `/api/crews/${second.id}/members`, tokens.owner!, {
      userId: company.users.member.id,
    });
    expect(refused.status).toBe(409);
    expect((refused.body as { message: string }).message).toContain(first.name);
    await call("DELETE", `/api/crews/${first.id}`, tokens.owner!);
    expect(
      (await call("POST", `/api/crews/${second.id}/members`, tokens.owner!, { userId: company.users.member.id }))
        .status,
    ).toBe(200);
    await call("DELETE", `/api/crews/${second.id}`, tokens.owner!);
  });
});

describe("a crew's start", () => {
  const yard = { street: "4800 Dahlia St", city: "Denver", region: "CO", postcode: "80216" };
  /** Changes the company's yard alone, through its settings. */
  async function setYard(address: typeof yard | { street: ""; city: ""; region: ""; postcode: "" }) {
    const profile = (await call("GET", "/api/settings/company", tokens.owner!)).body as CompanyProfile;
    return call("PUT", "/api/settings/company", tokens.owner!, {
      name: profile.name,
      phone: profile.phone,
      email: profile.email,
      address: {
        street: profile.address.street,
        city: profile.address.city,
        region: profile.address.region,
        postcode: profile.address.postcode,
      },
      yard: address,
      verticalId: profile.verticalId,
      timeZone: profile.timeZone,
      primaryColor: profile.branding.primaryColor,
    });
  }

  it("starts at the company's yard, and says so plainly while the company has none", async () => {
    expect((await setYard({ street: "", city: "", region: "", postcode: "" })).status).toBe(200);
    const crew = await createCrew();
    expect(crew.start).toMatchObject({ kind: "yard", located: false, address: { latitude: null } });
    expect(crew.start.problem).toContain("The company has no yard yet");
    expect((await setYard(yard)).status).toBe(200);
    const read = (await call("GET", `/api/crews/${crew.id}`, tokens.field_user!)).body as Crew;
    expect(read.start).toMatchObject({
      kind: "yard",
      label: "The company's yard",
      located: true,
      problem: null,
      address: { street: "4800 Dahlia St", locationPrecision: "approximate" },
    });
    await call("DELETE", `/api/crews/${crew.id}`, tokens.owner!);
  });

  it("starts at an address of its own, located or typed, and back at the yard", async () => {
    const crew = await createCrew();
    const own = await call("PATCH", `/api/crews/${crew.id}`, tokens.member!, {
      start: { kind: "address", street: "1 Pearl St", city: "Boulder", region: "CO", postcode: "80302" },
    });
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    expect((own.body as Crew).start).toMatchObject({
      kind: "address",
      label: "1 Pearl St, Boulder, CO 80302",
      located: true,
      address: { locationPrecision: "approximate" },
    });
    const typed = await call("PATCH", `/api/crews/${crew.id}`, tokens.member!, {
      start: {
        kind: "address",
        street: "1 Pearl St",
        city: "Boulder",
        region: "CO",
        postcode: "80302",
        latitude: 40.02,
        longitude: -105.28,
      },
    });
    expect((typed.body as Crew).start.address).toMatchObject({ latitude: 40.02, locationPrecision: "manual" });
    const lost = await call("PATCH", `/api/crews/${crew.id}`, tokens.member!, {
      start: { kind: "address", street: "Nowhere Lane", city: "Atlantis", region: "", postcode: "" },
    });
    expect((lost.body as Crew).start).toMatchObject({ located: false, address: { latitude: null } });
    expect((lost.body as Crew).start.problem).toContain("No location: check the address");
    const back = await call("PATCH", `/api/crews/${crew.id}`, tokens.member!, { start: { kind: "yard" } });
    expect((back.body as Crew).start).toMatchObject({ kind: "yard", located: true });
    expect(await t.db.crew.findUniqueOrThrow({ where: { id: crew.id } })).toMatchObject({
      startKind: "yard",
      startStreet: "",
      startLatitude: null,
    });
    await call("DELETE", `/api/crews/${crew.id}`, tokens.owner!);
  });

  it("refuses 0,0, half a point, a blank street and a member of no crew of this, changing nothing", async () => {
    const crew = await createCrew();
    const address = { kind: "address", street: "1 Pearl St", city: "Boulder", region: "CO", postcode: "80302" };
    for (const [start, field] of [
      [{ ...address, latitude: 0, longitude: 0 }, "start.latitude"],
      [{ ...address, longitude: -105.2 }, "start.latitude"],
      [{ ...address, street: " " }, "start.street"],
      [{ kind: "member_home", memberId: company.users.member.id }, "start.memberId"],
      [{ kind: "member_home", memberId: other.users.member.id }, "start.memberId"],
      [{ kind: "garage" }, "start.kind"],
    ] as const) {
      const refused = await call("PATCH", `/api/crews/${crew.id}`, tokens.owner!, { name: "Not saved", start });
      expect(refused, JSON.stringify(start)).toMatchObject({ status: 400, body: { field } });
    }
    expect(await t.db.crew.findUniqueOrThrow({ where: { id: crew.id } })).toMatchObject({
      name: crew.name,
      startKind: "yard",
    });
    await call("DELETE", `/api/crews/${crew.id}`, tokens.owner!);
  });

  it("starts at a member's home, which the office keeps; the member leaving sends the crew back to the yard", async () => {
    const member = company.users.field_user;
    const crew = await createCrew({ memberIds: [member.id] });
    const homeless = await call("PATCH", `/api/crews/${crew.id}`, tokens.member!, {
      start: { kind: "member_home", memberId: member.id },
    });
    expect(homeless.status).toBe(200);
    expect((homeless.body as Crew).start).toMatchObject({ kind: "member_home", memberId: member.id, located: false });
    expect((homeless.body as Crew).start.problem).toContain("has no home address yet");

    const home = await call("PUT", `/api/team/${member.id}/home`, tokens.member!, {
      street: "900 Walnut St",
      city: "Boulder",
      region: "CO",
      postcode: "80302",
    });
    expect(home).toMatchObject({ status: 200, body: { street: "900 Walnut St", locationPrecision: "approximate" } });
    const office = (await call("GET", `/api/crews/${crew.id}`, tokens.member!)).body as Crew;
    expect(office.start).toMatchObject({ located: true, problem: null, address: { street: "900 Walnut St" } });
    expect(office.start.label).toContain("'s home");
    expect(office.members[0]!.home).toMatchObject({ street: "900 Walnut St" });
    // A field user sees where the crew starts, not a colleague's home address.
    const field = (await call("GET", `/api/crews/${crew.id}`, tokens.field_user!)).body as Crew;
    expect(field.start).toMatchObject({ kind: "member_home", located: true, address: null });
    expect(field.members[0]).not.toHaveProperty("home");
    expect(JSON.stringify(await call("GET", "/api/crews", tokens.field_user!))).not.toContain("900 Walnut St");

    const left = await call("DELETE", `/api/crews/${crew.id}/members/${member.id}`, tokens.member!);
    expect((left.body as Crew).start).toMatchObject({ kind: "yard", memberId: null });
    await call("DELETE", `/api/crews/${crew.id}`, tokens.owner!);
  });

  it("keeps homes to the office of the member's own company", async () => {
    const body = { street: "900 Walnut St", city: "Boulder", region: "CO", postcode: "80302" };
    expect((await call("PUT", `/api/team/${company.users.member.id}/home`, tokens.field_user!, body)).status).toBe(403);
    expect((await call("PUT", `/api/team/${company.users.member.id}/home`, tokens.otherOwner!, body)).status).toBe(404);
    expect((await call("PUT", `/api/team/${randomUUID()}/home`, tokens.owner!, body)).status).toBe(404);
    const crew = await createCrew();
    expect((await call("PATCH", `/api/crews/${crew.id}`, tokens.field_user!, { start: { kind: "yard" } })).status).toBe(
      403,
    );
    expect((await call("PATCH", `/api/crews/${crew.id}`, tokens.otherOwner!, { start: { kind: "yard" } })).status).toBe(
      404,
    );
    expect(await t.db.teamMemberHome.count({ where: { userId: company.users.member.id } })).toBe(0);
    await call("DELETE", `/api/crews/${crew.id}`, tokens.owner!);
  });
});

async function createVisit(
  crewId: string,
  start: Date,
  minutes: number,
  status: "scheduled" | "canceled" = "scheduled",
) {
  const customer = await t.db.customer.create({
    data: {
      companyId: company.id,
      name: "Load Customer",
      street: "1 Main",
      city: "Town",
      region: "NY",
      postcode: "10001",
      latitude: 40.7,
      longitude: -74,
    },
  });
  const job = await t.db.job.create({
    data: { companyId: company.id, customerId: customer.id, number: Math.floor(Math.random() * 1e9), title: "Mow" },
  });
  const visit = await t.db.visit.create({
    data: {
      companyId: company.id,
      jobId: job.id,
      crewId,
      status,
      scheduledStart: start,
      scheduledEnd: new Date(start.getTime() + minutes * 60_000),
      durationMinutes: minutes,
    },
  });
  return visit.id;
}

describe("GET /api/crews/:id/load", () => {
  it("counts a week's visits and scheduled minutes per day in the company's time zone, against working minutes", async () => {
    // The test company is in America/New_York (UTC-5 in January).
    const crew = await createCrew();
    await createVisit(crew.id, new Date("2030-01-07T14:00:00Z"), 90); // Monday 09:00 local
    await createVisit(crew.id, new Date("2030-01-08T03:30:00Z"), 60); // Monday 22:30 local, Tuesday in UTC
    await createVisit(crew.id, new Date("2030-01-08T15:00:00Z"), 45); // Tuesday
    await createVisit(crew.id, new Date("2030-01-08T16:00:00Z"), 45, "canceled");
    await createVisit(crew.id, new Date("2030-01-14T15:00:00Z"), 30); // the next Monday
    const response = await call("GET", `/api/crews/${crew.id}/load?week=2030-01-09`, tokens.field_user!);
    expect(response.status).toBe(200);
    const load = response.body as CrewLoad;
    expect(load).toMatchObject({
      weekStart: "2030-01-07",
      timeZone: "America/New_York",
      visits: 3,
      scheduledMinutes: 195,
    });
    expect(load.days).toHaveLength(7);
    expect(load.days[0]).toEqual({ date: "2030-01-07", visits: 2, scheduledMinutes: 150, workingMinutes: 9 * 60 - 30 });
    expect(load.days[1]).toEqual({ date: "2030-01-08", visits: 1, scheduledMinutes: 45, workingMinutes: 8 * 60 - 30 });
    expect(load.days[2]).toEqual({ date: "2030-01-09", visits: 0, scheduledMinutes: 0, workingMinutes: 0 });
    expect(load.workingMinutes).toBe(17 * 60 - 60);
  });

  it("refuses a week that is not a date", async () => {
    const crew = await createCrew();
    const response = await call("GET", `/api/crews/${crew.id}/load?week=2030-02-30`, tokens.owner!);
    expect(response).toMatchObject({ status: 400, body: { field: "week" } });
  });
});

describe("team", () => {
  it("lists the company's users with their role and crews, to every role", async () => {
    const crew = await createCrew({ memberIds: [company.users.field_user.id] });
    const response = await call("GET", "/api/team", tokens.field_user!);
    expect(response.status).toBe(200);
    const team = response.body as TeamResponse;
    expect(team.limit).toBe(-1);
    expect(team.items.map((m) => m.id).sort()).toEqual(
      Object.values(company.users)
        .map((u) => u.id)
        .sort(),
    );
    expect(team.items.find((m) => m.id === company.users.field_user.id)).toMatchObject({
      role: "field_user",
      crews: [{ id: crew.id, name: crew.name, color: crew.color }],
    });
    await call("DELETE", `/api/crews/${crew.id}`, tokens.owner!);
  });

  it("lets only the owner add a team member, and refuses a taken e-mail", async () => {
    const email = `new-${randomUUID().slice(0, 8)}@test.example`;
    expect((await call("POST", "/api/team", tokens.member!, { name: "Nope", email, role: "member" })).status).toBe(403);
    expect((await call("POST", "/api/team", tokens.field_user!, { name: "Nope", email, role: "member" })).status).toBe(
      403,
    );
    const added = await call("POST", "/api/team", tokens.owner!, {
      name: "Pat Plumber",
      email: email.toUpperCase(),
      role: "field_user",
    });
    expect(added.status).toBe(201);
    expect(added.body as TeamMember).toMatchObject({ name: "Pat Plumber", email, role: "field_user", crews: [] });
    expect(await t.db.user.findUniqueOrThrow({ where: { email } })).toMatchObject({
      companyId: company.id,
      role: "field_user",
    });
    const taken = await call("POST", "/api/team", tokens.otherOwner!, { name: "Twin", email, role: "member" });
    expect(taken).toMatchObject({ status: 409, body: { field: "email" } });
    expect(
      (await call("POST", "/api/team", tokens.owner!, { name: "Boss", email: `x-${email}`, role: "owner" })).status,
    ).toBe(400);
  });

  it("refuses a team member over the plan's limit, naming the plan that allows more", async () => {
    const starter = await createTestCompany(t.db, { planId: "starter" });
    const token = await signIn(t.url, starter.users.owner.email);
    // Starter allows 25 team members; the test company has 3 users.
    await t.db.user.createMany({
      data: Array.from({ length: 22 }, (_, index) => ({
        companyId: starter.id,
        email: `filler-${index}-${starter.slug}@test.example`,
        name: `Filler ${index}`,
        passwordHash: "x",
        role: "member" as const,
        permissions: ["view", "edit"],
      })),
    });
    const refused = await call("POST", "/api/team", token, {
      name: "One Too Many",
      email: `over-${starter.slug}@test.example`,
      role: "member",
    });
    expect(refused).toMatchObject({
      status: 403,
      body: {
        message:
          "Your Starter plan allows 25 team members and you have 25. The Pro plan allows unlimited team members.",
        requiredPlan: "pro",
      },
    });
    const team = (await call("GET", "/api/team", token)).body as TeamResponse;
    expect(team).toMatchObject({ limit: 25, used: 25 });
  });
});
