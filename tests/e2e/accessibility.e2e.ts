import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type Page } from "@playwright/test";
import type { AxeResults } from "axe-core";
import { ROLE_CAPABILITIES } from "@fieldops/shared/permissions";
import type { Role } from "@fieldops/shared/roles";
import { appScreens, SAMPLE_PARAM, type AppScreen } from "./app-screens.ts";
import { workerServer } from "./e2e-servers.ts";
import { dispatchedToTech } from "./field-visits.ts";
import { ownerApi } from "./owner-api.ts";
import { openSignedIn } from "./sign-in-as.ts";

/**
 * Every screen of the web app, as each kind of visitor sees it, in both themes (and the collapsed sidebar beside
 * the first), passes axe's WCAG 2 A/AA rules and its best practices (landmarks among them), also with each button
 * hovered. The screens come from the app's route table, so a screen added to the app is checked without being
 * listed here.
 */

const RULE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];
const SCREENS = appScreens();
const VISITORS: readonly { name: string; email: string | null; role: Role | null }[] = [
  { name: "signed out", email: null, role: null },
  { name: "a platform admin", email: "admin@demo.test", role: "admin" },
  { name: "an owner", email: "owner@demo.test", role: "owner" },
  { name: "a member", email: "member@demo.test", role: "member" },
  { name: "a field user", email: "tech@demo.test", role: "field_user" },
];

/**
 * The screens a visitor walks: every screen they may open, and the first of those they may not (a visitor without a
 * session is sent to sign in, a role without the guard's capability sees "Not authorized"): the others they may not
 * open show that same page, so loading each would check nothing more.
 */
function screensOf(role: Role | null): string[] {
  const refused = (screen: AppScreen) =>
    role === null
      ? screen.signedIn
      : screen.capability !== undefined && !ROLE_CAPABILITIES[role].includes(screen.capability);
  const firstRefused = SCREENS.find(refused);
  return SCREENS.filter((screen) => screen === firstRefused || !refused(screen)).map((screen) => screen.path);
}
type Theme = "light" | "dark";

// Colours are measured once they have settled: no transition or animation is caught half way.
const NO_MOTION = `
  document.addEventListener("DOMContentLoaded", () => {
    const style = document.createElement("style");
    style.textContent = "*, *::before, *::after { transition: none !important; animation: none !important; }";
    document.head.append(style);
  });
`;

async function newPage(
  browser: Browser,
  options: { viewport?: { width: number; height: number } } = {},
): Promise<Page> {
  const context = await browser.newContext({ colorScheme: "light", ...options });
  await context.addInitScript(NO_MOTION);
  return context.newPage();
}

/** Waits until the screen has rendered its heading and nothing on it is still loading. */
async function settle(page: Page): Promise<void> {
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.locator('[data-slot="skeleton"], [role="status"][aria-label^="Loading"]')).toHaveCount(0);
}

/** The app follows the system theme until the user picks one, so switching the emulated scheme switches it. */
async function useTheme(page: Page, theme: Theme): Promise<void> {
  await page.emulateMedia({ colorScheme: theme });
  if (theme === "dark") await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  else await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
}

