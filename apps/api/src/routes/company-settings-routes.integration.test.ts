import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CompanyProfile } from "@fieldops/shared/company-settings";
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

const profile = (overrides: Record<string, unknown> = {}) => ({
  name: "Green Thumb Lawns",
  phone: "+1 (303) 555-0100",
  email: "Office@GreenThumb.test",
  address: { street: "12 Elm St", city: "Denver", region: "CO", postcode: "80202" },
  verticalId: "landscaping",
  timeZone: "America/Denver",
  primaryColor: "#0EA5E9",
  ...overrides,
});

/** A 1×1 PNG. */
const PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

describe("company settings", () => {
  it("the owner changes the profile, vertical, time zone and colour; members read them; field users get 403", async () => {
    const saved = await call("PUT", "/api/settings/company", tokens.owner!, profile());
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      name: "Green Thumb Lawns",
      email: "office@greenthumb.test",
      timeZone: "America/Denver",
      branding: { primaryColor: "#0ea5e9" },
      canEdit: true,
    });
    const read = await call("GET", "/api/settings/company", tokens.member!);
    expect(read.status).toBe(200);
    expect((read.body as CompanyProfile).canEdit).toBe(false);
    expect((read.body as CompanyProfile).timeZone).toBe("America/Denver");
    expect((await call("GET", "/api/settings/company", tokens.field_user!)).status).toBe(403);
    expect(
      (await call("PUT", "/api/settings/company", tokens.member!, profile({ name: "Member's name" }))).status,
    ).toBe(403);
    const row = await t.db.company.findUniqueOrThrow({ where: { id: company.id } });
    expect(row.name).toBe("Green Thumb Lawns");
    const audit = await t.db.auditLog.findFirst({ where: { companyId: company.id, action: "company.updated" } });
    expect(audit?.actorUserId).toBe(company.users.owner.id);
  });

  it("locates the office address and the yard, keeps typed coordinates, and keeps the schedule slot chosen", async () => {
    const saved = await call(
      "PUT",
      "/api/settings/company",
      tokens.owner!,
      profile({
        yard: { street: "4800 Dahlia St", city: "Denver", region: "CO", postcode: "80216" },
        scheduleSlotMinutes: 15,
      }),
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const body = saved.body as CompanyProfile;
    // Without a geocoding server, each is placed at its ZIP code's centre, and says it is approximate.
    expect(body.address).toMatchObject({ street: "12 Elm St", postcode: "80202", locationPrecision: "approximate" });
    expect(body.yard).toMatchObject({ street: "4800 Dahlia St", postcode: "80216", locationPrecision: "approximate" });
    expect(body.address.latitude).toBeCloseTo(39.75, 0);
    expect(body.yard.latitude).not.toBe(body.address.latitude);
    expect(body.scheduleSlotMinutes).toBe(15);

    // Typed coordinates are kept as typed; an address that cannot be located has no point (never 0,0).
    const typed = await call(
      "PUT",
      "/api/settings/company",
      tokens.owner!,
      profile({
        address: { street: "Nowhere Lane", city: "Atlantis", region: "", postcode: "" },
        yard: { street: "", city: "", region: "", postcode: "", latitude: 39.7, longitude: -105.01 },
      }),
    );
    expect(typed.status).toBe(200);
    expect((typed.body as CompanyProfile).address).toMatchObject({ latitude: null, locationPrecision: null });
    expect((typed.body as CompanyProfile).yard).toMatchObject({
      latitude: 39.7,
      longitude: -105.01,
      locationPrecision: "manual",
    });
    // Left out, the yard and the slot stay as they are.
    expect((await call("PUT", "/api/settings/company", tokens.owner!, profile())).body).toMatchObject({
      yard: { latitude: 39.7, locationPrecision: "manual" },
      scheduleSlotMinutes: 15,
    });
    const audit = await t.db.auditLog.findFirst({
      where: { companyId: company.id, action: "company.updated" },
      orderBy: { createdAt: "desc" },
    });
    expect(JSON.stringify(audit?.metadata)).toContain("address");
  });

  it("refuses 0,0, half a point and a slot not offered, naming the field and changing nothing", async () => {
    const before = await t.db.company.findUniqueOrThrow({ where: { id: company.id } });
    for (const [body, field] of [
      [{ yard: { street: "", city: "", region: "", postcode: "", latitude: 0, longitude: 0 } }, "yard.latitude"],
      [
        { address: { street: "1 Main St", city: "Denver", region: "CO", postcode: "", latitude: 39.7 } },
        "address.longitude",
      ],
      [{ scheduleSlotMinutes: 7 }, "scheduleSlotMinutes"],
    ] as const) {
      const refused = await call(
        "PUT",
        "/api/settings/company",
        tokens.owner!,
        profile({ ...body, name: "Not saved" }),
      );
      expect(refused).toMatchObject({ status: 400, body: { field } });
    }
    expect(await t.db.company.findUniqueOrThrow({ where: { id: company.id } })).toEqual(before);
  });

  it("refuses an unknown time zone and a colour that is not hex, naming the field and changing nothing", async () => {
    const zone = await call(
      "PUT",
      "/api/settings/company",
      tokens.owner!,
      profile({ timeZone: "Mars/Olympus", name: "Not saved" }),
    );
    expect(zone).toMatchObject({ status: 400, body: { field: "timeZone" } });
    const colour = await call(
      "PUT",
      "/api/settings/company",
      tokens.owner!,
      profile({ primaryColor: "red", name: "Not saved" }),
    );
    expect(colour).toMatchObject({ status: 400, body: { field: "primaryColor" } });
    expect((await t.db.company.findUniqueOrThrow({ where: { id: company.id } })).name).not.toBe("Not saved");
  });

  it("changes the company's web address by the slug rules, refusing one that is taken or malformed and changing nothing", async () => {
    const fresh = `green-thumb-${company.id.slice(0, 8)}`;
    const moved = await call("PUT", "/api/settings/company", tokens.owner!, profile({ slug: fresh }));
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ slug: fresh });
    expect((await t.db.company.findUniqueOrThrow({ where: { id: company.id } })).slug).toBe(fresh);
    const audit = await t.db.auditLog.findFirst({
      where: { companyId: company.id, action: "company.updated" },
      orderBy: { createdAt: "desc" },
    });
    expect(audit?.metadata).toMatchObject({ changes: { slug: { to: fresh } } });

    const otherSlug = (await t.db.company.findUniqueOrThrow({ where: { id: other.id } })).slug;
    const taken = await call(
      "PUT",
      "/api/settings/company",
      tokens.owner!,
      profile({ slug: otherSlug, name: "Not saved" }),
    );
    expect(taken).toMatchObject({ status: 409, body: { message: "This slug is already taken", field: "slug" } });
    for (const [slug, message] of [
      ["ab", "Slug must be at least 3 characters long"],
      ["a".repeat(51), "Slug must be 50 characters or less"],
      ["Green_Thumb", "Slug can only contain lowercase letters, numbers, and hyphens"],
      ["-green", "Slug cannot start or end with a hyphen"],
      ["admin", "This slug is reserved and cannot be used"],
    ]) {
      expect(
        await call("PUT", "/api/settings/company", tokens.owner!, profile({ slug, name: "Not saved" })),
      ).toMatchObject({ status: 400, body: { message, field: "slug" } });
    }
    const row = await t.db.company.findUniqueOrThrow({ where: { id: company.id } });
    expect(row).toMatchObject({ slug: fresh, name: "Green Thumb Lawns" });
    expect((await t.db.company.findUniqueOrThrow({ where: { id: other.id } })).slug).toBe(otherSlug);
    // Left out, the address stays.
    expect((await call("PUT", "/api/settings/company", tokens.owner!, profile())).body).toMatchObject({ slug: fresh });
  });

  it("another company's owner changes only their own company", async () => {
    await call("PUT", "/api/settings/company", tokens.otherOwner!, profile({ name: "Other Co Renamed" }));
    expect((await t.db.company.findUniqueOrThrow({ where: { id: company.id } })).name).not.toBe("Other Co Renamed");
    expect((await t.db.company.findUniqueOrThrow({ where: { id: other.id } })).name).toBe("Other Co Renamed");
  });

  it("stores a logo, serves it to the company only, and refuses files that are not what they claim", async () => {
    const uploaded = await call("PUT", "/api/settings/company/logo", tokens.owner!, {
      fileName: "logo.png",
      contentType: "image/png",
      dataBase64: PNG,
    });
    expect(uploaded.status).toBe(200);
    const logo = (uploaded.body as { logo: string }).logo;
    expect(logo).toMatch(/^\/api\/settings\/company\/logo\?v=/);
    const image = await fetch(`${t.url}${logo}`, { headers: { authorization: `Bearer ${tokens.field_user}` } });
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await image.arrayBuffer()).equals(Buffer.from(PNG, "base64"))).toBe(true);
    expect((await fetch(`${t.url}${logo}`, { headers: { authorization: `Bearer ${tokens.otherOwner}` } })).status).toBe(
      404,
    );

    const html = Buffer.from("<script>alert(1)</script>").toString("base64");
    expect(
      await call("PUT", "/api/settings/company/logo", tokens.owner!, {
        fileName: "x.png",
        contentType: "image/png",
        dataBase64: html,
      }),
    ).toMatchObject({ status: 400, body: { field: "dataBase64" } });
    expect(
      (
        await call("PUT", "/api/settings/company/logo", tokens.owner!, {
          fileName: "x.svg",
          contentType: "image/svg+xml",
          dataBase64: html,
        })
      ).status,
    ).toBe(400);
    const big = Buffer.alloc(600 * 1024, 1).toString("base64");
    expect([400, 413]).toContain(
      (
        await call("PUT", "/api/settings/company/logo", tokens.owner!, {
          fileName: "big.png",
          contentType: "image/png",
          dataBase64: big,
        })
      ).status,
    );
    expect(
      (
        await call("PUT", "/api/settings/company/logo", tokens.member!, {
          fileName: "logo.png",
          contentType: "image/png",
          dataBase64: PNG,
        })
      ).status,
    ).toBe(403);
    expect((await call("GET", "/api/company", tokens.owner!)).body).toMatchObject({ branding: { logo } });

    expect((await call("DELETE", "/api/settings/company/logo", tokens.owner!)).status).toBe(204);
    expect((await fetch(`${t.url}${logo}`, { headers: { authorization: `Bearer ${tokens.owner}` } })).status).toBe(404);
  });

  it("keeps each user's theme for them alone", async () => {
    expect(await call("GET", "/api/user/preferences", tokens.member!)).toEqual({
      status: 200,
      body: { theme: "system" },
    });
    expect(await call("PUT", "/api/user/preferences", tokens.member!, { theme: "dark" })).toEqual({
      status: 200,
      body: { theme: "dark" },
    });
    expect((await call("GET", "/api/user/preferences", tokens.member!)).body).toEqual({ theme: "dark" });
    expect((await call("GET", "/api/user/preferences", tokens.owner!)).body).toEqual({ theme: "system" });
    expect((await call("PUT", "/api/user/preferences", tokens.member!, { theme: "blue" })).status).toBe(400);
  });

  it("shows the outbox to owners only, and only their company's", async () => {
    await t.db.outboxMessage.create({
      data: {
        companyId: other.id,
        kind: "test",
        channel: "email",
        subject: "Other's",
        body: "x",
        dedupeKey: `t-${other.id}`,
      },
    });
    const list = await call("GET", "/api/outbox", tokens.owner!);
    expect(list.status).toBe(200);
    expect((list.body as { items: { subject: string }[] }).items.map((m) => m.subject)).not.toContain("Other's");
    expect((await call("GET", "/api/outbox", tokens.member!)).status).toBe(403);
  });
});
