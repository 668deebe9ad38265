import type { Browser, BrowserContextOptions, Page } from "@playwright/test";
import { enhanced, expect, pageScriptAddress, test, waitForMail } from "./fixtures";
import { ADMIN, facilityChoices, registerAndVerify, signIn } from "./support/accounts";

/*
 * The signed-in pages without React (docs/decisions/012-no-page-hydrates.md): each ships one
 * small page script and no React Router hydration; without JavaScript every form is a plain post
 * and the server renders the answer in the page; with JavaScript the answers are toasts and the
 * server-opened dialogs are modal and leave the address when they close.
 */

type Person = { email: string; password: string; name: string };

/** 4xx answers (a refused post, a gate screen) are logged by the browser as console errors. */
const ALLOWED_CONSOLE_ERRORS = [/status of 40[0-9]/];

/**
 * Pages opened in extra browser contexts fail the test on console errors too, like the `page`
 * fixture (fixtures.ts): call `check()` at the end of the test.
 */
function consoleGuard() {
  const errors: string[] = [];
  return {
    watch(page: Page) {
      page.on("console", (msg) => {
        if (msg.type() !== "error") return;
        const text = `${msg.text()} ${msg.location().url ?? ""}`;
        if (!ALLOWED_CONSOLE_ERRORS.some((re) => re.test(text))) errors.push(text);
      });
      page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
      return page;
    },
    check() {
      expect(errors, "console errors in the other contexts").toEqual([]);
    },
  };
}

type Guard = ReturnType<typeof consoleGuard>;

async function signedIn(
  browser: Browser,
  guard: Guard,
  person: Pick<Person, "email" | "password">,
  dashboard: string,
  options: BrowserContextOptions = {},
) {
  const context = await browser.newContext(options);
  const page = guard.watch(await context.newPage());
  await signIn(page, person.email, person.password);
  await expect(page).toHaveURL(dashboard);
  return page;
}

/** The server's answer rendered in <main> (what a visitor without JavaScript reads). */
const inPageNotice = (page: Page, title: string) =>
  page.locator("#main [data-notice]").filter({ hasText: title }).first();
/** A toast in the notifications region (drawn by the page script). */
const toast = (page: Page, title: string) =>
  page.locator("#notifications").getByRole("status").filter({ hasText: title }).first();

/** No script ran (JavaScript off): the page is exactly what the server rendered. */
const notEnhanced = (page: Page) => expect(page.locator("main[data-enhanced]")).toHaveCount(0);

/**
 * The system administrator finds an account by email and approves it (as in referrals.spec.ts);
 * `inPage`: without JavaScript the answer is a notice in <main>, not a toast.
 */
async function approve(admin: Page, person: Person, { inPage }: { inPage: boolean }) {
  await admin.goto(`/dashboard/system-admin?tab=users&q=${encodeURIComponent(person.email)}`);
  if (!inPage) await enhanced(admin);
  const row = admin.getByRole("row").filter({ hasText: person.email });
  await expect(row).toContainText("Pending");
  await row.getByRole("button", { name: `Approve ${person.name}` }).click();
  if (inPage) {
    const notice = inPageNotice(admin, "Doctor Approved");
    await expect(notice).toBeVisible();
    await expect(notice).toHaveAttribute("role", "status");
    await expect(notice).toHaveAttribute("data-notice", "success");
    await expect(notice).toContainText("The account has been approved.");
  } else {
    await expect(toast(admin, "Doctor Approved")).toBeVisible();
    await expect(admin.locator("#main [data-notice]")).toHaveCount(0);
  }
  await expect(row).toContainText("Verified");
  await waitForMail(person.email, (m) => /account is approved/.test(m.subject));
}

async function fillReferral(page: Page, facility: string, patient: string, complaint: string) {
  await page.getByLabel("Patient name").fill(patient);
  await page.getByLabel("Phone number").fill("0245550101");
  await page.getByLabel("Facility").selectOption({ label: facility });
  await page.getByLabel("Chief complaint").fill(complaint);
}

const REFERRAL_NUMBER = /^REF-\d{4}-\d{6,}$/;

async function referralNumberOf(page: Page, patient: string): Promise<string> {
  const row = page.getByRole("row").filter({ hasText: patient });
  await expect(row).toContainText("Pending");
  const number = ((await row.getByText(REFERRAL_NUMBER).textContent()) ?? "").trim();
  expect(number).toMatch(REFERRAL_NUMBER);
  return number;
}

