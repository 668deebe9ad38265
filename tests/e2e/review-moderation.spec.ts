import type { Page } from "@playwright/test";
import { expect, hydrated, PHONE, test } from "./fixtures";
import { ADMIN, facilityChoices, registerAndVerify } from "./support/accounts";
import { approveAll, signedIn } from "./support/sign-in";

/*
 * A comment a facility reported leaves its public profile; a system administrator then
 * restores it or removes its words, on the Reported Reviews screen, on a phone (360 x 740).
 * Screenshots under test-results/ux33/ for a person to compare.
 */

const SHOTS = "test-results/ux33";

test.use({ viewport: PHONE });

async function post(page: Page, path: string, form: Record<string, string>) {
  const response = await page.request.post(path, {
    form,
    headers: { Origin: new URL(page.url()).origin },
    maxRedirects: 0,
  });
  expect(response.status(), `${form.intent ?? "post"} ${path}`).toBeLessThan(400);
}

test("a system administrator restores one reported comment and removes another, at 360 px", async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const suffix = Date.now().toString(36);
  // The facility ux33.spec.ts's UX 6 reviews: it counts no reviews exactly.
  const facility = (await facilityChoices(request)).at(-3)!;
  const doctor = await registerAndVerify(request, { role: "doctor", name: `Dr Yaw Moderate ${suffix}` });
  const staff = await registerAndVerify(request, {
    role: "facility_admin",
    name: `Akua Moderate ${suffix}`,
    facilityId: facility.id,
  });
  await approveAll([doctor, staff]);
  const doc = await signedIn(browser, doctor, "/dashboard/doctor");
  const desk = await signedIn(browser, staff, "/dashboard/facility-admin", { viewport: PHONE });
  const comments = [`Fair but slow to call back (${suffix}).`, `Nurse Abena shouted at Mr Owusu, bed 3 (${suffix}).`];
  for (const [i, comment] of comments.entries()) {
    const patient = `Kwesi Moderate ${suffix} ${i}`;
    await post(doc, "/referrals/create", {
      facility_id: facility.id,
      patient_name: patient,
      patient_phone: "024 555 0177",
      chief_complaint: "Shortness of breath on exertion",
      urgency_level: "routine",
    });
    const html = await (await doc.request.get(`/referrals/history?q=${encodeURIComponent(patient)}`)).text();
    const number = html.match(/REF-\d{4}-\d{6,}/)?.[0] as string;
    await post(desk, `/referrals/${number}`, { intent: "accept" });
    await post(desk, `/referrals/${number}`, { intent: "complete", outcome: "Asthma; inhaler plan sent back." });
    await post(doc, `/referrals/${number}/review`, { rating: String(2 + i), comment });
  }
  await doc.context().close();
  // The facility reports both.
  await desk.goto("/dashboard/facility-admin");
  await hydrated(desk);
  for (const comment of comments) {
    const mine = desk
      .getByRole("region", { name: "Reviews of your facility" })
      .getByRole("listitem")
      .filter({ hasText: comment });
    await mine.getByRole("button", { name: /^Report/ }).click();
    await expect(mine).toContainText("Reported: not shown on your profile.");
  }
  await desk.context().close();
  const profile = `/facility/${facility.name
    .toLowerCase()
    .replace(/\s+/g, "-")
    .replace(/[^\w-]/g, "")}`;
  const visitor = await (await browser.newContext({ viewport: PHONE })).newPage();
  await visitor.goto(profile);
  for (const comment of comments) await expect(visitor.getByRole("main")).not.toContainText(comment);

  // The system administrator's screen, from the app's navigation.
  const admin = await signedIn(browser, ADMIN, "/dashboard/system-admin", { viewport: PHONE });
  await hydrated(admin);
  await admin.getByRole("navigation", { name: "App" }).getByRole("link", { name: "Reviews" }).click();
  await expect(admin).toHaveURL("/dashboard/system-admin/reviews");
  await expect(admin.getByRole("heading", { level: 1, name: "Reported Reviews" })).toBeVisible();
  const card = (comment: string) =>
    admin.getByRole("list", { name: "Reported comments" }).getByRole("listitem").filter({ hasText: comment });
  const [fair, named] = comments.map(card) as [ReturnType<typeof card>, ReturnType<typeof card>];
  await expect(fair).toContainText(facility.name);
  await expect(fair).toContainText(`by Akua Moderate ${suffix}`);
  await expect(named).toContainText("3 out of 5");
  // Fits the phone: no sideways scrolling, and the buttons are 44 px tall.
  expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  const restore = fair.getByRole("button", { name: /^Restore the comment about / });
  expect((await restore.boundingBox())!.height).toBeGreaterThanOrEqual(43.5);
  await named.scrollIntoViewIfNeeded();
  await admin.screenshot({ path: `${SHOTS}/reported-reviews.png` });

  await restore.click();
  await expect(admin.getByText(`It is shown again on ${facility.name}'s profile.`, { exact: true })).toBeVisible();
  await expect(fair).toHaveCount(0);
  await named.getByRole("button", { name: /^Remove the comment about / }).click();
  await expect(
    admin.getByText(`Its words are deleted; the rating still counts for ${facility.name}.`, { exact: true }),
  ).toBeVisible();
  await expect(named).toHaveCount(0);
  await admin.screenshot({ path: `${SHOTS}/reported-reviews-decided.png` });

  // The decisions are audited.
  await admin.goto("/dashboard/system-admin/audit?type=review.comment_removed");
  await expect(admin.getByRole("main")).toContainText("Review comment removed");
  await admin.context().close();

  await visitor.goto(profile);
  await expect(visitor.getByRole("main")).toContainText(comments[0]!);
  await expect(visitor.getByRole("main")).not.toContainText(comments[1]!);
  await visitor.context().close();
});
