import type { Page } from "@playwright/test";
import {
  expect,
  expectAccessible,
  expectNoSidewaysScroll,
  hydrated,
  PHONE,
  signOut,
  test,
  waitForMail,
} from "./fixtures";
import { ADMIN, approvedTitle, facilityChoices, registerAndVerify, signInDirectly } from "./support/accounts";
import { selectFacility } from "./support/referral-form";
import { signedIn } from "./support/sign-in";

/*
 * The referral platform (decision 007) through the three roles, in the real server, with mail
 * caught: a doctor refers, the facility administrator accepts and completes (or rejects with
 * a reason), the system administrator approves the accounts and records the payout.
 */

type Person = { email: string; password: string; name: string; role: "doctor" | "facility_admin" | "system_admin" };

/** The system administrator finds an account by email and approves it. */
async function approve(admin: Page, person: Person) {
  await admin.goto(`/dashboard/system-admin?tab=users&q=${encodeURIComponent(person.email)}`);
  await hydrated(admin);
  const row = admin.getByRole("row").filter({ hasText: person.email });
  await expect(row).toContainText("Pending");
  await row.getByRole("button", { name: `Approve ${person.name}` }).click();
  await expect(admin.getByRole("status").filter({ hasText: approvedTitle(person.role) })).toBeVisible();
  await expect(row).toContainText("Approved");
  await waitForMail(person.email, (m) => /account is approved/.test(m.subject));
}

/** A toast: in the notifications region (Radix Toast), or what it announces. */
const notification = (page: Page) => page.getByRole("region", { name: /^Notifications/ }).getByRole("listitem");
const toast = (page: Page, title: string) =>
  notification(page).or(page.getByRole("status")).filter({ hasText: title }).first();
const errorToast = (page: Page, title: string) =>
  notification(page).or(page.getByRole("alert")).filter({ hasText: title }).first();

async function fillReferral(page: Page, facility: string, patient: { name: string; phone: string }, complaint: string) {
  await page.getByLabel("Patient name").fill(patient.name);
  await page.getByLabel("Phone number").fill(patient.phone);
  await selectFacility(page, facility);
  await page.getByLabel("Chief complaint").fill(complaint);
  await page.getByLabel("Clinical notes").fill("BP 180/110 on two readings. On amlodipine 10 mg.");
}

