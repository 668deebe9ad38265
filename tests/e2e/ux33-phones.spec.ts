import { mkdirSync } from "node:fs";
import type { Locator, Page } from "@playwright/test";
import sharp from "sharp";
import { expect, hydrated, PHONE, shownAndHydrated, test } from "./fixtures";
import { facilityChoices, registerAndVerify } from "./support/accounts";
import { latestSmsCode, smsTo } from "./support/outbox";
import { selectFacility } from "./support/referral-form";
import { approveAll, type Person, signedIn, toastTitled } from "./support/sign-in";

/*
 * The outside UX review at 360 px, point by point, on a phone-sized screen, with a
 * screenshot of each for a person to compare (test-results/ux33/).
 */

const SHOTS = "test-results/ux33";
mkdirSync(SHOTS, { recursive: true });
const REFERRAL_PAGE = /\/referrals\/(REF-\d{4}-\d{6,})$/;
const OFFLINE_MESSAGE = "No connection. Your referral is saved on this phone; send it when you are back online.";

// A post the test cuts logs the browser's own "Failed to load resource" line.
test.use({ allowConsoleErrors: [/Failed to load resource|ERR_CONNECTION_RESET|ERR_FAILED/] });

async function startReferral(page: Page, facility: string, patient: string) {
  await page.goto("/referrals/create");
  await hydrated(page);
  await page.getByLabel("Patient name").fill(patient);
  await page.getByLabel("Phone number").fill("024 555 0188");
  await selectFacility(page, facility);
  await page.getByLabel("Chief complaint").fill("Breast lump, for biopsy");
}

/** How many referrals of this doctor name `patient` (History, searched by the patient's name). */
async function referralsFor(page: Page, patient: string): Promise<number> {
  const html = await (await page.request.get(`/referrals/history?q=${encodeURIComponent(patient)}`)).text();
  return new Set(html.match(/REF-\d{4}-\d{6,}/g) ?? []).size;
}

/** A camera-like photo: 4000x3000 JPEG of noise at quality 92, about 4 MB. */
async function cameraPhoto(): Promise<Buffer> {
  return sharp({
    create: {
      width: 4000,
      height: 3000,
      channels: 3,
      background: { r: 120, g: 130, b: 140 },
      noise: { type: "gaussian", mean: 128, sigma: 10 },
    },
  })
    .jpeg({ quality: 92 })
    .toBuffer();
}

