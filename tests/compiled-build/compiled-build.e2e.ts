import { expect, test } from "@playwright/test";

// Production seeds no demo world: a company signs up through the API, then its owner signs in on the sign-in screen.
test("the compiled build signs a new company's owner in to the dashboard", async ({ page, playwright, baseURL }) => {
  const email = `compiled-build-${Date.now()}@example.com`;
  const password = "compiled-build-password";
  const request = await playwright.request.newContext({ baseURL });
  const signup = await request.post("/api/signup", {
    data: { companyName: "Compiled Build Co", name: "Casey Compiled", email, password },
  });
  expect(signup.status(), await signup.text()).toBe(201);
  const { token } = (await signup.json()) as { token: string };
  // A new company is sent to its first-run setup until it completes it.
  const onboarded = await request.post("/api/onboarding/complete", {
    headers: { authorization: `Bearer ${token}` },
    data: { members: [] },
  });
  expect(onboarded.status()).toBe(200);
  await request.dispose();

  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL("/admin-dashboard");
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
});
