import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { parsePo } from "pofile-ts";
import { PUBLIC_PATHS } from "../../app/content/public-routes";
import { REDIRECTS } from "../../app/content/redirects";
import { expect, hydrated, loadsNoScript, test } from "./fixtures";
import { pageTexts } from "./support/page-texts";

/** The site in French under /fr (docs/decisions/044). */

const PAGES = [
  ...PUBLIC_PATHS,
  "/hub/cervical-cancer",
  "/facility/ridgeview-specialist-hospital",
  // A facility's appointment request and report forms (decision 044, last slice).
  "/facility/ridgeview-specialist-hospital/appointment",
  "/facility/ridgeview-specialist-hospital/report",
  "/auth",
  "/forgot-password",
  "/reset-password",
  "/auth/phone",
  "/auth/email-confirmed",
];
/**
 * The pages whose texts all pass through the catalogue (what is still in English is listed in
 * docs/decisions/044 "Open"): on these no catalogue text may show in English.
 */
const TRANSLATED = [
  "/",
  "/no-such-page",
  "/about",
  "/apps",
  "/for-facilities",
  "/careers",
  "/press-kit",
  "/contact",
  "/hubs",
  "/hubs?q=zzz",
  "/privacy-policy",
  "/terms-of-service",
  "/cookie-policy",
  "/security",
  // Second part (branch french-pages): /auth, a hub's page and the directory.
  "/auth",
  "/auth?tab=register",
  "/forgot-password",
  "/reset-password",
  "/auth/phone",
  "/hub/cervical-cancer",
  "/facilities",
  "/facilities?q=zzz",
  // Fourth part: the investors' page, a facility's profile, its appointment request and report
  // forms, the email-confirmed page and an invitation link that is not open (410).
  "/investment-opportunities",
  "/facility/ridgeview-specialist-hospital",
  "/facility/ridgeview-specialist-hospital/appointment",
  "/facility/ridgeview-specialist-hospital/report",
  "/auth/email-confirmed",
  "/admin-invitation/no-such-invitation",
];
const fr = (path: string) => (path === "/" ? "/fr" : `/fr${path}`);

/** English catalogue texts whose French differs: none may be a whole text of a French page. */
function englishOnly(): Set<string> {
  const read = (locale: string) => parsePo(readFileSync(`app/i18n/catalogues/${locale}.po`, "utf8")).items;
  const french = new Map(read("fr").map((i) => [i.msgctxt ?? i.msgid, i.msgstr[0]]));
  return new Set(
    read("en")
      .filter((i) => i.msgid && !i.msgid.includes("{") && french.get(i.msgctxt ?? i.msgid) !== i.msgid)
      .map((i) => i.msgid),
  );
}

/** How many texts the page shows (database texts marked lang=en left out), and those that are a catalogue text in English. */
async function englishShown(page: Page, english: Set<string>): Promise<{ shown: number; english: string[] }> {
  const texts = await pageTexts(page);
  return { shown: texts.length, english: texts.filter((t) => english.has(t)) };
}

