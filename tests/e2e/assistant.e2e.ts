import { expect, test, type Page } from "@playwright/test";
import { MESSAGE_BOX_LABEL } from "@fieldops/shared/chat";
import { openSignedIn } from "./sign-in-as.ts";

const conversationLog = (page: Page) => page.getByRole("log", { name: "Conversation with the assistant" });

async function ask(page: Page, text: string): Promise<void> {
  const box = page.getByRole("textbox", { name: MESSAGE_BOX_LABEL });
  await box.fill(text);
  await box.press("Enter");
}

test('an owner\'s dashboard opens on the chat; "take me to my jobs" lands on /jobs, and a reload shows the history', async ({
  page,
}) => {
  await openSignedIn(page, "owner@demo.test");
  await expect(page.getByRole("textbox", { name: MESSAGE_BOX_LABEL })).toBeVisible();
  await expect(page.getByText("Answered by the offline planner")).toBeVisible();
  await expect(page.getByRole("status", { name: "Live updates: Live" })).toBeVisible();

  await ask(page, "take me to my jobs");

  await expect(page).toHaveURL(/\/jobs$/);
  // The URL changes before the jobs screen has replaced the dashboard: a click meanwhile can reach the old screen.
  await expect(page.getByRole("heading", { name: "Jobs", level: 1 })).toBeVisible();
  // The conversation goes on in the panel, open beside the page the assistant opened.
  const panel = page.getByRole("complementary", { name: "Assistant panel" });
  await expect(panel).toBeVisible();
  // The user's conversation may hold earlier tests' actions: this one's chip is the last.
  await expect(panel.getByTestId("action-chip").last()).toHaveText("Opened Jobs");

  await page.goto("/admin-dashboard");
  await expect(conversationLog(page).getByText("take me to my jobs")).toBeVisible();
  await expect(conversationLog(page).getByTestId("action-chip").last()).toHaveText("Opened Jobs");
  // The reloaded action is shown, not carried out again.
  await expect(page).toHaveURL(/\/admin-dashboard$/);
});

test("Shift+Enter adds a line and Enter sends both lines as one message", async ({ page }) => {
  await openSignedIn(page, "member@demo.test");
  await expect(page.getByRole("status", { name: "Live updates: Live" })).toBeVisible();
  await page.keyboard.press("Control+k");
  const box = page.getByRole("textbox", { name: MESSAGE_BOX_LABEL });
  await expect(box).toBeFocused();

  await box.pressSequentially("first line");
  await box.press("Shift+Enter");
  await box.pressSequentially("second line");

  await expect(box).toHaveValue("first line\nsecond line");
  await expect(conversationLog(page).getByTestId("user-turn").filter({ hasText: "first line" })).toHaveCount(0);
  await box.press("Enter");
  await expect(conversationLog(page).getByTestId("user-turn").last()).toHaveText(/first line\s+second line/);
  await expect(box).toHaveValue("");
});

test("a read answers with a card of the company's data", async ({ page }) => {
  await openSignedIn(page, "owner@demo.test");
  await expect(page.getByRole("status", { name: "Live updates: Live" })).toBeVisible();

  await ask(page, "show unpaid invoices");

  const table = conversationLog(page).getByRole("table", { name: "Unpaid invoices" });
  await expect(table).toBeVisible();
  await expect(table.getByRole("row").nth(1)).toBeVisible();
  await expect(table).toContainText("Total outstanding");
});