test.describe("a referral's whole life", () => {
  test.use({ allowConsoleErrors: [/status of 40[0-9]/] });

  test("doctor refers, facility accepts and completes or rejects, admin approves and pays", async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(180_000);
    const suffix = Date.now().toString(36);
    // A facility no other test refers to, so its tables hold only this test's referrals.
    const facility = (await facilityChoices(request)).at(-1)!;
    const doctor = await registerAndVerify(request, { role: "doctor", name: `Dr Kojo Mensah ${suffix}` });
    const facilityAdmin = await registerAndVerify(request, {
      role: "facility_admin",
      name: `Efua Asante ${suffix}`,
      facilityId: facility.id,
    });

    // Before approval, the doctor cannot refer, not even by posting directly.
    const pendingDoctor = await signedIn(browser, doctor, "/dashboard/doctor");
    await pendingDoctor.goto("/referrals/create");
    await expect(pendingDoctor.getByRole("heading", { level: 1, name: "Account Pending Approval" })).toBeVisible();
    const refused = await pendingDoctor.request.post("/referrals/create", {
      form: { facility_id: facility.id, patient_name: "X", patient_phone: "0240000000", chief_complaint: "Y" },
      headers: { Origin: new URL(pendingDoctor.url()).origin },
    });
    expect(refused.status()).toBe(403);

    // The system administrator approves both accounts.
    await signInDirectly(page, ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL("/dashboard/system-admin");
    await approve(page, doctor);
    await approve(page, facilityAdmin);

    // The doctor refers a patient: empty first (the spec's messages, joined), then complete.
    const doctorPage = pendingDoctor;
    await doctorPage.goto("/dashboard/doctor");
    await expect(doctorPage.getByRole("definition").first()).toHaveText("0");
    await doctorPage.getByRole("main").getByRole("link", { name: "New Referral" }).click();
    await expect(doctorPage).toHaveURL("/referrals/create");
    await hydrated(doctorPage);
    await expect(doctorPage.getByText("₵100")).toBeVisible();
    await expect(doctorPage.getByText("₵70")).toBeVisible();
    await expect(doctorPage.getByText("₵30")).toBeVisible();
    await expect(doctorPage.getByLabel("Routine")).toBeChecked();
    await expectAccessible(doctorPage);
    await doctorPage.getByRole("button", { name: "Create Referral" }).click();
    await expect(errorToast(doctorPage, "Error Creating Referral")).toContainText(
      "Patient name is required, Patient phone is required, Chief complaint is required",
    );
    await expect(doctorPage.getByLabel("Facility")).toHaveAttribute("aria-invalid", "true");
    await fillReferral(doctorPage, facility.name, { name: "Akosua Boateng", phone: "024 555 0101" }, "Severe headache");
    await doctorPage.getByLabel("Urgent").check();
    await doctorPage.getByRole("button", { name: "Create Referral" }).click();
    // The new referral's page: where it went, and files can be attached at once.
    await expect(doctorPage).toHaveURL(/\/referrals\/REF-\d{4}-\d{6,}$/);
    await expect(toast(doctorPage, "Referral Created")).toContainText("Your referral has been created successfully.");
    await expect(doctorPage.getByRole("heading", { name: `Sent to ${facility.name}` })).toBeVisible();
    await expect(doctorPage.getByRole("button", { name: "Upload" })).toBeVisible();
    await doctorPage.getByRole("main").getByRole("link", { name: "Dashboard", exact: true }).click();
    const firstRow = doctorPage.getByRole("row").filter({ hasText: "Akosua Boateng" });
    await expect(firstRow).toContainText("Pending");
    await expect(firstRow).toContainText(facility.name);
    // No share yet (it exists once the referral is completed), never the fee; the
    // urgency, and the number links to the referral's page.
    await expect(firstRow.locator('td[data-label="Your share"]')).toContainText("—");
    await expect(firstRow).not.toContainText("₵70");
    await expect(firstRow).not.toContainText("₵100");
    await expect(firstRow).toContainText("Urgent");
    const referralNumber = (await firstRow.getByText(/^REF-\d{4}-\d{6,}$/).textContent()) ?? "";
    expect(referralNumber).toMatch(/^REF-\d{4}-\d{6,}$/);
    await expect(firstRow.getByRole("link", { name: referralNumber })).toHaveAttribute(
      "href",
      `/referrals/${referralNumber}`,
    );

    // The facility's administrator is told by mail: the number and a link, no clinical details.
    const arrival = await waitForMail(facilityAdmin.email, (m) => m.subject === `New referral ${referralNumber}`);
    expect(arrival.text).not.toContain("Severe headache");
    expect(arrival.text).not.toContain("Akosua");

    // A second referral, to be rejected.
    await doctorPage.getByRole("main").getByRole("link", { name: "New Referral" }).click();
    await fillReferral(doctorPage, facility.name, { name: "Kwesi Appiah", phone: "0205550202" }, "Knee pain");
    await doctorPage.getByRole("button", { name: "Create Referral" }).click();
    await expect(toast(doctorPage, "Referral Created")).toBeVisible();

    // The facility administrator: reject needs a reason; accept, then complete.
    const fa = await signedIn(browser, facilityAdmin, "/dashboard/facility-admin");
    await hydrated(fa);
    await expect(fa.getByRole("main")).toContainText(facility.name);
    const pending = fa.getByRole("region", { name: "Pending referrals, most urgent first" });
    await expect(pending.getByRole("row").filter({ hasText: referralNumber })).toContainText("Severe headache");
    await expectAccessible(fa);

    const kwesi = pending.getByRole("row").filter({ hasText: "Kwesi Appiah" });
    await kwesi.getByRole("link", { name: /^Reject / }).click();
    const dialog = fa.getByRole("dialog", { name: "Reject Referral" });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel(/Reason for rejection/).fill("    ");
    await dialog.getByRole("button", { name: "Reject Referral" }).click();
    await expect(dialog.getByText("Please give a reason for the rejection")).toBeVisible();
    await expectAccessible(fa);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await kwesi.getByRole("link", { name: /^Reject / }).click();
    await dialog.getByLabel(/Reason for rejection/).fill("Orthopaedics is not available this month");
    await dialog.getByRole("button", { name: "Reject Referral" }).click();
    await expect(toast(fa, "Referral rejected")).toContainText("The referral has been rejected successfully.");
    await expect(dialog).toBeHidden();
    await expect(kwesi).toHaveCount(0);

    await pending.getByRole("row").filter({ hasText: referralNumber }).getByRole("button", { name: "Accept" }).click();
    await expect(toast(fa, "Referral accepted")).toContainText("The referral has been accepted successfully.");
    const accepted = fa.getByRole("region", { name: "Accepted referrals, newest first" });
    // Other tests share this facility: the count must go up, whatever it was.
    const completedThisMonth = fa
      .locator("dl[aria-label='Referral counts'] > div", { hasText: "Completed this month" })
      .locator("dd")
      .first();
    const completedBefore = Number(await completedThisMonth.textContent());
    // Completing asks for the outcome: blank is refused in the dialog.
    await accepted.getByRole("link", { name: `Mark as Completed ${referralNumber}` }).click();
    const completeDialog = fa.getByRole("dialog", { name: "Complete Referral" });
    await expect(completeDialog).toBeVisible();
    await completeDialog.getByRole("button", { name: "Complete Referral" }).click();
    await expect(completeDialog.getByText(/^Please describe the outcome:/)).toBeVisible();
    await expectAccessible(fa);
    await completeDialog.getByLabel(/Outcome/).fill("Migraine; started on propranolol. Review with the GP in 4 weeks.");
    await completeDialog.getByRole("button", { name: "Complete Referral" }).click();
    await expect(toast(fa, "Referral completed")).toBeVisible();
    await expect(completeDialog).toBeHidden();
    await expect
      .poll(async () => Number(await completedThisMonth.textContent()))
      .toBeGreaterThanOrEqual(completedBefore + 1);

    // The doctor is told of each outcome.
    await waitForMail(doctor.email, (m) => m.subject === `Referral ${referralNumber} accepted`);
    await waitForMail(doctor.email, (m) => m.subject === `Referral ${referralNumber} completed`);
    const rejection = await waitForMail(doctor.email, (m) => / rejected$/.test(m.subject));
    // Mail carries no free text: the reason stays on the platform.
    expect(rejection.text).not.toContain("Orthopaedics is not available this month");
    expect(rejection.text).toContain("Sign in to read the facility's reason.");

    // The system administrator records the payout: method and reference are both required.
    await page.goto("/dashboard/system-admin?tab=payments");
    await hydrated(page);
    const payment = page.getByRole("row").filter({ hasText: referralNumber });
    await expect(payment).toContainText("₵70");
    await expect(payment).toContainText("Pending");
    await payment.getByRole("link", { name: `Mark as Paid: ${referralNumber}` }).click();
    const payDialog = page.getByRole("dialog", { name: "Mark as Paid" });
    const confirm = payDialog.getByRole("button", { name: "Confirm Payment" });
    await payDialog.getByLabel(/Payment method/).selectOption("Mobile Money");
    await confirm.click();
    await expect(payDialog.getByText("Payment reference is required")).toBeVisible();
    await expect(payDialog.getByLabel(/Payment reference/)).toHaveAttribute("aria-invalid", "true");
    await payDialog.getByLabel(/Payment reference/).fill("MM-2026-77881");
    await expectAccessible(page);
    await confirm.click();
    await expect(toast(page, "Payment Recorded")).toContainText("Payment has been marked as paid successfully.");
    await expect(payDialog).toBeHidden();
    await expect(payment).toContainText("Paid");
    await expect(payment).toContainText("MM-2026-77881");
    await expect(payment.getByRole("link", { name: /^Mark as Paid/ })).toHaveCount(0);

    // A second recording of the same payment is refused by the server.
    const again = await page.request.post("/dashboard/system-admin?tab=payments", {
      form: {
        intent: "record-payment",
        paymentId: "00000000-0000-4000-8000-000000000000",
        payment_method: "Cash",
        payment_reference: "x",
      },
      headers: { Origin: new URL(page.url()).origin },
    });
    expect(again.status()).toBe(404);

    // The admin sees every referral, and can filter by status.
    await page.goto("/dashboard/system-admin?status=rejected");
    await expect(page.getByRole("row").filter({ hasText: "Kwesi Appiah" })).toContainText("Rejected");
    await expect(page.getByRole("row").filter({ hasText: referralNumber })).toHaveCount(0);

    // The doctor's dashboard now shows the completion and the earnings, computed by the server.
    await doctorPage.goto("/dashboard/doctor");
    const stats = doctorPage.getByRole("definition");
    await expect(doctorPage.getByLabel("Your referrals", { exact: true })).toContainText("Total Referrals2");
    await expect(doctorPage.getByLabel("Your referrals", { exact: true })).toContainText("Completed1");
    await expect(doctorPage.getByLabel("Your referrals", { exact: true })).toContainText("Total Earnings₵70");
    await expect(stats.first()).toHaveText("2");
    await expect(doctorPage.getByRole("row").filter({ hasText: "Kwesi Appiah" })).toContainText(
      "Reason: Orthopaedics is not available this month",
    );
    // A rejected referral has no share: "—", on the dashboard and in History.
    const rejectedRow = doctorPage.getByRole("row").filter({ hasText: "Kwesi Appiah" });
    await expect(rejectedRow).not.toContainText("₵70");
    await expect(rejectedRow.locator('td[data-label="Your share"]')).toContainText("—");
    await doctorPage.goto("/referrals/history?status=rejected");
    const rejectedInHistory = doctorPage.getByRole("row").filter({ hasText: "Kwesi Appiah" });
    await expect(rejectedInHistory).toContainText("Rejected");
    await expect(rejectedInHistory).not.toContainText("₵70");
    // Nor on its own page: the fee breakdown says "—" for the doctor's share.
    const rejectedNumber = (await rejectedInHistory.getByText(/^REF-\d{4}-\d{6,}$/).textContent()) ?? "";
    await doctorPage.goto(`/referrals/${rejectedNumber}`);
    const shareRow = doctorPage
      .locator("dl > div")
      .filter({ has: doctorPage.locator("dt", { hasText: "Doctor's share" }) });
    await expect(shareRow.locator("dd")).toHaveText("—");
    await doctorPage.goto("/dashboard/doctor");
    // The payout of the completed referral: paid, with the method and the date.
    const completedRow = doctorPage.getByRole("row").filter({ hasText: referralNumber });
    await expect(completedRow).toContainText("Completed");
    await expect(completedRow).toContainText("Paid");
    await expect(completedRow).toContainText("Mobile Money");
  });
});

