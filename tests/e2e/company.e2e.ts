import { expect, test } from "@playwright/test";

const FIREFOX_ON_LINUX = "Mozilla/5.0 (X11; Linux x86_64; rv:130.0) Gecko/20100101 Firefox/130.0";

test("a new company completes the setup, its invitee joins through the link, and the owner signs out another session", async ({
  page,
  browser,
  playwright,
  baseURL,
}) => {
  const tag = Date.now().toString(36);
  const ownerEmail = `olive-${tag}@example.com`;
  const crewEmail = `carl-${tag}@example.com`;
  const password = "a-long-password";

  // Sign up: the owner lands in the setup wizard instead of the app.
  await page.goto("/signup");
  await page.getByLabel("Company name").fill(`Olive Lawns ${tag}`);
  await page.getByLabel("Your name").fill("Olive Owner");
  await page.getByLabel("Email").fill(ownerEmail);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page).toHaveURL("/onboarding");
  await expect(page.getByRole("heading", { name: "Getting Started" })).toBeVisible();
  await expect(page.getByText("Step 1 of 2")).toBeVisible();
  const progress = page.getByRole("progressbar", { name: "Setup progress" });
  await expect(progress).toHaveAttribute("aria-valuenow", "0");
  await expect(page.getByText("This name appears on invoices and job cards sent to your customers.")).toBeVisible();
  await page.getByLabel("Company Name").fill(`Olive Lawn & Garden ${tag}`);
  await page.getByRole("button", { name: "Continue" }).click();

  await expect(page.getByText("Step 2 of 2")).toBeVisible();
  await expect(progress).toHaveAttribute("aria-valuenow", "50");
  await expect(page.getByRole("button", { name: "Skip" })).toBeDisabled();
  await expect(page.getByText("Team Members to Invite")).toBeVisible();
  const row = page.getByRole("group", { name: "Team member 1" });
  await row.getByLabel("Name").fill("Carl Crew");
  await row.getByLabel("Cell").fill("303-555-0199");
  await row.getByLabel("Email").fill(crewEmail);
  await page.getByRole("button", { name: "Complete Setup" }).click();
  await expect(page).toHaveURL("/admin-dashboard");

  // The invitation goes through the notifications worker into the outbox, visible in the settings.
  await page.goto("/settings");
  await expect(page.getByRole("textbox", { name: "Company name" })).toHaveValue(`Olive Lawn & Garden ${tag}`);
  const message = page
    .getByRole("list", { name: "Outbox messages" })
    .getByRole("listitem")
    .filter({ hasText: crewEmail })
    .filter({ hasText: "/signup#invite=" });
  await expect(message).toBeVisible();
  const text = await message.innerText();
  const link = /(\/signup#invite=[A-Za-z0-9_-]+)/.exec(text)?.[1];
  expect(link).toBeTruthy();
  await expect(page.getByRole("list", { name: "Invitations" }).getByText("Waiting")).toBeVisible();

  // The invitee, in a browser of their own, sets a password and is signed in.
  const invitee = await browser.newContext();
  const inviteePage = await invitee.newPage();
  await inviteePage.goto(link!);
  await expect(inviteePage.getByRole("heading", { name: `Join Olive Lawn & Garden ${tag}` })).toBeVisible();
  await expect(inviteePage).toHaveURL(/\/signup$/);
  await expect(inviteePage.getByLabel("Email")).toHaveValue(crewEmail);
  await inviteePage.getByLabel("Password", { exact: true }).fill("carls-own-password");
  await inviteePage.getByRole("button", { name: "Join and sign in" }).click();
  // A crew member invited at setup is a field user: they land in the field app.
  await expect(inviteePage).toHaveURL("/app");
  await expect(inviteePage.getByRole("heading", { level: 1, name: "Today" })).toBeVisible();
  await invitee.close();
  await expect(page.getByRole("list", { name: "Invitations" }).getByText("Accepted")).toBeVisible();

  // Another session of the owner's, opened by a script elsewhere, is signed out from /security.
  const elsewhere = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { "user-agent": FIREFOX_ON_LINUX },
  });
  const login = await elsewhere.post("/api/login", { data: { username: ownerEmail, password } });
  const { token } = (await login.json()) as { token: string };
  const asElsewhere = { headers: { authorization: `Bearer ${token}` } };
  expect((await elsewhere.get("/api/user", asElsewhere)).status()).toBe(200);
  await page.goto("/security");
  const sessions = page.getByRole("list", { name: "Sessions" });
  await expect(sessions.getByText("This device")).toBeVisible();
  await sessions.getByRole("button", { name: "Sign out Firefox on Linux" }).click();
  await expect(sessions.getByText("Firefox on Linux")).toHaveCount(0);
  expect((await elsewhere.get("/api/user", asElsewhere)).status()).toBe(401);
  await elsewhere.dispose();
});
