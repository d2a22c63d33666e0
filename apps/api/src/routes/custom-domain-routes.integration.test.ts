import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CUSTOM_DOMAIN_NOT_VERIFIED, CUSTOM_DOMAIN_TAKEN, TENANT_HOST_META } from "@fieldops/shared/custom-domain";
import { startDnsStandIn, type DnsStandIn } from "../../../../tests/stand-ins/dns-server.ts";
import {
  callApi,
  createTestCompany,
  signIn,
  startTestApp,
  type TestApp,
  type TestCompany,
} from "../../../../tests/integration/test-app.ts";

let t: TestApp;
let dns: DnsStandIn;
let webDir: string;
let suite: TestCompany;
let pro: TestCompany;
let domain: string;

beforeAll(async () => {
  dns = await startDnsStandIn();
  webDir = await mkdtemp(join(tmpdir(), "fieldops-web-"));
  await writeFile(
    join(webDir, "index.html"),
    '<html><head><meta name="description" content="FieldOps: jobs" /><link rel="icon" type="image/svg+xml" href="/favicon.svg" /><title>FieldOps</title></head><body></body></html>',
  );
  t = await startTestApp({ CUSTOM_DOMAIN_DNS_SERVERS: dns.address, WEB_DIST_DIR: webDir });
  suite = await createTestCompany(t.db, { planId: "suite" });
  pro = await createTestCompany(t.db, { planId: "pro" });
  domain = `app-${randomUUID().slice(0, 8)}.suite-gardens.example`;
});
afterAll(async () => {
  await t.close();
  await dns.close();
  await rm(webDir, { recursive: true });
});

