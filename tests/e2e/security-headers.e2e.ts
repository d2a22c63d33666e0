import { expect, test, type Page } from "@playwright/test";
import { signInAs } from "./sign-in-as.ts";

/** Every Content-Security-Policy violation the page reports, as text. */
async function recordViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|CSP violation/i.test(message.text())) violations.push(message.text());
  });
  await page.addInitScript(() =>
    document.addEventListener("securitypolicyviolation", (event) =>
      console.error(
        `CSP violation: ${event.violatedDirective} ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}`,
      ),
    ),
  );
  return violations;
}

test("the app works under its Content-Security-Policy without a single violation", async ({ page }) => {
  const violations = await recordViolations(page);
  const response = await page.goto("/login");
  const csp = response?.headers()["content-security-policy"] ?? "";
  expect(csp).toContain("script-src 'self';");
  expect(csp).toContain("frame-ancestors 'none'");

  await signInAs(page, "owner@demo.test");
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  // The live socket connects under connect-src 'self'.
  await expect(page.getByText("Live", { exact: true })).toBeVisible();
  await expect(page.getByRole("list", { name: "Recent activity" })).toBeVisible();

  // The narrow layout's sidebar is a dialog, whose scroll lock sets styles at run time.
  await page.setViewportSize({ width: 500, height: 800 });
  await page.getByRole("button", { name: "Toggle Sidebar" }).first().click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await page.keyboard.press("Escape");

  await page.goto("/api/docs");
  await expect(page.getByText("FieldOps API").first()).toBeVisible();
  expect(violations).toEqual([]);
});
