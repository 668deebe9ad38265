import type { Browser, BrowserContextOptions, Locator, Page } from "@playwright/test";
import { expect, expectNoSidewaysScroll, hydrated, PHONE, test, waitForMail } from "./fixtures";
import { ADMIN, approvedTitle, facilityChoices, registerAndVerify, signInDirectly } from "./support/accounts";
import { selectFacility } from "./support/referral-form";

/*
 * The signed-in pages hydrate React (docs/decisions/017-react-in-the-browser.md): the system
 * administrator's tabs, tables and filters change on the client with their state in the address;
 * Accept, Reject, Mark as Completed, Approve and Mark as Paid post with fetchers (the answer is a
 * toast, the figures change without a document load); the dialogs are modal. Without JavaScript
 * every form is a plain post and the server renders the answer (and an open dialog) in the page.
 */

type Person = { email: string; password: string; name: string; role: "doctor" | "facility_admin" | "system_admin" };

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
  await signInDirectly(page, person.email, person.password);
  await expect(page).toHaveURL(dashboard);
  return page;
}

/** The server's answer rendered in the page (what a visitor without JavaScript reads). */
const inPageNotice = (page: Page, title: string) =>
  page.locator("#main").getByRole("status").or(page.locator("#main").getByRole("alert")).filter({ hasText: title });
/** A toast: in the notifications region (Radix Toast), or what it announces (a status, or an alert for an error). */
const toast = (page: Page, title: string) =>
  page
    .getByRole("region", { name: /^Notifications/ })
    .getByRole("listitem")
    .or(page.getByRole("status"))
    .or(page.getByRole("alert"))
    .filter({ hasText: title })
    .first();

/** Marks the document: the mark survives anything done without a document load. */
const mark = (page: Page) =>
  page.evaluate(() => {
    (window as unknown as { __marker: number }).__marker = 1;
  });
const expectSameDocument = async (page: Page) =>
  expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(1);

/**
 * The system administrator finds an account by email and approves it (as in referrals.spec.ts);
 * `inPage`: without JavaScript the answer is a notice in <main>, not a toast.
 */
async function approve(admin: Page, person: Person, { inPage }: { inPage: boolean }) {
  await admin.goto(`/dashboard/system-admin?tab=users&q=${encodeURIComponent(person.email)}`);
  if (!inPage) await hydrated(admin);
  const row = admin.getByRole("row").filter({ hasText: person.email });
  await expect(row).toContainText("Pending");
  await row.getByRole("button", { name: `Approve ${person.name}` }).click();
  if (inPage) {
    const notice = inPageNotice(admin, approvedTitle(person.role));
    await expect(notice).toBeVisible();
    await expect(notice).toHaveAttribute("role", "status");
    await expect(notice).toContainText("The account has been approved.");
  } else {
    await expect(toast(admin, approvedTitle(person.role))).toBeVisible();
    await expect(inPageNotice(admin, approvedTitle(person.role))).toHaveCount(0);
  }
  await expect(row).toContainText("Approved");
  await waitForMail(person.email, (m) => /account is approved/.test(m.subject));
}

