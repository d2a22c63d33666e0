import { randomUUID } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import pg from "pg";
import { DEMO_PASSWORD } from "@fieldops/db/seed-demo-world";
import { PASSWORD_RESET_DONE, PASSWORD_RESET_INVALID } from "@fieldops/shared/password-reset";
import { workerDatabaseOwnerUrl } from "./e2e-servers.ts";
import { signInAs } from "./sign-in-as.ts";

const NEW_PASSWORD = "a-brand-new-password-9";

/** The page passes axe's WCAG 2 A/AA rules and best practices, as every screen must (accessibility.e2e.ts). */
async function expectAccessible(page: Page, where: string): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
    .analyze();
  expect(
    results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(", ")}`),
    where,
  ).toEqual([]);
}

/** Runs `work` with the owner's connection to this worker's database (fixtures, and the outbox as the user's inbox). */
async function withOwner<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: workerDatabaseOwnerUrl() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * A member of the demo company of its own, with the demo password, so that changing its password leaves the demo
 * accounts other files sign in with as they are.
 */
async function createMember(email: string): Promise<void> {
  await withOwner((client) =>
    client.query(
      `INSERT INTO users (id, "companyId", email, name, "passwordHash", role, permissions, "updatedAt")
       SELECT gen_random_uuid(), "companyId", $1, 'Rae Reset', "passwordHash", 'member', permissions, now()
       FROM users WHERE email = 'member@demo.test'`,
      [email],
    ),
  );
}

/** The path and query of the reset link the outbox holds for `email` (the dispatcher's job is to deliver it). */
async function resetLinkFor(email: string): Promise<string> {
  return withOwner(async (client) => {
    let link: string | undefined;
    await expect
      .poll(
        async () => {
          const { rows } = await client.query<{ body: string }>(
            `SELECT body FROM outbox_messages WHERE recipient = $1 AND kind = 'password_reset'
             ORDER BY "createdAt" DESC LIMIT 1`,
            [email],
          );
          link = /https?:\/\/[^/\s]+(\/reset-password\?token=[A-Za-z0-9_-]+)/.exec(rows[0]?.body ?? "")?.[1];
          return link;
        },
        { timeout: 15_000 },
      )
      .toBeTruthy();
    return link!;
  });
}

test("forgot password: the e-mailed link sets a new password once, and only the new password signs in", async ({
  page,
}) => {
  const email = `reset-${randomUUID().slice(0, 8)}@demo.test`;
  await createMember(email);
  try {
    await page.goto("/login");
    await page.getByLabel("Email").fill(email);
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await expect(page).toHaveURL("/forgot-password");
    await expect(page.getByLabel("Email")).toHaveValue(email);
    await expectAccessible(page, "the forgot-password form");
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByRole("heading", { name: "Check your e-mail" })).toBeVisible();

    const link = await resetLinkFor(email);
    await page.goto(link);
    // The page keeps the token in memory and drops it from the address bar.
    await expect(page).toHaveURL("/reset-password");
    await expect(page.getByText(`For ${email}.`, { exact: false })).toBeVisible();
    await expectAccessible(page, "the new-password form");
    await page.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole("button", { name: "Set new password" }).click();

    await expect(page).toHaveURL("/login");
    await expect(page.getByText(PASSWORD_RESET_DONE)).toBeVisible();
    await expectAccessible(page, "sign-in after the reset");
    await expect(page.getByLabel("Email")).toHaveValue(email);
    await page.getByLabel("Password", { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL("/userdash");
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL("/login");

    await signInAs(page, email, DEMO_PASSWORD);
    await expect(page.getByRole("alert")).toContainText("Invalid credentials");

    // The link worked once.
    await page.goto(link);
    await expect(page.getByRole("heading", { name: "This link no longer works" })).toBeVisible();
    await expect(page.getByText(PASSWORD_RESET_INVALID)).toBeVisible();
  } finally {
    await withOwner((client) => client.query("DELETE FROM users WHERE email = $1", [email]));
  }
});
