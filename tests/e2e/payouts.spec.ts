import { expect, expectAccessible, hydrated, PHONE, test, toastOnScreen, waitForMail } from "./fixtures";
import { ADMIN, facilityChoices, registerAndVerify } from "./support/accounts";
import { expectNamedRulesPass } from "./support/axe";
import { latestSmsCode } from "./support/outbox";
import { acceptAndCompleteOne, approveAll, referByPost, signedIn } from "./support/sign-in";

/*
 * Paying doctors (issue 27), as people do it: a doctor with a completed referral (₵70 owed)
 * confirms their mobile number, adds a mobile-money wallet confirmed by the code sent by SMS and
 * the code sent by email, and a system administrator prepares a payout run that pays it. The e2e
 * server has no SMS provider (the SMS are in DATA_DIR/outbox) and no payout hold
 * (PAYOUT_HOLD_HOURS=0: the 24-hour hold is the db tests'). The run page is scanned at 360 and
 * 1280 px (issue 28: every signed-in page). This is the suite's only run: one waits at a time.
 */

// A refused code is a 400 answer (the browser logs it).
test.use({ allowConsoleErrors: [/status of 400/] });

test("a doctor's wallet, confirmed by SMS and email, is paid by the run a system administrator prepares", async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const suffix = Date.now().toString(36);
  const digits = String(Date.now() % 10_000_000).padStart(7, "0");
  const phone = `+23324${digits}`;
  const facility = (await facilityChoices(request)).at(-1)!;
  const doctor = await registerAndVerify(request, { role: "doctor", name: `Dr Kojo Payee ${suffix}` });
  const facilityAdmin = await registerAndVerify(request, {
    role: "facility_admin",
    name: `Esi Payer ${suffix}`,
    facilityId: facility.id,
  });
  await approveAll([doctor, facilityAdmin]);

  const page = await signedIn(browser, doctor, "/dashboard/doctor");
  const referral = await referByPost(page, facility.id, `Adjoa Payee ${suffix}`, {
    chief_complaint: "Follow-up of a treated fracture",
  });
  await acceptAndCompleteOne(browser, facilityAdmin, [referral]);

  // Payout details need a confirmed mobile number first: every change is confirmed by a code to it.
  await page.goto("/account/payout-details");
  await page.getByRole("link", { name: "confirm your mobile number" }).click();
  await expect(page).toHaveURL("/account/notifications");
  await hydrated(page);
  await page.getByRole("textbox", { name: "Mobile number", exact: true }).fill(`024 ${digits}`);
  await page.getByRole("button", { name: "Send code" }).click();
  await expect(page.getByLabel("Code from the SMS")).toBeVisible();
  await expect.poll(() => latestSmsCode(phone, /confirmation code is (\d{6})/), { timeout: 15_000 }).toMatch(/^\d{6}$/);
  await page.getByLabel("Code from the SMS").fill(latestSmsCode(phone, /confirmation code is (\d{6})/));
  await page.getByRole("button", { name: "Confirm number" }).click();
  await expect(page.getByText("Confirmed:")).toBeVisible();

  // The wallet: nothing changes until both codes are given.
  await page.goto("/account/payout-details");
  await hydrated(page);
  await page.getByLabel("Paid by").selectOption("mobile_money");
  await page.getByLabel("Network").selectOption("MTN");
  await page.getByLabel("Mobile-money number").fill(`024 ${digits}`);
  await page.getByLabel("Name on the account").fill(`Kojo Payee ${suffix}`);
  const since = Date.now();
  await page.getByRole("button", { name: "Send confirmation codes" }).click();
  await expect(page.getByLabel("Code from the email")).toBeVisible();
  const mail = await waitForMail(
    doctor.email,
    (m) => /payout details/i.test(m.subject) && Date.parse(m.receivedAt) >= since - 1_000,
  );
  const emailCode = /Your email code is (\d{6})/.exec(mail.text)?.[1];
  expect(emailCode, "the code in the email").toMatch(/^\d{6}$/);
  let smsCode = "";
  await expect
    .poll(
      () => {
        try {
          smsCode = latestSmsCode(phone, /(\d{6}) is your code to change where you are paid/);
        } catch {
          smsCode = "";
        }
        return smsCode;
      },
      { timeout: 15_000 },
    )
    .toMatch(/^\d{6}$/);
  // A wrong code changes nothing and says so.
  await page.getByLabel("Code from the SMS").fill(smsCode === "000000" ? "111111" : "000000");
  await page.getByLabel("Code from the email").fill(emailCode!);
  await page.getByRole("button", { name: "Confirm change" }).click();
  await expect(page.getByText(/One of the codes is not right/).first()).toBeVisible();
  await page.getByLabel("Code from the SMS").fill(smsCode);
  await page.getByLabel("Code from the email").fill(emailCode!);
  await page.getByRole("button", { name: "Confirm change" }).click();
  await expect(toastOnScreen(page).filter({ hasText: "Payout details changed" })).toBeVisible();
  await expect(page.getByText(`Kojo Payee ${suffix}`).first()).toBeVisible();
  await page.context().close();

  // A system administrator prepares the run: this doctor's ₵70 is in it.
  const admin = await signedIn(browser, ADMIN, "/dashboard/system-admin");
  await admin.goto("/dashboard/system-admin/payouts");
  await hydrated(admin);
  await admin.getByRole("button", { name: "Prepare a run" }).click();
  await expect(admin).toHaveURL(/\/dashboard\/system-admin\/payouts\/[0-9a-f-]{36}$/);
  await expect(toastOnScreen(admin).filter({ hasText: "Payout run prepared" })).toBeVisible();
  const transfers = admin.getByRole("table", { name: "Transfers" });
  const row = transfers.getByRole("row").filter({ hasText: `Dr Kojo Payee ${suffix}` });
  await expect(row).toContainText("₵70");
  await expect(row).toContainText("MTN MoMo");
  await expect(row).toContainText("Awaiting approval");
  // Its preparer may not approve it.
  await expect(admin.getByText("You prepared this run: a second system administrator must approve it.")).toBeVisible();
  await expect(admin.getByRole("button", { name: /^Approve and send/ })).toHaveCount(0);

  // The run's page at both widths: axe's WCAG A/AA rules and the rules issue 28 named.
  const runPage = admin.url();
  for (const viewport of [PHONE, { width: 1280, height: 900 }]) {
    await admin.setViewportSize(viewport);
    await admin.goto(runPage);
    await hydrated(admin);
    await expectAccessible(admin);
    await expectNamedRulesPass(admin);
  }
  await admin.context().close();
});
