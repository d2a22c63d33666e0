import { fillPath } from "@fieldops/shared/endpoint";
import { moduleEndpoints } from "@fieldops/shared/modules";
import { authEndpoints } from "@fieldops/shared/auth";
import { expect, test, type APIRequestContext, type PlaywrightWorkerArgs } from "@playwright/test";
import { DEMO_PASSWORD } from "@fieldops/db/seed-demo-world";
import { openSignedIn, signInAs } from "./sign-in-as.ts";

/** The demo member's API client, by bearer token, as the chat's module actions call the API for them. */
async function memberApi(playwright: PlaywrightWorkerArgs["playwright"], baseURL: string): Promise<APIRequestContext> {
  const login = await playwright.request.newContext({ baseURL });
  const signedIn = await login.post(authEndpoints.login.path, {
    data: { username: "member@demo.test", password: DEMO_PASSWORD },
  });
  const { token } = (await signedIn.json()) as { token: string };
  await login.dispose();
  return playwright.request.newContext({ baseURL, extraHTTPHeaders: { authorization: `Bearer ${token}` } });
}

test("an owner approves a member's pending export on the dashboard, and the member's run completes", async ({
  page,
  playwright,
  baseURL,
}) => {
  const member = await memberApi(playwright, baseURL!);

  await openSignedIn(page, "owner@demo.test");
  const region = page.getByRole("region", { name: "Pending approvals" });
  await expect(region).toBeVisible();
  await expect(page.getByText("Live", { exact: true })).toBeVisible();

  // Asked after the owner's dashboard is open: the request arrives live.
  const asked = await member.post(moduleEndpoints.execute.path, { data: { moduleId: "export-customers", params: {} } });
  expect(asked.status()).toBe(200);
  const answer = (await asked.json()) as { requiresApproval: boolean; reason: string; runId: string };
  expect(answer).toMatchObject({ requiresApproval: true, reason: "This action requires administrator approval" });

  const item = region.getByRole("listitem", { name: /Export customers requested by Miguel Member/ });
  await expect(item).toBeVisible();
  await expect(item.getByText(/^Export all \d+ customers as a CSV file\.$/)).toBeVisible();
  await item.getByRole("button", { name: "Approve" }).click();
  await expect(page.getByText("Request approved", { exact: true })).toBeVisible();
  await expect(item).toHaveCount(0);

  await expect
    .poll(
      async () =>
        (
          (await (await member.get(fillPath(moduleEndpoints.run.path, { id: answer.runId }))).json()) as {
            status: string;
          }
        ).status,
    )
    .toBe("succeeded");
  const download = await member.get(fillPath(moduleEndpoints.downloadRun.path, { id: answer.runId }));
  expect(download.status()).toBe(200);
  expect(download.headers()["content-type"]).toMatch(/^text\/csv/);
  await member.dispose();
});

test("an owner denies a pending request with a reason", async ({ page, playwright, baseURL }) => {
  const member = await memberApi(playwright, baseURL!);
  const asked = await member.post(moduleEndpoints.execute.path, {
    data: { moduleId: "enable-hipaa-mode", params: {} },
  });
  const { runId } = (await asked.json()) as { runId: string };

  await signInAs(page, "owner@demo.test");
  const item = page
    .getByRole("region", { name: "Pending approvals" })
    .getByRole("listitem", { name: /Enable HIPAA mode requested by Miguel Member/ });
  await item.getByRole("button", { name: "Deny" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("button", { name: "Deny request" })).toBeDisabled();
  await dialog.getByLabel("Reason").fill("We need a BAA signed first");
  await dialog.getByRole("button", { name: "Deny request" }).click();
  await expect(page.getByText("Request denied", { exact: true })).toBeVisible();
  await expect(item).toHaveCount(0);
  const run = (await (await member.get(fillPath(moduleEndpoints.run.path, { id: runId }))).json()) as {
    status: string;
  };
  expect(run.status).toBe("denied");
  await member.dispose();
});
