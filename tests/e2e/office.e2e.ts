import { randomUUID } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { COMPANY_SUSPENDED_MESSAGE } from "@fieldops/shared/auth";
import { customerEndpoints, type CustomerListResponse } from "@fieldops/shared/customers";
import { DEMO_PASSWORD } from "@fieldops/db/seed-demo-world";
import { jobEndpoints, type JobListResponse } from "@fieldops/shared/jobs";
import { json, ownerApi } from "./owner-api.ts";
import { openSignedIn } from "./sign-in-as.ts";

const sidebar = (page: Page) => page.getByRole("navigation", { name: "Main" });

test("a field user's sidebar offers only pages they may open, and their dashboard no company administration", async ({
  page,
}) => {
  const activityReads: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/api/activity") activityReads.push(request.url());
  });
  await openSignedIn(page, "tech@demo.test", "/userdash");
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  // The company's own objects (built by another test on the same demo company) are under /custom/ and open to everyone.
  const links = sidebar(page).locator('a:not([href^="/custom/"])');
  await expect(links).toHaveText(["Dashboard", "Customers", "Crews", "Settings", "Support"]);
  await expect(page.getByRole("region", { name: "Recent activity" })).toHaveCount(0);

  for (const name of ["Customers", "Crews", "Settings", "Support", "Dashboard"]) {
    const link = sidebar(page).getByRole("link", { name, exact: true });
    const href = (await link.getAttribute("href"))!;
    await link.click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await expect(page.getByRole("heading", { level: 1 }), name).toHaveText(name);
  }
  expect(activityReads).toEqual([]);
});