test.describe("the site in French", () => {
  test.use({ allowConsoleErrors: [/status of (404|410)/] });
  for (const path of PAGES) {
    test(`${fr(path)} answers in French with its alternates, as light as in English`, async ({ page, baseURL }) => {
      const response = await page.goto(fr(path));
      expect(response?.status()).toBe(200);
      await expect(page.locator("html")).toHaveAttribute("lang", "fr");
      const alternates = page.locator('link[rel="alternate"][hreflang]');
      await expect(alternates).toHaveCount(3);
      await expect(page.locator('link[rel="alternate"][hreflang="fr"]')).toHaveAttribute(
        "href",
        `${baseURL}${fr(path)}`,
      );
      await expect(page.locator('link[rel="alternate"][hreflang="en-GH"]')).toHaveAttribute(
        "href",
        `${baseURL}${path}`,
      );
      await expect(page.locator('link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute(
        "href",
        `${baseURL}${path}`,
      );
      // A content page ships no JavaScript in French either: the same as its English page.
      const frenchNoScript = await loadsNoScript(page);
      await page.goto(path);
      expect(frenchNoScript).toBe(await loadsNoScript(page));
    });
  }

  for (const path of TRANSLATED) {
    test(`${fr(path)} shows no catalogue text in English (database texts marked lang=en excepted)`, async ({
      page,
    }) => {
      const english = englishOnly();
      expect(english.size).toBeGreaterThan(20);
      await page.goto(fr(path));
      const { shown, english: left } = await englishShown(page, english);
      expect(shown).toBeGreaterThan(5);
      expect(left).toEqual([]);
    });
  }

  // Each public page's texts load with it, not the whole site's (decision 044, "The public pages' texts").
  test("a French page's first load fetches the shell's texts and its own, no other page's", async ({ page }) => {
    const texts: string[] = [];
    page.on("request", (request) => {
      const file = /\/assets\/((?:texts-)?(?:fr|en)-[^/]+)\.js$/.exec(request.url())?.[1];
      if (file) texts.push(file.replace(/-[\w-]{8}$/, ""));
    });
    await page.goto("/fr/auth");
    await hydrated(page);
    expect(texts.sort()).toEqual(["texts-fr-auth", "texts-fr-shell"]);
    // The Register tab's form brings its own texts when it loads, in French.
    await page.getByRole("tab", { name: "S’inscrire" }).click();
    await expect(page.getByLabel("Nom complet")).toBeVisible();
    expect(texts).toContain("texts-fr-register-form");
    expect(texts.filter((file) => file.startsWith("texts-en") || file === "fr")).toEqual([]);
    expect((await englishShown(page, englishOnly())).english).toEqual([]);
  });

  test("a client navigation brings the next page's texts before it is drawn, a content page's too", async ({
    page,
  }) => {
    const english = englishOnly();
    await page.goto("/fr/hubs");
    await hydrated(page);
    // About is a content page: no JavaScript of its own, reached here by React's client navigation.
    for (const path of ["/fr/about", "/fr/contact"]) {
      const before = await page.getByRole("heading", { level: 1 }).textContent();
      await page.locator(`footer a[href="${path}"]`).first().click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole("heading", { level: 1 })).not.toHaveText(before ?? "");
      const { shown, english: left } = await englishShown(page, english);
      expect(shown, path).toBeGreaterThan(5);
      expect(left, path).toEqual([]);
    }
  });

  test("the old addresses redirect under /fr to the French page", async ({ request }) => {
    for (const [from, to] of Object.entries(REDIRECTS)) {
      const response = await request.get(`/fr${from}`, { maxRedirects: 0 });
      expect(response.status(), from).toBe(301);
      expect(response.headers().location, from).toBe(to.startsWith("/referrals") ? to : `/fr${to}`);
    }
  });

  test("an unknown French address is the 404 page in French", async ({ page }) => {
    const response = await page.goto("/fr/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Oups ! Page introuvable");
    await expect(page.getByRole("link", { name: "Retour à l’accueil" })).toHaveAttribute("href", "/fr");
  });

  test("the language switch keeps the page, both ways", async ({ page }) => {
    await page.goto("/hubs?x=1");
    await page.getByRole("link", { name: "Français" }).first().click();
    await expect(page).toHaveURL(/\/fr\/hubs\?x=1$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    await page.getByRole("link", { name: "English" }).first().click();
    await expect(page).toHaveURL(/\/hubs\?x=1$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "en-GH");
  });

  test("a first visit in French is offered French, once, never redirected", async ({ browser, baseURL }) => {
    const context = await browser.newContext({
      baseURL,
      locale: "fr-FR",
      extraHTTPHeaders: { "Accept-Language": "fr-FR,fr;q=0.9,en;q=0.5" },
    });
    const page = await context.newPage();
    const response = await page.goto("/about");
    expect(response?.status()).toBe(200);
    expect(page.url()).toBe(`${baseURL}/about`);
    const offer = page.getByTestId("french-offer");
    await expect(offer.getByRole("link", { name: "Lire cette page en français" })).toHaveAttribute("href", "/fr/about");
    await page.goto("/about");
    await expect(page.getByTestId("french-offer")).toHaveCount(0);
    await context.close();
  });

  test("an English browser is not offered French", async ({ page }) => {
    await page.goto("/about");
    await expect(page.getByTestId("french-offer")).toHaveCount(0);
  });

  test("the sitemap lists both languages with their alternates", async ({ request, baseURL }) => {
    const sitemap = await (await request.get("/sitemap.xml")).text();
    expect(sitemap).toContain(`<loc>${baseURL}/fr/hubs</loc>`);
    expect(sitemap).toContain(`<loc>${baseURL}/hubs</loc>`);
    expect(sitemap).toContain(`<xhtml:link rel="alternate" hreflang="fr" href="${baseURL}/fr/hubs"/>`);
    expect(sitemap).toContain(`<xhtml:link rel="alternate" hreflang="x-default" href="${baseURL}/hubs"/>`);
  });
});