test.describe("queues and History (issue 19)", () => {
  test.use({ allowConsoleErrors: [/status of 40[0-9]/] });

  test("the queue puts the emergency first; History searches and filters for a doctor and a facility", async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(150_000);
    const suffix = Date.now().toString(36);
    const facility = (await facilityChoices(request)).at(-5)!;
    const doctor = await registerAndVerify(request, { role: "doctor", name: `Dr Kwabena Queue ${suffix}` });
    const facilityAdmin = await registerAndVerify(request, {
      role: "facility_admin",
      name: `Adjoa Queue ${suffix}`,
      facilityId: facility.id,
    });
    await signInDirectly(page, ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL("/dashboard/system-admin");
    await approve(page, doctor);
    await approve(page, facilityAdmin);

    // Routine first, then urgent, then emergency: the queue turns the order round.
    const doctorPage = await signedIn(browser, doctor, "/dashboard/doctor");
    const patients = {
      routine: `Routine Rita ${suffix}`,
      urgent: `Urgent Uwe ${suffix}`,
      emergency: `Emergency Emma ${suffix}`,
    };
    const numbers: Record<string, string> = {};
    for (const [i, [level, name]] of Object.entries(patients).entries()) {
      await doctorPage.goto("/referrals/create");
      await hydrated(doctorPage);
      await fillReferral(doctorPage, facility.name, { name, phone: `024 777 ${String(1000 + i)}` }, "Abdominal pain");
      await doctorPage.getByLabel(level[0].toUpperCase() + level.slice(1)).check();
      await doctorPage.getByRole("button", { name: "Create Referral" }).click();
      await expect(doctorPage).toHaveURL(/\/referrals\/REF-\d{4}-\d{6,}$/);
      await doctorPage.goto("/dashboard/doctor");
      const row = doctorPage.getByRole("row").filter({ hasText: name });
      numbers[level] = (await row.getByText(/^REF-\d{4}-\d{6,}$/).textContent()) ?? "";
    }

    const fa = await signedIn(browser, facilityAdmin, "/dashboard/facility-admin");
    await hydrated(fa);
    const pending = fa.getByRole("region", { name: "Pending referrals, most urgent first" });
    const mine = pending.getByRole("row").filter({ hasText: suffix });
    await expect(mine).toHaveCount(3);
    await expect(mine.nth(0)).toContainText(patients.emergency);
    await expect(mine.nth(1)).toContainText(patients.urgent);
    await expect(mine.nth(2)).toContainText(patients.routine);
    // Every row links its number to the referral's page.
    await expect(mine.nth(0).getByRole("link", { name: numbers.emergency, exact: true })).toHaveAttribute(
      "href",
      `/referrals/${numbers.emergency}`,
    );
    // Accept the urgent one: History's status filter will find it.
    await mine.nth(1).getByRole("button", { name: "Accept" }).click();
    await expect(toast(fa, "Referral accepted")).toBeVisible();

    // The doctor's History: every referral; the search narrows as one types, the address keeps it.
    await doctorPage.getByRole("link", { name: "History", exact: true }).first().click();
    await expect(doctorPage).toHaveURL("/referrals/history");
    await hydrated(doctorPage);
    await expect(doctorPage.getByRole("heading", { level: 1, name: "Referral History" })).toBeVisible();
    const history = doctorPage.getByRole("region", { name: "Referral history, newest first" });
    await expect(history.getByRole("row").filter({ hasText: suffix })).toHaveCount(3);
    await doctorPage.getByLabel("Search by referral number or patient name").fill(`emma ${suffix}`);
    await expect(doctorPage).toHaveURL(/[?&]q=emma/);
    await expect(history.getByRole("row").filter({ hasText: suffix })).toHaveCount(1);
    await expect(history.getByRole("row").filter({ hasText: patients.emergency })).toHaveCount(1);
    await doctorPage.getByLabel("Search by referral number or patient name").fill(`nobody ${suffix}`);
    await expect(doctorPage.getByText(`No referrals match "nobody ${suffix}".`)).toBeVisible();
    await doctorPage.getByLabel("Search by referral number or patient name").fill("");
    await doctorPage.getByLabel("Status").selectOption("accepted");
    await expect(doctorPage).toHaveURL("/referrals/history?q=&status=accepted");
    await expect(history.getByRole("row").filter({ hasText: suffix })).toHaveCount(1);
    await expect(history.getByRole("row").filter({ hasText: patients.urgent })).toContainText("Accepted");
    await expectAccessible(doctorPage);
    // The address alone opens a filtered History.
    await doctorPage.goto("/referrals/history?status=cancelled");
    await expect(doctorPage.getByText("No referrals with the status Cancelled.")).toBeVisible();

    // The facility's History: by referral number, and by status.
    await fa.goto("/referrals/history");
    await hydrated(fa);
    const faHistory = fa.getByRole("region", { name: "Referral history, newest first" });
    await fa.getByLabel("Search by referral number or patient name").fill(numbers.routine);
    await expect(fa).toHaveURL(new RegExp(`[?&]q=${numbers.routine}`));
    await expect(faHistory.getByRole("row").filter({ hasText: suffix })).toHaveCount(1);
    await expect(faHistory.getByRole("row").filter({ hasText: patients.routine })).toContainText(doctor.name);
    await fa.getByLabel("Search by referral number or patient name").fill(suffix);
    await fa.getByLabel("Status").selectOption("pending");
    await expect(fa).toHaveURL(/status=pending/);
    await expect(faHistory.getByRole("row").filter({ hasText: suffix })).toHaveCount(2);
    await expect(faHistory.getByRole("row").filter({ hasText: patients.urgent })).toHaveCount(0);

    // Without JavaScript the same form is a plain GET.
    const plain = await browser.newContext({ javaScriptEnabled: false });
    const plainPage = await plain.newPage();
    await signInDirectly(plainPage, doctor.email, doctor.password);
    await plainPage.goto("/referrals/history");
    await plainPage.getByLabel("Search by referral number or patient name").fill(`rita ${suffix}`);
    await plainPage.getByRole("button", { name: "Search" }).click();
    await expect(plainPage).toHaveURL(/[?&]q=rita/);
    const plainRows = plainPage.getByRole("row").filter({ hasText: suffix });
    await expect(plainRows).toHaveCount(1);
    await expect(plainRows).toContainText(patients.routine);

    // On a phone the rows are cards and nothing scrolls sideways.
    await doctorPage.setViewportSize(PHONE);
    await doctorPage.goto("/referrals/history");
    await expect(history.getByRole("row").filter({ hasText: suffix })).toHaveCount(3);
    await expectNoSidewaysScroll(doctorPage);
  });

  test("History is gated like the dashboards", async ({ page, request }) => {
    await page.goto("/referrals/history");
    await expect(page.getByRole("heading", { level: 1, name: "Authentication Required" })).toBeVisible();
    const pendingDoctor = await registerAndVerify(request, { role: "doctor", name: "Dr Pending History" });
    await signInDirectly(page, pendingDoctor.email, pendingDoctor.password);
    await expect(page).toHaveURL("/dashboard/doctor");
    const answer = await page.goto("/referrals/history");
    expect(answer?.status()).toBe(403);
    await expect(page.getByRole("heading", { level: 1, name: "Account Pending Approval" })).toBeVisible();
  });
});

