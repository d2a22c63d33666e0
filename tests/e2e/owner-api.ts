import { expect, type APIRequestContext, type Locator, type Page, type PlaywrightWorkerArgs } from "@playwright/test";
import { DEMO_PASSWORD } from "@fieldops/db/seed-demo-world";

/** An API client signed in as the demo owner by bearer token, as a script is (no session cookie). */
export async function ownerApi(
  playwright: PlaywrightWorkerArgs["playwright"],
  baseURL: string,
): Promise<APIRequestContext> {
  const signIn = await playwright.request.newContext({ baseURL });
  const login = await signIn.post("/api/login", { data: { username: "owner@demo.test", password: DEMO_PASSWORD } });
  expect(login.status()).toBe(200);
  const { token } = (await login.json()) as { token: string };
  await signIn.dispose();
  return playwright.request.newContext({ baseURL, extraHTTPHeaders: { authorization: `Bearer ${token}` } });
}

/** A response's body, once its status is the one expected (the body is the failure's message otherwise). */
export async function json<T>(response: Awaited<ReturnType<APIRequestContext["get"]>>, status = 200): Promise<T> {
  expect(response.status(), await response.text()).toBe(status);
  return (await response.json()) as T;
}

/**
 * Drags with the mouse, as a person does, grabbing the source by its middle. The pointer ends `fraction` of the way
 * along the target, or, with `byLeadingEdge`, so that the source's left edge does.
 */
export async function drag(
  page: Page,
  source: Locator,
  target: Locator,
  fraction: number,
  byLeadingEdge = false,
): Promise<void> {
  await source.scrollIntoViewIfNeeded();
  const from = (await source.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 20, from.y + from.height / 2, { steps: 5 });
  await page.mouse.move(to.x + to.width * fraction + (byLeadingEdge ? from.width / 2 : 0), to.y + to.height / 2, {
    steps: 15,
  });
  await page.mouse.up();
}

/** Where a wall-clock minute falls along a crew's lane, from the axis the lane shows (`data-axis="start-end"` minutes). */
export async function alongLane(lane: Locator, minute: number): Promise<number> {
  const [start, end] = (await lane.getAttribute("data-axis"))!.split("-").map(Number) as [number, number];
  return (minute - start) / (end - start) + 0.002;
}
