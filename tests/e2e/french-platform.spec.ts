import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { APIRequestContext, Page } from "@playwright/test";
import { parsePo } from "pofile-ts";
import { countSegments, MAX_SEGMENTS } from "../../app/lib/sms-text";
import { expect, hydrated, test, waitForMail } from "./fixtures";
import { facilityChoices, linkIn, PASSWORD, registerAndVerify, uniqueEmail } from "./support/accounts";
import { latestSmsCode, smsTo } from "./support/outbox";
import { pageTexts } from "./support/page-texts";
import { approveAll, signedIn } from "./support/sign-in";

/*
 * The signed-in platform in the person's language (decisions 044 and 048): a francophone doctor registers on the
 * French site and is mailed in French; the platform is drawn in French for them; the facility's
 * administrator who chose French gets the new referral's SMS and email in French, and one who chose
 * Twi for SMS a Twi SMS within 2 parts.
 */

const catalogue = (locale: string) =>
  parsePo(readFileSync(`app/i18n/catalogues/${locale}.po`, "utf8")).items.filter((i) => i.msgid);

/** English catalogue texts whose French differs: none may be a whole text of a French page. */
function englishOnly(): Set<string> {
  const french = new Map(catalogue("fr").map((i) => [i.msgctxt ?? i.msgid, i.msgstr[0]]));
  return new Set(
    catalogue("en")
      .filter((i) => !i.msgid.includes("{") && french.get(i.msgctxt ?? i.msgid) !== i.msgid)
      .map((i) => i.msgid),
  );
}

/**
 * The facilities offered on the referral form are left out of a page's texts: their names and towns
 * are as their administrators wrote them (other specs add facilities with English names: "… and
 * Stroke Hospital — Pune"); so are the texts in a form's text areas (a facility's description on
 * its editor), as people wrote them.
 */
const textsOf = (page: Page) => pageTexts(page, 'select[name="facility_id"] option, textarea');

/**
 * The page is French, and shows no catalogue text in English but `data`: what people typed that
 * happens to be a catalogue text too (a referring doctor's specialty, as they wrote it when they
 * registered: support/accounts.ts registers doctors as "Cardiology", a directory specialty).
 */
async function expectFrench(page: Page, english: Set<string>, data: string[] = []): Promise<void> {
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  const texts = await textsOf(page);
  expect(texts.length, page.url()).toBeGreaterThan(5);
  expect(
    texts.filter((t) => english.has(t) && !data.includes(t)),
    `English on ${page.url()}`,
  ).toEqual([]);
}

/**
 * The app's components with their whitespace collapsed: a text a component writes (JSX wrapped over
 * lines included) is in it; what people typed (other specs' referrals reach every facility's queue:
 * "Shortness of breath on exertion") and what the server's modules stored (an audit row's details)
 * are not. Texts of `.ts` modules (content, labels) go through `t()` and the catalogue checks.
 */
const appSource = readdirSync("app", { recursive: true, encoding: "utf8" })
  .filter((file) => file.endsWith(".tsx") && !file.endsWith(".test.tsx"))
  .map((file) => readFileSync(path.join("app", file), "utf8"))
  .join("\n")
  .replace(/\s+/g, " ");
const writtenInCode = (text: string) => appSource.includes(text.replace(/\s+/g, " "));

/** Words of English sentences: a text with one, the same in both languages, was not translated. */
const ENGLISH_WORDS = /\b(the|your|you|to|of|and|for|with|is|are|this|has|have|will|not|been|yet|an|no|on|in|at|by)\b/i;

/**
 * The texts a page shows the same in French and in English that read as English: what the
 * catalogue check cannot see (a text never put through `t()`). The person's pages are drawn once in
 * each language (their language changed between) and compared; names, numbers and what they
 * typed are the same in both, and are not in the app's code; `names` are names that are (the
 * facilities' seeded names: "Sahyadri Neuro and Stroke Hospital").
 */
async function untranslated(page: Page, paths: string[], names: readonly string[] = []): Promise<string[]> {
  const french = new Map<string, string[]>();
  for (const path of paths) {
    await page.goto(path);
    await hydrated(page);
    french.set(path, await textsOf(page));
  }
  await chooseLanguages(page, "en", "same");
  const found: string[] = [];
  for (const path of paths) {
    await page.goto(path);
    await hydrated(page);
    await expect(page.locator("html")).toHaveAttribute("lang", "en-GH");
    const english = new Set(await textsOf(page));
    for (const text of french.get(path) ?? [])
      if (english.has(text) && ENGLISH_WORDS.test(text) && !names.includes(text) && writtenInCode(text))
        found.push(`${path}: ${text}`);
  }
  await chooseLanguages(page, "fr", "same");
  return found;
}

