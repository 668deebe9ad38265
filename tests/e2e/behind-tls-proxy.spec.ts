import type { Browser } from "@playwright/test";
import { expect, hydrated, signOut, test, waitForMail } from "./fixtures";
import { ADMIN, approvedTitle, facilityChoices, registerAndVerify } from "./support/accounts";
import { signedIn, toastTitled } from "./support/sign-in";

/*
 * The product as docs/deployment.md deploys it: the browser reaches the production server only
 * through nginx, which ends TLS (a self-signed certificate made at test time) and forwards plain
 * http with X-Forwarded-Proto; the server runs with TRUST_PROXY=true and an https APP_URL
 * (playwright.config.ts, project "behind a TLS proxy"). Every step is a real browser form post
 * carrying `Origin: https://…`: sign in, approve, refer, attach a file, accept, sign out.
 */

type Person = { email: string; password: string; name: string; role: "doctor" | "facility_admin" | "system_admin" };

const PDF = Buffer.from("%PDF-1.4\n% a referral letter\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");

const toast = toastTitled;

async function signedInOverHttps(browser: Browser, person: Pick<Person, "email" | "password">, dashboard: string) {
  const page = await signedIn(browser, person, dashboard, { ignoreHTTPSErrors: true });
  // The session cookie is the https one: __Secure-, Secure.
  const cookies = await page.context().cookies();
  const session = cookies.find((c) => c.name.endsWith("session_token"));
  expect(session?.name).toMatch(/^__Secure-/);
  expect(session?.secure).toBe(true);
  return page;
}

test.describe("behind a TLS-terminating proxy", () => {
  test("sign in, refer with a file, accept and sign out, over https", async ({ browser, request, baseURL }) => {
    test.setTimeout(180_000);
    expect(baseURL).toMatch(/^https:\/\//);
    const suffix = Date.now().toString(36);
    const facility = (await facilityChoices(request))[0];
    const doctor = await registerAndVerify(request, { role: "doctor", name: `Dr Esi Tetteh ${suffix}` });
    const facilityAdmin = await registerAndVerify(request, {
      role: "facility_admin",
      name: `Kofi Boadu ${suffix}`,
      facilityId: facility.id,
    });
    // The links in mail carry the public https address.
    const confirmation = await waitForMail(doctor.email, (m) => /Confirm your email/.test(m.subject));
    expect(confirmation.text).toContain(`${baseURL}/auth/verify?token=`);

    // The system administrator signs in through the form and approves both accounts.
    const admin = await signedInOverHttps(browser, ADMIN, "/dashboard/system-admin");
    for (const person of [doctor, facilityAdmin]) {
      await admin.goto(`/dashboard/system-admin?tab=users&q=${encodeURIComponent(person.email)}`);
      await hydrated(admin);
      const row = admin.getByRole("row").filter({ hasText: person.email });
      await row.getByRole("button", { name: `Approve ${person.name}` }).click();
      await expect(toast(admin, approvedTitle(person.role))).toBeVisible();
      await expect(row).toContainText("Approved");
    }
    await signOut(admin);
    await expect(admin).toHaveURL("/auth");

    // The doctor refers a patient through the form.
    const patient = `Abena Osei ${suffix}`;
    const doc = await signedInOverHttps(browser, doctor, "/dashboard/doctor");
    await doc.goto("/referrals/create");
    await hydrated(doc);
    await doc.getByLabel("Patient name").fill(patient);
    await doc.getByLabel("Phone number").fill("024 555 0177");
    await doc.getByLabel("Facility").selectOption(facility.id);
    await doc.getByLabel("Chief complaint").fill("Palpitations and breathlessness");
    await doc.getByLabel("Urgent").check();
    await doc.getByRole("button", { name: "Create Referral" }).click();
    await expect(toast(doc, "Referral Created")).toBeVisible();
    await doc.goto(`/referrals/history?q=${encodeURIComponent(patient)}`);
    const number =
      (await doc
        .getByRole("link", { name: /^REF-\d{4}-\d{6,}$/ })
        .first()
        .textContent()) ?? "";
    expect(number).toMatch(/^REF-\d{4}-\d{6,}$/);

    // ...and attaches a letter on the referral's page (a multipart post through the proxy).
    await doc.goto(`/referrals/${number}`);
    await hydrated(doc);
    await doc
      .getByLabel("File", { exact: true })
      .setInputFiles({ name: "letter.pdf", mimeType: "application/pdf", buffer: PDF });
    await doc.getByRole("button", { name: "Upload" }).click();
    await expect(toast(doc, "File Attached")).toBeVisible();
    await expect(doc.getByRole("region", { name: /^Attachments/ })).toContainText("letter.pdf");
    await signOut(doc);
    await expect(doc).toHaveURL("/auth");

    // The facility's administrator is told (a link to the public address), accepts, downloads the file.
    const arrival = await waitForMail(facilityAdmin.email, (m) => m.subject === `New referral ${number}`);
    expect(arrival.text).toContain(`${baseURL}/referrals/${number}`);
    const fa = await signedInOverHttps(browser, facilityAdmin, "/dashboard/facility-admin");
    await fa.goto(`/referrals/${number}`);
    await hydrated(fa);
    await fa.getByRole("button", { name: "Accept" }).click();
    await expect(toast(fa, "Referral accepted")).toBeVisible();
    await expect(fa.getByRole("main").getByText("Accepted", { exact: true }).first()).toBeVisible();
    const link = fa
      .getByRole("region", { name: /^Attachments/ })
      .getByRole("link")
      .first();
    const fileHref = (await link.getAttribute("href")) ?? "";
    const download = await fa.request.get(fileHref);
    expect(download.status()).toBe(200);
    expect(Buffer.from(await download.body()).equals(PDF)).toBe(true);
    expect(download.headers()["strict-transport-security"]).toContain("max-age=");

    await signOut(fa);
    await expect(fa).toHaveURL("/auth");
    // Signed out: the referral's page and its file are no longer open to this browser.
    expect([401, 404]).toContain((await fa.request.get(`/referrals/${number}`)).status());
    expect([401, 404]).toContain((await fa.request.get(fileHref)).status());
  });

  // The outside security review's finding 8: nginx passes on the headers a client sends unless it sets them; the
  // docs/deployment.md's example (and this proxy) sets X-Forwarded-Host to the host it serves.
  test("a client's own X-Forwarded-Host is not believed: a cross-site post stays refused", async ({ request }) => {
    const post = (headers: Record<string, string>) =>
      request.post("/contact", {
        form: { name: "Eve", email: "eve@example.test", message: "Hello" },
        headers,
        maxRedirects: 0,
      });
    const crossSite = await post({ origin: "https://evil.example" });
    expect(crossSite.status()).toBeGreaterThanOrEqual(400);
    // Were the client's header passed on, the server would take the post as made to evil.example,
    // the address its Origin names, and answer it.
    const forged = await post({ origin: "https://evil.example", "x-forwarded-host": "evil.example" });
    expect(forged.status()).toBe(crossSite.status());
  });
});