test.describe("permissions from the browser", () => {
  test.use({ allowConsoleErrors: [/status of 40[0-9]/] });

  test("a facility administrator cannot act on another facility's referral or create one", async ({
    page,
    request,
  }) => {
    const facilityAdmin = await registerAndVerify(request, { role: "facility_admin", name: "Yaa Owusu" });
    await signInDirectly(page, ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL("/dashboard/system-admin");
    await approve(page, facilityAdmin);
    await signOut(page);
    await expect(page).toHaveURL("/auth");
    await signInDirectly(page, facilityAdmin.email, facilityAdmin.password);
    await expect(page).toHaveURL("/dashboard/facility-admin");
    const origin = new URL(page.url()).origin;
    const create = await page.request.post("/referrals/create", {
      form: { facility_id: "x", patient_name: "X", patient_phone: "0240000000", chief_complaint: "Y" },
      headers: { Origin: origin },
    });
    expect(create.status()).toBe(403);
    expect(await create.text()).toContain("Only doctors can create referrals.");
    const foreign = await page.request.post("/dashboard/facility-admin", {
      form: { intent: "accept", referralId: "00000000-0000-4000-8000-000000000000" },
      headers: { Origin: origin },
    });
    expect(foreign.status()).toBe(404);
    const approveSelf = await page.request.post("/dashboard/system-admin", {
      form: { intent: "approve", userId: "00000000-0000-4000-8000-000000000000" },
      headers: { Origin: origin },
    });
    expect(approveSelf.status()).toBe(403);
    const csv = await page.request.get("/dashboard/system-admin/waitlist.csv");
    expect(csv.status()).toBe(403);
  });

  test("the system administrator downloads the waitlist as CSV", async ({ page }) => {
    await signInDirectly(page, ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL("/dashboard/system-admin");
    await page.goto("/dashboard/system-admin?tab=waitlist");
    await expect(page.getByRole("heading", { level: 1, name: "System Administrator" })).toBeVisible();
    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download CSV" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^hub-waitlist-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await page.request.get("/dashboard/system-admin/waitlist.csv");
    expect(csv.headers()["content-type"]).toContain("text/csv");
    expect((await csv.text()).split("\r\n")[0]).toContain("hub_id,user_type,email");
  });
});

test.describe("on a phone", () => {
  test.use({ viewport: PHONE });

  test("the admin screen's tabs fit a 360 px screen", async ({ page }) => {
    await signInDirectly(page, ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL("/dashboard/system-admin");
    for (const tab of ["", "?tab=users", "?tab=payments", "?tab=waitlist"]) {
      await page.goto(`/dashboard/system-admin${tab}`);
      await expectNoSidewaysScroll(page);
    }
  });
});
