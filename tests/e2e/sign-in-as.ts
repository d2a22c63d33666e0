import type { Page } from "@playwright/test";
import { DEMO_PASSWORD } from "@fieldops/db/seed-demo-world";

/** Fills the sign-in screen as a person would and presses Sign In. */
export async function signInAs(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
}
