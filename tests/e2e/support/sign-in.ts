import { type Browser, type BrowserContextOptions, type Page, request } from "@playwright/test";
import { expect, hydrated, test, waitForMail } from "../fixtures";
import { ADMIN, knownSession, rememberSession, signInDirectly } from "./accounts";

/*
 * The setup the signed-in specs share: a browser signed in as someone, accounts approved by the
 * system administrator, a referral posted as the create form posts it, a toast by its title.
 */

export type Person = { email: string; password: string; name: string };

/**
 * A new browser (context) signed in as `person`, on their dashboard: `dashboard` is its address
 * (any dashboard by default); `options` are the context's (viewport, JavaScript off, https errors).
 */
export async function signedIn(
  browser: Browser,
  person: Pick<Person, "email" | "password">,
  dashboard: string | RegExp = /\/dashboard\//,
  options: BrowserContextOptions = {},
): Promise<Page> {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  await signInDirectly(page, person.email, person.password);
  await expect(page).toHaveURL(dashboard);
  return page;
}

/** The system administrator (already signed in on `admin`) approves the account; its owner is mailed. */
export async function approveIn(admin: Page, person: Person): Promise<void> {
  await admin.goto(`/dashboard/system-admin?tab=users&q=${encodeURIComponent(person.email)}`);
  await hydrated(admin);
  await admin.getByRole("button", { name: `Approve ${person.name}` }).click();
  await waitForMail(person.email, (m) => /approved/i.test(m.subject));
}

/**
 * The system administrator approves each account, as the Approve button posts it (decision 038: no
 * browser; the button itself is dashboards.spec.ts's and referrals.spec.ts's subject); each owner
 * is mailed (`mailed`: the subject of that email, in the owner's language).
 */
export async function approveAll(people: Person[], { mailed = /approved/i }: { mailed?: RegExp } = {}): Promise<void> {
  const baseURL = test.info().project.use.baseURL ?? "";
  const known = knownSession(baseURL, ADMIN.email);
  const admin = await request.newContext({
    baseURL,
    extraHTTPHeaders: { Origin: new URL(baseURL).origin },
    ignoreHTTPSErrors: true,
    storageState: known ? { cookies: known, origins: [] } : undefined,
  });
  try {
    // The administrator's session this worker already has, if /auth still sends it to the dashboard.
    const stillSignedIn = known && (await admin.get("/auth", { maxRedirects: 0 })).status() === 302;
    if (!stillSignedIn) {
      const signedInAdmin = await admin.post("/auth", {
        form: { intent: "signin", email: ADMIN.email, password: ADMIN.password },
        maxRedirects: 0,
      });
      expect(signedInAdmin.status(), "the administrator signs in").toBe(302);
      rememberSession(baseURL, ADMIN.email, (await admin.storageState()).cookies);
    }
    for (const person of people) {
      const page = await admin.get(`/dashboard/system-admin?tab=users&q=${encodeURIComponent(person.email)}`);
      const html = await page.text();
      const userId = html.match(/name="userId" value="([0-9a-f-]{36})"/)?.[1];
      const role = html.match(/name="role" value="([a-z_]+)"/)?.[1];
      expect(userId, `${person.email} is waiting for approval`).toBeTruthy();
      const approved = await admin.post("/dashboard/system-admin", {
        form: { intent: "approve", userId: userId as string, role: role ?? "" },
        maxRedirects: 0,
      });
      expect(approved.status(), `approve ${person.email}`).toBeLessThan(400);
      await waitForMail(person.email, (m) => mailed.test(m.subject));
    }
  } finally {
    await admin.dispose();
  }
}

/**
 * A referral from the signed-in doctor to the facility, posted as the create form posts it; its
 * number, found in History by the patient's name.
 */
export async function referByPost(
  doctor: Page,
  facilityId: string,
  patient: string,
  details: { chief_complaint: string; clinical_notes?: string },
): Promise<string> {
  const response = await doctor.request.post("/referrals/create", {
    form: {
      facility_id: facilityId,
      patient_name: patient,
      patient_phone: "024 555 0199",
      patient_email: "",
      patient_date_of_birth: "1984-02-29",
      clinical_notes: "",
      ...details,
      urgency_level: "urgent",
    },
    headers: { Origin: new URL(doctor.url()).origin },
    maxRedirects: 0,
  });
  expect([302, 303]).toContain(response.status());
  const html = await (await doctor.request.get(`/referrals/history?q=${encodeURIComponent(patient)}`)).text();
  const number = html.match(/REF-\d{4}-\d{6,}/)?.[0];
  expect(number, "the new referral's number").toBeTruthy();
  return number as string;
}

/** The facility administrator accepts and completes one pending referral (posted as the dashboard's forms do). */
export async function acceptAndCompleteOne(browser: Browser, facilityAdmin: Person, numbers: string[]): Promise<void> {
  const page = await signedIn(browser, facilityAdmin, "/dashboard/facility-admin");
  const html = await (await page.request.get("/dashboard/facility-admin")).text();
  // One of the caller's own referrals (its row: the number, then its Reject link): other specs refer
  // to the same facility at the same time, and their referral may be first in the queue.
  const ours = numbers
    .map((number) => html.indexOf(number))
    .filter((at) => at >= 0)
    .map((at) => html.slice(at).match(/reject=([0-9a-f-]{36})/)?.[1]);
  const referralId = ours.find(Boolean) ?? html.match(/reject=([0-9a-f-]{36})/)?.[1];
  expect(referralId, "a pending referral in the queue").toBeTruthy();
  const headers = { Origin: new URL(page.url()).origin };
  const forms: Array<Record<string, string>> = [
    { intent: "accept", referralId: referralId as string },
    { intent: "complete", referralId: referralId as string, outcome: "Seen and treated; follow-up in 2 weeks." },
  ];
  for (const form of forms) {
    const response = await page.request.post("/dashboard/facility-admin", { form, headers, maxRedirects: 0 });
    expect(response.status(), `${form.intent} answers`).toBeLessThan(400);
  }
  await page.context().close();
}

/** The toast titled `title`, in the toaster's list once React runs, or the page's status before. */
export const toastTitled = (page: Page, title: string) =>
  page
    .getByRole("region", { name: /^Notifications/ })
    .getByRole("listitem")
    .or(page.getByRole("status"))
    .filter({ hasText: title })
    .first();
