import { expect, type Page } from "@playwright/test";
import { AUTH_TOKEN_STORAGE_KEY, loginResponseSchema } from "@fieldops/shared/auth";
import { homePathForRole } from "@fieldops/shared/roles";
import { DEMO_PASSWORD } from "@fieldops/db/seed-demo-world";

/** Fills the sign-in screen as a person would and presses Sign In. */
export async function signInAs(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

/**
 * Signs in through the API, leaving the browser as the sign-in screen does (the session cookie, the token in the
 * page's storage), and opens `path`, the user's home when omitted. For tests about what comes after signing in: it
 * spares them loading the sign-in screen and the dashboard on the way (the sign-in screen has its own tests).
 */
export async function openSignedIn(page: Page, email: string, path?: string, password = DEMO_PASSWORD): Promise<void> {
  // A fresh sign-in, as after signing out: a session cookie left from before would make the cross-site guard ask
  // this page-less request for an origin.
  await page.context().clearCookies();
  const response = await page.context().request.post("/api/login", { data: { username: email, password } });
  expect(response.ok(), `sign-in as ${email}: ${response.status()} ${await response.text()}`).toBe(true);
  const { token, user } = loginResponseSchema.parse(await response.json());
  // The page's storage belongs to the origin: a small same-origin answer opens it without loading the app.
  await page.goto("/api/health");
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [AUTH_TOKEN_STORAGE_KEY, token] as const);
  await page.goto(path ?? homePathForRole(user.role));
  await expect(page).not.toHaveURL(/\/login$/);
}
