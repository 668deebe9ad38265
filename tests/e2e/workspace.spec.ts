import type { Browser, Page } from "@playwright/test";
import { expect, expectAccessible, hydrated, test, waitForMail } from "./fixtures";
import { facilityChoices, registerAndVerify } from "./support/accounts";
import { approveAll, type Person, referByPost, signedIn, toastTitled } from "./support/sign-in";

/*
 * A referral's own page in the real server: the details, the timeline, messages each
 * way, files uploaded by one side and downloaded by the other, the outcome, the print slip and a
 * cancel; other people's doctors and facilities get the 404 screen, for the page and the files.
 */

/** A browser signed in as the person (JavaScript on unless said). */
const contextFor = (browser: Browser, person: Person, options: { javaScriptEnabled?: boolean } = {}) =>
  signedIn(browser, person, /\/dashboard\//, { javaScriptEnabled: options.javaScriptEnabled ?? true });

/** A referral made by the doctor (posted as the create form does); its number. */
const refer = (doctor: Page, facilityId: string, patient: string) =>
  referByPost(doctor, facilityId, patient, {
    chief_complaint: "Chest pain on exertion",
    clinical_notes: "BP 170/100. ECG: ST depression.",
  });

const PDF = Buffer.from("%PDF-1.4\n% a referral letter\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);

const timeline = (page: Page) => page.getByRole("list", { name: "Timeline, oldest first" });
const toast = toastTitled;

test.describe("the referral workspace", () => {
  test.use({ allowConsoleErrors: [/status of 40[0-9]/] });

  test("a referral's whole life on its page, with messages, files, the outcome and the slip", async ({
    browser,
    request,
  }) => {
    test.setTimeout(180_000);
    const suffix = Date.now().toString(36);
    const choices = await facilityChoices(request);
    const facility = choices.at(-2)!;
    const elsewhere = choices.at(-3)!;
    const doctor = await registerAndVerify(request, { role: "doctor", name: `Dr Ama Owusu ${suffix}` });
    const fa = await registerAndVerify(request, {
      role: "facility_admin",
      name: `Kojo Admin ${suffix}`,
      facilityId: facility.id,
    });
    const otherDoctor = await registerAndVerify(request, { role: "doctor", name: `Dr Other ${suffix}` });
    const otherAdmin = await registerAndVerify(request, {
      role: "facility_admin",
      name: `Other Admin ${suffix}`,
      facilityId: elsewhere.id,
    });
    await approveAll([doctor, fa, otherDoctor, otherAdmin]);

    const doc = await contextFor(browser, doctor);
    const number = await refer(doc, facility.id, `Yaw Mensah ${suffix}`);

    // The doctor's page: everything about the referral, and what the doctor may do.
    await doc.goto(`/referrals/${number}`);
    await hydrated(doc);
    await expect(doc.getByRole("heading", { level: 1, name: `Referral ${number}` })).toBeVisible();
    const details = doc.getByRole("region", { name: "Details" });
    await expect(details).toContainText(`Yaw Mensah ${suffix}`);
    await expect(details).toContainText("+233 24 555 0199");
    await expect(details).toContainText("29 Feb 1984");
    await expect(details).toContainText("BP 170/100");
    await expect(details).toContainText(facility.name);
    // The doctor's share exists once the referral is completed: not yet.
    await expect(details.getByText("Doctor's share").locator("..")).toContainText("—");
    await expect(doc.getByRole("link", { name: "Cancel Referral" })).toBeVisible();
    await expect(doc.getByRole("button", { name: "Accept" })).toHaveCount(0);
    await expect(timeline(doc).getByRole("listitem").first()).toContainText("Referral created");
    await expect(timeline(doc).getByRole("listitem").first()).toContainText(doctor.name);
    await expectAccessible(doc);

    // A message to the facility: blank is refused, then sent; the facility is emailed the number only.
    await doc.getByRole("button", { name: "Send" }).click();
    await expect(doc.getByText("Please write a message")).toBeVisible();
    await doc.getByRole("textbox", { name: "Message" }).fill("Is there a cardiology bed tonight?");
    await doc.getByRole("button", { name: "Send" }).click();
    await expect(toast(doc, "Message Sent")).toBeVisible();
    await expect(timeline(doc)).toContainText("Is there a cardiology bed tonight?");
    await expect(doc.getByRole("textbox", { name: "Message" })).toHaveValue("");
    const notice = await waitForMail(fa.email, (m) => m.subject === `New message on referral ${number}`);
    expect(notice.text).not.toContain("cardiology bed");

    // The doctor attaches a letter (a PDF, known by its bytes).
    await doc
      .getByLabel("File", { exact: true })
      .setInputFiles({ name: "referral letter.pdf", mimeType: "application/pdf", buffer: PDF });
    await doc.getByRole("button", { name: "Upload" }).click();
    await expect(toast(doc, "File Attached")).toBeVisible();
    const attachments = doc.getByRole("region", { name: /^Attachments/ });
    await expect(attachments).toContainText("referral letter.pdf");
    await expect(attachments).toContainText("PDF");
    // HTML named .pdf is refused with a clear message, and nothing is stored.
    await doc
      .getByLabel("File", { exact: true })
      .setInputFiles({ name: "fake.pdf", mimeType: "application/pdf", buffer: Buffer.from("<html>hi</html>") });
    await doc.getByRole("button", { name: "Upload" }).click();
    await expect(doc.getByText("Only PDF, JPEG, PNG or WebP files can be attached.").first()).toBeVisible();
    await expect(attachments).not.toContainText("fake.pdf");
    // Over 10 MB: the clear message, whether the parser stops it (10 MB and a byte) or the upload's
    // body limit does (far over), and nothing stored.
    const referralId = await doc.locator('input[name="referralId"]').first().inputValue();
    for (const size of [10 * 1024 * 1024 + 1, 12 * 1024 * 1024]) {
      const big = Buffer.alloc(size);
      PDF.copy(big);
      const over = await doc.request.post(`/referrals/${number}`, {
        multipart: {
          intent: "attach",
          referralId,
          file: { name: "big.pdf", mimeType: "application/pdf", buffer: big },
        },
        headers: { Origin: new URL(doc.url()).origin },
      });
      expect(over.status()).toBe(413);
      expect(await over.text()).toContain("The file is larger than 10 MB.");
    }
    await doc.reload();
    await expect(attachments).not.toContainText("big.pdf");

    // The facility administrator reads the message, accepts, answers and downloads the letter.
    const admin = await contextFor(browser, fa);
    await admin.goto(`/referrals/${number}`);
    await hydrated(admin);
    await expect(timeline(admin)).toContainText("Is there a cardiology bed tonight?");
    await expect(admin.getByRole("heading", { name: "Attach a file" })).toHaveCount(0);
    await admin.getByRole("button", { name: "Accept" }).click();
    await expect(toast(admin, "Referral accepted")).toBeVisible();
    await expect(admin.getByRole("main").getByText("Accepted", { exact: true }).first()).toBeVisible();
    await admin.getByRole("textbox", { name: "Message" }).fill("Yes: bring her to ward 3.");
    await admin.getByRole("button", { name: "Send" }).click();
    await expect(toast(admin, "Message Sent")).toBeVisible();
    await waitForMail(doctor.email, (m) => m.subject === `New message on referral ${number}`);

    const link = admin.getByRole("region", { name: /^Attachments/ }).getByRole("link", { name: "referral letter.pdf" });
    const href = (await link.getAttribute("href")) ?? "";
    const download = await admin.request.get(href);
    expect(download.status()).toBe(200);
    expect(Buffer.from(await download.body()).equals(PDF)).toBe(true);
    const headers = download.headers();
    expect(headers["content-type"]).toBe("application/pdf");
    expect(headers["content-length"]).toBe(String(PDF.length));
    expect(headers["content-disposition"]).toContain("attachment;");
    expect(headers["content-disposition"]).toContain("filename*=UTF-8''referral%20letter.pdf");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["cache-control"]).toBe("private, no-store");

    // After accepting, the facility may attach a result too.
    await admin
      .getByLabel("File", { exact: true })
      .setInputFiles({ name: "echo.png", mimeType: "image/png", buffer: PNG });
    await admin.getByRole("button", { name: "Upload" }).click();
    await expect(toast(admin, "File Attached")).toBeVisible();
    await expect(admin.getByRole("region", { name: /^Attachments/ })).toContainText("echo.png");

    // Completing asks for the outcome: blank is refused in the dialog.
    await admin.getByRole("link", { name: "Mark as Completed" }).click();
    const dialog = admin.getByRole("dialog", { name: "Complete Referral" });
    await dialog.getByRole("button", { name: "Complete Referral" }).click();
    await expect(dialog.getByText(/Please describe the outcome: what was done/)).toBeVisible();
    await dialog.getByLabel("Outcome").fill("Angiography: 70% LAD stenosis, stented. Review in 6 weeks.");
    await dialog.getByRole("button", { name: "Complete Referral" }).click();
    await expect(dialog).toBeHidden();
    await expect(toast(admin, "Referral completed")).toBeVisible();

    // The doctor reads the outcome, the reply and the facility's file on the page.
    await waitForMail(doctor.email, (m) => m.subject === `Referral ${number} completed`);
    await doc.goto(`/referrals/${number}`);
    await hydrated(doc);
    await expect(doc.getByRole("region", { name: "Outcome" })).toContainText("70% LAD stenosis, stented");
    const entries = timeline(doc).getByRole("listitem");
    await expect(entries.filter({ hasText: "Yes: bring her to ward 3." })).toContainText("Facility Administrator");
    await expect(entries.filter({ hasText: "Referral completed" })).toContainText("Review in 6 weeks");
    await expect(entries.filter({ hasText: "echo.png" })).toContainText(fa.name);
    await expect(doc.getByRole("region", { name: "Details" })).toContainText("Pending");

    // The print slip: a QR code drawn on the server, the header and the rest hidden in print.
    const slip = doc.locator("[data-print-slip]");
    await expect(slip.locator("svg")).toHaveCount(1);
    await expect(slip).toContainText(`/referrals/${number}`);
    await expect(slip).toBeHidden();
    await doc.emulateMedia({ media: "print" });
    await expect(slip).toBeVisible();
    await expect(slip).toContainText(`Yaw Mensah ${suffix}`);
    await expect(doc.getByRole("banner")).toBeHidden();
    await expect(timeline(doc)).toBeHidden();
    await expect(doc.getByRole("button", { name: "Send" })).toBeHidden();
    await doc.emulateMedia({ media: "screen" });
    await doc.goto(`/referrals/${number}?print=1`);
    await expect(doc.locator("[data-print-slip]")).toBeVisible();
    await expect(timeline(doc)).toHaveCount(0);

    // Another doctor and another facility's administrator: the 404 screen, for the page and the file.
    for (const stranger of [otherDoctor, otherAdmin]) {
      const other = await contextFor(browser, stranger);
      const response = await other.goto(`/referrals/${number}`);
      expect(response?.status()).toBe(404);
      await expect(other.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
      await expect(other.getByRole("main")).not.toContainText("Yaw Mensah");
      const file = await other.request.get(href);
      expect(file.status()).toBe(404);
      expect(await file.text()).not.toContain("%PDF");
      // The same answer as a referral that does not exist.
      expect((await other.goto("/referrals/REF-2000-999999"))?.status()).toBe(404);
      await other.context().close();
    }

    // A cancel by the doctor: a reason in the dialog, then nothing more is offered.
    const second = await refer(doc, facility.id, `Esi Badu ${suffix}`);
    await doc.goto(`/referrals/${second}`);
    await hydrated(doc);
    await doc.getByRole("link", { name: "Cancel Referral" }).click();
    const cancel = doc.getByRole("dialog", { name: "Cancel Referral" });
    await cancel.getByLabel("Reason for cancelling").fill("The patient was admitted elsewhere.");
    await cancel.getByRole("button", { name: "Cancel Referral" }).click();
    await expect(toast(doc, "Referral cancelled")).toBeVisible();
    await expect(doc.getByRole("region", { name: "Reason for cancelling" })).toContainText("admitted elsewhere");
    // What is left for the doctor is to refer the patient again.
    await expect(doc.getByRole("link", { name: "Refer to another facility" })).toHaveAttribute(
      "href",
      `/referrals/create?from=${second}`,
    );
    await expect(doc.getByRole("link", { name: "Cancel Referral" })).toHaveCount(0);
    await expect(doc.getByRole("button", { name: "Send" })).toHaveCount(0);
    await expect(doc.getByRole("button", { name: "Upload" })).toHaveCount(0);
    await waitForMail(fa.email, (m) => m.subject === `Referral ${second} cancelled`);
    await admin.goto(`/referrals/${second}`);
    await expect(admin.getByRole("button", { name: "Accept" })).toHaveCount(0);
    await expect(admin.getByRole("link", { name: "Reject" })).toHaveCount(0);
    await expect(admin.getByText("This referral was cancelled: nothing more can be done on it.")).toBeVisible();
    await expect(admin.getByRole("link", { name: "Refer to another facility" })).toHaveCount(0);
  });
});

test.describe("the referral workspace without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("posts a message and completes with an outcome through plain forms", async ({ browser, request }) => {
    test.setTimeout(150_000);
    const suffix = Date.now().toString(36);
    const facility = (await facilityChoices(request)).at(-4)!;
    const doctor = await registerAndVerify(request, { role: "doctor", name: `Dr NoJS ${suffix}` });
    const fa = await registerAndVerify(request, {
      role: "facility_admin",
      name: `NoJS Admin ${suffix}`,
      facilityId: facility.id,
    });
    await approveAll([doctor, fa]);
    const doc = await contextFor(browser, doctor, { javaScriptEnabled: false });
    const number = await refer(doc, facility.id, `Abena Nojs ${suffix}`);

    const admin = await contextFor(browser, fa, { javaScriptEnabled: false });
    await admin.goto(`/referrals/${number}`);
    // A message (a plain post, then a redirect with the answer).
    await admin.getByRole("textbox", { name: "Message" }).fill("Please send the latest ECG.");
    await admin.getByRole("button", { name: "Send" }).click();
    await expect(admin).toHaveURL(`/referrals/${number}`);
    await expect(admin.getByRole("status").filter({ hasText: "Message Sent" })).toBeVisible();
    await expect(timeline(admin)).toContainText("Please send the latest ECG.");

    // Accept, then complete in the dialog the address opens (?complete=1).
    await admin.getByRole("button", { name: "Accept" }).click();
    await expect(admin.getByRole("status").filter({ hasText: "Referral accepted" })).toBeVisible();
    await admin.getByRole("link", { name: "Mark as Completed" }).click();
    await expect(admin).toHaveURL(`/referrals/${number}?complete=1`);
    const dialog = admin.getByRole("dialog", { name: "Complete Referral" });
    // Only blanks: the browser lets it through (it is not empty), the server refuses it in the dialog.
    await dialog.getByLabel("Outcome").fill("   ");
    await dialog.getByRole("button", { name: "Complete Referral" }).click();
    await expect(admin.getByRole("dialog", { name: "Complete Referral" })).toContainText(
      "Please describe the outcome: what was done",
    );
    await admin.getByLabel("Outcome").fill("Treated with IV diuretics; discharged on day 3.");
    await admin.getByRole("button", { name: "Complete Referral" }).click();
    await expect(admin).toHaveURL(`/referrals/${number}`);
    await expect(admin.getByRole("status").filter({ hasText: "Referral completed" })).toBeVisible();

    // The doctor, without JavaScript too, reads the message and the outcome and answers.
    await doc.goto(`/referrals/${number}`);
    await expect(doc.getByRole("region", { name: "Outcome" })).toContainText("discharged on day 3");
    await expect(timeline(doc)).toContainText("Please send the latest ECG.");
    await doc.getByRole("textbox", { name: "Message" }).fill("Thank you, sent by post.");
    await doc.getByRole("button", { name: "Send" }).click();
    await expect(doc.getByRole("status").filter({ hasText: "Message Sent" })).toBeVisible();
    await expect(timeline(doc)).toContainText("Thank you, sent by post.");
    // The slip's own page is a plain link.
    await doc.getByRole("link", { name: "Print referral slip" }).click();
    await expect(doc).toHaveURL(`/referrals/${number}?print=1`);
    await expect(doc.locator("[data-print-slip] svg")).toHaveCount(1);
  });
});
