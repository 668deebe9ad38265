import { mkdirSync } from "node:fs";
import { request as pw } from "@playwright/test";
import { expect, hydrated, PHONE, test } from "./fixtures";
import { ADMIN, registerAndVerify } from "./support/accounts";
import { selectFacility } from "./support/referral-form";
import { approveAll, signedIn } from "./support/sign-in";

/*
 * Point 1 of the outside UX review, at 360 px: a referral to a facility with no approved administrator and no on-call
 * number says what is true, and the form marks such a facility. It adds its own facility, so it runs
 * in the "network admin" project, after the specs that expect the seed's 8 facilities.
 */

const SHOTS = "test-results/ux33";
mkdirSync(SHOTS, { recursive: true });
const REFERRAL_PAGE = /\/referrals\/(REF-\d{4}-\d{6,})$/;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

async function startReferral(page: import("@playwright/test").Page, facility: string, patient: string) {
  await page.goto("/referrals/create");
  await hydrated(page);
  await page.getByLabel("Patient name").fill(patient);
  await page.getByLabel("Phone number").fill("024 555 0188");
  await selectFacility(page, facility);
  await page.getByLabel("Chief complaint").fill("Breast lump, for biopsy");
}

test("issue 33 at 360 px, 1: a facility no one there can be told of is marked, and the page never says it was told", async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  // A facility no one can be told of: added now by a system administrator, with no administrator
  // and no on-call number (the seeded ones get administrators from specs running beside this one).
  const facility = { name: `Volta Unreached Clinic ${Date.now().toString(36)}` };
  const admin = await pw.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL ?? "" } });
  const signedInAdmin = await admin.post("/auth", {
    form: { email: ADMIN.email, password: ADMIN.password },
    maxRedirects: 0,
  });
  expect(signedInAdmin.status()).toBe(302);
  const added = await admin.post("/dashboard/system-admin/facilities/new", {
    form: {
      intent: "save",
      name: facility.name,
      type: "clinic",
      location: "Ho, Ghana",
      country: "ghana",
      address: "12 Volta Street, Ho",
      description: "A community clinic in Ho.",
      about: "Serving the Volta Region with outpatient care.",
      services: "Outpatient care",
      specialties: "Pediatrics: Child health",
      languages: "English",
      phones: "+233 36 202 1234",
      email: "hello@ho.example.org",
      hours_mode: "all-day",
    },
    maxRedirects: 0,
  });
  expect(added.status(), "the facility is added").toBeLessThan(400);
  await admin.dispose();
  const doctor = await registerAndVerify(request, { role: "doctor", name: `Dr Unreached ${Date.now().toString(36)}` });
  await approveAll([doctor]);
  const page = await signedIn(browser, doctor, /\/dashboard\//, { viewport: PHONE });
  const patient = `Adwoa Unreachable ${Date.now().toString(36)}`;
  await startReferral(page, facility.name, patient);
  const select = page.getByLabel("Facility");
  await expect(select.locator("option:checked")).toHaveText(
    new RegExp(`^${escapeRegExp(facility.name)} — .+ \\(cannot receive referrals yet\\)$`),
  );
  await expect(page.getByText(/our administrators are alerted to phone the facility/).first()).toBeVisible();
  // The select shows only the start of its label on a phone: the mark is said in full below it.
  await expect(
    page.getByRole("status").filter({ hasText: `${facility.name} cannot receive referrals yet` }),
  ).toBeVisible();
  await page
    .getByRole("group", { name: "Referral Details" })
    .screenshot({ path: `${SHOTS}/1-form-marks-facility.png` });

  await page.getByRole("button", { name: "Create Referral" }).click();
  await expect(page).toHaveURL(REFERRAL_PAGE);
  await expect(page.getByRole("heading", { name: `Not yet received by ${facility.name}` })).toBeVisible();
  await expect(page.getByText(/The facility has been told/)).toHaveCount(0);
  await expect(page.getByText("Our administrators have been alerted to phone the facility.")).toBeVisible();
  // The timeline says the same: the system administrator was sent the alert, no one at the facility.
  const notified = page.getByRole("region", { name: "Who was notified" });
  await expect(notified).toContainText("Facility to be phoned by Email");
  await expect(notified).not.toContainText("New referral");
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SHOTS}/1-not-told.png` });
  await page.context().close();
});