/** A GET with a Host header of our choosing (fetch does not let a caller set Host). */
function getWithHost(path: string, host: string): Promise<{ status: number; body: string }> {
  const url = new URL(t.url);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: url.hostname, port: url.port, path, headers: { host } }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (body += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("custom domains", () => {
  it("refuses a company without the Suite plan (403 naming Suite), a member (403) and a malformed domain (400)", async () => {
    const proOwner = await signIn(t.url, pro.users.owner.email);
    const refused = await callApi(t.url, "PUT", "/api/settings/custom-domain", proOwner, { domain: "pro.example.com" });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ requiredPlan: "suite" });

    const member = await signIn(t.url, suite.users.member.email);
    expect(
      (await callApi(t.url, "PUT", "/api/settings/custom-domain", member, { domain: "member.example.com" })).status,
    ).toBe(403);
    expect((await callApi(t.url, "GET", "/api/settings/custom-domain", member)).status).toBe(403);

    const owner = await signIn(t.url, suite.users.owner.email);
    for (const bad of ["localhost", "-bad.example.com", "has space.example.com", "a..b.com"]) {
      const response = await callApi(t.url, "PUT", "/api/settings/custom-domain", owner, { domain: bad });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ field: "domain" });
    }
    expect(await t.db.company.count({ where: { id: { in: [suite.id, pro.id] }, customDomain: { not: null } } })).toBe(
      0,
    );
  });

  it("verifies a domain by its TXT record, and only then resolves the tenant by host", async () => {
    const owner = await signIn(t.url, suite.users.owner.email);
    const set = await callApi(t.url, "PUT", "/api/settings/custom-domain", owner, { domain: domain.toUpperCase() });
    expect(set.status).toBe(200);
    const record = set.body as { domain: string; recordName: string; recordValue: string; verifiedAt: string | null };
    expect(record).toMatchObject({ domain, recordName: `_fieldops-verification.${domain}`, verifiedAt: null });
    expect(record.recordValue).toMatch(/^fieldops-verification=[A-Za-z0-9_-]{24}$/);

    // Setting the same domain again keeps the token the owner may already have published.
    expect((await callApi(t.url, "PUT", "/api/settings/custom-domain", owner, { domain })).body).toEqual(record);

    // Unverified: the host names no tenant.
    expect((await callApi(t.url, "GET", `/api/tenants/${domain}/config`, owner)).status).toBe(404);
    expect((await getWithHost("/home", domain)).body).not.toContain(TENANT_HOST_META);

    // No record, then a wrong one: still unverified.
    const missing = await callApi(t.url, "POST", "/api/settings/custom-domain/verify", owner);
    expect(missing.status).toBe(409);
    expect(missing.body).toMatchObject({ message: CUSTOM_DOMAIN_NOT_VERIFIED, field: "domain" });
    dns.records.set(record.recordName, ["fieldops-verification=someone-elses-token"]);
    expect((await callApi(t.url, "POST", "/api/settings/custom-domain/verify", owner)).status).toBe(409);

    dns.records.set(record.recordName, ["v=spf1 -all", record.recordValue]);
    const verified = await callApi(t.url, "POST", "/api/settings/custom-domain/verify", owner);
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ domain, verifiedAt: expect.any(String) });

    const config = await fetch(`${t.url}/api/tenants/${domain}/config`);
    expect(config.status).toBe(200);
    const tenant = (await config.json()) as { branding: { name: string } };
    expect(tenant).toMatchObject({ id: suite.id, slug: suite.slug, whiteLabel: true, plan: null });

    // The page served on that host boots as the tenant's pages, under the tenant's name (white label).
    const page = await getWithHost("/home", domain);
    expect(page.status).toBe(200);
    expect(page.body).toContain(`<meta name="${TENANT_HOST_META}" content="${suite.slug}" />`);
    expect(page.body).toContain(`<title>${tenant.branding.name}</title>`);
    expect(page.body).not.toContain("FieldOps");
    expect(page.body).not.toContain("favicon.svg");
    // The app's own host is the app.
    const own = await getWithHost("/home", new URL(t.url).host);
    expect(own.body).toContain("<title>FieldOps</title>");
    expect(own.body).toContain("favicon.svg");
    expect(own.body).not.toContain(TENANT_HOST_META);
  });

  it("refuses a domain another company has (409), and removing one unroutes it", async () => {
    await t.db.company.update({ where: { id: pro.id }, data: { planId: "suite" } });
    const otherOwner = await signIn(t.url, pro.users.owner.email);
    const taken = await callApi(t.url, "PUT", "/api/settings/custom-domain", otherOwner, { domain });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ message: CUSTOM_DOMAIN_TAKEN, field: "domain" });

    const owner = await signIn(t.url, suite.users.owner.email);
    expect((await callApi(t.url, "DELETE", "/api/settings/custom-domain", owner)).body).toEqual({
      domain: null,
      recordName: null,
      recordValue: null,
      verifiedAt: null,
    });
    expect((await fetch(`${t.url}/api/tenants/${domain}/config`)).status).toBe(404);
    expect((await callApi(t.url, "POST", "/api/settings/custom-domain/verify", owner)).status).toBe(409);
  });

  it("lets another company's unverified claim block nobody: the real owner claims and verifies, the claimant is refused", async () => {
    const contested = `shop-${randomUUID().slice(0, 8)}.owner-brand.example`;
    const realOwner = await createTestCompany(t.db, { planId: "suite" });
    const ownerToken = await signIn(t.url, realOwner.users.owner.email);
    const squatterToken = await signIn(t.url, (await createTestCompany(t.db, { planId: "suite" })).users.owner.email);
    const latecomerToken = await signIn(t.url, (await createTestCompany(t.db, { planId: "suite" })).users.owner.email);
    const claim = (token: string) => callApi(t.url, "PUT", "/api/settings/custom-domain", token, { domain: contested });
    const verify = (token: string) => callApi(t.url, "POST", "/api/settings/custom-domain/verify", token);

    // The squatter claims first; that stops nobody.
    expect((await claim(squatterToken)).status).toBe(200);
    const owned = await claim(ownerToken);
    expect(owned.status).toBe(200);
    const record = owned.body as { recordName: string; recordValue: string };

    // Only the real owner can publish in the domain's DNS: the squatter's verification finds no record of its own.
    dns.records.set(record.recordName, [record.recordValue]);
    expect((await verify(squatterToken)).body).toMatchObject({ message: CUSTOM_DOMAIN_NOT_VERIFIED });
    expect((await verify(ownerToken)).status).toBe(200);

    // Even with its own record there too (a domain that changed hands), the second verification is refused.
    const squatterRecord = (await callApi(t.url, "GET", "/api/settings/custom-domain", squatterToken)).body as {
      recordValue: string;
    };
    dns.records.set(record.recordName, [record.recordValue, squatterRecord.recordValue]);
    const refused = await verify(squatterToken);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ message: CUSTOM_DOMAIN_TAKEN, field: "domain" });
    // A verified domain blocks new claims, and routes to its tenant only.
    const late = await claim(latecomerToken);
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ message: CUSTOM_DOMAIN_TAKEN, field: "domain" });
    const config = await fetch(`${t.url}/api/tenants/${contested}/config`);
    expect(((await config.json()) as { id: string }).id).toBe(realOwner.id);
    expect((await getWithHost("/home", contested)).body).toContain(
      `<meta name="${TENANT_HOST_META}" content="${realOwner.slug}" />`,
    );
  });

  it("lets exactly one of two companies verifying the same domain at once have it", async () => {
    const contested = `race-${randomUUID().slice(0, 8)}.owner-brand.example`;
    const tokens: string[] = [];
    for (let i = 0; i < 2; i++)
      tokens.push(await signIn(t.url, (await createTestCompany(t.db, { planId: "suite" })).users.owner.email));
    const values: string[] = [];
    for (const token of tokens) {
      const set = await callApi(t.url, "PUT", "/api/settings/custom-domain", token, { domain: contested });
      values.push((set.body as { recordValue: string }).recordValue);
    }
    dns.records.set(`_fieldops-verification.${contested}`, values);
    const answers = await Promise.all(
      tokens.map((token) => callApi(t.url, "POST", "/api/settings/custom-domain/verify", token)),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.status === 409)!.body).toMatchObject({ message: CUSTOM_DOMAIN_TAKEN });
    expect(
      await t.db.company.count({ where: { customDomain: contested, customDomainVerifiedAt: { not: null } } }),
    ).toBe(1);
  });
});
