import type { Locator, Page } from "@playwright/test";
import { APP_NAV } from "../../app/auth/app-nav";
import type { Role } from "../../app/auth/roles";
import routes from "../../app/routes";
import { accountMenu, expect, hydrated, PHONE, test } from "./fixtures";
import { ADMIN, facilityChoices, registerAndVerify, signInDirectly } from "./support/accounts";
import { expectAccessibleWithNamedRules } from "./support/axe";
import { acceptAndCompleteOne, approveAll, type Person, referByPost, signedIn } from "./support/sign-in";

/*
 * Every signed-in page, for each role, at 360 px and 1280 px (issue 28): axe's WCAG 2.1 A/AA
 * rules, and the rules the issue found failing, whatever their impact:
 * label-content-name-mismatch (experimental in axe, so off unless asked), scrollable-region-focusable
 * and empty-table-header (a best practice), in one axe pass per page. The pages are the role's app navigation (so a new entry
 * is scanned as soon as it is there), the dashboard's sections and the pages reached from them: a
 * referral's own page, the account pages, a facility's and a hub's editor.
 *
 * On a phone every control the issue names is at least 44 by 44 px: Accept, Reject, Mark as
 * Completed, Approve, Decline, the account (role) menu, "Show the figures as a table", the
 * referral number links, the app navigation and the dashboard's tabs.
 */

const DESKTOP = { width: 1280, height: 900 };
/** Every control `controls` finds that is on screen is at least 44 by 44 px. */
async function expectLargeTargets(controls: Locator, what: string): Promise<void> {
  for (const control of await controls.all()) {
    if (!(await control.isVisible())) continue;
    const box = await control.boundingBox();
    if (!box) continue;
    const name = ((await control.getAttribute("aria-label")) ?? (await control.textContent()) ?? "").trim();
    // 44 px is 2.75rem: allow for the sub-pixel rounding of a box laid out at exactly that size.
    expect(box.width, `${what} "${name}": width`).toBeGreaterThanOrEqual(43.5);
    expect(box.height, `${what} "${name}": height`).toBeGreaterThanOrEqual(43.5);
  }
}

/** The controls of a signed-in page that a finger must hit (issue 28's list, wherever they appear). */
function namedControls(page: Page): Array<[Locator, string]> {
  const main = page.locator("#main");
  return [
    [accountMenu(page), "the account menu"],
    [page.getByRole("navigation", { name: "App" }).getByRole("link"), "the app navigation"],
    [main.getByRole("tab"), "a tab"],
    [main.locator("summary", { hasText: "Show the figures as a table" }), "a chart's table"],
    [main.getByRole("link", { name: /^REF-/ }), "a referral number"],
    [main.getByRole("button", { name: /^(Accept|Approve)\b/ }), "Accept or Approve"],
    [main.getByRole("link", { name: /^(Reject|Decline|Mark as Completed|Mark as Paid)\b/ }), "a dialog's link"],
  ];
}

type Setup = {
  doctor: Person;
  facilityAdmin: Person;
  facilityId: string;
  /** The doctor's referral left pending at the facility. */
  referral: string;
  /** The doctor's referral the facility completed (its review page). */
  completed: string;
};

const SYSTEM_ADMIN = "/dashboard/system-admin";

/**
 * Each role's pages beyond its app navigation (which is scanned too, as the page shows it): the
 * dashboard's sections and the pages reached from them. A page of the route table no role lists
 * fails "every signed-in page of the route table is scanned" below.
 */
const PAGES: Record<Role, (s: Setup) => string[]> = {
  doctor: (s) => [
    ...APP_NAV.doctor.map((item) => item.to),
    `/referrals/${s.referral}`,
    `/referrals/${s.completed}/review`,
    "/account/notifications",
    "/account/payout-details",
    "/account/registration",
  ],
  facility_admin: (s) => [
    ...APP_NAV.facility_admin.map((item) => item.to),
    // The queue's second tab: the facility's appointment requests (decision 041).
    "/dashboard/facility-admin/appointments",
    `/referrals/${s.referral}`,
    "/account/notifications",
    "/account/registration",
  ],
  system_admin: (s) => [
    ...APP_NAV.system_admin.map((item) => item.to),
    ...["users", "payments", "waitlist"].map((tab) => `${SYSTEM_ADMIN}?tab=${tab}`),
    `${SYSTEM_ADMIN}?tab=users&status=pending`,
    `${SYSTEM_ADMIN}/facilities/new`,
    `/dashboard/facilities/${s.facilityId}`,
    "/dashboard/facility-reports",
    `${SYSTEM_ADMIN}/hubs/cervical-cancer`,
    `${SYSTEM_ADMIN}/payouts/ledger`,
    `${SYSTEM_ADMIN}/payouts/reconciliation`,
    "/referrals/history",
    `/referrals/${s.referral}`,
    "/account/notifications",
  ],
};

