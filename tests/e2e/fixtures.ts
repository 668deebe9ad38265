import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";
import type { CapturedMail } from "../helpers/mail-catcher";

/**
 * `page` fails the test on any console error or uncaught page error.
 * Tests that expect an error response (a 404 page logs "Failed to load resource") opt out
 * with `test.use({ allowConsoleErrors: [/404/] })`.
 */
export const test = base.extend<{ allowConsoleErrors: RegExp[] }>({
  allowConsoleErrors: [[], { option: true }],
  page: async ({ page, allowConsoleErrors }, use) => {
    const errors: string[] = [];
    page.on("console", (msg) => {
      if (msg.type() !== "error") return;
      const text = `${msg.text()} ${msg.location().url ?? ""}`;
      if (!allowConsoleErrors.some((re) => re.test(text))) errors.push(text);
    });
    page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
    await use(page);
    expect(errors, "console errors").toEqual([]);
  },
});

export { expect };

/** Zero serious or critical axe violations (WCAG 2.1 A/AA). Not for pages with JavaScript disabled. */
export async function expectAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(
    serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`),
    "serious accessibility violations",
  ).toEqual([]);
}

/** No horizontal scrolling at the current viewport width. */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, "page is wider than the viewport").toBeLessThanOrEqual(0);
}

export const PHONE = { width: 360, height: 740 };

/** True when the page loads no JavaScript at all: no script element, no module preload. */
export async function loadsNoScript(page: Page): Promise<boolean> {
  return (await page.locator("script, link[rel=modulepreload]").count()) === 0;
}

/**
 * Waits until React has hydrated the page (the root layout marks <html data-hydrated>). After
 * `page.goto` the page works as served, but a test of its React behaviour waits for this.
 */
export async function hydrated(page: Page): Promise<void> {
  // Generous: on a busy machine a page's modules can take a while to arrive and run.
  await expect(page.locator("html[data-hydrated]")).toBeAttached({ timeout: 20_000 });
}

/**
 * A part of the page whose code loads when it is shown (app/lib/lazy-when-shown.ts): scrolled to,
 * then run by React. The element with `anchorId` holds it; its first element is React's once
 * React has hydrated it (React keys its own nodes `__reactFiber$...`; the server's HTML it has not
 * reached yet has no such key).
 */
export async function shownAndHydrated(page: Page, anchorId: string): Promise<void> {
  await page.locator(`#${anchorId}`).scrollIntoViewIfNeeded();
  await page.waitForFunction(
    (id) => {
      const first = document.querySelector(`#${id} > *`);
      return !!first && Object.keys(first).some((key) => key.startsWith("__reactFiber$"));
    },
    anchorId,
    { timeout: 20_000 },
  );
}

/** Holds the page's JavaScript until the returned function is called, as on a slow network. */
export async function holdScripts(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** The toast on screen (one at a time): a list item of the notifications region. */
export function toastOnScreen(page: Page) {
  return page.getByRole("region", { name: /Notifications/ }).getByRole("listitem");
}

/**
 * The messages already read, by file: a file is written once, and a run's catcher holds hundreds of
 * them, which every poll of `waitForMail` parsed again (decision 038).
 */
const mailsRead = new Map<string, CapturedMail>();

/** Every message the test SMTP server has received so far. */
export function readMails(): CapturedMail[] {
  const dir = process.env.E2E_MAIL_DIR!;
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => {
      const file = path.join(dir, f);
      let mail = mailsRead.get(file);
      if (!mail) {
        mail = JSON.parse(readFileSync(file, "utf8")) as CapturedMail;
        mailsRead.set(file, mail);
      }
      return mail;
    });
}

/** Waits for a message to `to` (and matching `predicate`) to arrive at the test SMTP server. */
export async function waitForMail(
  to: string,
  predicate: (m: CapturedMail) => boolean = () => true,
  timeoutMs = 10_000,
): Promise<CapturedMail> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const found = readMails().find((m) => m.to.some((t) => t.toLowerCase() === to.toLowerCase()) && predicate(m));
    if (found) return found;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
}

/** The header's account menu button (name and role of the signed-in user). */
export function accountMenu(page: Page) {
  return page.locator("header summary").filter({ hasText: "Account:" });
}

/** Signs out from the header's account menu. */
export async function signOut(page: Page): Promise<void> {
  await accountMenu(page).click();
  await page.getByRole("button", { name: "Sign Out" }).click();
}