async function fillReferral(page: Page, facility: string, patient: string, complaint: string) {
  await page.getByLabel("Patient name").fill(patient);
  await page.getByLabel("Phone number").fill("0245550101");
  await selectFacility(page, facility);
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

/** A figure of the facility administrator's dashboard. */
const count = (page: Page, label: string): Locator =>
  page.locator("dl[aria-label='Referral counts'] > div", { hasText: label }).locator("dd").first();

test.describe("with JavaScript", () => {
  test.use({ allowConsoleErrors: ALLOWED_CONSOLE_ERRORS });

  test("the admin's tabs, search, filter and Approve work without a document load", async ({ page, request }) => {
    const suffix = Date.now().toString(36);
    const doctor = await registerAndVerify(request, { role: "doctor", name: `Dr Ama Tabs ${suffix}` });

    await signInDirectly(page, ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL("/dashboard/system-admin");
    await hydrated(page);
    await mark(page);
    const tabs = page.getByRole("tablist", { name: "Sections" });
    await expect(tabs.getByRole("tab", { name: "All Referrals" })).toHaveAttribute("aria-selected", "true");

    // A tab is a client navigation with the tab in the address; back and forward work.
    await tabs.getByRole("tab", { name: "User Management" }).click();
    await expect(tabs.getByRole("tab", { name: "User Management" })).toHaveAttribute("aria-selected", "true");
    await expect(page).toHaveURL("/dashboard/system-admin?tab=users");
    await expect(page.getByRole("tabpanel").getByLabel("Search by name or email")).toBeVisible();
    await tabs.getByRole("tab", { name: "Payment Management" }).click();
    await expect(page).toHaveURL("/dashboard/system-admin?tab=payments");
    await expect(page.getByRole("tabpanel")).toContainText(/Payments to doctors|No payments yet/);
    await page.goBack();
    await expect(page).toHaveURL("/dashboard/system-admin?tab=users");
    await expect(tabs.getByRole("tab", { name: "User Management" })).toHaveAttribute("aria-selected", "true");
    await page.goBack();
    await expect(page).toHaveURL("/dashboard/system-admin");
    await expect(tabs.getByRole("tab", { name: "All Referrals" })).toHaveAttribute("aria-selected", "true");
    await page.goForward();
    await expect(page).toHaveURL("/dashboard/system-admin?tab=users");
    await expectSameDocument(page);

    // The search is a GET form: its result in the address, on the client.
    await page.getByLabel("Search by name or email").fill(doctor.email);
    await page.getByRole("button", { name: "Search" }).click();
    // The status select's "All accounts" is an empty value in the address.
    await expect(page).toHaveURL(`/dashboard/system-admin?tab=users&q=${encodeURIComponent(doctor.email)}&status=`);
    const row = page.getByRole("row").filter({ hasText: doctor.email });
    await expect(row).toContainText("Pending");
    await expect(page.getByRole("row")).toHaveCount(2);

    // Approve posts with a fetcher: the toast, the row verified, the same document.
    await row.getByRole("button", { name: `Approve ${doctor.name}` }).click();
    await expect(toast(page, "Doctor Approved")).toContainText("The account has been approved.");
    await expect(row).toContainText("Approved");
    // Approve and Decline are gone (recording the MDC number as checked stays offered).
    await expect(row.getByRole("button", { name: /^(Approve|Decline) / })).toHaveCount(0);
    await waitForMail(doctor.email, (m) => /account is approved/.test(m.subject));

    // The status filter on the referrals tab, a GET form too.
    await page.getByRole("tab", { name: "All Referrals" }).click();
    await expect(page).toHaveURL("/dashboard/system-admin");
    await page.getByLabel("Status").selectOption("rejected");
    await page.getByRole("button", { name: "Filter" }).click();
    await expect(page).toHaveURL("/dashboard/system-admin?status=rejected");
    await expect(page.getByLabel("Status")).toHaveValue("rejected");
    await expectSameDocument(page);

    // The waitlist's CSV stays a download.
    await page.getByRole("tab", { name: "Hub Waitlist" }).click();
    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download CSV" }).click();
    expect((await download).suggestedFilename()).toMatch(/^hub-waitlist-\d{4}-\d{2}-\d{2}\.csv$/);
    await expectSameDocument(page);
  });

  test("Decline asks for a reason in a dialog; the person reads it when they sign in, the email only says declined", async ({
    page,
    browser,
    request,
  }) => {
    // Two people, two sign-ins, two searches, a dialog and a mail: more than the default 30 s on CI.
    test.setTimeout(90_000);
    const suffix = Date.now().toString(36);
    const person = await registerAndVerify(request, { role: "facility_admin", name: `Kofi Declined ${suffix}` });
    await signInDirectly(page, ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL("/dashboard/system-admin");
    await page.goto("/dashboard/system-admin?tab=users");
    await hydrated(page);
    await mark(page);

    // A search with no match says so; the Pending filter keeps accounts awaiting approval.
    await page.getByLabel("Search by name or email").fill(`nobody-${suffix}`);
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page.getByText(`No accounts match "nobody-${suffix}".`)).toBeVisible();
    await page.getByLabel("Search by name or email").fill(person.email);
    await page.getByLabel("Status").selectOption("pending");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(
      `/dashboard/system-admin?tab=users&q=${encodeURIComponent(person.email)}&status=pending`,
    );
    const row = page.getByRole("row").filter({ hasText: person.email });
    await expect(row).toContainText("Pending");

    // The dialog: labelled, a blank reason refused inline, Escape closes and focus returns.
    const opener = row.getByRole("link", { name: `Decline ${person.name}` });
    await opener.click();
    const dialog = page.getByRole("dialog", { name: "Decline Account" });
    await expect(dialog).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
    await opener.click();
    await dialog.getByRole("button", { name: "Decline Account" }).click();
    await expect(dialog.getByText("Please give a reason for declining")).toBeVisible();
    const reason = `We could not confirm that you run this facility (${suffix}).`;
    await dialog.getByLabel("Reason for declining").fill(reason);
    await dialog.getByRole("button", { name: "Decline Account" }).click();
    await expect(toast(page, "Facility Administrator Declined")).toBeVisible();
    await expect(dialog).toBeHidden();
    await expectSameDocument(page);
    await page.getByLabel("Status").selectOption("declined");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page.getByRole("row").filter({ hasText: person.email })).toContainText("Declined");

    const notice = await waitForMail(person.email, (m) => /declined/.test(m.subject));
    expect(notice.text).not.toContain("could not confirm");
    const context = await browser.newContext();
    const theirs = await context.newPage();
    await signInDirectly(theirs, person.email, person.password);
    await expect(theirs).toHaveURL("/dashboard/facility-admin");
    await expect(theirs.getByRole("heading", { level: 1, name: "Account Declined" })).toBeVisible();
    await expect(theirs.getByText(reason)).toBeVisible();
    await context.close();
  });

  test("on a phone the users, payments and waitlist tables are cards and no action is off-screen", async ({ page }) => {
    await page.setViewportSize(PHONE);
    await signInDirectly(page, ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL("/dashboard/system-admin");
    await hydrated(page);
    const tabs = page.getByRole("tablist", { name: "Sections" });
    for (const [name, tab] of [
      ["User Management", "users"],
      ["Payment Management", "payments"],
      ["Hub Waitlist", "waitlist"],
    ] as const) {
      await tabs.getByRole("tab", { name }).click();
      await expect(page).toHaveURL(`/dashboard/system-admin?tab=${tab}`);
      await expect(tabs.getByRole("tab", { name })).toHaveAttribute("aria-selected", "true");
      await expectNoSidewaysScroll(page);
      const table = page.getByRole("tabpanel").getByRole("table");
      if ((await table.count()) > 0) {
        // A stacked table: its header row is hidden and each cell shows its label.
        await expect(table.locator("thead")).toHaveCSS("position", "absolute");
        const buttons = table.getByRole("button").or(table.getByRole("link"));
        for (const button of await buttons.all()) {
          const box = await button.boundingBox();
          if (box) expect(box.x + box.width, "action within the screen").toBeLessThanOrEqual(PHONE.width);
        }
      }
    }
  });

  test("a referral's actions happen in the page: Accept, Reject, Complete and Mark as Paid", async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const guard = consoleGuard();
    const suffix = Date.now().toString(36);
    // A facility no other test refers to: its counts move only with this test.
    const facility = (await facilityChoices(request)).at(-2)!;
    const doctor = await registerAndVerify(request, { role: "doctor", name: `Dr Esi Script ${suffix}` });
    const facilityAdmin = await registerAndVerify(request, {
      role: "facility_admin",
      name: `Kojo Script ${suffix}`,
      facilityId: facility.id,
    });
    await signInDirectly(page, ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL("/dashboard/system-admin");
    await approve(page, doctor, { inPage: false });
    await approve(page, facilityAdmin, { inPage: false });

    // The form checks itself before it is sent: the spec's toast, the summary, nothing posted.
    const doctorPage = await signedIn(browser, guard, doctor, "/dashboard/doctor");
    await hydrated(doctorPage);
    await mark(doctorPage);
    await doctorPage.getByRole("main").getByRole("link", { name: "New Referral" }).click();
    await expect(doctorPage).toHaveURL("/referrals/create");
    await doctorPage.getByRole("button", { name: "Create Referral" }).click();
    await expect(toast(doctorPage, "Error Creating Referral")).toContainText(
      "Please select a facility, Patient name is required, Patient phone is required, Chief complaint is required",
    );
    await expect(doctorPage.getByRole("alert").filter({ hasText: "There is a problem" })).toBeVisible();
    await expect(doctorPage.getByLabel("Patient name")).toHaveAttribute("aria-invalid", "true");
    await expectSameDocument(doctorPage);

    // Created: the dashboard says so once (a flash, not the address), and a reload does not.
    const patients = [`Adjoa Script ${suffix}`, `Yaa Script ${suffix}`, `Kofi Script ${suffix}`];
    const numbers: string[] = [];
    for (const patient of patients) {
      if (doctorPage.url().endsWith("/dashboard/doctor")) {
        await doctorPage.getByRole("main").getByRole("link", { name: "New Referral" }).click();
      }
      await fillReferral(doctorPage, facility.name, patient, "Recurrent fainting");
      await doctorPage.getByRole("button", { name: "Create Referral" }).click();
      await expect(doctorPage).toHaveURL(/\/referrals\/REF-\d{4}-\d{6,}$/);
      await expect(toast(doctorPage, "Referral Created")).toContainText("Your referral has been created successfully.");
      await doctorPage.getByRole("main").getByRole("link", { name: "Dashboard", exact: true }).click();
      numbers.push(await referralNumberOf(doctorPage, patient));
    }
    await expectSameDocument(doctorPage);
    await doctorPage.reload();
    await hydrated(doctorPage);
    await expect(toast(doctorPage, "Referral Created")).toHaveCount(0);
    const [toAccept, toReject, contested] = numbers;

    // The facility administrator.
    const fa = await signedIn(browser, guard, facilityAdmin, "/dashboard/facility-admin");
    await hydrated(fa);
    // A second tab, left open: it will act on a referral the first has already accepted.
    const stale = guard.watch(await fa.context().newPage());
    await stale.goto("/dashboard/facility-admin");
    await hydrated(stale);
    await mark(fa);
    const pending = fa.getByRole("region", { name: "Pending referrals, most urgent first" });
    const accepted = fa.getByRole("region", { name: "Accepted referrals, newest first" });
    await expect(count(fa, "Pending")).toHaveText("3");
    await expect(count(fa, "Accepted this month")).toHaveText("0");

    // Accept: the answer is a toast, the figures and tables change, the same document.
    await pending.getByRole("row").filter({ hasText: toAccept }).getByRole("button", { name: "Accept" }).click();
    await expect(toast(fa, "Referral accepted")).toContainText("The referral has been accepted successfully.");
    await expect(count(fa, "Pending")).toHaveText("2");
    await expect(count(fa, "Accepted this month")).toHaveText("1");
    await expect(pending.getByRole("row").filter({ hasText: toAccept })).toHaveCount(0);
    await expect(accepted.getByRole("row").filter({ hasText: toAccept })).toHaveCount(1);
    await expectSameDocument(fa);

    // Reject opens a modal dialog in the page; Escape closes it and the focus goes back.
    const rejectLink = pending.getByRole("link", { name: `Reject ${toReject}` });
    await rejectLink.click();
    const dialog = fa.getByRole("dialog", { name: "Reject Referral" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(toReject);
    await expect(fa).toHaveURL("/dashboard/facility-admin");
    await expect(dialog.locator(":focus")).toHaveCount(1);
    await fa.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(rejectLink).toBeFocused();
    await expectSameDocument(fa);

    // A blank reason is refused before sending; then the rejection, with its reason.
    await rejectLink.click();
    await expect(dialog).toBeVisible();
    await dialog.getByLabel(/Reason for rejection/).fill("   ");
    await dialog.getByRole("button", { name: "Reject Referral" }).click();
    await expect(dialog.getByText("Please give a reason for the rejection")).toBeVisible();
    await expect(dialog.getByLabel(/Reason for rejection/)).toHaveAttribute("aria-invalid", "true");
    await dialog.getByLabel(/Reason for rejection/).fill("No cardiologist this month");
    await dialog.getByRole("button", { name: "Reject Referral" }).click();
    await expect(toast(fa, "Referral rejected")).toContainText("The referral has been rejected successfully.");
    await expect(dialog).toBeHidden();
    await expect(pending.getByRole("row").filter({ hasText: toReject })).toHaveCount(0);
    await expect(count(fa, "Pending")).toHaveText("1");
    await expectSameDocument(fa);

    // Mark as Completed asks for the outcome in a modal dialog: blank is refused in the dialog.
    const completeLink = accepted.getByRole("link", { name: `Mark as Completed ${toAccept}` });
    await completeLink.click();
    const completeDialog = fa.getByRole("dialog", { name: "Complete Referral" });
    await expect(completeDialog).toBeVisible();
    await expect(completeDialog).toContainText(toAccept);
    await expect(fa).toHaveURL("/dashboard/facility-admin");
    await completeDialog.getByLabel(/Outcome/).fill("   ");
    await completeDialog.getByRole("button", { name: "Complete Referral" }).click();
    await expect(completeDialog.getByText(/^Please describe the outcome:/)).toBeVisible();
    await expect(completeDialog.getByLabel(/Outcome/)).toHaveAttribute("aria-invalid", "true");
    await expect(count(fa, "Completed this month")).toHaveText("0");
    await completeDialog.getByLabel(/Outcome/).fill("Angiogram normal; reassured, follow up with the GP in 3 months.");
    await completeDialog.getByRole("button", { name: "Complete Referral" }).click();
    await expect(toast(fa, "Referral completed")).toBeVisible();
    await expect(completeDialog).toBeHidden();
    await expect(count(fa, "Completed this month")).toHaveText("1");
    await expect(accepted.getByRole("row").filter({ hasText: toAccept })).toHaveCount(0);
    await expectSameDocument(fa);

    // The same person already accepted it in another tab: the stale tab's Accept is answered as the
    // first was (decision 027: a repeated transition by the same person is not an error), and the page catches up.
    await pending.getByRole("row").filter({ hasText: contested }).getByRole("button", { name: "Accept" }).click();
    await expect(toast(fa, "Referral accepted")).toBeVisible();
    await mark(stale);
    const stalePending = stale.getByRole("region", { name: "Pending referrals, most urgent first" });
    await stalePending.getByRole("row").filter({ hasText: contested }).getByRole("button", { name: "Accept" }).click();
    await expect(toast(stale, "Referral accepted")).toContainText("The referral has been accepted successfully.");
    await expect(toast(stale, "Error Updating Referral")).toHaveCount(0);
    await expect(stalePending.getByRole("row").filter({ hasText: contested })).toHaveCount(0);
    await expect(count(stale, "Accepted this month")).toHaveText("2");
    await expectSameDocument(stale);

    // Mark as Paid: a modal dialog in the page; Escape closes it, the focus goes back.
    await page.goto("/dashboard/system-admin?tab=payments");
    await hydrated(page);
    await mark(page);
    const payment = page.getByRole("row").filter({ hasText: toAccept });
    await expect(payment).toContainText("Pending");
    const payLink = payment.getByRole("link", { name: `Mark as Paid: ${toAccept}` });
    await payLink.click();
    const payDialog = page.getByRole("dialog", { name: "Mark as Paid" });
    await expect(payDialog).toBeVisible();
    await expect(page).toHaveURL("/dashboard/system-admin?tab=payments");
    await page.keyboard.press("Escape");
    await expect(payDialog).toBeHidden();
    await expect(payLink).toBeFocused();

    // Confirm checks both fields before sending, then records the payment.
    await payLink.click();
    const confirm = payDialog.getByRole("button", { name: "Confirm Payment" });
    await confirm.click();
    await expect(payDialog.getByText("Payment method is required")).toBeVisible();
    await expect(payDialog.getByText("Payment reference is required")).toBeVisible();
    await payDialog.getByLabel(/Payment method/).selectOption("Bank Transfer");
    await payDialog.getByLabel(/Payment reference/).fill(`BT-${suffix}`);
    await confirm.click();
    await expect(toast(page, "Payment Recorded")).toContainText("Payment has been marked as paid successfully.");
    await expect(payDialog).toBeHidden();
    await expect(payment).toContainText("Paid");
    await expect(payment).toContainText(`BT-${suffix}`);
    await expect(payment.getByRole("link", { name: /^Mark as Paid/ })).toHaveCount(0);
    await expectSameDocument(page);
    guard.check();
  });

  test("a dialog the address opens is modal once React runs, and leaves the address when closed", async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(90_000);
    const guard = consoleGuard();
    const suffix = Date.now().toString(36);
    const facility = (await facilityChoices(request)).at(-4)!;
    const facilityAdmin = await registerAndVerify(request, {
      role: "facility_admin",
      name: `Ato Address ${suffix}`,
      facilityId: facility.id,
    });
    const doctor = await registerAndVerify(request, { role: "doctor", name: `Dr Adwoa Address ${suffix}` });
    await signInDirectly(page, ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL("/dashboard/system-admin");
    await approve(page, doctor, { inPage: false });
    await approve(page, facilityAdmin, { inPage: false });

    const doctorPage = await signedIn(browser, guard, doctor, "/dashboard/doctor");
    await doctorPage.goto("/referrals/create");
    await hydrated(doctorPage);
    await fillReferral(doctorPage, facility.name, `Esi Address ${suffix}`, "Palpitations");
    await doctorPage.getByRole("button", { name: "Create Referral" }).click();
    await expect(doctorPage).toHaveURL(/\/referrals\/REF-\d{4}-\d{6,}$/);
    await doctorPage.goto("/dashboard/doctor");
    const number = await referralNumberOf(doctorPage, `Esi Address ${suffix}`);

    const fa = await signedIn(browser, guard, facilityAdmin, "/dashboard/facility-admin");
    const href = await fa.getByRole("link", { name: `Reject ${number}` }).getAttribute("href");
    expect(href).toMatch(/^\/dashboard\/facility-admin\?reject=[0-9a-f-]{36}$/);
    await fa.goto(href!);
    await hydrated(fa);
    const dialog = fa.getByRole("dialog", { name: "Reject Referral" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel(/Reason for rejection/)).toBeVisible();
    await fa.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(fa).toHaveURL("/dashboard/facility-admin");
    await fa.reload();
    await hydrated(fa);
    await expect(fa.getByRole("dialog")).toHaveCount(0);
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
    // A facility no other test refers to.
    const facility = (await facilityChoices(request)).at(-3)!;
    const doctor = await registerAndVerify(request, { role: "doctor", name: `Dr Kofi Plain ${suffix}` });
    const facilityAdmin = await registerAndVerify(request, {
      role: "facility_admin",
      name: `Abena Plain ${suffix}`,
      facilityId: facility.id,
    });

    // The system administrator approves both accounts with plain posts.
    await signInDirectly(page, ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL("/dashboard/system-admin");
    await approve(page, doctor, { inPage: true });
    await approve(page, facilityAdmin, { inPage: true });

    // The doctor: the server validates an empty form, then creates a valid referral.
    const doctorPage = await signedIn(browser, guard, doctor, "/dashboard/doctor", noScript);
    await doctorPage.goto("/referrals/create");
    await doctorPage.getByRole("button", { name: "Create Referral" }).click();
    await expect(doctorPage).toHaveURL("/referrals/create");
    const failed = inPageNotice(doctorPage, "Error Creating Referral");
    await expect(failed).toBeVisible();
    await expect(failed).toHaveAttribute("role", "alert");
    await expect(failed).toContainText("Patient name is required");
    await expect(doctorPage.getByRole("alert").filter({ hasText: "There is a problem" })).toBeVisible();
    await expect(doctorPage.getByLabel("Patient name")).toHaveAttribute("aria-invalid", "true");
    await expect(doctorPage.getByLabel("Patient name")).toHaveAccessibleDescription("Patient name is required");

    const first = `Akua Plain ${suffix}`;
    const second = `Yaw Plain ${suffix}`;
    // What was typed comes back with the errors.
    await doctorPage.getByLabel("Patient name").fill(first);
    await doctorPage.getByRole("button", { name: "Create Referral" }).click();
    await expect(doctorPage.getByLabel("Patient name")).toHaveValue(first);
    await expect(doctorPage.getByLabel("Patient name")).not.toHaveAttribute("aria-invalid", "true");
    await fillReferral(doctorPage, facility.name, first, "Chest pain on exertion");
    await doctorPage.getByRole("button", { name: "Create Referral" }).click();
    // The one-time message comes with the redirect (a flash), not in the address.
    await expect(doctorPage).toHaveURL(/\/referrals\/REF-\d{4}-\d{6,}$/);
    await expect(doctorPage.getByRole("status").filter({ hasText: "Referral Created" })).toContainText(
      "Your referral has been created successfully.",
    );
    await doctorPage.getByRole("main").getByRole("link", { name: "Dashboard", exact: true }).click();
    const firstNumber = await referralNumberOf(doctorPage, first);
    await doctorPage.reload();
    await expect(doctorPage.getByRole("status").filter({ hasText: "Referral Created" })).toHaveCount(0);

    await doctorPage.getByRole("main").getByRole("link", { name: "New Referral" }).click();
    await fillReferral(doctorPage, facility.name, second, "Swollen ankle");
    await doctorPage.getByRole("button", { name: "Create Referral" }).click();
    await expect(doctorPage.getByRole("status").filter({ hasText: "Referral Created" })).toBeVisible();
    await doctorPage.getByRole("main").getByRole("link", { name: "Dashboard", exact: true }).click();
    const secondNumber = await referralNumberOf(doctorPage, second);

    // The facility administrator rejects the second: a blank reason is refused in the open dialog.
    const fa = await signedIn(browser, guard, facilityAdmin, "/dashboard/facility-admin", noScript);
    const pending = fa.getByRole("region", { name: "Pending referrals, most urgent first" });
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
    // Mark as Completed opens the outcome dialog (the address says so); blank is refused by the server.
    await accepted.getByRole("link", { name: `Mark as Completed ${firstNumber}` }).click();
    await expect(fa).toHaveURL(/[?&]complete=[0-9a-f-]{36}/);
    const completeDialog = fa.getByRole("dialog", { name: "Complete Referral" });
    await expect(completeDialog).toBeVisible();
    await expect(completeDialog).toContainText(firstNumber);
    await completeDialog.getByLabel(/Outcome/).fill("   ");
    await completeDialog.getByRole("button", { name: "Complete Referral" }).click();
    await expect(completeDialog).toBeVisible();
    await expect(completeDialog.getByText(/^Please describe the outcome:/)).toBeVisible();
    await expect(completeDialog.getByLabel(/Outcome/)).toHaveAttribute("aria-invalid", "true");
    await expect(accepted.getByRole("row").filter({ hasText: firstNumber })).toHaveCount(1);
    await completeDialog.getByLabel(/Outcome/).fill("Fracture set and cast; review in the clinic in 6 weeks.");
    await completeDialog.getByRole("button", { name: "Complete Referral" }).click();
    await expect(inPageNotice(fa, "Referral completed")).toBeVisible();
    await expect(fa.getByRole("dialog")).toHaveCount(0);
    await expect(accepted.getByRole("row").filter({ hasText: firstNumber })).toHaveCount(0);

    // The system administrator records the payout through the dialog the link opens.
    await page.goto("/dashboard/system-admin?tab=payments");
    const payment = page.getByRole("row").filter({ hasText: firstNumber });
    await expect(payment).toContainText("Pending");
    await payment.getByRole("link", { name: `Mark as Paid: ${firstNumber}` }).click();
    await expect(page).toHaveURL(/[?&]pay=[0-9a-f-]{36}/);
    const payDialog = page.getByRole("dialog", { name: "Mark as Paid" });
    await expect(payDialog).toBeVisible();
    // Both fields are required: the server says so in the dialog.
    await payDialog.getByRole("button", { name: "Confirm Payment" }).click();
    await expect(payDialog.getByText("Payment method is required")).toBeVisible();
    await expect(payDialog.getByText("Payment reference is required")).toBeVisible();
    await payDialog.getByLabel(/Payment method/).selectOption("Mobile Money");
    await payDialog.getByLabel(/Payment reference/).fill(`MM-${suffix}`);
    await payDialog.getByRole("button", { name: "Confirm Payment" }).click();
    await expect(inPageNotice(page, "Payment Recorded")).toContainText("Payment has been marked as paid successfully.");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(payment).toContainText("Paid");
    await expect(payment).not.toContainText("Pending");
    await expect(payment).toContainText(`MM-${suffix}`);
    await expect(payment.getByRole("link", { name: /^Mark as Paid/ })).toHaveCount(0);

    // The tabs are links.
    await page.getByRole("tab", { name: "Hub Waitlist" }).click();
    await expect(page).toHaveURL("/dashboard/system-admin?tab=waitlist");
    await expect(page.getByRole("tab", { name: "Hub Waitlist" })).toHaveAttribute("aria-selected", "true");

    // The doctor's dashboard shows both outcomes.
    await doctorPage.goto("/dashboard/doctor");
    await expect(doctorPage.getByRole("row").filter({ hasText: first })).toContainText("Completed");
    await expect(doctorPage.getByRole("row").filter({ hasText: second })).toContainText(
      "Reason: No orthopaedic surgeon this month",
    );
    guard.check();
  });
});
