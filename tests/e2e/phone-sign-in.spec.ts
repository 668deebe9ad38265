import type { Browser, Page } from "@playwright/test";
import { expect, hydrated, test } from "./fixtures";
import { ADMIN, registerAndVerify } from "./support/accounts";
import { latestSmsCode, smsTo } from "./support/outbox";
import { approveAll, type Person, signedIn } from "./support/sign-in";

/*
 * Sign in with your phone (decision 042), in a browser with JavaScript off (the page ships none): a
 * doctor with a confirmed mobile number signs in with the code from the SMS (caught in the SMS
 * outbox); three wrong codes lock the sign-in; an unknown number gets the same page and no SMS.
 * Then a system administrator requires the password for system administrators: their own phone
 * sign-in is refused (the same page, no SMS) while a doctor's still works.
 */

const SENT =
  "If this number is confirmed on an approved account, we have sent a 6-digit code to it by SMS. It expires in 5 minutes.";
const LOCKED =
  "Too many wrong codes. Please wait 15 minutes before asking for a new code, or sign in with your email and password.";
const WRONG = "That code is not right, or it has expired. Please check the SMS, or ask for a new code.";
const uniqueMobile = (seed: number) => `+23324${String(Date.now() + seed).slice(-7)}`;

/** Polls the outbox for the newest code of `pattern` to `mobile`. */
async function codeFor(mobile: string, pattern: RegExp): Promise<string> {
  let code = "";
  await expect
    .poll(() => {
      try {
        code = latestSmsCode(mobile, pattern);
      } catch {
        return "";
      }
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code;
}

/** `person` confirms `mobile` on their notifications page (decision 025), signed in with their password. */
async function confirmMobile(
  browser: Browser,
  person: Pick<Person, "email" | "password">,
  mobile: string,
  dashboard = /\/dashboard\/doctor/,
): Promise<void> {
  const page = await signedIn(browser, person, dashboard);
  await page.goto("/account/notifications");
  await hydrated(page);
  await page.getByRole("textbox", { name: "Mobile number", exact: true }).fill(mobile);
  await page.getByRole("button", { name: "Send code" }).click();
  await page.getByLabel("Code from the SMS").fill(await codeFor(mobile, /confirmation code is (\d{6})/));
  await page.getByRole("button", { name: "Confirm number" }).click();
  await expect(page.getByText("Confirmed:")).toBeVisible();
  await page.context().close();
}

/** A browser with JavaScript off, on /auth/phone from the sign-in page's link, the number sent. */
async function askForCode(browser: Browser, mobile: string): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/auth");
  await page.getByRole("link", { name: "Sign in with your phone" }).click();
  await expect(page).toHaveURL(/\/auth\/phone$/);
  await page.getByLabel("Mobile number").fill(mobile.replace("+233", "0"));
  await page.getByRole("button", { name: "Send code" }).click();
  await expect(page.getByText(SENT)).toBeVisible();
  return page;
}

async function enterCode(page: Page, code: string): Promise<void> {
  await page.getByLabel("Code from the SMS").fill(code);
  await page.getByRole("button", { name: "Sign In" }).click();
}

test.describe("sign in with your phone", () => {
  // One doctor and number: signing in comes before the wrong codes lock the number for 15 minutes.
  // Each code answers in no less than 600 ms; on a loaded machine five posts took over 30 s.
  test.describe.configure({ mode: "serial", timeout: 90_000 });
  let doctor: Person;
  let mobile: string;

  test.beforeAll(async ({ request, browser }) => {
    test.setTimeout(120_000);
    doctor = await registerAndVerify(request, { role: "doctor", name: "Dr Phone Sign-In" });
    await approveAll([doctor]);
    mobile = uniqueMobile(11);
    await confirmMobile(browser, doctor, mobile);
  });

  test("a doctor signs in with the code sent to their phone", async ({ browser }) => {
    const page = await askForCode(browser, mobile);
    await enterCode(page, await codeFor(mobile, /sign-in code is (\d{6})/));
    await expect(page).toHaveURL(/\/dashboard\/doctor$/);
    await expect(page.getByText(doctor.name).first()).toBeVisible();
    await page.context().close();
  });

  test("three wrong codes lock the code: even the right one is then refused", async ({ browser }) => {
    const page = await askForCode(browser, mobile);
    const code = await codeFor(mobile, /sign-in code is (\d{6})/);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
    await enterCode(page, wrong);
    await expect(page.getByText(WRONG).first()).toBeVisible();
    await enterCode(page, wrong);
    await expect(page.getByText(WRONG).first()).toBeVisible();
    await enterCode(page, wrong);
    await expect(page.getByText(LOCKED).first()).toBeVisible();
    await enterCode(page, code);
    await expect(page.getByText(LOCKED).first()).toBeVisible();
    await expect(page).toHaveURL(/\/auth\/phone$/);
    await page.context().close();
  });

  test("an unknown number gets the same page and no SMS", async ({ browser }) => {
    const unknown = uniqueMobile(97);
    const page = await askForCode(browser, unknown);
    await expect(page.getByLabel("Code from the SMS")).toBeVisible();
    expect(smsTo(unknown)).toEqual([]);
    await page.context().close();
  });
});

test.describe("a system administrator requires the password for system administrators", () => {
  // The rule is global: this block sets it and sets it back; no other spec signs an administrator in by phone.
  test.describe.configure({ mode: "serial" });
  const RULE_ON =
    "System administrators sign in with their email and password only: a code by SMS does not sign them in.";
  let admin: Page | null = null;

  test.afterAll(async () => {
    if (!admin) return;
    // Back to the default (phone allowed), as the screen's button posts it.
    await admin.goto("/dashboard/system-admin/administrators");
    const allow = admin.getByRole("button", { name: "Also allow sign-in with the phone" });
    if (await allow.isVisible()) await allow.click();
    await expect(admin.getByRole("button", { name: "Require the password for system administrators" })).toBeVisible();
    await admin.context().close();
  });

  test("then an administrator's phone sign-in is refused while a doctor's still works", async ({
    browser,
    request,
  }) => {
    test.setTimeout(300_000);
    const doctor = await registerAndVerify(request, { role: "doctor", name: "Dr Rule Phone" });
    await approveAll([doctor]);
    const doctorMobile = uniqueMobile(23);
    await confirmMobile(browser, doctor, doctorMobile);
    const adminMobile = uniqueMobile(57);
    await confirmMobile(browser, ADMIN, adminMobile, /\/dashboard\/system-admin/);

    // Before the rule, the administrator signs in with the phone like anyone.
    admin = await askForCode(browser, adminMobile);
    await enterCode(admin, await codeFor(adminMobile, /sign-in code is (\d{6})/));
    await expect(admin).toHaveURL(/\/dashboard\/system-admin/);

    // The rule, on the System administrators screen (JavaScript off: the plain post).
    await admin.goto("/dashboard/system-admin/administrators");
    await admin.getByRole("button", { name: "Require the password for system administrators" }).click();
    await expect(admin.getByText(RULE_ON)).toBeVisible();

    // The administrator's number: the same answer, and no code is sent.
    const sentBefore = smsTo(adminMobile).length;
    const refused = await askForCode(browser, adminMobile);
    await expect(refused.getByLabel("Code from the SMS")).toBeVisible();

    // The doctor's still works (asked after the administrator's: once its code is in the outbox,
    // an SMS for the administrator's request would have been queued before it).
    const page = await askForCode(browser, doctorMobile);
    await enterCode(page, await codeFor(doctorMobile, /sign-in code is (\d{6})/));
    await expect(page).toHaveURL(/\/dashboard\/doctor$/);
    expect(smsTo(adminMobile)).toHaveLength(sentBefore);
    await page.context().close();
    await refused.context().close();
  });
});
