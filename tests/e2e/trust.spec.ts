import type { Page } from "@playwright/test";
import { expect, expectAccessible, hydrated, test, toastOnScreen } from "./fixtures";
import { ADMIN, facilityChoices, registerAndVerify } from "./support/accounts";
import { signedIn } from "./support/sign-in";

/*
 * Verified people, measured facilities, in the real server: a doctor registers with
 * their MDC registration number and a facility administrator with their facility's HeFRA licence
 * number; the system administrator sees both numbers on the approval screen and records that they
 * checked them, and the accounts then read "Verified by Qurhealth on {date}". After a completed
 * referral the referring doctor rates the facility, and its profile shows the rating.
 */

async function post(page: Page, path: string, form: Record<string, string>) {
  const response = await page.request.post(path, {
    form,
    headers: { Origin: new URL(page.url()).origin },
    maxRedirects: 0,
  });
  expect(response.status(), `${form.intent ?? "post"} ${path}`).toBeLessThan(400);
}

const slugOf = (name: string) =>
  name
    .toLowerCase()
    .replace(/\s+/g, "-")
    .replace(/[^\w-]/g, "");

test.describe("verified people, measured facilities", () => {
  test("registration numbers are checked by a system administrator, and a completed referral's facility is rated", async ({
    browser,
    request,
  }) => {
    test.setTimeout(150_000);
    const suffix = Date.now().toString(36);
    const facility = (await facilityChoices(request)).at(-1)!;
    const doctor = await registerAndVerify(request, { role: "doctor", name: `Dr Efua Trust ${suffix}` });
    const fa = await registerAndVerify(request, {
      role: "facility_admin",
      name: `Kofi Trust ${suffix}`,
      facilityId: facility.id,
    });

    // The approval screen: each account's number, approved and recorded as checked.
    const admin = await signedIn(browser, ADMIN);
    for (const [person, label, number] of [
      [doctor, "MDC registration number", "MDC/RN/04321"],
      [fa, "Facility's HeFRA licence number", "HeFRA/GAR/2024/0042"],
    ] as const) {
      await admin.goto(`/dashboard/system-admin?tab=users&q=${encodeURIComponent(person.email)}`);
      await hydrated(admin);
      const row = admin.getByRole("row").filter({ hasText: person.email });
      await expect(row).toContainText(`${label}: ${number}`);
      await row.getByRole("button", { name: `Approve ${person.name}` }).click();
      await expect(toastOnScreen(admin).filter({ hasText: "Approved" }).first()).toBeVisible();
      await row.getByRole("button", { name: `Record as checked for ${person.name}'s ${label.toLowerCase()}` }).click();
      await expect(admin).toHaveURL(/tab=users/);
      await expect(toastOnScreen(admin).filter({ hasText: "Registration number checked" }).first()).toBeVisible();
      await expect(admin.getByRole("row").filter({ hasText: person.email })).toContainText(
        new RegExp(`Verified by Qurhealth on \\d{1,2} \\w{3} \\d{4} \\(${ADMIN.name}\\)`),
      );
    }
    // The check is in the audit log.
    await admin.goto("/dashboard/system-admin/audit");
    await expect(admin.getByRole("main")).toContainText("Registration number checked");

    // The doctor's own page says who verified the number, and when.
    const doc = await signedIn(browser, doctor);
    await doc.goto("/account/registration");
    await expect(doc.getByRole("main")).toContainText("MDC/RN/04321");
    await expect(doc.getByRole("main")).toContainText(/Verified by Qurhealth on \d{1,2} \w{3} \d{4}/);
    await expectAccessible(doc);

    // A referral, accepted and completed by the facility.
    const created = await doc.request.post("/referrals/create", {
      form: {
        facility_id: facility.id,
        patient_name: `Abena Trust ${suffix}`,
        patient_phone: "024 555 0177",
        chief_complaint: "Knee pain after a fall",
        urgency_level: "routine",
      },
      headers: { Origin: new URL(doc.url()).origin },
      maxRedirects: 0,
    });
    expect([302, 303]).toContain(created.status());
    const referral = (await (await doc.request.get("/dashboard/doctor")).text()).match(/REF-\d{4}-\d{6,}/)?.[0];
    expect(referral).toBeTruthy();
    // Before completion there is nothing to rate.
    expect((await doc.request.get(`/referrals/${referral}/review`)).status()).toBe(404);
    const staff = await signedIn(browser, fa);
    await post(staff, `/referrals/${referral}`, { intent: "accept" });
    await post(staff, `/referrals/${referral}`, { intent: "complete", outcome: "Sprain; rest and physiotherapy." });
    // The facility's administrator may not rate it.
    expect((await staff.request.get(`/referrals/${referral}/review`)).status()).toBe(404);

    // The doctor rates the facility: the rating is required, then saved.
    await doc.goto(`/referrals/${referral}/review`);
    await hydrated(doc);
    await expect(doc.getByRole("heading", { name: `Rate ${facility.name}` })).toBeVisible();
    await expectAccessible(doc);
    await doc.getByRole("button", { name: "Submit review" }).click();
    await expect(doc.getByText("Please choose a rating from 1 to 5 stars").first()).toBeVisible();
    await doc.getByRole("radio", { name: "4 stars" }).check();
    await doc.getByLabel("Comment (optional)").fill("Seen within the hour; clear advice back to me.");
    await doc.getByRole("button", { name: "Submit review" }).click();
    await expect(doc).toHaveURL(`/referrals/${referral}`);
    await expect(toastOnScreen(doc).filter({ hasText: "Review saved" }).first()).toBeVisible();

    // The facility's profile and directory card show the rating from the review.
    const visitor = await (await browser.newContext()).newPage();
    await visitor.goto(`/facility/${slugOf(facility.name)}`);
    const header = visitor.locator("header").filter({ has: visitor.getByRole("heading", { level: 1 }) });
    await expect(header).toContainText("Rated 4.0 out of 5");
    await expect(header).toContainText("(1 review)");
    // The figures once the facility has answered 5 referrals (the specs before this one may have
    // answered that many there), the promise of them until then.
    await expect(visitor.getByRole("region", { name: "Referral performance" })).toContainText(
      /Shown once the facility has answered 5 referrals|Acceptance rate\d+%/,
    );
    await visitor.goto(`/facilities?q=${encodeURIComponent(facility.name)}`);
    await expect(visitor.getByRole("article").filter({ hasText: facility.name })).toContainText("(1 review)");

    // Changing it within 30 days changes the same review.
    await doc.goto(`/referrals/${referral}/review`);
    await hydrated(doc);
    await expect(doc.getByRole("main")).toContainText("You rated it 4 out of 5");
    await doc.getByRole("radio", { name: "2 stars" }).check();
    await doc.getByRole("button", { name: "Update review" }).click();
    await expect(toastOnScreen(doc).filter({ hasText: "Review updated" }).first()).toBeVisible();
    await visitor.goto(`/facility/${slugOf(facility.name)}`);
    await expect(visitor.getByRole("main")).toContainText("Rated 2.0 out of 5");
  });
});
