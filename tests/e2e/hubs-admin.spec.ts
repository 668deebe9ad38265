import {
  expect,
  expectAccessible,
  expectNoSidewaysScroll,
  hydrated,
  PHONE,
  readMails,
  test,
  toastOnScreen,
} from "./fixtures";
import { ADMIN, signInDirectly, uniqueEmail } from "./support/accounts";

/*
 * Hubs managed in the product (decision 021): a system administrator launches a coming-soon hub with
 * three waitlisted entries; each gets exactly one email, each becomes Notified, the progress says
 * so, and the hub is live on the public pages.
 */

const HUB = "maternal-child-health";

test("launching a hub emails each of its three waitlisted entries once", async ({ page, request }) => {
  test.setTimeout(90_000);
  const professionals = [uniqueEmail("midwife"), uniqueEmail("obstetrician")];
  const facility = uniqueEmail("clinic");
  for (const email of professionals) {
    const answer = await request.post(`/hub/${HUB}`, {
      form: {
        userType: "professional",
        fullName: "Ama Mensah",
        email,
        professionalTitle: "Consultant",
        specialty: "Obstetrics",
        yearsOfExperience: "8",
        country: "Ghana",
      },
    });
    expect(answer.status()).toBe(200);
  }
  const joined = await request.post(`/hub/${HUB}`, {
    form: {
      userType: "facility",
      facilityName: "Tamale Mothers Clinic",
      email: facility,
      facilityType: "clinic",
      contactPerson: "Kofi Boateng",
      country: "Ghana",
    },
  });
  expect(joined.status()).toBe(200);
  const everyone = [...professionals, facility];

  await signInDirectly(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL("/dashboard/system-admin");
  await page.getByRole("navigation", { name: "App" }).getByRole("link", { name: "Hubs" }).click();
  await expect(page).toHaveURL("/dashboard/system-admin/hubs");
  await page.getByRole("link", { name: /Edit Maternal/ }).click();
  await hydrated(page);
  const form = page.locator("form#hub");
  // Live without its address: refused, nothing sent.
  await form.getByLabel("Status").selectOption("live");
  await form.getByRole("button", { name: "Save hub" }).click();
  await expect(form.getByText("A live hub needs its address")).toBeVisible();
  // "Launch hub": live at its address, nothing else changed.
  const launch = page.locator("form#hub-launch");
  await expect(page.getByText("each of the 3 Pending entries of its waitlist is emailed once")).toBeVisible();
  await launch.getByRole("button", { name: "Launch hub" }).click();
  await expect(launch.getByText("A live hub needs its address")).toBeVisible();
  await launch.getByLabel("Live address").fill("https://maternal.example.org");
  await launch.getByRole("button", { name: "Launch hub" }).click();
  // First it says how many people will be emailed, and asks; nothing is sent yet.
  const confirm = page.getByRole("alertdialog", { name: "Email 3 people?" });
  await expect(confirm).toContainText("each of the 3 people still Pending");
  expect(readMails().filter((m) => /is now open/.test(m.subject))).toHaveLength(0);
  await confirm.getByRole("button", { name: "Yes, email 3 people" }).click();
  await expect(toastOnScreen(page).filter({ hasText: "Hub Launched" })).toBeVisible();
  await expect(launch).toHaveCount(0);
  await expect(form.getByLabel("Status")).toHaveValue("live");
  // The progress refreshes by itself until every entry is told.
  await expect(page.getByText("Sent to 3 of 3. Done.")).toBeVisible({ timeout: 20_000 });

  const launchMails = () => readMails().filter((m) => /is now open/.test(m.subject));
  for (const email of everyone) {
    await expect.poll(() => launchMails().filter((m) => m.to.includes(email)).length).toBe(1);
  }
  const facilityMail = launchMails().find((m) => m.to.includes(facility))!;
  expect(facilityMail.text).toContain("Claim your facility's listing");
  expect(facilityMail.text).toContain("https://maternal.example.org");
  // The hub's own page, which still answers now that it is live.
  expect(facilityMail.text).toContain(`/hub/${HUB}`);
  // No name typed into the waitlist form is repeated to an unconfirmed address.
  expect(facilityMail.text).not.toContain("Kofi Boateng");

  // Sending an update now reaches nobody: everyone is Notified.
  await page.getByLabel("Subject").fill("Clinics open next week");
  await page.getByLabel("Message").fill("The first clinics take referrals from Monday.");
  await page.getByRole("button", { name: "Send update" }).click();
  const noOne = page.getByRole("alertdialog", { name: "Nobody will be emailed" });
  await noOne.getByRole("button", { name: "Yes, send update" }).click();
  await expect(page.getByText("Sent to 0 of 0. Done.")).toBeVisible({ timeout: 20_000 });
  await page.goto("/dashboard/system-admin?tab=waitlist");
  for (const email of everyone) {
    await expect(page.getByRole("row", { name: new RegExp(email) })).toContainText("Notified");
  }
  expect(launchMails().filter((m) => everyone.some((e) => m.to.includes(e)))).toHaveLength(3);

  // Live on the public pages: the listing's card opens the hub's site; its own page stays,
  // with what it offers and a button to the live address, and takes no more sign-ups.
  await page.goto("/hubs");
  await expect(page.locator(`article[data-hub="${HUB}"]`)).toContainText("LIVE");
  const hubPage = await request.get(`/hub/${HUB}`);
  expect(hubPage.status()).toBe(200);
  const hubHtml = await hubPage.text();
  expect(hubHtml).toContain("What the hub offers");
  expect(hubHtml).toContain('href="https://maternal.example.org"');
  expect(await (await request.get("/sitemap.xml")).text()).toContain(`/hub/${HUB}<`);
  // The audit log names the hub of its events.
  await page.goto("/dashboard/system-admin/audit?type=hub");
  await expect(page.getByRole("row").filter({ hasText: "Hub launched" }).first()).toContainText("Maternal");
});

test.describe("on a phone, without JavaScript", () => {
  // The refused update answers 400 (the browser logs it).
  test.use({ viewport: PHONE, javaScriptEnabled: false, allowConsoleErrors: [/status of 400/] });
  test("the hub screens fit 360 px and an update posts as a plain form", async ({ page }) => {
    await signInDirectly(page, ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL("/dashboard/system-admin");
    await page.goto("/dashboard/system-admin/hubs");
    await expect(page.getByRole("heading", { level: 1, name: "Hubs" })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await page.goto("/dashboard/system-admin/hubs/mens-sexual-health");
    await expect(page.getByRole("heading", { name: "Launch this hub" })).toBeVisible();
    await expectNoSidewaysScroll(page);
    // A refused update answers in the page, then a valid one is sent (to whoever is Pending).
    await page.getByRole("button", { name: "Send update" }).click();
    await expect(page.getByText("Subject is required").first()).toBeVisible();
    await page.getByLabel("Subject").fill("Planning update");
    await page.getByLabel("Message").fill("The hub's first clinics are being chosen.");
    await page.getByRole("button", { name: "Send update" }).click();
    // The confirmation step works as a plain page too.
    await expect(page.getByRole("alertdialog")).toBeVisible();
    await expectNoSidewaysScroll(page);
    await page
      .getByRole("alertdialog")
      .getByRole("button", { name: /^Yes, / })
      .click();
    await expect(page).toHaveURL("/dashboard/system-admin/hubs/mens-sexual-health");
    await expect(page.getByText("Planning update")).toBeVisible();
  });

  test.describe("with JavaScript", () => {
    test.use({ javaScriptEnabled: true });
    test("the editor has no serious accessibility violations", async ({ page }) => {
      await signInDirectly(page, ADMIN.email, ADMIN.password);
      await expect(page).toHaveURL("/dashboard/system-admin");
      await page.goto("/dashboard/system-admin/hubs/mens-sexual-health");
      await hydrated(page);
      await expectNoSidewaysScroll(page);
      await expectAccessible(page);
    });
  });
});