test("an owner and a member see Customers and Schedule in the sidebar; a plumbing company sees its Service Calls", async ({
  page,
}) => {
  await openSignedIn(page, "member@demo.test", "/userdash");
  await sidebar(page).getByRole("link", { name: "Schedule", exact: true }).click();
  await expect(page).toHaveURL(/\/schedule$/);
  await expect(page.getByRole("heading", { level: 1, name: "Schedule" })).toBeVisible();
  await sidebar(page).getByRole("link", { name: "Customers", exact: true }).click();
  await expect(page).toHaveURL(/\/customers$/);
  await expect(page.getByRole("heading", { level: 1, name: "Customers" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Recent activity" })).toHaveCount(0);

  await openSignedIn(page, "owner@acme-plumbing.test", "/userdash");
  await expect(sidebar(page).getByRole("link", { name: "Jobs", exact: true })).toHaveCount(0);
  await sidebar(page).getByRole("link", { name: "Service Calls" }).click();
  await expect(page).toHaveURL(/\/jobs$/);
  await expect(page.getByRole("heading", { level: 1, name: "Service Calls" })).toBeVisible();
  await expect(page).toHaveTitle(/^Service Calls/);

  // The tenant's own sidebar says it the same way.
  await page.goto("/acme-plumbing/home");
  await expect(sidebar(page).getByRole("link", { name: "Service Calls" })).toHaveAttribute(
    "href",
    "/acme-plumbing/jobs",
  );
});

test("a customer's page lists their jobs, visits, estimates, invoices and messages, and starts a job for them", async ({
  page,
  playwright,
  baseURL,
}) => {
  // A demo customer with jobs, found by their phone number typed another way than it is stored.
  const api = await ownerApi(playwright, baseURL!);
  const jobs = (await (await api.get(`${jobEndpoints.list.path}?limit=50`)).json()) as JobListResponse;
  // Other files' tests add customers without a phone; the first job's customer who has one is taken.
  let customer: { name: string; phone: string } | undefined;
  for (const customerId of new Set(jobs.items.map((job) => job.customerId))) {
    const read = (await (await api.get(`/api/customers/${customerId}`)).json()) as {
      name: string;
      contacts: { kind: string; value: string }[];
    };
    const phone = read.contacts.find((contact) => contact.kind === "phone")?.value;
    if (phone) {
      customer = { name: read.name, phone };
      break;
    }
  }
  await api.dispose();
  if (!customer) throw new Error("No demo job's customer has a phone number");
  const phone = customer.phone;
  const digits = phone.replace(/\D/g, "");
  const typed = `${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6)}`;

  await openSignedIn(page, "owner@demo.test", "/customers");
  await page.getByLabel("Search by name, phone, email or address").fill(typed);
  const found = page.getByRole("table", { name: "Customers" }).getByRole("link");
  await expect(found).toContainText([customer.name]);
  await found.filter({ hasText: customer.name }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: customer.name })).toBeVisible();

  for (const region of ["Jobs", "Visits", "Invoices", "Messages"]) {
    await expect(page.getByRole("region", { name: region }), region).toBeVisible();
  }
  await expect(page.getByRole("button", { name: "New estimate" })).toBeVisible();
  const jobLinks = page.getByRole("region", { name: "Jobs" }).getByRole("link");
  await expect(jobLinks.first()).toBeVisible();
  await expect(page.getByRole("region", { name: "Visits" }).getByRole("link").first()).toHaveAttribute(
    "href",
    /^\/jobs\/[0-9a-f-]{36}$/,
  );

  const title = `Gutter check ${randomUUID().slice(0, 6)}`;
  await page.getByRole("button", { name: "New Job" }).click();
  const dialog = page.getByRole("dialog", { name: "New Job" });
  await expect(dialog.getByText(`Customer: ${customer.name}`)).toBeVisible();
  await dialog.getByLabel("Title").fill(title);
  await dialog.getByRole("button", { name: "Create Job" }).click();
  await expect(page).toHaveURL(/\/jobs\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(title);
  await expect(page.getByText(`${customer.name} ·`)).toBeVisible();

  await page.goBack();
  await expect(page.getByRole("region", { name: "Jobs" }).getByRole("link", { name: title })).toBeVisible();
});

test("at 390 px the jobs list and every view of the schedule fit the page, and the week shows names", async ({
  page,
  playwright,
  baseURL,
}) => {
  // A customer whose name is longer than a week column is wide, with a visit at midday today that waits for a crew
  // (in the queue beside the board) under a title longer than the phone is wide.
  const day = new Date().toISOString().slice(0, 10);
  const longName = `Bartholomew Featherstonehaugh-Worthington ${randomUUID().slice(0, 6)}`;
  const api = await ownerApi(playwright, baseURL!);
  const customer = await json<{ id: string }>(
    await api.post("/api/customers", {
      data: {
        name: longName,
        properties: [
          { street: "1 Elm St", city: "Denver", region: "CO", postcode: "80202", latitude: 39.74, longitude: -104.99 },
        ],
      },
    }),
    201,
  );
  const job = await json<{ visits: { id: string; version: number }[] }>(
    await api.post("/api/jobs", {
      data: {
        customerId: customer.id,
        title: "Aeration, overseeding and spring fertilizer for the front and back lawns",
      },
    }),
    201,
  );
  const visit = job.visits[0]!;
  await json(
    await api.post(`/api/visits/${visit.id}/schedule`, {
      data: { crewId: null, start: `${day}T18:00:00.000Z`, durationMinutes: 60, version: visit.version },
    }),
  );
  await api.dispose();

  await page.setViewportSize({ width: 390, height: 844 });
  const fitsThePage = () =>
    page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

  await openSignedIn(page, "owner@demo.test", "/jobs");
  await expect(page.getByRole("table", { name: "Jobs" }).getByRole("row").nth(3)).toBeVisible();
  expect(await fitsThePage()).toBe(true);

  for (const view of ["board", "day", "week"]) {
    await page.goto(`/schedule?view=${view}&date=${day}`);
    await expect(page.locator("[data-visit-id]").first()).toBeVisible();
    expect(await fitsThePage(), view).toBe(true);
  }

  // Every visit of the week shows its customer's name whole, however many overlap on a day.
  const blocks = page.getByRole("region", { name: "Week calendar" }).locator("button[data-visit-id]");
  expect(await blocks.count()).toBeGreaterThan(5);
  await expect(blocks.filter({ hasText: longName })).toHaveCount(1);
  const cut = await blocks.evaluateAll((buttons) =>
    buttons.flatMap((button) => {
      const name = button.querySelectorAll("span")[1] as HTMLElement;
      return name.scrollWidth > name.clientWidth ? [name.textContent] : [];
    }),
  );
  expect(cut).toEqual([]);
});

test("customers' phone search finds a number however it is typed", async ({ page, playwright, baseURL }) => {
  const api = await ownerApi(playwright, baseURL!);
  const name = `Phoebe ${randomUUID().slice(0, 6)}`;
  const created = await api.post(customerEndpoints.list.path, {
    data: {
      name,
      contacts: [{ kind: "phone", value: "(555) 561-7947" }],
      properties: [
        { street: "9 Birch Rd", city: "Denver", region: "CO", postcode: "80202", latitude: 39.7, longitude: -104.9 },
      ],
    },
  });
  expect(created.status()).toBe(201);
  const list = (await (await api.get(`${customerEndpoints.list.path}?q=5555617947`)).json()) as CustomerListResponse;
  expect(list.items.map((item) => item.name)).toContain(name);
  await api.dispose();

  await openSignedIn(page, "member@demo.test", "/customers");
  const search = page.getByLabel("Search by name, phone, email or address");
  const table = page.getByRole("table", { name: "Customers" });
  for (const typed of ["555-561-7947", "555 561 7947", "(555) 561-7947", "5555617947"]) {
    await search.fill(typed);
    await expect(table.getByRole("link", { name }), typed).toBeVisible();
  }
});

test("a suspended company's open page signs out at once and says why", async ({ browser, playwright, baseURL }) => {
  const admin = await playwright.request.newContext({ baseURL });
  const login = await admin.post("/api/login", { data: { username: "admin@demo.test", password: DEMO_PASSWORD } });
  const { token } = (await login.json()) as { token: string };
  const headers = { authorization: `Bearer ${token}` };
  const tenants = (await (await admin.get("/api/admin/tenants?q=acme-plumbing", { headers })).json()) as {
    items: { id: string; slug: string }[];
  };
  const acme = tenants.items.find((tenant) => tenant.slug === "acme-plumbing")!;

  const page = await (await browser.newContext()).newPage();
  await openSignedIn(page, "owner@acme-plumbing.test", "/acme-plumbing/customers");
  await expect(page.getByText("Live", { exact: true })).toBeVisible();
  try {
    const suspended = await admin.post(`/api/admin/tenants/${acme.id}/suspend`, {
      headers,
      data: { reason: "Payment overdue" },
    });
    expect(suspended.status()).toBe(200);
    // Nobody touches the page: its live connection is closed, and it signs out with the reason, on the tenant's login.
    await expect(page.getByRole("heading", { level: 1, name: "Sign in to Acme Plumbing" })).toBeVisible();
    await expect(page.getByRole("alert")).toHaveText(`You were signed out. ${COMPANY_SUSPENDED_MESSAGE}`);
  } finally {
    expect((await admin.post(`/api/admin/tenants/${acme.id}/restore`, { headers })).status()).toBe(200);
    await admin.dispose();
  }
});
