import { expect, hydrated, PHONE, test, toastOnScreen, waitForMail } from "./fixtures";
import { ADMIN, facilityChoices, registerAndVerify } from "./support/accounts";
import { expectAccessibleWithNamedRules } from "./support/axe";
import { latestSmsCode } from "./support/outbox";
import { acceptAndCompleteOne, approveAll, referByPost, signedIn } from "./support/sign-in";

/*
 * Paying doctors (decision 026), as people do it: a doctor with a completed referral (₵70 owed)
 * confirms their mobile number, adds a mobile-money wallet on another number confirmed by the code
 * sent by SMS, the code sent by email and the code sent by SMS to the wallet's own number (decision 032,
 * point 5: nothing here can name the wallet's holder), and a system administrator prepares a
 * payout run that pays it. The e2e
 * server has no SMS provider (the SMS are in DATA_DIR/outbox) and no payout hold
 * (PAYOUT_HOLD_HOURS=0: the 24-hour hold is the db tests'). The run page is scanned at 360 and
 * 1280 px (as every signed-in page is). This is the suite's only run: one waits at a time.
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

  // Point 8 of the outside UX review, at 360 px: only the chosen method's fields show, with JavaScript and without
  // (CSS from the selected option); the bank is picked from a list, not typed as a code.
  const noScript = await signedIn(browser, doctor, "/dashboard/doctor", { viewport: PHONE, javaScriptEnabled: false });
  await noScript.goto("/account/payout-details");
  await expect(noScript.getByLabel("Network")).toBeVisible();
  await expect(noScript.getByLabel("Bank", { exact: true })).toBeHidden();
  await expect(noScript.getByLabel("Account number")).toBeHidden();
  await noScript.getByLabel("Paid by").selectOption("bank");
  await expect(noScript.getByLabel("Bank", { exact: true })).toBeVisible();
  await expect(noScript.getByLabel("Network")).toBeHidden();
  await expect(noScript.getByLabel("Mobile-money number")).toBeHidden();
  await noScript.screenshot({ path: "test-results/ux33/ux8-payout-bank-fields-no-js.png" });
  await noScript.context().close();

  await page.setViewportSize(PHONE);

  // The wallet, on another number than the doctor's confirmed one: nothing changes until the codes
  // are given. The e2e server has no payout provider, so the wallet's holder cannot be named
  // (Paystack documents name resolution for bank accounts, not mobile money): a third code goes by
  // SMS to the wallet's own number, which a mistyped number would send to a stranger (decision 032, point 5).
  const wallet = `+23355${digits}`;
  await page.goto("/account/payout-details");
  await hydrated(page);
  await expect(page.getByLabel("Bank", { exact: true })).toBeHidden();
  await page.getByLabel("Paid by").selectOption("bank");
  await expect(page.getByLabel("Network")).toBeHidden();
  await expect(page.getByLabel("Bank", { exact: true })).toBeVisible();
  await expect(page.getByLabel("Bank", { exact: true }).getByRole("option", { name: "GCB Bank" })).toHaveAttribute(
    "value",
    "040100",
  );
  await expect(page.getByLabel("Account number")).toBeVisible();
  await page.screenshot({ path: "test-results/ux33/ux8-payout-bank-fields.png" });
  await page.getByLabel("Paid by").selectOption("mobile_money");
  await expect(page.getByLabel("Bank", { exact: true })).toBeHidden();
  await expect(page.getByLabel("Network")).toBeVisible();
  await page.screenshot({ path: "test-results/ux33/ux8-payout-mobile-money-fields.png" });
  await page.getByLabel("Network").selectOption("MTN");
  await page.getByLabel("Mobile-money number").fill(`055 ${digits}`);
  await page.getByLabel("Name on the account").fill(`Kojo Payee ${suffix}`);
  const since = Date.now();
  await page.getByRole("button", { name: "Send confirmation codes" }).click();
  await expect(page.getByLabel("Code from the email")).toBeVisible();
  await expect(toastOnScreen(page).filter({ hasText: "one by SMS to the wallet's number" })).toBeVisible();
  const confirmCard = page.getByRole("region", { name: "Confirm the change" });
  await expect(confirmCard.getByText("The network could not tell us whose wallet this is")).toBeVisible();
  await expect(confirmCard.getByText(`+233 55 ${digits.slice(0, 3)} ${digits.slice(3)}`).first()).toBeVisible();
  const walletField = page.getByLabel("Code from the SMS to the wallet");
  await expect(walletField).toBeVisible();
  // The confirm step as the doctor sees it, checked like every signed-in page.
  await expectAccessibleWithNamedRules(page);
  const mail = await waitForMail(
    doctor.email,
    (m) => /payout details/i.test(m.subject) && Date.parse(m.receivedAt) >= since - 1_000,
  );
  const emailCode = /Your email code is (\d{6})/.exec(mail.text)?.[1];
  expect(emailCode, "the code in the email").toMatch(/^\d{6}$/);
  expect(mail.text).toContain("a third to the wallet's own number");
  const smsCodeTo = (to: string, pattern: RegExp) => {
    try {
      return latestSmsCode(to, pattern);
    } catch {
      return "";
    }
  };
  let smsCode = "";
  let walletCode = "";
  await expect
    .poll(() => (smsCode = smsCodeTo(phone, /(\d{6}) is your code to change where you are paid/)), { timeout: 15_000 })
    .toMatch(/^\d{6}$/);
  await expect
    .poll(
      () => (walletCode = smsCodeTo(wallet, /(\d{6}) is the code to confirm this number as the mobile-money wallet/)),
      { timeout: 15_000 },
    )
    .toMatch(/^\d{6}$/);
  const smsField = page.getByRole("textbox", { name: "Code from the SMS", exact: true });
  // A wrong code changes nothing and says so.
  await smsField.fill(smsCode === "000000" ? "111111" : "000000");
  await page.getByLabel("Code from the email").fill(emailCode!);
  await walletField.fill(walletCode);
  await page.getByRole("button", { name: "Confirm change" }).click();
  await expect(page.getByText(/One of the codes is not right/).first()).toBeVisible();
  // The doctor's own two codes are not enough: the wallet's code is asked for.
  await smsField.fill(smsCode);
  await page.getByLabel("Code from the email").fill(emailCode!);
  await walletField.fill("");
  await page.getByRole("button", { name: "Confirm change" }).click();
  await expect(page.getByText("Please enter the 6-digit code sent to the wallet's own number").first()).toBeVisible();
  await smsField.fill(smsCode);
  await page.getByLabel("Code from the email").fill(emailCode!);
  await walletField.fill(walletCode);
  await page.getByRole("button", { name: "Confirm change" }).click();
  // The success message states the hold (none on the e2e server: PAYOUT_HOLD_HOURS=0).
  await expect(
    toastOnScreen(page).filter({ hasText: "Payout details changed" }).filter({
      hasText: "Payouts go to the new details from the next payout run.",
    }),
  ).toBeVisible();
  await page.screenshot({ path: "test-results/ux33/ux8-payout-changed-message.png" });
  await expect(page.getByText(`Kojo Payee ${suffix}`).first()).toBeVisible();
  await page.context().close();

  // A system administrator prepares the run: this doctor's ₵70 is in it.
  const admin = await signedIn(browser, ADMIN, "/dashboard/system-admin");
  await admin.goto("/dashboard/system-admin/payouts");
  await hydrated(admin);
  await admin.getByRole("button", { name: "Prepare a run" }).click();
  await expect(admin).toHaveURL(/\/dashboard\/system-admin\/payouts\/[0-9a-f-]{36}$/);
  await expect(toastOnScreen(admin).filter({ hasText: "Payout run prepared" })).toBeVisible();
  const runPage0 = admin.url();
  const transfers = admin.getByRole("table", { name: "Transfers" });
  const row = transfers.getByRole("row").filter({ hasText: `Dr Kojo Payee ${suffix}` });
  await expect(row).toContainText("₵70");
  await expect(row).toContainText("MTN MoMo");
  await expect(row).toContainText("Awaiting approval");
  // Its preparer may not approve it.
  await expect(admin.getByText("You prepared this run: a second system administrator must approve it.")).toBeVisible();
  await expect(admin.getByRole("button", { name: /^Approve and send/ })).toHaveCount(0);
  // UX 8: with no payment provider configured (no PAYSTACK_SECRET_KEY here), the page says so.
  await admin.setViewportSize(PHONE);
  await expect(admin.getByText(/Payouts are not configured on this server/)).toBeVisible();
  await admin.screenshot({ path: "test-results/ux33/ux8-approve-not-configured.png" });

  // UX 8: the audit log's times are local, in its details too (the hold written by the change above).
  await admin.goto(`/dashboard/system-admin/audit?actor=${encodeURIComponent(doctor.email)}`);
  const held = admin.getByText(/Payouts held until/).first();
  await expect(held).toBeVisible();
  await expect(held).not.toContainText(/\d{4}-\d{2}-\d{2}T/);
  await expect(held).toContainText(/\d{1,2} [A-Z][a-z]{2} \d{4}/);
  await held.scrollIntoViewIfNeeded();
  await admin.screenshot({ path: "test-results/ux33/ux8-audit-local-times.png" });
  await admin.goto(runPage0);

  // The run's page at both widths: axe's WCAG A/AA rules and the named rules (support/axe.ts).
  const runPage = admin.url();
  for (const viewport of [PHONE, { width: 1280, height: 900 }]) {
    await admin.setViewportSize(viewport);
    await admin.goto(runPage);
    await hydrated(admin);
    await expectAccessibleWithNamedRules(admin);
  }

  // Decision 033, the review's high finding and its path: the preparer makes a second account and approves the run with
  // it. Register offers no System Administrator (accounts.spec.ts); an invitation is the only way in.
  await admin.setViewportSize(PHONE);
  await admin.goto("/dashboard/system-admin/administrators");
  await hydrated(admin);
  const secondSelf = { email: `second.self.${suffix}@example.test`, password: "Kente-Loom-7-Volta!" };
  await admin.getByLabel("Full Name").fill("Second Self");
  await admin.getByLabel("Email").fill(secondSelf.email);
  await admin.getByRole("button", { name: "Send invitation" }).click();
  await expect(toastOnScreen(admin).filter({ hasText: "Invitation sent" })).toBeVisible();
  const invitation = await waitForMail(secondSelf.email, (m) => /invited to be/i.test(m.subject));
  const link = /https?:\/\/\S+\/admin-invitation\/[A-Za-z0-9_-]+/.exec(invitation.text)?.[0];
  expect(link, "the invitation link").toBeTruthy();

  const invited = await (await browser.newContext({ viewport: PHONE })).newPage();
  await invited.goto(new URL(link!).pathname);
  await hydrated(invited);
  await invited.getByLabel("Phone Number").fill("0201234567");
  await invited.getByLabel(/^Password/).fill(secondSelf.password);
  await invited.getByLabel("Confirm Password").fill(secondSelf.password);
  await invited.getByRole("button", { name: "Set up my account" }).click();
  await expect(invited).toHaveURL(/\/auth/);
  await expect(toastOnScreen(invited).filter({ hasText: "Your account is ready" })).toBeVisible();
  await invited.context().close();
  // The link works once.
  expect((await request.get(new URL(link!).pathname)).status()).toBe(410);
  // Every system administrator is told (the preparer too: an account was added).
  await waitForMail(ADMIN.email, (m) => m.subject === "A system administrator was added");

  // Signed in as the second account, the preparer still cannot approve: no button, and a forged post is refused.
  const puppet = await signedIn(browser, secondSelf, "/dashboard/system-admin", { viewport: PHONE });
  await puppet.goto(runPage);
  await hydrated(puppet);
  await expect(puppet.getByText(/brought one another in/)).toBeVisible();
  await expect(puppet.getByRole("button", { name: /^Approve and send/ })).toHaveCount(0);
  const forged = await puppet.request.post(runPage, {
    form: { intent: "approve" },
    headers: { Origin: new URL(runPage).origin },
  });
  expect(forged.status()).toBe(403);
  await puppet.goto(runPage);
  await expect(
    puppet
      .getByRole("table", { name: "Transfers" })
      .getByRole("row")
      .filter({ hasText: `Dr Kojo Payee ${suffix}` }),
  ).toContainText("Awaiting approval");
  await puppet.context().close();
  await admin.context().close();
});