/**
 * Pages another spec scans, at both widths, once it has made one to open: a payout run needs a
 * doctor with confirmed payout details and a balance over the minimum (payouts.spec.ts, which
 * also makes the only run of the suite: one run waits at a time).
 */
const WHEN_THERE_IS_ONE = [`${SYSTEM_ADMIN}/payouts/:runId`];

type RouteNode = { file: string; path?: string; children?: RouteNode[] };

/** Every page of the route table under the signed-in layout (a route module with a component), as its path. */
function signedInPages(nodes: RouteNode[], inside = false): string[] {
  return nodes.flatMap((node) => {
    const under = inside || node.file === "routes/dashboard/layout.tsx";
    const own = under && node.path !== undefined && node.file.endsWith(".tsx") ? [`/${node.path}`] : [];
    return [...own, ...signedInPages(node.children ?? [], under)];
  });
}

const matches = (pattern: string, address: string) =>
  new RegExp(`^${pattern.replace(/:[^/]+/g, "[^/]+")}$`).test(new URL(address, "http://localhost").pathname);

test("every signed-in page of the route table is scanned", () => {
  const sample: Setup = {
    doctor: { email: "", password: "", name: "" },
    facilityAdmin: { email: "", password: "", name: "" },
    facilityId: "00000000-0000-4000-8000-000000000000",
    referral: "REF-2026-000001",
    completed: "REF-2026-000002",
  };
  const scanned = Object.values(PAGES).flatMap((pages) => pages(sample));
  const pages = signedInPages(routes as RouteNode[]);
  expect(pages.length, "pages under the signed-in layout").toBeGreaterThan(20);
  const missing = pages.filter((p) => !WHEN_THERE_IS_ONE.includes(p) && !scanned.some((a) => matches(p, a)));
  expect(missing, "signed-in pages no role's scan opens").toEqual([]);
});

/** The role's app navigation's addresses, as the page shows them. */
async function navAddresses(page: Page): Promise<string[]> {
  const links = page.getByRole("navigation", { name: "App" }).getByRole("link");
  await expect(links.first()).toBeVisible();
  return (await links.evaluateAll((as) => as.map((a) => a.getAttribute("href") ?? ""))).filter(Boolean);
}

async function scan(page: Page, address: string, phone: boolean): Promise<void> {
  await test.step(address, async () => {
    const response = await page.goto(address);
    expect(response?.status(), `${address} answers`).toBeLessThan(400);
    await hydrated(page);
    await expectAccessibleWithNamedRules(page);
    if (phone) {
      for (const [controls, what] of namedControls(page)) await expectLargeTargets(controls, what);
    }
  });
}

