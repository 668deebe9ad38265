import { expect, hydrated, test } from "./fixtures";
import { facilityChoices, registerAndVerify } from "./support/accounts";
import { selectFacility } from "./support/referral-form";
import { approveAll, signedIn, toastTitled } from "./support/sign-in";

/*
 * The Create Referral form accepts files (decision 030): a file chosen with the form is on the new
 * referral's page at once; a file of the wrong type refuses the whole post with the referral
 * page's message, keeps what was typed and creates no referral.
 */

const PDF = Buffer.from("%PDF-1.4\n% a referral letter\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
const REFERRAL_PAGE = /\/referrals\/(REF-\d{4}-\d{6,})$/;

test.describe("Create Referral with files", () => {
  test.use({ allowConsoleErrors: [/status of 415/] });

  test("a file chosen on the form is on the new referral's page; a wrong one refuses the post and keeps the form", async ({
    browser,
    request,
  }) => {
    test.setTimeout(150_000);
    const suffix = Date.now().toString(36);
    const choices = await facilityChoices(request);
    const facility = choices.at(-5)!;
    const doctor = await registerAndVerify(request, { role: "doctor", name: `Dr Kojo Files ${suffix}` });
    await approveAll([doctor]);
    const page = await signedIn(browser, doctor, /\/dashboard\//);

    await page.goto("/referrals/create");
    await hydrated(page);
    const patient = `Efua Files ${suffix}`;
    await page.getByLabel("Patient name").fill(patient);
    await page.getByLabel("Phone number").fill("024 555 0177");
    await selectFacility(page, facility.name);
    await page.getByLabel("Chief complaint").fill("Haematuria for two weeks, for cystoscopy");
    const files = page.getByLabel("Files (optional)");
    await expect(files).toHaveAttribute("type", "file");
    // The control is a large target (decision 030: at least 44 px).
    expect((await files.boundingBox())!.height).toBeGreaterThanOrEqual(44);

    // A page that says it is a PDF: the whole post is refused with the page's message; nothing is created.
    await files.setInputFiles({
      name: "not really.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from("<html>x</html>"),
    });
    await page.getByRole("button", { name: "Create Referral" }).click();
    await expect(toastTitled(page, "Error Creating Referral")).toContainText(
      "Only PDF, JPEG, PNG or WebP files can be attached. This file is not one of them.",
    );
    await expect(page).toHaveURL(/\/referrals\/create$/);
    await expect(page.getByLabel("Patient name")).toHaveValue(patient);

    // The right file: the referral is created and the file is on its page.
    await page
      .getByLabel("Files (optional)")
      .setInputFiles({ name: "urine cytology.pdf", mimeType: "application/pdf", buffer: PDF });
    await page.getByRole("button", { name: "Create Referral" }).click();
    await expect(page).toHaveURL(REFERRAL_PAGE);
    await expect(toastTitled(page, "Referral Created")).toBeVisible();
    await expect(page.getByRole("region", { name: /^Attachments/ })).toContainText("urine cytology.pdf");

    // One referral for this patient: the refused post made none.
    await page.goto("/dashboard/doctor");
    await expect(page.getByText(patient)).toHaveCount(1);
    await page.context().close();
  });
});
