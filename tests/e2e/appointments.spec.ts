import { writeFileSync } from "node:fs";
import { expect, loadsNoScript, test } from "./fixtures";
import { facilityChoices, registerAndVerify } from "./support/accounts";
import { smsTo } from "./support/outbox";
import { approveAll, signedIn } from "./support/sign-in";

/*
 * Appointment requests from a facility's profile (decision 041), with JavaScript off throughout: a
 * patient asks, proves the number through the SMS link (the e2e server's SMS are in its outbox),
 * the facility's administrator confirms a time, the patient says they will come on the linked
 * page, and the reminder goes 24 hours before: the scheduled work's clock (E2E_CLOCK_FILE) is moved
 * to a minute past that moment and the next minute's sweep sends it.
 */
const FACILITY = { slug: "lagoon-heart-institute", name: "Lagoon Heart Institute" };
const clock = (offsetMs: number) => writeFileSync(process.env.E2E_CLOCK_FILE as string, String(Math.round(offsetMs)));

test.afterEach(() => clock(0));

test("a patient requests an appointment, proves the number, the facility confirms and the reminder comes a day before", async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  clock(0);
  const since = Date.now() - 1_000;
  const digits = String(Date.now() % 10_000_000).padStart(7, "0");
  const e164 = `+23320${digits}`;
  const patientName = `Esi Appiah ${digits}`;

  // The patient, from the profile, with no JavaScript and no account.
  const patientContext = await browser.newContext({ javaScriptEnabled: false });
  const patient = await patientContext.newPage();
  await patient.goto(`/facility/${FACILITY.slug}`);
  // The profile's one script element is its JSON-LD data: no code.
  await expect(patient.locator('script:not([type="application/ld+json"]), link[rel=modulepreload]')).toHaveCount(0);
  await patient.getByRole("link", { name: "Request an appointment" }).click();
  await expect(patient).toHaveURL(`/facility/${FACILITY.slug}/appointment`);
  expect(await loadsNoScript(patient)).toBe(true);
  const form = patient.getByRole("form", { name: "Request an appointment" });
  const day = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
  await form.getByLabel("Your name").fill(patientName);
  await form.getByLabel("Mobile number").fill("030 221 0000");
  await form.getByLabel("Specialty").selectOption("Cardiology");
  await form.getByLabel("Preferred day").fill(day);
  await form.getByRole("radio", { name: "Morning" }).check();
  await form.getByRole("checkbox", { name: /I agree to be contacted/ }).check();
  await form.getByRole("button", { name: "Send the SMS link" }).click();
  // A fixed line cannot receive the link: refused, under its field, and nothing is sent.
  await expect(patient.getByText("Please enter a mobile number that can receive SMS").first()).toBeVisible();
  await form.getByLabel("Mobile number").fill(`020 ${digits}`);
  await form.getByRole("checkbox", { name: /I agree to be contacted/ }).check();
  await form.getByRole("button", { name: "Send the SMS link" }).click();
  await expect(patient.getByRole("heading", { name: "Check your phone" })).toBeVisible();

  // The one SMS an unproven number gets: the link. Opening it shows a button; pressing it proves the number.
  await expect.poll(() => smsTo(e164, since).length, { timeout: 30_000 }).toBe(1);
  const link = /(https?:\/\/\S+\/appointment\/\S+)/.exec(smsTo(e164, since)[0]!.text)?.[1];
  expect(link).toBeTruthy();
  const page = new URL(link!).pathname;
  await patient.goto(page);
  expect(await loadsNoScript(patient)).toBe(true);
  await expect(patient.getByRole("heading", { name: "Number not proven" })).toBeVisible();
  await patient.getByRole("button", { name: "Send my request" }).click();
  await expect(patient.getByRole("heading", { name: "Requested" })).toBeVisible();

  // The facility's administrator, with no JavaScript either: the queue's tab and its count.
  const facility = (await facilityChoices(request)).find((f) => f.name === FACILITY.name);
  expect(facility).toBeTruthy();
  const person = await registerAndVerify(request, {
    role: "facility_admin",
    name: "Abena Lagoon",
    facilityId: facility!.id,
  });
  await approveAll([person]);
  const admin = await signedIn(browser, person, "/dashboard/facility-admin", { javaScriptEnabled: false });
  const tab = admin.getByRole("navigation", { name: "Queue" }).getByRole("link", { name: /Appointment requests/ });
  await expect(tab).toContainText(/[1-9]\d* waiting/);
  await tab.click();
  await expect(admin).toHaveURL("/dashboard/facility-admin/appointments");
  const confirm = admin.getByRole("form", { name: `Confirm a slot for ${patientName}` });
  await confirm.getByLabel("Date").fill(day);
  await confirm.getByLabel("Time").fill("10:30");
  await confirm.getByRole("button", { name: "Confirm" }).click();
  await expect(admin.getByText("Appointment confirmed: the patient is told by SMS.")).toBeVisible();
  await expect(admin.getByRole("listitem", { name: `Appointment of ${patientName}` })).toContainText("Confirmed");

  // The patient is told by SMS, with the same link, and says they will come.
  await expect.poll(() => smsTo(e164, since).length, { timeout: 30_000 }).toBe(2);
  expect(smsTo(e164, since)[0]!.text).toMatch(/your appointment is confirmed for .* 10:30/);
  expect(smsTo(e164, since)[0]!.text).not.toContain("Esi");
  await patient.goto(page);
  await expect(patient.getByRole("heading", { name: "Confirmed" })).toBeVisible();
  await patient.getByRole("button", { name: "I will come" }).click();
  await expect(patient.getByText("You said you will come. Thank you.")).toBeVisible();
  await expect(admin.getByRole("listitem", { name: `Appointment of ${patientName}` })).toContainText("Confirmed");

  // No reminder yet; then the clock moves to a minute past 24 hours before the appointment.
  expect(smsTo(e164, since).some((sms) => sms.text.includes("reminder"))).toBe(false);
  const slot = Date.parse(`${day}T10:30:00Z`);
  clock(slot - 24 * 3_600_000 + 60_000 - Date.now());
  await expect
    .poll(() => smsTo(e164, since).filter((sms) => sms.text.includes("reminder: your appointment is")).length, {
      timeout: 150_000,
      intervals: [2_000],
    })
    .toBe(1);
  expect(smsTo(e164, since)[0]!.text).toContain(page);
  await patientContext.close();
  await admin.context().close();
});
