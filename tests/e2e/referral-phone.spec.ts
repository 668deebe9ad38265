import type { Browser, Page } from "@playwright/test";
import { expect, expectAccessible, expectNoSidewaysScroll, hydrated, PHONE, test } from "./fixtures";
import { facilityChoices, registerAndVerify } from "./support/accounts";
import { selectFacility } from "./support/referral-form";
import { approveAll, type Person, signedIn, toastTitled } from "./support/sign-in";

/*
 * A referral workspace made for the phone, in the real server: "Create Referral" lands
 * on the new referral's page ("Sent to {facility}") where a file is attached at once; the page
 * opens on the status with the rejection reason, then the actions; a rejected referral is referred
 * to another facility from a form filled with the same patient, complaint, notes and urgency,
 * without the facility that rejected it, and its files follow; nobody else can use that form to
 * read the referral; on a phone the Message button stays on screen.
 */

/** A browser signed in as the person, at the viewport if given. */
const contextFor = (browser: Browser, person: Person, viewport?: { width: number; height: number }) =>
  signedIn(browser, person, /\/dashboard\//, viewport ? { viewport } : {});

const PDF = Buffer.from("%PDF-1.4\n% a referral letter\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
const REFERRAL_PAGE = /\/referrals\/(REF-\d{4}-\d{6,})$/;
const numberIn = (page: Page) => page.url().match(/REF-\d{4}-\d{6,}/)?.[0] ?? "";
const attachments = (page: Page) => page.getByRole("region", { name: /^Attachments/ });
const toast = toastTitled;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

test.describe("a referral workspace made for the phone", () => {
  test.use({ allowConsoleErrors: [/status of 40[0-9]/] });

  test("create lands on the referral; a rejected one goes to another facility with its files, for its doctor only", async ({
    browser,
    request,
  }) => {
    test.setTimeout(180_000);
    const suffix = Date.now().toString(36);
    const choices = await facilityChoices(request);
    // A facility no other spec refers to, and another one to refer again to.
    const facility = choices.at(-6)!;
    const next = choices[1]!;
    const doctor = await registerAndVerify(request, { role: "doctor", name: `Dr Abena Phone ${suffix}` });
    const otherDoctor = await registerAndVerify(request, { role: "doctor", name: `Dr Other Phone ${suffix}` });
    const fa = await registerAndVerify(request, {
      role: "facility_admin",
      name: `Yaw Phone Admin ${suffix}`,
      facilityId: facility.id,
    });
    await approveAll([doctor, otherDoctor, fa]);

    // On a phone: the doctor refers, and lands on the new referral's page.
    const doc = await contextFor(browser, doctor, PHONE);
    await doc.goto("/referrals/create");
    await hydrated(doc);
    const patient = `Esi Phone ${suffix}`;
    await doc.getByLabel("Patient name").fill(patient);
    await doc.getByLabel("Phone number").fill("024 555 0166");
    await selectFacility(doc, facility.name);
    await doc.getByLabel("Chief complaint").fill("Sudden loss of vision in the left eye");
    await doc.getByLabel("Clinical notes").fill("Visual acuity 6/60 left. No trauma.");
    await doc.getByLabel("Emergency").check();
    await doc.getByRole("button", { name: "Create Referral" }).click();
    await expect(doc).toHaveURL(REFERRAL_PAGE);
    const number = numberIn(doc);
    await expect(toast(doc, "Referral Created")).toContainText("Your referral has been created successfully.");
    await expect(doc.getByRole("heading", { name: `Sent to ${facility.name}` })).toBeVisible();
    await expect(doc.getByRole("heading", { level: 1, name: `Referral ${number}` })).toBeVisible();

    // Files can be attached at once.
    await doc.getByRole("link", { name: "attach files now" }).click();
    await doc
      .getByLabel("File", { exact: true })
      .setInputFiles({ name: "eye exam.pdf", mimeType: "application/pdf", buffer: PDF });
    await doc.getByRole("button", { name: "Upload" }).click();
    await expect(toast(doc, "File Attached")).toBeVisible();
    await expect(attachments(doc)).toContainText("eye exam.pdf");

    // The Message button stays on screen on a phone, wherever the page is scrolled, and leads to the form.
    const shortcut = doc.getByRole("link", { name: "Message", exact: true });
    await doc.evaluate(() => window.scrollTo(0, 0));
    await expect(shortcut).toBeInViewport();
    await doc.evaluate(() => window.scrollTo(0, document.body.scrollHeight / 2));
    await expect(shortcut).toBeInViewport();
    await shortcut.click();
    await expect(doc.getByRole("heading", { name: "Post a message" })).toBeInViewport();
    await expectNoSidewaysScroll(doc);

    // The facility rejects it with a reason (a plain post of the page's form, as the dialog sends).
    const admin = await contextFor(browser, fa);
    await admin.goto(`/referrals/${number}?reject=1`);
    await hydrated(admin);
    await admin.getByRole("dialog").getByLabel("Reason for rejection").fill("No ophthalmologist on call this week");
    await admin.getByRole("dialog").getByRole("button", { name: "Reject Referral" }).click();
    await expect(admin.getByRole("main")).toContainText("Rejected");

    // The page opens on what matters now: the status and the reason, then the actions.
    await doc.reload();
    await hydrated(doc);
    const main = doc.getByRole("main");
    await doc.evaluate(() => window.scrollTo(0, 0));
    const order: number[] = [];
    for (const name of ["Reason for rejection", "Actions", "Details", "Timeline"]) {
      const box = await main.getByRole("heading", { level: 2, name, exact: true }).boundingBox();
      order.push(box?.y ?? -1);
    }
    expect(order.every((y) => y >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    await expect(main).toContainText("No ophthalmologist on call this week");
    const again = doc.getByRole("link", { name: "Refer to another facility" });
    await expect(again).toHaveAttribute("href", `/referrals/create?from=${number}`);
    await expectAccessible(doc);

    // Refer to another facility: the same patient, complaint, notes and urgency; not the facility
    // that rejected it; its file listed to be copied.
    await again.click();
    await expect(doc).toHaveURL(`/referrals/create?from=${number}`);
    await hydrated(doc);
    await expect(doc.getByLabel("Patient name")).toHaveValue(patient);
    await expect(doc.getByLabel("Phone number")).toHaveValue("+233245550166");
    await expect(doc.getByLabel("Chief complaint")).toHaveValue("Sudden loss of vision in the left eye");
    await expect(doc.getByLabel("Clinical notes")).toHaveValue("Visual acuity 6/60 left. No trauma.");
    await expect(doc.getByLabel("Emergency")).toBeChecked();
    const offered = (await doc.getByLabel("Facility").locator("option").allTextContents()).map((t) => t.trim());
    expect(offered.some((label) => label.startsWith(`${facility.name} — `))).toBe(false);
    expect(offered.some((label) => label.startsWith(`${next.name} — `))).toBe(true);
    await expect(doc.getByRole("region", { name: `Referring again from ${number}` })).toContainText("eye exam.pdf");
    await selectFacility(doc, next.name);
    await doc.getByRole("button", { name: "Create Referral" }).click();
    await expect(doc).toHaveURL(REFERRAL_PAGE);
    const second = numberIn(doc);
    expect(second).not.toBe(number);
    // The outside UX review's point 1: "Sent to" only where someone at the facility was told; this one may have no
    // administrator yet (other specs may add one), and then the page says so.
    await expect(
      doc.getByRole("heading", { name: new RegExp(`^(Sent to|Not yet received by) ${escapeRegExp(next.name)}$`) }),
    ).toBeVisible();
    await expect(attachments(doc)).toContainText("eye exam.pdf");
    const download = await doc.request.get(
      (await attachments(doc)
        .getByRole("link", { name: /eye exam\.pdf/ })
        .getAttribute("href"))!,
    );
    expect(download.status()).toBe(200);
    expect(Buffer.from(await download.body()).equals(PDF)).toBe(true);

    // Nobody else gets anything from ?from=: another doctor sees a refusal and an empty form
    // (404), the facility's administrator is not let in to the create form at all (403).
    const other = await contextFor(browser, otherDoctor);
    const answer = await other.goto(`/referrals/create?from=${number}`);
    expect(answer?.status()).toBe(404);
    await expect(
      other.getByRole("alert").filter({ hasText: "no rejected or cancelled referral of yours" }),
    ).toBeVisible();
    await expect(other.getByLabel("Patient name")).toHaveValue("");
    expect(await other.content()).not.toContain(patient);
    expect(await other.content()).not.toContain("Sudden loss of vision");
    await expect(other.getByRole("link", { name: "Refer to another facility" })).toHaveCount(0);
    const asAdmin = await admin.goto(`/referrals/create?from=${number}`);
    expect(asAdmin?.status()).toBe(403);
    expect(await admin.content()).not.toContain("Sudden loss of vision");
    // ...and their posts copy nothing: another doctor naming it gets a referral without its files.
    const posted = await other.request.post("/referrals/create", {
      form: {
        facility_id: next.id,
        patient_name: `Someone Else ${suffix}`,
        patient_phone: "024 555 0167",
        chief_complaint: "Cough",
        urgency_level: "routine",
        from: number,
      },
      headers: { Origin: new URL(other.url()).origin },
      maxRedirects: 0,
    });
    expect(posted.status()).toBe(302);
    const theirs = posted.headers().location;
    expect(theirs).toMatch(/^\/referrals\/REF-/);
    await other.goto(theirs);
    await expect(attachments(other)).not.toContainText("eye exam.pdf");
    // The facility administrator sees no "Refer to another facility" on the rejected referral.
    await admin.goto(`/referrals/${number}`);
    await expect(admin.getByRole("link", { name: "Refer to another facility" })).toHaveCount(0);
  });
});
