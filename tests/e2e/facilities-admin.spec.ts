import { request as playwrightRequest } from "@playwright/test";
import sharp from "sharp";
import { expect, expectNoSidewaysScroll, hydrated, PHONE, test, toastOnScreen, waitForMail } from "./fixtures";
import { ADMIN, facilityChoices, registerAndVerify } from "./support/accounts";
import { selectFacility } from "./support/referral-form";
import { approveIn, signedIn } from "./support/sign-in";

/*
 * Facilities managed in the product (decision 021), through the real server: a system administrator
 * adds a facility, which shows in the directory, on its profile and in the referral form; its
 * own administrator edits the hours and uploads a photo, which the public profile shows; the NHIS
 * filter; a report of wrong information filed by a visitor and resolved; deactivation (its
 * referrals keep naming it); a rename (the old address answers 301 with the new one).
 */

test("a facility added, edited by its own administrator, reported, filtered and deactivated", async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const suffix = Date.now().toString(36);
  const name = `Volta Riverside Clinic ${suffix}`;
  const slug = `volta-riverside-clinic-${suffix}`;
  const admin = await signedIn(browser, { ...ADMIN }, "/dashboard/system-admin");

  // The system administrator adds it.
  await admin.getByRole("navigation", { name: /app/i }).getByRole("link", { name: "Facilities" }).click();
  await expect(admin).toHaveURL("/dashboard/system-admin/facilities");
  await admin.getByRole("link", { name: "Add facility" }).click();
  await hydrated(admin);
  const form = admin.locator("form#facility");
  // Submitted empty: the messages, in a summary and by the fields, and nothing stored.
  await form.getByRole("button", { name: "Add facility" }).click();
  await expect(admin.getByRole("alert").filter({ hasText: "There is a problem" })).toBeVisible();
  await expect(form.getByText("Name is required")).toBeVisible();
  await form.getByRole("textbox", { name: "Name", exact: true }).fill(name);
  await form.getByLabel("Facility type").selectOption("clinic");
  await form.getByLabel("Location").fill("Ho, Ghana");
  await form.getByLabel("Country").selectOption("ghana");
  await form.getByLabel("Address").fill("12 Volta Street, Ho, Ghana");
  await form
    .getByRole("textbox", { name: "Short description", exact: true })
    .fill("A riverside community clinic with maternal and child health care.");
  await form
    .getByRole("textbox", { name: "About", exact: true })
    .fill("Serving families along the Volta since 2001 with outpatient care.");
  await form.getByLabel("Medical specialties").fill("Pediatrics: Child health clinics");
  await form.getByLabel("Services offered").fill("Outpatient care\nAntenatal care");
  await form.getByLabel("Languages spoken").fill("English\nEwe");
  await form.getByLabel("Phone numbers").fill("+233 36 202 7777");
  await form.getByRole("textbox", { name: "Email", exact: true }).fill(`hello-${suffix}@volta.example`);
  await form.getByLabel("Accepts NHIS (National Health Insurance)").check();
  // The Verified tick is the HeFRA licence check (decision 021): set by the system administrator, with its date.
  await expect(form.getByLabel("Verified facility")).toHaveCount(0);
  await form.getByLabel(/HeFRA licence number/).fill("HEFRA/GH/2026/0419");
  await form.getByLabel(/Licence verified on/).fill("2026-11-02");
  await form.getByRole("button", { name: "Add facility" }).click();
  await expect(toastOnScreen(admin).filter({ hasText: "Facility Added" })).toBeVisible();
  await expect(admin).toHaveURL(/\/dashboard\/facilities\/[0-9a-f-]{36}$/);
  const editorPath = new URL(admin.url()).pathname;

  // In the directory (with the NHIS filter too), on its profile, in the referral form.
  const anonymous = await (await browser.newContext()).newPage();
  await anonymous.goto(`/facilities?q=${encodeURIComponent(suffix)}`);
  await expect(anonymous.getByRole("heading", { name })).toBeVisible();
  await expect(anonymous.getByText("Accepts NHIS").first()).toBeVisible();
  await expect(
    anonymous
      .getByRole("article")
      .filter({ has: anonymous.getByRole("heading", { name }) })
      .getByText("HeFRA licence verified 2 Nov 2026"),
  ).toBeVisible();
  await hydrated(anonymous);
  await anonymous.getByLabel("Accepts NHIS (National Health Insurance)").check();
  await expect(anonymous).toHaveURL(/nhis=1/);
  await expect(anonymous.getByRole("heading", { name })).toBeVisible();
  const nhisOnly = await (await request.get("/facilities?nhis=1&q=Lagoon")).text();
  expect(nhisOnly).not.toContain("Lagoon Heart Institute");
  expect(await (await request.get("/facilities?q=Lagoon")).text()).toContain("Lagoon Heart Institute");
  expect((await request.get(`/facility/${slug}`)).status()).toBe(200);
  const choices = await facilityChoices(request);
  const added = choices.find((c) => c.name === name);
  expect(added, "the new facility is offered").toBeTruthy();
  const doctor = await registerAndVerify(request, { role: "doctor", name: `Dr Volta ${suffix}` });
  await approveIn(admin, doctor);
  const doctorPage = await signedIn(browser, doctor, "/dashboard/doctor");
  await doctorPage.goto("/referrals/create");
  await expect(doctorPage.getByLabel("Facility").locator("option", { hasText: name })).toHaveCount(1);
  // The doctor refers a patient there (it is deactivated below: the referral keeps naming it).
  const patient = `Kofi Riverside ${suffix}`;
  await hydrated(doctorPage);
  await doctorPage.getByLabel("Patient name").fill(patient);
  await doctorPage.getByLabel("Phone number").fill("024 555 0199");
  // The form names each facility's town beside its name (decision 021), and marks one nobody there can be
  // told of yet: this one has no administrator until below, and no on-call number.
  await expect(doctorPage.getByLabel("Facility").locator("option", { hasText: name })).toHaveText(
    `${name} — Ho (cannot receive referrals yet)`,
  );
  await selectFacility(doctorPage, name);
  await doctorPage.getByLabel("Chief complaint").fill("Persistent cough for three weeks");
  await doctorPage.getByRole("button", { name: "Create Referral" }).click();
  await expect(doctorPage).toHaveURL(/\/referrals\/REF-\d{4}-\d{6,}$/);
  await doctorPage.goto("/dashboard/doctor");
  const referralRow = doctorPage.getByRole("row").filter({ hasText: patient });
  await expect(referralRow).toContainText(name);
  const referralNumber = (await referralRow.getByText(/^REF-\d{4}-\d{6,}$/).textContent()) ?? "";
  expect(referralNumber).toMatch(/^REF-\d{4}-\d{6,}$/);

  // Its own administrator edits the hours and uploads a photo.
  const own = await registerAndVerify(request, {
    role: "facility_admin",
    name: `Efua Volta ${suffix}`,
    facilityId: added!.id,
  });
  await approveIn(admin, own);
  const ownPage = await signedIn(browser, own, "/dashboard/facility-admin");
  await ownPage.getByRole("link", { name: "Facility Profile" }).click();
  await expect(ownPage).toHaveURL(editorPath);
  await hydrated(ownPage);
  // The licence's verified date (the Verified tick) is the system administrators' alone.
  await expect(ownPage.getByLabel(/Licence verified on/)).toHaveCount(0);
  await expect(ownPage.getByLabel("Verified facility")).toHaveCount(0);
  await ownPage.getByLabel("Hours per weekday").check();
  await ownPage.getByLabel("Monday opens").fill("08:00");
  await ownPage.getByLabel("Monday closes").fill("17:00");
  await ownPage.getByLabel("Saturday opens").fill("09:00");
  await ownPage.getByLabel("Saturday closes").fill("13:00");
  await ownPage.getByRole("button", { name: "Save changes" }).click();
  await expect(toastOnScreen(ownPage).filter({ hasText: "Facility Saved" })).toBeVisible();
  const photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: "#0d6156" } })
    .png()
    .toBuffer();
  await ownPage.getByLabel("Photo file").setInputFiles({ name: "front.png", mimeType: "image/png", buffer: photo });
  await ownPage.getByRole("button", { name: "Upload photo" }).click();
  await expect(toastOnScreen(ownPage).filter({ hasText: "Photo Uploaded" })).toBeVisible();

  await anonymous.goto(`/facility/${slug}`);
  const hours = anonymous.getByRole("region", { name: "Opening Hours" });
  await expect(hours.getByRole("row", { name: /Monday/ })).toContainText("08:00–17:00");
  await expect(hours.getByRole("row", { name: /Saturday/ })).toContainText("09:00–13:00");
  await expect(hours.getByRole("row", { name: /Sunday/ })).toContainText("Closed");
  const image = anonymous.getByRole("img", { name, exact: true });
  await expect(image).toHaveAttribute("src", /^\/facility-photos\/[0-9a-f-]{36}\/960\.webp$/);
  await expect(image).toHaveAttribute("width", "960");
  await expect(image).toHaveAttribute("height", "540");
  expect(await image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  const served = await request.get((await image.getAttribute("src"))!);
  expect(served.headers()["content-type"]).toBe("image/webp");
  expect(served.headers()["cache-control"]).toContain("immutable");

  // A visitor reports wrong information; the facility's administrator is told and resolves it.
  await anonymous.getByRole("link", { name: "Report wrong information" }).click();
  await hydrated(anonymous);
  await anonymous.getByLabel("What is wrong?").fill("The Saturday hours changed to 10:00 last month.");
  await anonymous.getByRole("button", { name: "Send report" }).click();
  await expect(anonymous.getByRole("status").filter({ hasText: "We have passed your report" })).toBeVisible();
  const told = await waitForMail(own.email, (m) => /report/i.test(m.subject));
  expect(told.text).not.toContain("10:00");
  await ownPage.goto("/dashboard/facility-reports");
  await expect(ownPage.getByText("The Saturday hours changed to 10:00 last month.")).toBeVisible();
  await ownPage.getByRole("button", { name: "Mark as Resolved" }).click();
  await expect(toastOnScreen(ownPage).filter({ hasText: "Report Resolved" })).toBeVisible();
  await expect(ownPage.getByText("No open reports.")).toBeVisible();

  // The editor at a phone's width: nothing off-screen.
  await ownPage.setViewportSize(PHONE);
  await ownPage.goto(editorPath);
  await expectNoSidewaysScroll(ownPage);

  // Deactivated: out of the directory, the sitemap and the referral form; its profile is 404.
  await admin.goto(editorPath);
  await hydrated(admin);
  await admin.getByRole("button", { name: "Deactivate facility" }).click();
  await expect(toastOnScreen(admin).filter({ hasText: "Facility Deactivated" })).toBeVisible();
  const gone = await request.get(`/facility/${slug}`);
  expect(gone.status()).toBe(404);
  expect(await gone.text()).toContain("Facility Not Found");
  expect(await (await request.get(`/facilities?q=${suffix}`)).text()).not.toContain(name);
  expect(await (await request.get("/sitemap.xml")).text()).not.toContain(slug);
  await doctorPage.goto("/referrals/create");
  await expect(doctorPage.getByLabel("Facility").locator("option", { hasText: name })).toHaveCount(0);

  // Its referral keeps naming it: on the referral's page and in the referring doctor's History.
  await doctorPage.goto(`/referrals/${referralNumber}`);
  await expect(doctorPage.getByRole("heading", { level: 1 })).toContainText(referralNumber);
  const facilityRow = doctorPage
    .getByRole("term")
    .filter({ hasText: /^Facility$/ })
    .first();
  await expect(facilityRow.locator("xpath=following-sibling::dd[1]")).toContainText(name);
  await doctorPage.goto(`/referrals/history?q=${encodeURIComponent(referralNumber)}`);
  const history = doctorPage.getByRole("region", { name: "Referral history, newest first" });
  await expect(history.getByRole("row").filter({ hasText: patient })).toContainText(name);
});