/** A Ghanaian mobile number no other test uses: 024 and 7 digits from the clock. */
function freshMobile(): { local: string; e164: string } {
  const digits = String((Date.now() + Math.floor(Math.random() * 100_000)) % 10_000_000).padStart(7, "0");
  return { local: `024 ${digits}`, e164: `+23324${digits}` };
}

/** As the notifications page posts it: the language of the platform and emails, and of SMS. */
async function chooseLanguages(page: Page, language: "en" | "fr", sms: "same" | "en" | "fr" | "ak") {
  const headers = { Origin: new URL(page.url()).origin };
  const saved = await page.request.post("/account/notifications", {
    form: { intent: "language", language, sms_language: sms },
    headers,
  });
  expect(saved.status(), "language saved").toBe(200);
}

/** As the notifications page posts it: a mobile number, confirmed with the code sent to it. */
async function confirmMobile(page: Page): Promise<string> {
  const mobile = freshMobile();
  const headers = { Origin: new URL(page.url()).origin };
  const sent = await page.request.post("/account/notifications", {
    form: { intent: "send-code", phone: mobile.local },
    headers,
  });
  expect(sent.status(), "code sent").toBe(200);
  await expect.poll(() => smsTo(mobile.e164).length, { timeout: 15_000 }).toBeGreaterThan(0);
  const code = latestSmsCode(mobile.e164, /(\d{6})/);
  const confirmed = await page.request.post("/account/notifications", {
    form: { intent: "confirm", code },
    headers,
  });
  expect(confirmed.status(), "number confirmed").toBe(200);
  return mobile.e164;
}

/** A facility administrator of `facilityId`, approved, signed in, with a confirmed mobile number. */
async function facilityAdmin(
  request: APIRequestContext,
  browser: Parameters<typeof signedIn>[0],
  facilityId: string,
  name: string,
) {
  const person = await registerAndVerify(request, { role: "facility_admin", facilityId, name });
  await approveAll([person]);
  const page = await signedIn(browser, person, "/dashboard/facility-admin");
  const mobile = await confirmMobile(page);
  return { person, page, mobile };
}

