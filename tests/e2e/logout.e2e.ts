import { expect, test, type Page } from "@playwright/test";
import { openSignedIn, signInAs } from "./sign-in-as.ts";

/**
 * Logout ends the session in the app even when the server cannot be told: the session cookie is httpOnly, so the
 * page cannot delete it, and it must not sign the user back in.
 */

async function failLogout(page: Page, failure: "answers 500" | "is aborted"): Promise<void> {
  await page.route("**/api/logout", (route) =>
    failure === "answers 500"
      ? route.fulfill({
          status: 500,
          contentType: "application/json",
          body: JSON.stringify({ message: "Internal Server Error" }),
        })
      : route.abort("connectionreset"),
  );
}

for (const failure of ["answers 500", "is aborted"] as const) {
  test(`when the logout call ${failure}, the user is signed out, stays so after a reload, and the session ends once the server is told`, async ({
    page,
  }) => {
    await openSignedIn(page, "member@demo.test");
    await failLogout(page, failure);
    const userReads: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/api/user") userReads.push(request.method());
    });

    await page.getByRole("button", { name: "Logout" }).click();

    await expect(page).toHaveURL("/login");
    await expect(page.getByRole("button", { name: "Sign In" })).toBeVisible();
    // The server never heard of the logout: its session (the cookie) still lives.
    expect((await page.request.get("/api/user")).status()).toBe(200);
    expect(await page.evaluate(() => localStorage.getItem("auth_token"))).toBeNull();

    // Opening the app again does not sign the user back in through that cookie.
    await page.goto("/userdash");
    await expect(page).toHaveURL("/login");
    await expect(page.getByRole("button", { name: "Sign In" })).toBeVisible();
    expect(userReads).toEqual([]);

    // Once the server answers again, the next visit tells it, and the session is over there too.
    await page.unroute("**/api/logout");
    const told = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/logout");
    await page.reload();
    expect((await told).status()).toBe(204);
    await expect(page.getByRole("button", { name: "Sign In" })).toBeVisible();
    expect((await page.request.get("/api/user")).status()).toBe(401);
    await expect.poll(() => page.evaluate(() => localStorage.length)).toBe(0);

    // Signing in again works as usual.
    await signInAs(page, "member@demo.test");
    await expect(page).toHaveURL("/userdash");
    await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  });
}