function describeViolations(results: AxeResults): string[] {
  return results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact ?? "?"}): ${violation.help}\n` +
      violation.nodes.map((node) => `    ${node.target.join(" ")}: ${node.failureSummary ?? ""}`).join("\n"),
  );
}

// Legacy mode runs axe in the page itself instead of opening a page to merge frame results: the app has no frames.
function axe(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).options({ resultTypes: ["violations"] }).setLegacyMode();
}

async function expectNoViolations(page: Page, where: string): Promise<void> {
  const results = await axe(page).withTags(RULE_TAGS).analyze();
  expect(describeViolations(results), `${where} (${page.url()})`).toEqual([]);
}

/**
 * The page's structure and styling without its text, ids, link targets or which link is the current one, in two
 * parts: the screen's own content (`main`) and the frame around it (the sidebar, for a signed-in role). Two screens
 * with the same parts (e.g. placeholder pages that differ only in their title, or a page an owner and a member see
 * alike) get the same verdict, so only the first is analysed; the frame of each role is analysed with its first screen.
 */
function fingerprint(page: Page): Promise<{ frame: string; content: string }> {
  return page.evaluate(() => {
    const valueIgnored = new Set([
      "id",
      "for",
      "href",
      "style",
      "datetime",
      "aria-labelledby",
      "aria-describedby",
      "aria-controls",
    ]);
    const dropped = new Set(["aria-current", "data-active", "data-status"]);
    const content = document.querySelector("main") ?? document.body;
    const walk = (element: Element, parts: string[]) => {
      if (element === content && parts.length > 1) {
        parts.push("<content>");
        return;
      }
      const attributes = [...element.attributes]
        .filter((attribute) => !dropped.has(attribute.name))
        .map((attribute) =>
          valueIgnored.has(attribute.name) ? attribute.name : `${attribute.name}=${attribute.value}`,
        )
        .sort();
      const hasText = [...element.childNodes].some(
        (node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim(),
      );
      parts.push(`<${element.tagName} ${attributes.join(" ")}${hasText ? " #text" : ""}>`);
      for (const child of element.children) walk(child, parts);
      parts.push(">");
    };
    const theme = document.documentElement.className;
    const frame = [theme];
    if (content !== document.body) walk(document.body, frame);
    const inside = [theme];
    walk(content, inside);
    return { frame: frame.join(""), content: inside.join("") };
  });
}

/**
 * The buttons a pointer can hover: a disabled one has no hover colour (and contrast rules exempt it), and the
 * browser may not even hand it the pointer.
 */
const BUTTONS_TO_HOVER = '[data-slot="button"]:visible:not(:disabled)';

/** Each kind of button, hovered: a hover colour must keep the contrast too. */
async function expectHoveredButtonsReadable(page: Page, where: string, seen: Set<string>): Promise<void> {
  const buttons = page.locator(BUTTONS_TO_HOVER);
  for (let i = 0; i < (await buttons.count()); i++) {
    const button = buttons.nth(i);
    const kind = `${await page.locator("html").getAttribute("class")} ${await button.getAttribute("class")}`;
    if (seen.has(kind)) continue;
    seen.add(kind);
    await button.hover();
    const results = await axe(page).withRules(["color-contrast"]).include('[data-slot="button"]:hover').analyze();
    expect(describeViolations(results), `${where}, hovering "${await button.innerText()}"`).toEqual([]);
  }
  await page.mouse.move(0, 0);
}

/** Screens per test: a visitor's walk is cut in parts, each with its own time budget. */
const SCREENS_PER_TEST = 12;
function inParts(screens: readonly string[]): string[][] {
  return Array.from({ length: Math.ceil(screens.length / SCREENS_PER_TEST) }, (_, index) =>
    screens.slice(index * SCREENS_PER_TEST, (index + 1) * SCREENS_PER_TEST),
  );
}

// What one visitor's walk has analysed (a screen's content, a frame, a kind of button hovered in a theme), the next
// visitors' skip: a screen whose markup is the same for several roles or states is checked once per theme. The
// file's tests run in order in one worker, so these sets see every walk (a worker restarted after a failure only
// checks more).
const analysedContent = new Set<string>();
const analysedFrames = new Set<string>();
const hovered = new Set<string>();

for (const visitor of VISITORS) {
  // One signed-in page walks the visitor's screens part after part; what one part has analysed, the next skips.
  test.describe.serial(`every screen, ${visitor.name}`, () => {
    let page: Page;
    let collapsedChecked = false;

    // Screens opened at a real record's path rather than the sample parameter's (an error state): the field app's
    // visit, with its checklist, notes, photos and signature, is the screen a technician spends the day on.
    const realPaths = new Map<string, string>();

    test.beforeAll(async ({ browser, playwright }) => {
      page = await newPage(browser);
      if (visitor.email) await openSignedIn(page, visitor.email);
      if (visitor.role === "field_user") {
        const api = await ownerApi(playwright, `http://127.0.0.1:${workerServer().port}`);
        const { visitId } = await dispatchedToTech(api, "Accessibility walk visit");
        await api.dispose();
        realPaths.set(`/app/jobs/${SAMPLE_PARAM}`, `/app/jobs/${visitId}`);
      }
    });
    test.afterAll(async () => {
      await page?.context().close();
    });

    const check = async (where: string) => {
      await expectNoViolations(page, where);
      await expectHoveredButtonsReadable(page, where, hovered);
    };

    const parts = inParts(screensOf(visitor.role));
    for (const [part, screens] of parts.entries()) {
      test(`screens ${part + 1} of ${parts.length}, in both themes, have no accessibility violations`, async () => {
        test.setTimeout(180_000);
        for (const screen of screens) {
          const path = realPaths.get(screen) ?? screen;
          await useTheme(page, "light");
          await page.goto(path);
          await settle(page);
          // The theme and the sidebar's state change nothing else: a screen seen before is seen in every variant.
          const { frame, content } = await fingerprint(page);
          if (analysedContent.has(content) && analysedFrames.has(frame)) continue;
          analysedContent.add(content);
          analysedFrames.add(frame);
          const sidebar = page.getByRole("complementary", { name: "Sidebar" });
          // The collapsed sidebar is the same beside every screen, and collapsing it changes nothing else but the
          // width: it is checked with the first screen that has it.
          const checkCollapsed: boolean = !collapsedChecked && (await sidebar.count()) > 0;
          collapsedChecked ||= checkCollapsed;
          for (const theme of ["light", "dark"] as const) {
            await useTheme(page, theme);
            await check(`${visitor.name}, ${path}, ${theme}`);
            if (!checkCollapsed) continue;
            await page.keyboard.press("Control+b");
            await expect(sidebar).toHaveAttribute("data-state", "collapsed");
            await check(`${visitor.name}, ${path}, ${theme}, sidebar collapsed`);
            await page.keyboard.press("Control+b");
            await expect(sidebar).toHaveAttribute("data-state", "expanded");
          }
        }
      });
    }
  });
}

