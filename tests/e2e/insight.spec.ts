import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { expect, expectAccessible, hydrated, test } from "./fixtures";
import { ADMIN, facilityChoices, registerAndVerify } from "./support/accounts";
import { approveIn, signedIn } from "./support/sign-in";

/*
 * Insight (decision 020) in the real server: a doctor's own charts show exactly their referrals and
 * earnings; the system administrator's overview draws its charts once React runs, with a text
 * alternative (a summary and the figures as a table) that agrees with its cards; the pending
 * payouts CSV opens with a byte-order mark, its header and the doctor's row.
 */

/** Posts as the page's forms do (a fetcher's answer, without a document). */
async function post(page: Page, path: string, form: Record<string, string>) {
  const response = await page.request.post(path, {
    form,
    headers: { Origin: new URL(page.url()).origin },
    maxRedirects: 0,
  });
  expect(response.status(), `${form.intent ?? "post"} ${path}`).toBeLessThan(400);
}

/** The numbers of a figure's table, row by row (the first cell is the row's label). */
async function figureRows(page: Page, title: string): Promise<number[][]> {
  const figure = page.getByRole("figure", { name: title });
  await figure.getByText("Show the figures as a table").click();
  const rows = figure.locator("tbody tr");
  const out: number[][] = [];
  for (const row of await rows.all()) {
    const cells = await row.locator("td").allTextContents();
    out.push(cells.map((c) => Number(c.replace(/[^\d.-]/g, "")) || 0));
  }
  return out;
}

test("a doctor's charts count their own referrals and earnings; the overview's charts agree with their tables; the payouts CSV", async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const suffix = Date.now().toString(36);
  const [facility] = await facilityChoices(request);
  const doctor = await registerAndVerify(request, { role: "doctor", name: `Dr Insight ${suffix}` });
  const facilityAdmin = await registerAndVerify(request, {
    role: "facility_admin",
    name: `Insight Admin ${suffix}`,
    facilityId: facility.id,
  });
  const admin = await signedIn(browser, ADMIN, "/dashboard/system-admin");
  await approveIn(admin, doctor);
  await approveIn(admin, facilityAdmin);

  // Two referrals; the facility accepts and completes the first: ₵70 earned and owed.
  const doc = await signedIn(browser, doctor, "/dashboard/doctor");
  for (const patient of [`Insight One ${suffix}`, `Insight Two ${suffix}`]) {
    await post(doc, "/referrals/create", {
      facility_id: facility.id,
      patient_name: patient,
      patient_phone: "024 555 0177",
      chief_complaint: "Headache for two weeks",
      urgency_level: "routine",
    });
  }
  const html = await (await doc.request.get("/dashboard/doctor")).text();
  const numbers = [...new Set(html.match(/REF-\d{4}-\d{6,}/g) ?? [])];
  expect(numbers).toHaveLength(2);
  const fa = await signedIn(browser, facilityAdmin, "/dashboard/facility-admin");
  const first = numbers[numbers.length - 1];
  await post(fa, `/referrals/${first}`, { intent: "accept" });
  await post(fa, `/referrals/${first}`, { intent: "complete", outcome: "Migraine; treated, review in 6 weeks." });

  await doc.goto("/dashboard/doctor");
  await hydrated(doc);
  const referralsFigure = doc.getByRole("figure", { name: "Referrals per month" });
  await expect(referralsFigure).toContainText("You made 2 referrals in the last 12 months.");
  await expect(doc.getByRole("figure", { name: "Earnings per month" })).toContainText("earned ₵70");
  await expect(doc.getByText(/Waiting to be paid: ₵70 \(1\)/)).toBeVisible();
  // The picture is drawn by Recharts once React runs; the same numbers are in the table.
  await expect(referralsFigure.locator("svg.recharts-surface").first()).toBeVisible();
  const months = await figureRows(doc, "Referrals per month");
  expect(months).toHaveLength(12);
  expect(months.flat().reduce((a, b) => a + b, 0)).toBe(2);
  expect(months[months.length - 1][0]).toBe(2);
  await expectAccessible(doc);

  // The overview: cards, charts and their tables, for the default 12 weeks and after a period change.
  await admin.goto("/dashboard/system-admin/overview");
  await hydrated(admin);
  const volume = admin.getByRole("figure", { name: /^Referrals per week/ });
  await expect(volume.locator("svg.recharts-surface").first()).toBeVisible();
  const total = Number(
    ((await volume.locator("figcaption").textContent()) ?? "").match(/^([\d,]+) referrals/)?.[1]?.replaceAll(",", ""),
  );
  expect(total).toBeGreaterThanOrEqual(2);
  const weeks = await figureRows(admin, (await volume.getByRole("heading").textContent()) ?? "");
  expect(weeks).toHaveLength(12);
  expect(weeks.flat().reduce((a, b) => a + b, 0)).toBe(total);
  await expectAccessible(admin);
  await admin.getByRole("navigation", { name: "Period" }).getByRole("link", { name: "Last 12 months" }).click();
  await expect(admin).toHaveURL("/dashboard/system-admin/overview?period=12m");
  await expect(admin.getByRole("figure", { name: /^Referrals per month/ })).toBeVisible();

  // The pending payouts file: BOM, header, the doctor's ₵70 row.
  const download = admin.waitForEvent("download");
  await admin.getByRole("link", { name: "Pending payouts (CSV)" }).click();
  const file = await download;
  const text = readFileSync((await file.path()) as string, "utf8");
  expect(text.charCodeAt(0)).toBe(0xfeff);
  const lines = text.slice(1).split(/\r?\n/);
  expect(lines[0]).toMatch(/^doctor_name,doctor_phone,doctor_email,amount_cedis,status,/);
  const row = lines.find((line) => line.includes(doctor.email));
  expect(row, "the doctor's payout").toBeTruthy();
  expect(row).toContain(first);
  expect(row).toMatch(/,70(\.00)?,pending,/);
});