test("a francophone doctor registers in French and works in French; the facility's administrators are told in French and in Twi", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const english = englishOnly();
  expect(english.size).toBeGreaterThan(100);
  const facility = (await facilityChoices(request)).at(-1)!;

  // The facility's administrators: one chose French for everything, one Twi for SMS.
  const french = await facilityAdmin(request, browser, facility.id, "Aminata Traoré");
  await chooseLanguages(french.page, "fr", "same");
  const twi = await facilityAdmin(request, browser, facility.id, "Akosua Boatemaa");
  await chooseLanguages(twi.page, "en", "ak");
  // The French administrator's platform is French from the next page on.
  await french.page.goto("/dashboard/facility-admin");
  // Other specs' doctors refer to every facility: their specialties are in its queue.
  await expectFrench(french.page, english, ["Cardiology"]);

  // The doctor registers on the French site, in the browser.
  const email = uniqueEmail("docteur");
  await page.goto("/fr/auth?tab=register");
  await hydrated(page);
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  const form = page.locator("form").filter({ has: page.locator('input[name="full_name"]') });
  await form.locator('input[name="full_name"]').fill("Dr Moussa Koné");
  await form.locator('input[name="email"]').fill(email);
  await form.locator('input[name="phone"]').fill("024 123 4567");
  await form.locator('input[name="password"]').fill(PASSWORD);
  await form.locator('input[name="confirmPassword"]').fill(PASSWORD);
  await form.locator('select[name="role"]').selectOption("doctor");
  await form.locator('input[name="specialty"]').fill("Cardiologie");
  await form.locator('input[name="mdc_number"]').fill("MDC/RN/04321");
  await form.getByRole("button", { name: "Créer le compte" }).click();
  await expect(page.getByText("Inscription réussie").first()).toBeVisible();

  // The confirmation email is in French.
  const confirmation = await waitForMail(email, (m) => /Confirmez votre adresse/.test(m.subject));
  const verify = await request.get(linkIn(confirmation.text, /https?:\/\/\S+\/auth\/verify\?token=\S+/), {
    maxRedirects: 0,
  });
  expect(verify.status()).toBe(302);
  // The link lands on the French "email confirmed" page.
  expect(verify.headers().location).toBe("/fr/auth/email-confirmed");
  const doctor = { email, password: PASSWORD, name: "Dr Moussa Koné" };
  await approveAll([doctor], { mailed: /approuvé/ });

  // Signed in, the platform is French: the dashboard, and the create form.
  const app = await signedIn(browser, doctor, "/dashboard/doctor");
  await expectFrench(app, english);
  await app.goto("/referrals/create");
  await hydrated(app);
  await expectFrench(app, english);

  // A referral made in the French form: its page is French too.
  await app.locator('input[name="patient_name"]').fill("Yaw Mensah");
  await app.locator('input[name="patient_phone"]').fill("024 555 0199");
  await app.locator('input[name="patient_date_of_birth"]').fill("1984-02-29");
  const select = app.locator('select[name="facility_id"]');
  const option = (await select.locator("option").allTextContents()).find((l) => l.startsWith(`${facility.name} — `));
  expect(option, "the facility is offered").toBeTruthy();
  await select.selectOption({ label: option! });
  await app.locator('textarea[name="chief_complaint"]').fill("Douleur thoracique depuis deux jours");
  await app.locator('input[name="urgency_level"][value="routine"]').check();
  await app
    .locator("form")
    .filter({ has: app.locator('input[name="patient_name"]') })
    .locator('button[type="submit"]')
    .click();
  await expect(app).toHaveURL(/\/referrals\/REF-\d{4}-\d{6,}$/);
  const number = new URL(app.url()).pathname.split("/").pop()!;
  await hydrated(app);
  await expectFrench(app, english);
  // No text left in English on the doctor's pages, catalogued or not.
  expect(
    await untranslated(app, [
      "/dashboard/doctor",
      "/referrals/create",
      `/referrals/${number}`,
      "/referrals/history",
      "/dashboard/doctor/payouts",
      "/account/notifications",
      "/account/payout-details",
    ]),
  ).toEqual([]);

  // The French administrator: the new referral's email and SMS in French.
  const mail = await waitForMail(french.person.email, (m) => m.subject.includes(number));
  expect(mail.subject).toMatch(/orientation/i);
  await expect.poll(() => smsTo(french.mobile).filter((s) => s.text.includes(number)).length).toBe(1);
  const frenchSms = smsTo(french.mobile).find((s) => s.text.includes(number))!.text;
  expect(frenchSms).toMatch(/nouvelle orientation/);
  expect(countSegments(frenchSms).segments).toBeLessThanOrEqual(MAX_SEGMENTS);

  // The Twi administrator: English email, Twi SMS within 2 parts.
  const englishMail = await waitForMail(twi.person.email, (m) => m.subject.includes(number));
  expect(englishMail.subject).toMatch(/referral/i);
  await expect.poll(() => smsTo(twi.mobile).filter((s) => s.text.includes(number)).length).toBe(1);
  const twiSms = smsTo(twi.mobile).find((s) => s.text.includes(number))!.text;
  expect(twiSms).toMatch(/fofor/);
  expect(countSegments(twiSms).segments).toBeLessThanOrEqual(MAX_SEGMENTS);
});

test("a facility administrator who chose French: every page French, each fetching only its own texts", async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const english = englishOnly();
  const facilities = await facilityChoices(request);
  const facility = facilities.at(-1)!;
  const names = facilities.map((f) => f.name);
  // (No system administrator is added here: a second one makes every invitation wait for a
  // confirmation, decision 033, which payouts.spec.ts's single administrator does not expect.)
  const facilityFr = await facilityAdmin(request, browser, facility.id, "Mariam Ouédraogo");
  const page = facilityFr.page;
  await chooseLanguages(page, "fr", "same");
  // Each page fetches its own texts, never a language's catalogue part whole (decision 044).
  const wholeParts: string[] = [];
  page.on("request", (r) => {
    if (/\/assets\/texts-\w+-(site|platform)-[\w-]{8}\.js$/.test(r.url())) wholeParts.push(r.url());
  });
  // Every page of theirs drawn in both languages: nothing left in English.
  expect(
    await untranslated(
      page,
      [
        "/dashboard/facility-admin",
        "/dashboard/facility-admin/appointments",
        `/dashboard/facilities/${facility.id}`,
        "/referrals/history",
        "/account/notifications",
      ],
      names,
    ),
  ).toEqual([]);
  // A navigation within the platform draws the next page in French, its texts fetched on the way.
  await page.goto("/dashboard/facility-admin");
  await hydrated(page);
  await page.evaluate(() => Object.assign(window, { samePage: true }));
  await page.locator('a[href="/referrals/history"]').first().click();
  await expect(page).toHaveURL("/referrals/history");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await page.evaluate(() => (window as { samePage?: boolean }).samePage)).toBe(true);
  await expectFrench(page, english, ["Cardiology"]);
  expect(wholeParts).toEqual([]);
  await page.context().close();
});