/** The add form's fields, as the browser posts them. */
function facilityFields(name: string, suffix: string): Record<string, string> {
  return {
    intent: "save",
    name,
    type: "clinic",
    location: "Keta, Ghana",
    country: "ghana",
    address: "3 Lagoon Road, Keta, Ghana",
    description: "A lagoon-side clinic with outpatient and maternal care.",
    about: "Serving the Keta lagoon communities with outpatient care since 2005.",
    specialties: "Pediatrics: Child health clinics",
    services: "Outpatient care",
    languages: "English\nEwe",
    phones: "+233 36 202 8888",
    email: `keta-${suffix}@clinic.example`,
    hours_mode: "unknown",
  };
}

test("a renamed facility's old address answers 301 with the new one", async ({ request, baseURL }) => {
  const suffix = Date.now().toString(36);
  const admin = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL ?? "" } });
  const signedInAdmin = await admin.post("/auth", {
    form: { email: ADMIN.email, password: ADMIN.password },
    maxRedirects: 0,
  });
  expect(signedInAdmin.status()).toBe(302);
  const added = await admin.post("/dashboard/system-admin/facilities/new", {
    form: facilityFields(`Keta Lagoon Clinic ${suffix}`, suffix),
    maxRedirects: 0,
  });
  expect(added.status()).toBe(302);
  const editor = added.headers().location!;
  expect(editor).toMatch(/^\/dashboard\/facilities\/[0-9a-f-]{36}$/);
  const before = `/facility/keta-lagoon-clinic-${suffix}`;
  const after = `/facility/keta-beach-clinic-${suffix}`;
  // Seen once under its first name (a kept copy of that page must not outlive the rename).
  expect((await request.get(before)).status()).toBe(200);

  const renamed = await admin.post(editor, {
    form: facilityFields(`Keta Beach Clinic ${suffix}`, suffix),
    maxRedirects: 0,
  });
  expect(renamed.status()).toBe(302);
  const moved = await request.get(before, { maxRedirects: 0 });
  expect(moved.status()).toBe(301);
  expect(new URL(moved.headers().location!, baseURL).pathname).toBe(after);
  const profile = await request.get(after, { maxRedirects: 0 });
  expect(profile.status()).toBe(200);
  expect(await profile.text()).toContain(`Keta Beach Clinic ${suffix}`);
  await admin.dispose();
});

test("the report form works without JavaScript", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/facility/ridgeview-specialist-hospital/report");
  await page.getByRole("button", { name: "Send report" }).click();
  await expect(page.getByText("Please tell us what is wrong").first()).toBeVisible();
  await page.getByLabel("What is wrong?").fill("The emergency line number is out of date.");
  await page.getByRole("button", { name: "Send report" }).click();
  const sent = page.getByRole("status").filter({ hasText: "We have passed your report" });
  await expect(sent).toBeVisible();
  // A confirmation in the form's place; "Report something else" brings back an empty form.
  await expect(sent.getByRole("heading", { name: "Thank you" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Send report" })).toHaveCount(0);
  await sent.getByRole("link", { name: "Report something else" }).click();
  await expect(page.getByLabel("What is wrong?")).toHaveValue("");
});