test.describe("every signed-in page, at 360 and 1280 px", () => {
  // One setup for the six scans: run in parallel, each worker's setup made its own people at the
  // same facility, and one worker's facility administrator could complete the other's referral.
  test.describe.configure({ mode: "serial" });
  test.use({ allowConsoleErrors: [/status of 40[0-9]/] });
  let setup: Setup;

  test.beforeAll(async ({ browser, request }) => {
    test.setTimeout(120_000);
    const suffix = Date.now().toString(36);
    const facility = (await facilityChoices(request)).at(-1)!;
    const doctor = await registerAndVerify(request, { role: "doctor", name: `Dr Efua Scan ${suffix}` });
    const facilityAdmin = await registerAndVerify(request, {
      role: "facility_admin",
      name: `Kofi Scan ${suffix}`,
      facilityId: facility.id,
    });
    // Left pending: the users tab shows Approve and Decline.
    await registerAndVerify(request, { role: "doctor", name: `Dr Pending Scan ${suffix}` });
    await approveAll([doctor, facilityAdmin]);
    const page = await signedIn(browser, doctor, "/dashboard/doctor");
    const details = { chief_complaint: "Shortness of breath on exertion" };
    const referral = await referByPost(page, facility.id, `Abena Scan ${suffix}`, details);
    // A second one; one of them is accepted and completed: its payment waits for Mark as Paid on
    // the payments tab, its doctor may review the facility.
    const second = await referByPost(page, facility.id, `Yaw Scan ${suffix}`, details);
    await acceptAndCompleteOne(browser, facilityAdmin, [referral, second]);
    // Whichever of the two the facility completed has a review page (the other answers 404).
    const reviewable = async (number: string) => (await page.request.get(`/referrals/${number}/review`)).ok();
    const [pending, completed] = (await reviewable(second)) ? [referral, second] : [second, referral];
    expect(await reviewable(completed), "a completed referral to review").toBe(true);
    await page.context().close();
    setup = { doctor, facilityAdmin, facilityId: facility.id, referral: pending, completed };
  });

  for (const [width, viewport] of [
    ["360 px", PHONE],
    ["1280 px", DESKTOP],
  ] as const) {
    const phone = viewport === PHONE;

    test(`a doctor's pages at ${width}`, async ({ page }) => {
      test.setTimeout(180_000);
      await page.setViewportSize(viewport);
      await signInDirectly(page, setup.doctor.email, setup.doctor.password);
      await expect(page).toHaveURL("/dashboard/doctor");
      const pages = new Set([...(await navAddresses(page)), ...PAGES.doctor(setup)]);
      for (const address of pages) await scan(page, address, phone);
    });

    test(`a facility administrator's pages at ${width}`, async ({ page }) => {
      test.setTimeout(180_000);
      await page.setViewportSize(viewport);
      await signInDirectly(page, setup.facilityAdmin.email, setup.facilityAdmin.password);
      await expect(page).toHaveURL("/dashboard/facility-admin");
      const pages = new Set([...(await navAddresses(page)), ...PAGES.facility_admin(setup)]);
      for (const address of pages) await scan(page, address, phone);
      if (phone) {
        // The queue has the pending referral: its Accept and Reject were measured.
        await page.goto("/dashboard/facility-admin");
        await hydrated(page);
        await expect(
          page
            .locator("#main")
            .getByRole("button", { name: /^Accept\b/ })
            .first(),
        ).toBeVisible();
        await expect(
          page
            .locator("#main")
            .getByRole("link", { name: /^Reject\b/ })
            .first(),
        ).toBeVisible();
      }
    });

    test(`a system administrator's pages at ${width}`, async ({ page }) => {
      test.setTimeout(300_000);
      await page.setViewportSize(viewport);
      await signInDirectly(page, ADMIN.email, ADMIN.password);
      await expect(page).toHaveURL("/dashboard/system-admin");
      const dashboard = SYSTEM_ADMIN;
      const pages = new Set([...(await navAddresses(page)), ...PAGES.system_admin(setup)]);
      // A payout run, if the payouts page links one already (payouts.spec.ts makes it and scans it).
      const runs = await (await page.request.get(`${dashboard}/payouts`)).text();
      const run = runs.match(/\/dashboard\/system-admin\/payouts\/[0-9a-f]{8}-[0-9a-f-]{27}/)?.[0];
      if (run) pages.add(run);
      for (const address of pages) await scan(page, address, phone);
      if (phone) {
        // The current entry of the app navigation is scrolled into view: the last one too.
        await page.goto(`${dashboard}/audit`);
        await hydrated(page);
        const current = page.getByRole("navigation", { name: "App" }).locator("[aria-current=page]");
        await expect(current).toHaveText("Audit Log");
        await expect(current).toBeInViewport({ ratio: 1 });
        await page.goto(`${dashboard}?tab=payments`);
        await expect(
          page
            .locator("#main")
            .getByRole("link", { name: /^Mark as Paid\b/ })
            .first(),
        ).toBeVisible();
        // The pending accounts are listed with their Approve and Decline, which were measured.
        await page.goto(`${dashboard}?tab=users&status=pending`);
        await expect(
          page
            .locator("#main")
            .getByRole("button", { name: /^Approve\b/ })
            .first(),
        ).toBeVisible();
        await expect(
          page
            .locator("#main")
            .getByRole("link", { name: /^Decline\b/ })
            .first(),
        ).toBeVisible();
      }
    });
  }
});