/** One page script from /assets/, and nothing of React Router's hydration. */
async function expectOnlyThePageScript(page: Page, path: string, heading: string) {
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
  await enhanced(page);
  const modules = page.locator("script[type=module]");
  await expect(modules, `${path}: module scripts`).toHaveCount(1);
  expect(await pageScriptAddress(page), `${path}: page script`).toMatch(/^\/assets\/[^/?#]+\.js$/);
  const inline = await page.locator("script:not([src])").allTextContents();
  expect(
    inline.filter((text) => /__reactRouter/.test(text)),
    `${path}: inline hydration scripts`,
  ).toEqual([]);
  expect(await page.evaluate(() => "__reactRouterContext" in window), `${path}: window.__reactRouterContext`).toBe(
    false,
  );
  // The server's own HTML, before any script ran.
  const response = await page.request.get(path);
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(html).not.toContain("__reactRouterContext");
  expect(html.match(/<script\b[^>]*type="module"/g) ?? [], `${path}: module scripts in the HTML`).toHaveLength(1);
}

test.describe("the signed-in pages", () => {
  test.use({ allowConsoleErrors: ALLOWED_CONSOLE_ERRORS });

  test("the signed-in pages ship one page script and no React", async ({ page, browser, request }) => {
    const guard = consoleGuard();
    const suffix = Date.now().toString(36);
    const doctor = await registerAndVerify(request, { role: "doctor", name: `Dr Ama Script ${suffix}` });

    await signIn(page, ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL("/dashboard/system-admin");
    for (const path of [
      "/dashboard/system-admin",
      "/dashboard/system-admin?tab=payments",
      "/dashboard/system-admin?tab=users",
    ]) {
      await expectOnlyThePageScript(page, path, "System Administrator");
    }
    await approve(page, doctor, { inPage: false });

    const doctorPage = await signedIn(browser, guard, doctor, "/dashboard/doctor");
    await expectOnlyThePageScript(doctorPage, "/dashboard/doctor", "Doctor Dashboard");
    await expectOnlyThePageScript(doctorPage, "/referrals/create", "Create Referral");
    // The two pages have scripts of their own.
    const createScript = await pageScriptAddress(doctorPage);
    await doctorPage.goto("/dashboard/doctor");
    expect(await pageScriptAddress(doctorPage)).not.toBe(createScript);
    guard.check();
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false, allowConsoleErrors: ALLOWED_CONSOLE_ERRORS });

  test("without JavaScript the whole referral flow works as plain posts", async ({ page, browser, request }) => {
    test.setTimeout(120_000);
    const guard = consoleGuard();
    const noScript = { javaScriptEnabled: false };
    const suffix = Date.now().toString(36);
    // A facility no other test refers to but referrals.spec.ts (whose rows are its own patients').
    const facility = (await facilityChoices(request)).at(-1)!;
    const doctor = await registerAndVerify(request, { role: "doctor", name: `Dr Kofi Plain ${suffix}` });
    const facilityAdmin = await registerAndVerify(request, {
      role: "facility_admin",
      name: `Abena Plain ${suffix}`,
      facilityId: facility.id,
    });

    // The system administrator approves both accounts with plain posts.
    await signIn(page, ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL("/dashboard/system-admin");
    await notEnhanced(page);
    await approve(page, doctor, { inPage: true });
    await approve(page, facilityAdmin, { inPage: true });

    // The doctor: the server validates an empty form, then creates a valid referral.
    const doctorPage = await signedIn(browser, guard, doctor, "/dashboard/doctor", noScript);
    await doctorPage.goto("/referrals/create");
    await notEnhanced(doctorPage);
    await doctorPage.getByRole("button", { name: "Create Referral" }).click();
    await expect(doctorPage).toHaveURL("/referrals/create");
    const failed = inPageNotice(doctorPage, "Error Creating Referral");
    await expect(failed).toBeVisible();
    await expect(failed).toHaveAttribute("role", "alert");
    await expect(failed).toContainText("Patient name is required");
    await expect(doctorPage.getByLabel("Patient name")).toHaveAttribute("aria-invalid", "true");
    await expect(doctorPage.getByLabel("Patient name")).toHaveAccessibleDescription("Patient name is required");

    const first = `Akua Plain ${suffix}`;
    const second = `Yaw Plain ${suffix}`;
    await fillReferral(doctorPage, facility.name, first, "Chest pain on exertion");
    await doctorPage.getByRole("button", { name: "Create Referral" }).click();
    // Without JavaScript nothing drops the one-time parameter: the server rendered the answer.
    await expect(doctorPage).toHaveURL(/\/dashboard\/doctor\?created=REF-\d{4}-\d{6,}$/);
    await expect(inPageNotice(doctorPage, "Referral Created")).toContainText(
      "Your referral has been created successfully.",
    );
    const firstNumber = await referralNumberOf(doctorPage, first);
    expect(doctorPage.url()).toContain(`created=${firstNumber}`);

    await doctorPage.getByRole("link", { name: "New Referral" }).click();
    await fillReferral(doctorPage, facility.name, second, "Swollen ankle");
    await doctorPage.getByRole("button", { name: "Create Referral" }).click();
    await expect(inPageNotice(doctorPage, "Referral Created")).toBeVisible();
    const secondNumber = await referralNumberOf(doctorPage, second);

    // The facility administrator rejects the second: a blank reason is refused in the open dialog.
    const fa = await signedIn(browser, guard, facilityAdmin, "/dashboard/facility-admin", noScript);
    await notEnhanced(fa);
    const pending = fa.getByRole("region", { name: "Pending referrals, newest first" });
    await pending.getByRole("link", { name: `Reject ${secondNumber}` }).click();
    await expect(fa).toHaveURL(/[?&]reject=[0-9a-f-]{36}/);
    const dialog = fa.getByRole("dialog", { name: "Reject Referral" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(secondNumber);
    await dialog.getByLabel(/Reason for rejection/).fill("   ");
    await dialog.getByRole("button", { name: "Reject Referral" }).click();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText("Please give a reason for the rejection")).toBeVisible();
    await expect(dialog.getByLabel(/Reason for rejection/)).toHaveAttribute("aria-invalid", "true");
    await expect(inPageNotice(fa, "Error Updating Referral")).toHaveAttribute("role", "alert");
    await expect(pending.getByRole("row").filter({ hasText: secondNumber })).toHaveCount(1);

    await dialog.getByLabel(/Reason for rejection/).fill("No orthopaedic surgeon this month");
    await dialog.getByRole("button", { name: "Reject Referral" }).click();
    await expect(inPageNotice(fa, "Referral rejected")).toContainText("The referral has been rejected successfully.");
    await expect(fa.getByRole("dialog")).toHaveCount(0);
    await expect(pending.getByRole("row").filter({ hasText: secondNumber })).toHaveCount(0);

    // Accept the first, then complete it.
    await pending.getByRole("row").filter({ hasText: firstNumber }).getByRole("button", { name: "Accept" }).click();
    await expect(inPageNotice(fa, "Referral accepted")).toContainText("The referral has been accepted successfully.");
    await expect(pending.getByRole("row").filter({ hasText: firstNumber })).toHaveCount(0);
    const accepted = fa.getByRole("region", { name: "Accepted referrals, newest first" });
    await accepted
      .getByRole("row")
      .filter({ hasText: firstNumber })
      .getByRole("button", { name: "Mark as Completed" })
      .click();
    await expect(inPageNotice(fa, "Referral completed")).toBeVisible();
    await expect(accepted.getByRole("row").filter({ hasText: firstNumber })).toHaveCount(0);

    // The system administrator records the payout through the dialog the link opens.
    await page.goto("/dashboard/system-admin?tab=payments");
    const payment = page.getByRole("row").filter({ hasText: firstNumber });
    await expect(payment).toContainText("Pending");
    await payment.getByRole("link", { name: `Mark ${firstNumber} as paid` }).click();
    await expect(page).toHaveURL(/[?&]pay=[0-9a-f-]{36}/);
    const payDialog = page.getByRole("dialog", { name: "Mark as Paid" });
    await expect(payDialog).toBeVisible();
    await payDialog.getByLabel(/Payment method/).selectOption("Mobile Money");
    await payDialog.getByLabel(/Payment reference/).fill(`MM-${suffix}`);
    await payDialog.getByRole("button", { name: "Confirm Payment" }).click();
    await expect(inPageNotice(page, "Payment Recorded")).toContainText("Payment has been marked as paid successfully.");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(payment).toContainText("Paid");
    await expect(payment).not.toContainText("Pending");
    await expect(payment).toContainText(`MM-${suffix}`);
    await expect(payment.getByRole("link", { name: /as paid/ })).toHaveCount(0);

    // The doctor's dashboard shows both outcomes.
    await doctorPage.goto("/dashboard/doctor");
    await expect(doctorPage.getByRole("row").filter({ hasText: first })).toContainText("Completed");
    await expect(doctorPage.getByRole("row").filter({ hasText: second })).toContainText(
      "Reason: No orthopaedic surgeon this month",
    );
    guard.check();
  });
});

test.describe("with JavaScript", () => {
  test.use({ allowConsoleErrors: ALLOWED_CONSOLE_ERRORS });

  test("the dialogs and one-time answers leave the address", async ({ page, browser, request }) => {
    test.setTimeout(90_000);
    const guard = consoleGuard();
    const suffix = Date.now().toString(36);
    const facility = (await facilityChoices(request)).at(-1)!;
    const doctor = await registerAndVerify(request, { role: "doctor", name: `Dr Esi Script ${suffix}` });
    const facilityAdmin = await registerAndVerify(request, {
      role: "facility_admin",
      name: `Kojo Script ${suffix}`,
      facilityId: facility.id,
    });
    await signIn(page, ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL("/dashboard/system-admin");
    await approve(page, doctor, { inPage: false });
    await approve(page, facilityAdmin, { inPage: false });

    // A new referral lands on the dashboard with ?created=: a toast, and the address forgets it.
    const doctorPage = await signedIn(browser, guard, doctor, "/dashboard/doctor");
    await doctorPage.goto("/referrals/create");
    await enhanced(doctorPage);
    const patient = `Adjoa Script ${suffix}`;
    await fillReferral(doctorPage, facility.name, patient, "Recurrent fainting");
    await doctorPage.getByRole("button", { name: "Create Referral" }).click();
    await expect(toast(doctorPage, "Referral Created")).toContainText("Your referral has been created successfully.");
    await expect(doctorPage).toHaveURL(/\/dashboard\/doctor$/);
    await expect(doctorPage.locator("#main [data-notice]")).toHaveCount(0);
    const number = await referralNumberOf(doctorPage, patient);

    // The same from an address that carries it.
    await doctorPage.goto(`/dashboard/doctor?created=${number}`);
    await expect(toast(doctorPage, "Referral Created")).toBeVisible();
    await doctorPage.waitForURL((url) => !url.searchParams.has("created"));
    await expect(doctorPage).toHaveURL(/\/dashboard\/doctor$/);
    await expect(doctorPage.locator("#main [data-notice]")).toHaveCount(0);
    // A reload does not announce it again.
    await doctorPage.reload();
    await enhanced(doctorPage);
    await expect(doctorPage.locator("#notifications").getByRole("status")).toHaveCount(0);

    // The facility completes it: a pending payment.
    const fa = await signedIn(browser, guard, facilityAdmin, "/dashboard/facility-admin");
    await enhanced(fa);
    await fa
      .getByRole("region", { name: "Pending referrals, newest first" })
      .getByRole("row")
      .filter({ hasText: number })
      .getByRole("button", { name: "Accept" })
      .click();
    await expect(toast(fa, "Referral accepted")).toBeVisible();
    await fa
      .getByRole("region", { name: "Accepted referrals, newest first" })
      .getByRole("row")
      .filter({ hasText: number })
      .getByRole("button", { name: "Mark as Completed" })
      .click();
    await expect(toast(fa, "Referral completed")).toBeVisible();

    // Mark as Paid opens modal; Escape closes it and the address forgets ?pay=.
    await page.goto("/dashboard/system-admin?tab=payments");
    await enhanced(page);
    const payment = page.getByRole("row").filter({ hasText: number });
    await expect(payment).toContainText("Pending");
    await payment.getByRole("link", { name: `Mark ${number} as paid` }).click();
    await expect(page).toHaveURL(/[?&]pay=[0-9a-f-]{36}/);
    await enhanced(page);
    const payDialog = page.getByRole("dialog", { name: "Mark as Paid" });
    await expect(payDialog).toBeVisible();
    await expect.poll(() => payDialog.evaluate((d) => d.matches(":modal"))).toBe(true);
    await page.keyboard.press("Escape");
    await expect(payDialog).toBeHidden();
    await page.waitForURL((url) => !url.searchParams.has("pay"));
    await expect(page).toHaveURL(/\/dashboard\/system-admin\?tab=payments$/);
    await expect(payment).toContainText("Pending");

    // Open again, Cancel closes it the same way; then record the payment (with fetch).
    await payment.getByRole("link", { name: `Mark ${number} as paid` }).click();
    await expect(page).toHaveURL(/[?&]pay=/);
    await expect(payDialog).toBeVisible();
    await enhanced(page);
    await payDialog.getByRole("button", { name: "Cancel" }).click();
    await expect(payDialog).toBeHidden();
    await page.waitForURL((url) => !url.searchParams.has("pay"));

    await payment.getByRole("link", { name: `Mark ${number} as paid` }).click();
    await expect(payDialog).toBeVisible();
    await enhanced(page);
    const confirm = payDialog.getByRole("button", { name: "Confirm Payment" });
    await expect(confirm).toBeDisabled();
    await payDialog.getByLabel(/Payment method/).selectOption("Bank Transfer");
    await payDialog.getByLabel(/Payment reference/).fill(`BT-${suffix}`);
    await expect(confirm).toBeEnabled();
    await confirm.click();
    await expect(toast(page, "Payment Recorded")).toBeVisible();
    await expect(payDialog).toHaveCount(0);
    await expect(page.getByRole("row").filter({ hasText: number })).toContainText("Paid");
    await page.waitForURL((url) => !url.searchParams.has("pay"));
    await expect(page.locator("#main [data-notice]")).toHaveCount(0);
    guard.check();
  });
});