for (const theme of ["light", "dark"] as const) {
  test(`the collapsed sidebar with a tooltip open, ${theme} theme, has no accessibility violations`, async ({
    browser,
  }) => {
    const page = await newPage(browser);
    await openSignedIn(page, "member@demo.test");
    await settle(page);
    await useTheme(page, theme);
    await page.keyboard.press("Control+b");
    await expect(page.getByRole("complementary", { name: "Sidebar" })).toHaveAttribute("data-state", "collapsed");

    await page.getByRole("link", { name: "Reports" }).hover();
    await expect(page.getByRole("tooltip", { name: "Reports" })).toBeVisible();
    await expectNoViolations(page, `collapsed sidebar with the Reports tooltip, ${theme}`);
    await page.context().close();
  });

  test(`the sign-in and sign-up forms showing their errors, ${theme} theme, have no accessibility violations`, async ({
    browser,
  }) => {
    const page = await newPage(browser);
    await page.goto("/login");
    await useTheme(page, theme);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByText("Email is required")).toBeVisible();
    await expectNoViolations(page, `sign-in with a field error, ${theme}`);
    await page.getByLabel("Email").fill("member@demo.test");
    await page.getByLabel("Password", { exact: true }).fill("not-the-password");
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByRole("alert")).toContainText("Invalid credentials");
    await expectNoViolations(page, `sign-in refused, ${theme}`);

    await page.goto("/signup");
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page.getByText("Your name is required")).toBeVisible();
    await expectNoViolations(page, `sign-up with field errors, ${theme}`);
    await page.context().close();
  });

  test(`the sidebar as a sheet on a small screen, ${theme} theme, has no accessibility violations`, async ({
    browser,
  }) => {
    const page = await newPage(browser, { viewport: { width: 390, height: 844 } });
    await openSignedIn(page, "owner@demo.test");
    await settle(page);
    await useTheme(page, theme);
    await expectNoViolations(page, `small screen, ${theme}`);
    await page.getByRole("button", { name: "Toggle Sidebar" }).first().click();
    await expect(page.getByRole("dialog", { name: "Sidebar" })).toBeVisible();
    await expectNoViolations(page, `small screen with the sidebar open, ${theme}`);
    await page.context().close();
  });
}
