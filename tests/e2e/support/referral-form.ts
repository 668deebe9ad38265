import type { Page } from "@playwright/test";

/** Picks a facility in the referral form by its name: each option reads "Name — Town" (decision 021). */
export async function selectFacility(page: Page, name: string): Promise<void> {
  const select = page.getByLabel("Facility");
  const labels = (await select.locator("option").allTextContents()).map((t) => t.trim());
  const label = labels.find((l) => l.startsWith(`${name} — `));
  if (!label) throw new Error(`the referral form offers no facility named ${name}: ${labels.join(" | ")}`);
  await select.selectOption({ label });
}
