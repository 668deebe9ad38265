import type { APIRequestContext, Page } from "@playwright/test";
import { expect, expectAccessible, hydrated, test, toastOnScreen, waitForMail } from "./fixtures";
import { ADMIN, PASSWORD, signInDirectly, uniqueEmail } from "./support/accounts";

/*
 * The Messages screen (decision 024) in the real server: a registration whose confirmation email the
 * SMTP server refuses for good (550: the test catcher refuses an address with "refused-once" in it
 * the first time) shows as failed, masked, once the system administrator filters by status and
 * channel; Retry queues it again, the mail arrives, and the row says sent after two attempts.
 * With JavaScript and without (plain GET filter, plain POST retry).
 */

/** Registers a doctor with an address the SMTP server refuses once: its confirmation email fails. */
async function registerRefused(request: APIRequestContext, initial: string): Promise<string> {
  const email = uniqueEmail(`${initial}-refused-once`);
  const response = await request.post("/auth?tab=register", {
    form: {
      intent: "register",
      full_name: "Dr Refused Once",
      email,
      phone: "0241234567",
      password: PASSWORD,
      confirmPassword: PASSWORD,
      role: "doctor",
      specialty: "Cardiology",
      facility_id: "",
      // Registration asks doctors for their MDC registration number.
      mdc_number: "MDC/RN/04322",
    },
  });
  expect(await response.text()).toContain("Registration Successful");
  return email;
}

/** Filters the screen with its form (a GET: the filter is in the address); again if a revalidation swallowed the click. */
async function filter(page: Page, status: string, channel: string) {
  const address = new RegExp(`\\?status=${status.toLowerCase()}&channel=${channel.toLowerCase()}$`);
  await expect(async () => {
    await page.getByLabel("Status").selectOption({ label: status });
    await page.getByLabel("Channel").selectOption({ label: channel });
    await page.getByRole("button", { name: "Filter" }).click();
    await expect(page).toHaveURL(address, { timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
}

/**
 * The newest table row of a message to `masked` in this state (the table is newest first; a run
 * before this one on the same server may have left its own): the page is read again until the
 * worker has got there.
 */
async function rowOf(page: Page, masked: string, status: string) {
  const rows = page.getByRole("row").filter({ hasText: masked }).filter({ hasText: status });
  await expect(async () => {
    await page.reload();
    await expect(rows.first()).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  return rows.first();
}

test.describe("with JavaScript", () => {
  test("a failed email is found by filtering, sent again with Retry, and arrives", async ({ page, request }) => {
    test.setTimeout(90_000);
    const email = await registerRefused(request, "j");
    const masked = "j•••@example.test";
    await signInDirectly(page, ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL("/dashboard/system-admin");
    await page.getByRole("navigation", { name: "App" }).getByRole("link", { name: "Messages" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Messages" })).toBeVisible();
    await hydrated(page);
    await filter(page, "Failed", "Email");
    await expect(page).toHaveURL(/\/dashboard\/system-admin\/messages\?status=failed&channel=email$/);
    const failed = await rowOf(page, masked, "Failed");
    await expect(failed).toContainText("Email confirmation");
    await expect(failed).toContainText("550");
    await expect(failed.getByRole("cell", { name: "1", exact: true })).toBeVisible();
    await expect(page.getByRole("main")).not.toContainText(email);
    await expectAccessible(page);

    await hydrated(page);
    await failed.getByRole("button", { name: `Retry the Email to ${masked}` }).click();
    await expect(toastOnScreen(page).filter({ hasText: "Message Queued Again" })).toBeVisible();
    await expect(page).toHaveURL(/\?status=failed&channel=email$/);
    await waitForMail(email, (m) => /Confirm your email/.test(m.subject), 20_000);

    await filter(page, "Sent", "Email");
    const sent = await rowOf(page, masked, "Sent");
    await expect(sent.getByRole("cell", { name: "2", exact: true })).toBeVisible();
    await expect(sent.getByRole("button", { name: /Retry/ })).toHaveCount(0);

    // The Overview counts this month's messages per channel; its figure has a table alternative.
    await page.goto("/dashboard/system-admin/overview");
    const figure = page.getByRole("figure", { name: "Messages per month, by channel" });
    await expect(figure).toContainText(/\d[\d,]* messages in the last 12 months: [\d,]+ Email/);
    await figure.getByText("Show the figures as a table").click();
    const lastMonth = figure.locator("tbody tr").last();
    expect(Number((await lastMonth.locator("td").first().textContent())?.replace(/\D/g, ""))).toBeGreaterThan(0);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the filter is a plain GET and Retry a plain POST; the answer says what happened", async ({ page, request }) => {
    test.setTimeout(90_000);
    const email = await registerRefused(request, "n");
    const masked = "n•••@example.test";
    await signInDirectly(page, ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL("/dashboard/system-admin");
    await page.goto("/dashboard/system-admin/messages");
    await filter(page, "Failed", "Email");
    await expect(page).toHaveURL(/\/dashboard\/system-admin\/messages\?status=failed&channel=email$/);
    const failed = await rowOf(page, masked, "Failed");
    await failed.getByRole("button", { name: `Retry the Email to ${masked}` }).click();
    await expect(page.getByText("Message Queued Again")).toBeVisible();
    await expect(page.getByText(`The Email to ${masked} will be sent again shortly.`)).toBeVisible();
    await expect(page).toHaveURL(/\?status=failed&channel=email$/);
    await waitForMail(email, (m) => /Confirm your email/.test(m.subject), 20_000);
    await page.goto("/dashboard/system-admin/messages?status=sent&channel=email");
    await rowOf(page, masked, "Sent");
  });
});
