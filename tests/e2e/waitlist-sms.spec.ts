import { expect, hydrated, loadsNoScript, test, toastOnScreen } from "./fixtures";
import { ADMIN, signInDirectly, uniqueEmail } from "./support/accounts";
import { smsTo } from "./support/outbox";

/*
 * Waitlist SMS (decision 029): a patient joins a coming-soon hub with a phone and SMS consent,
 * a family member with a mobile number alone (the consent then required; the number is their entry);
 * the hub's launch reaches them by SMS too (the e2e server has no SMS provider: the SMS is in
 * DATA_DIR/outbox), with a Stop link whose page, without JavaScript, stops them.
 */
const HUB = "mens-sexual-health";

// The consent box ticked without a number is a refused post (the browser logs its 400), a number
// already on the list a 409.
test.use({ allowConsoleErrors: [/status of 40[09]/] });

test("a patient who agreed to SMS gets the hub's launch by SMS, and its Stop link stops them", async ({ page }) => {
  test.setTimeout(120_000);
  const since = Date.now() - 1_000;
  const phoneDigits = String(Date.now() % 10_000_000).padStart(7, "0");
  const e164 = `+23324${phoneDigits}`;
  await page.goto(`/hub/${HUB}?tab=patient#join`);
  await hydrated(page);
  const form = page.getByRole("form", { name: "Patient or family member sign-up" });
  await form.getByLabel("Full Name").fill("Yaw Asante");
  await form.getByLabel("Email").fill(uniqueEmail("patient"));
  const consent = form.getByRole("checkbox", { name: "Send me the launch and updates by SMS to this number" });
  await expect(consent).not.toBeChecked();
  await consent.check();
  await form.getByRole("button", { name: "Join the Waitlist" }).click();
  await expect(form.getByText("Please enter your mobile number").first()).toBeVisible();
  await form.getByLabel("Mobile number").fill(`024 ${phoneDigits}`);
  await form.getByRole("button", { name: "Join the Waitlist" }).click();
  await expect(toastOnScreen(page).filter({ hasText: "Check your email for confirmation." })).toBeVisible();
  await page.getByRole("link", { name: "Sign up someone else" }).click();

  // A family member with a mobile number and no email (decision 029): the SMS box is then required.
  const onlyPhoneDigits = String((Date.now() + 1) % 10_000_000).padStart(7, "0");
  const onlyPhone = `+23320${onlyPhoneDigits}`;
  await form.getByLabel("Full Name").fill("Akua Asante");
  await form.getByLabel("Mobile number").fill(`020 ${onlyPhoneDigits}`);
  await form.getByRole("button", { name: "Join the Waitlist" }).click();
  await expect(form.getByText(/Without an email, SMS is the only way we can reach you/).first()).toBeVisible();
  await form.getByRole("checkbox", { name: "Send me the launch and updates by SMS to this number" }).check();
  await form.getByRole("button", { name: "Join the Waitlist" }).click();
  await expect(toastOnScreen(page).filter({ hasText: "We'll send you an SMS when this hub opens." })).toBeVisible();
  await page.getByRole("link", { name: "Sign up someone else" }).click();
  // The same number again (written another way) is already on the list.
  await form.getByLabel("Full Name").fill("Akua Asante");
  await form.getByLabel("Mobile number").fill(`+233 20 ${onlyPhoneDigits}`);
  await form.getByRole("checkbox", { name: "Send me the launch and updates by SMS to this number" }).check();
  await form.getByRole("button", { name: "Join the Waitlist" }).click();
  await expect(toastOnScreen(page).filter({ hasText: "Already on the waitlist!" })).toBeVisible();

  await signInDirectly(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL("/dashboard/system-admin");
  await page.goto(`/dashboard/system-admin/hubs/${HUB}`);
  await hydrated(page);
  const launch = page.locator("form#hub-launch");
  await launch.getByLabel("Live address").fill("https://mens-health.example.org");
  await launch.getByRole("button", { name: "Launch hub" }).click();
  await page
    .getByRole("alertdialog")
    .getByRole("button", { name: /^Yes, email/ })
    .click();
  await expect(toastOnScreen(page).filter({ hasText: "Hub Launched" })).toBeVisible();

  await expect.poll(() => smsTo(e164, since).length, { timeout: 30_000 }).toBe(1);
  // The phone-only entry is told by SMS (it has no email to be told by).
  await expect.poll(() => smsTo(onlyPhone, since).length, { timeout: 30_000 }).toBe(1);
  const [sms] = smsTo(e164, since);
  expect(sms!.text).toContain(`/hub/${HUB}`);
  const stop = /Stop: (\S+)/.exec(sms!.text)?.[1];
  expect(stop).toMatch(/\/hub-sms\/stop\//);

  // The stop page: no JavaScript, a button, then the answer (and a forged token is a 404).
  const forged = await page.request.get("/hub-sms/stop/forged");
  expect(forged.status()).toBe(404);
  await page.goto(new URL(stop!).pathname);
  expect(await loadsNoScript(page)).toBe(true);
  await page.getByRole("button", { name: "Stop these SMS" }).click();
  await expect(page.getByText("You will get no more SMS about this hub.")).toBeVisible();
  // Again: the same answer, nothing else changes.
  await page.reload();
  await expect(page.getByText("You will get no more SMS about this hub.")).toBeVisible();
});