test.describe("issue 33 at 360 px", () => {
  let doctor: Person;
  let choices: Array<{ id: string; name: string }>;

  test.beforeAll(async ({ request }) => {
    test.setTimeout(120_000);
    choices = await facilityChoices(request);
    doctor = await registerAndVerify(request, { role: "doctor", name: `Dr Ux Review ${Date.now().toString(36)}` });
    await approveAll([doctor]);
  });

  test("2: a 4 MB camera photo is shrunk and sent at 200 kbit/s up, with its progress", async ({ browser }) => {
    test.setTimeout(240_000);
    const photo = await cameraPhoto();
    expect(photo.length).toBeGreaterThan(3_500_000);
    expect(photo.length).toBeLessThan(5_000_000);
    const page = await signedIn(browser, doctor, /\/dashboard\//, { viewport: PHONE });
    const patient = `Akua Photo ${Date.now().toString(36)}`;
    await startReferral(page, choices[0]!.name, patient);
    await page
      .getByLabel("Files (optional)")
      .setInputFiles({ name: "IMG_2041.jpg", mimeType: "image/jpeg", buffer: photo });

    // A slow mobile uplink: 200 kbit/s up, 400 ms round trips.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 400,
      downloadThroughput: (1_000_000 / 8) | 0,
      uploadThroughput: (200_000 / 8) | 0,
    });
    const bodies: number[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST" && request.url().includes("/referrals/create")) {
        bodies.push(request.postDataBuffer()?.length ?? 0);
      }
    });
    const started = Date.now();
    await page.getByRole("button", { name: "Create Referral" }).click();
    const progress = page.getByText(/^Sending… \d+ KB of \d+ KB \(\d+%\)$/);
    await expect(progress).toBeVisible({ timeout: 30_000 });
    await page.screenshot({ path: `${SHOTS}/2-upload-progress.png` });

    await expect(page).toHaveURL(REFERRAL_PAGE, { timeout: 180_000 });
    await expect(toastTitled(page, "Referral Created")).toBeVisible();
    await expect(page.getByText(OFFLINE_MESSAGE)).toHaveCount(0);
    const attachments = page.getByRole("region", { name: /^Attachments/ });
    await expect(attachments).toContainText("IMG_2041.jpg");
    // Shrunk in the browser: one post, a small fraction of the photo.
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toBeLessThan(photo.length / 4);
    test.info().annotations.push({
      type: "upload",
      description: `photo ${photo.length} B, posted ${bodies[0]} B, ${Math.round((Date.now() - started) / 1000)} s at 200 kbit/s`,
    });
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${SHOTS}/2-photo-sent.png` });
    expect(await referralsFor(page, patient)).toBe(1);
    await page.context().close();
  });

  test("2: an answer lost after the server made the referral is found by its key, not 'No connection'", async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const page = await signedIn(browser, doctor, /\/dashboard\//, { viewport: PHONE });
    const patient = `Yaa Lost ${Date.now().toString(36)}`;
    await startReferral(page, choices[0]!.name, patient);
    await page.getByLabel("Files (optional)").setInputFiles({
      name: "result.jpg",
      mimeType: "image/jpeg",
      buffer: await sharp({ create: { width: 800, height: 600, channels: 3, background: "#789" } })
        .jpeg()
        .toBuffer(),
    });
    // The post reaches the server, which makes the referral; its answer never reaches the phone.
    let cut = 0;
    await page.route("**/referrals/create.data", async (route) => {
      if (route.request().method() !== "POST") return route.continue();
      await route.fetch();
      cut += 1;
      await route.abort("connectionreset");
    });
    await page.getByRole("button", { name: "Create Referral" }).click();
    await expect(page).toHaveURL(REFERRAL_PAGE, { timeout: 60_000 });
    expect(cut).toBe(1);
    await expect(page.getByText(OFFLINE_MESSAGE)).toHaveCount(0);
    await expect(page.getByRole("region", { name: /^Attachments/ })).toContainText("result.jpg");
    await page.screenshot({ path: `${SHOTS}/2-found-by-key.png` });
    expect(await referralsFor(page, patient)).toBe(1);
    await page.context().close();
  });

  test("4: numbers are grouped tel: links with WhatsApp; an emergency reaches the facility by SMS whatever its admin chose", async ({
    browser,
    request,
  }) => {
    test.setTimeout(180_000);
    const suffix = Date.now().toString(36);
    const facility = choices[1]!;
    const fa = await registerAndVerify(request, {
      role: "facility_admin",
      name: `Esi Phones ${suffix}`,
      facilityId: facility.id,
    });
    await approveAll([fa]);
    const admin = await signedIn(browser, fa, /\/dashboard\//, { viewport: PHONE });
    // The administrator confirms a mobile number, and chooses email only for new referrals.
    const mobile = `+23324${String(Date.now()).slice(-7)}`;
    await confirmMobile(admin, mobile);
    const newReferrals = admin.getByRole("group", { name: "A new referral to my facility" });
    await expect(newReferrals).toContainText("An emergency referral always comes by SMS as well.");
    await newReferrals.getByLabel("SMS").uncheck();
    await newReferrals.getByLabel("Email").check();
    await admin.getByRole("button", { name: "Save preferences" }).click();
    await expect(admin.getByText("Preferences saved").first()).toBeVisible();

    // The doctor sends an emergency.
    const doc = await signedIn(browser, doctor, /\/dashboard\//, { viewport: PHONE });
    const since = Date.now();
    await startReferral(doc, facility.name, `Abena Phones ${suffix}`);
    await doc.getByLabel("Phone number").fill("024 412 3456");
    await doc.getByLabel("Emergency").check();
    await doc.getByRole("button", { name: "Create Referral" }).click();
    await expect(doc).toHaveURL(REFERRAL_PAGE);
    const number = doc.url().match(/REF-\d{4}-\d{6,}/)![0];
    await expect(doc.getByRole("heading", { name: `Sent to ${facility.name}` })).toBeVisible();
    // By SMS to the administrator's number although they chose email only.
    await expect
      .poll(
        () =>
          smsTo(mobile, since)
            .map((sms) => sms.text)
            .join(" "),
        { timeout: 30_000 },
      )
      .toContain(number);

    // The administrator's page at 360 px: the patient's number in one piece, to call or WhatsApp.
    await admin.goto(`/referrals/${number}`);
    await hydrated(admin);
    const call = admin.getByRole("link", { name: `Call Abena Phones ${suffix}: +233 24 412 3456` });
    await expect(call).toHaveAttribute("href", "tel:+233244123456");
    await expect(call).toHaveText("+233 24 412 3456");
    const box = (await call.boundingBox())!;
    const lineHeight = await call.evaluate((el) => Number.parseFloat(getComputedStyle(el).lineHeight) || 24);
    // One line: a number is never broken inside (the link is at least 44 px high on a phone).
    expect(await call.evaluate((el) => el.getClientRects().length)).toBe(1);
    expect(box.height).toBeLessThanOrEqual(Math.max(44, lineHeight * 1.5));
    // ...and whole inside its card (not cut at the card's edge).
    const card = (await admin.getByRole("region", { name: "Details", exact: true }).boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(card.x + card.width);
    await expect(admin.getByRole("link", { name: `WhatsApp Abena Phones ${suffix}` })).toHaveAttribute(
      "href",
      "https://wa.me/233244123456",
    );
    // The referring doctor's number too (registered as 024 123 4567).
    await expect(
      admin.getByRole("link", { name: new RegExp(`^Call ${escapeRegExp(doctor.name)}: \\+233 24 123 4567$`) }),
    ).toHaveAttribute("href", "tel:+233241234567");
    const notified = admin.getByRole("region", { name: "Who was notified" });
    await expect(notified).toContainText("New referral by SMS");
    await admin
      .getByRole("region", { name: "Details", exact: true })
      .screenshot({ path: `${SHOTS}/4-phone-links.png` });
    await notified.scrollIntoViewIfNeeded();
    await admin.screenshot({ path: `${SHOTS}/4-emergency-sms.png` });
    await admin.context().close();
    await doc.context().close();
  });

  test("3: feedback where the eye is: the offline notice, Registration Successful, the code fields", async ({
    browser,
    request,
  }) => {
    test.setTimeout(180_000);
    const suffix = Date.now().toString(36);
    /** On screen and holding the focus (a screen reader reads it). */
    const inView = async (locator: Locator) => {
      await expect(locator).toBeInViewport();
      await expect
        .poll(() => locator.evaluate((el) => el === document.activeElement || el.contains(document.activeElement)))
        .toBe(true);
    };

    // The offline notice, once the connection is gone, at the button's end of a long form.
    const doc = await signedIn(browser, doctor, /\/dashboard\//, { viewport: PHONE });
    await startReferral(doc, choices[0]!.name, `Ama Offline ${suffix}`);
    await doc.getByRole("button", { name: "Create Referral" }).scrollIntoViewIfNeeded();
    await doc.context().setOffline(true);
    await doc.getByRole("button", { name: "Create Referral" }).click();
    const notice = doc.getByRole("alert").filter({ hasText: OFFLINE_MESSAGE });
    await inView(notice);
    await doc.screenshot({ path: `${SHOTS}/3-offline-notice.png` });
    await doc.context().setOffline(false);
    await doc.context().close();

    // Registering on a phone: the confirmation is where the eye is.
    const visitor = await browser.newContext({ viewport: PHONE });
    const page = await visitor.newPage();
    await page.goto("/auth?tab=register");
    await shownAndHydrated(page, "register-panel");
    const form = page.getByRole("tabpanel", { name: "Register" });
    await form.getByLabel("Full Name").fill(`Kwesi Phone ${suffix}`);
    await form.getByLabel("Email").fill(`kwesi-${suffix}@example.test`);
    await form.getByLabel("Phone Number").fill("0241234567");
    await form.getByLabel(/^Password/).fill("Correct-Horse-9!");
    await form.getByLabel("Confirm Password").fill("Correct-Horse-9!");
    await form.getByLabel("MDC registration number").fill(`MDC/RN/${String(Date.now()).slice(-5)}`);
    await form.getByRole("button", { name: "Create Account" }).click();
    await inView(page.getByRole("status").filter({ hasText: "Registration Successful" }).first());
    await page.screenshot({ path: `${SHOTS}/3-registered.png` });
    await visitor.close();

    // "Send confirmation codes": the code fields, the SMS code's field focused (the keyboard opens).
    const payee = await registerAndVerify(request, { role: "doctor", name: `Dr Payee ${suffix}` });
    await approveAll([payee]);
    const mine = await signedIn(browser, payee, /\/dashboard\//, { viewport: PHONE });
    await confirmMobile(mine, `+23324${String(Date.now()).slice(-7)}`);
    await mine.goto("/account/payout-details");
    await hydrated(mine);
    await mine.getByLabel("Paid by").selectOption("mobile_money");
    await mine.getByLabel("Network").selectOption("MTN");
    await mine.getByLabel("Mobile-money number").fill(`024 ${String(Date.now()).slice(-7)}`);
    await mine.getByLabel("Name on the account").fill(`Kojo Payee ${suffix}`);
    await mine.getByRole("button", { name: "Send confirmation codes" }).click();
    const code = mine.getByRole("textbox", { name: "Code from the SMS", exact: true });
    await expect(code).toBeFocused();
    await expect(code).toBeInViewport();
    await mine.screenshot({ path: `${SHOTS}/3-confirmation-codes.png` });
    await mine.context().close();
  });
});

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Confirms `mobile` (E.164) on the account's notifications page with the code from the SMS outbox. */
async function confirmMobile(page: Page, mobile: string): Promise<void> {
  await page.goto("/account/notifications");
  await hydrated(page);
  await page.getByRole("textbox", { name: "Mobile number", exact: true }).fill(mobile);
  await page.getByRole("button", { name: "Send code" }).click();
  let code = "";
  await expect
    .poll(() => {
      try {
        code = latestSmsCode(mobile, /confirmation code is (\d{6})/);
      } catch {
        return "";
      }
      return code;
    })
    .toMatch(/^\d{6}$/);
  await page.getByLabel("Code from the SMS").fill(code);
  await page.getByRole("button", { name: "Confirm number" }).click();
  await expect(page.getByText("Confirmed:")).toBeVisible();
}
