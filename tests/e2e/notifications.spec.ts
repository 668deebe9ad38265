import { accountMenu, expect, hydrated, test, waitForMail } from "./fixtures";
import { ADMIN, registerAndVerify, signInDirectly } from "./support/accounts";
import { latestSmsCode, smsTo } from "./support/outbox";
import { approveAll, signedIn } from "./support/sign-in";

/*
 * The account's notifications page (decision 025): a mobile number is confirmed with the 6-digit code
 * sent by SMS. The e2e server has no SMS provider, so the SMS is in DATA_DIR/outbox (support/outbox.ts).
 */
// A refused number or code is a 400 answer (the browser logs it).
test.use({ allowConsoleErrors: [/status of 400/] });

test("an approved account confirms its mobile number with the code sent by SMS, and removes it", async ({ page }) => {
  await signInDirectly(page, ADMIN.email, ADMIN.password);
  await page.waitForURL(/\/dashboard\//);
  await accountMenu(page).click();
  await page.getByRole("link", { name: "Notifications" }).click();
  await expect(page.getByRole("heading", { name: "Notifications", level: 1 })).toBeVisible();

  // A number that is not a mobile number is refused where it was typed.
  await page.getByRole("textbox", { name: "Mobile number", exact: true }).fill("0302 123456");
  await page.getByRole("button", { name: "Send code" }).click();
  // Under the field, and in the failure toast.
  await expect(page.getByText("Please enter a mobile number that can receive SMS").first()).toBeVisible();

  await page.getByRole("textbox", { name: "Mobile number", exact: true }).fill("020 555 0147");
  await page.getByRole("button", { name: "Send code" }).click();
  await expect(page.getByText(/We sent it to \+233 20 555 0147/)).toBeVisible();
  const code = latestSmsCode("+233205550147", /confirmation code is (\d{6})/);
  expect(code).toMatch(/^\d{6}$/);

  const wrong = code === "000000" ? "111111" : "000000";
  await page.getByLabel("Code from the SMS").fill(wrong);
  await page.getByRole("button", { name: "Confirm number" }).click();
  await expect(page.getByText("That code is not right. Please check the SMS and try again.").first()).toBeVisible();

  await page.getByLabel("Code from the SMS").fill(code);
  await page.getByRole("button", { name: "Confirm number" }).click();
  await expect(page.getByText("Confirmed:")).toBeVisible();
  await expect(page.getByText("+233 20 555 0147", { exact: true })).toBeVisible();
  await expect(page.getByLabel("Code from the SMS")).toHaveCount(0);

  // Removing it asks for the password (decision 036).
  await page.getByLabel("Password to remove the number").fill(ADMIN.password);
  await page.getByRole("button", { name: "Remove number" }).click();
  await expect(page.getByText("Confirmed:")).toHaveCount(0);
});

// Decision 036: a stolen session alone must not move the number that payout codes go to.
test("changing a confirmed number asks for the password, tells the old number and the email, and holds payout details", async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const digits = () => String((Date.now() + Math.floor(Math.random() * 1000)) % 10_000_000).padStart(7, "0");
  const [first, second] = [digits(), digits().split("").reverse().join("")];
  const doctor = await registerAndVerify(request, { role: "doctor", name: "Dr Yaa Number" });
  await approveAll([doctor]);
  const page = await signedIn(browser, doctor, "/dashboard/doctor");
  await page.goto("/account/notifications");
  await hydrated(page);
  await page.getByRole("textbox", { name: "Mobile number", exact: true }).fill(`024 ${first}`);
  await page.getByRole("button", { name: "Send code" }).click();
  await expect(page.getByLabel("Code from the SMS")).toBeVisible();
  await expect.poll(() => smsTo(`+23324${first}`).length, { timeout: 15_000 }).toBeGreaterThan(0);
  await page.getByLabel("Code from the SMS").fill(latestSmsCode(`+23324${first}`, /confirmation code is (\d{6})/));
  await page.getByRole("button", { name: "Confirm number" }).click();
  await expect(page.getByText(`+233 24 ${first.slice(0, 3)} ${first.slice(3)}`, { exact: true })).toBeVisible();

  // Another number: without the password no code is sent.
  await page.getByRole("textbox", { name: "Use another mobile number" }).fill(`024 ${second}`);
  await page.getByRole("button", { name: "Send code" }).click();
  await expect(page.getByText("Please enter your password").first()).toBeVisible();
  await page.getByLabel("Your password").fill("Not-my-password-7");
  await page.getByRole("button", { name: "Send code" }).click();
  await expect(page.getByText("That password is not right.").first()).toBeVisible();
  expect(smsTo(`+23324${second}`)).toEqual([]);

  // With it, the code goes to the new number; confirmed, the old number and the address are told.
  await page.getByLabel("Your password").fill(doctor.password);
  await page.getByRole("button", { name: "Send code" }).click();
  await expect(page.getByLabel("Code from the SMS")).toBeVisible();
  await expect.poll(() => smsTo(`+23324${second}`).length, { timeout: 15_000 }).toBeGreaterThan(0);
  await page.getByLabel("Code from the SMS").fill(latestSmsCode(`+23324${second}`, /confirmation code is (\d{6})/));
  await page.getByRole("button", { name: "Confirm number" }).click();
  await expect(page.getByText(`+233 24 ${second.slice(0, 3)} ${second.slice(3)}`, { exact: true })).toBeVisible();
  await expect
    .poll(() => smsTo(`+23324${first}`).some((sms) => /mobile number on your account was changed/.test(sms.text)), {
      timeout: 15_000,
    })
    .toBe(true);
  const mail = await waitForMail(doctor.email, (m) => /mobile number was changed/.test(m.subject));
  expect(mail.text).toContain(`•••• ${second.slice(-4)}`);

  // Payout details cannot change for 24 hours: the page says so and offers no form.
  await page.goto("/account/payout-details");
  await expect(page.getByText(/Your mobile number was changed recently/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Send confirmation codes" })).toHaveCount(0);
});

test("preferences: channels per kind of event and quiet hours, kept after saving", async ({ page }) => {
  await signInDirectly(page, ADMIN.email, ADMIN.password);
  await page.waitForURL(/\/dashboard\//);
  await page.goto("/account/notifications");
  // A system administrator is told about waiting emergencies (by default by email and SMS).
  const escalations = page.getByRole("group", { name: "An emergency or urgent referral still waiting to be accepted" });
  await expect(escalations.getByLabel("SMS")).toBeChecked();
  await escalations.getByLabel("WhatsApp").check();
  await escalations.getByLabel("Email").uncheck();
  // Quiet hours are off by default on the test server (DEFAULT_QUIET_HOURS=off): turned on here.
  await page.getByLabel("Hold messages during quiet hours").check();
  await page.getByLabel("From", { exact: true }).fill("22:00");
  await page.getByLabel("Until").fill("06:00");
  await page.getByRole("button", { name: "Save preferences" }).click();
  await expect(page.getByText("Preferences saved").first()).toBeVisible();
  await page.reload();
  await expect(escalations.getByLabel("WhatsApp")).toBeChecked();
  await expect(escalations.getByLabel("Email")).not.toBeChecked();
  await expect(page.getByLabel("Hold messages during quiet hours")).toBeChecked();
  await expect(page.getByLabel("From", { exact: true })).toHaveValue("22:00");
  await expect(page.getByLabel("Until")).toHaveValue("06:00");
});
