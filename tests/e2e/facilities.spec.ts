import type { Page } from "@playwright/test";
import { expect, expectAccessible, expectNoSidewaysScroll, holdScripts, hydrated, PHONE, test } from "./fixtures";

const cards = (page: Page) =>
  page
    .getByRole("main")
    .getByRole("listitem")
    .filter({ has: page.getByRole("article") });
const cardNames = (page: Page) => page.getByRole("article").getByRole("heading", { level: 2 });
const status = (page: Page) => page.getByRole("status");

test.describe("facilities directory", () => {
  test("lists the 8 facilities with every card field", async ({ page }) => {
    await page.goto("/facilities");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(status(page)).toHaveText("8 facilities found");
    await expect(cards(page)).toHaveCount(8);

    const card = page.getByRole("article").filter({ hasText: "Ridgeview Specialist Hospital" });
    await expect(card.getByRole("heading", { name: "Ridgeview Specialist Hospital" })).toBeVisible();
    // One Verified notion (decision 021): the HeFRA licence check, which no sample facility has had.
    await expect(page.getByRole("article").getByText(/verified/i)).toHaveCount(0);
    await expect(card).toContainText("Accra, Ghana");
    await expect(card).toContainText("Hospital");
    await expect(card).toContainText("24/7 Emergency");
    // Ratings come only from reviews written in the product: the seed's made-up ones are gone.
    await expect(card).not.toContainText("4.8");
    await expect(card).not.toContainText("1,250");
    await expect(card.getByRole("list", { name: "Specialties" }).getByRole("listitem")).toHaveCount(5);
    await expect(card).toContainText("+3 more");
    await expect(card).toContainText("English, Twi, Ga, Ewe");
    await expect(card.getByRole("link", { name: /View Profile/ })).toHaveAttribute(
      "href",
      "/facility/ridgeview-specialist-hospital",
    );

    // Each card says "Not yet rated", or shows the count of reviews its rating comes from (the
    // specs running beside this one may have written one).
    for (const each of await page.getByRole("article").all()) {
      await expect(each).toContainText(/Not yet rated|\(\d+ reviews?\)/);
    }
    await expect(page.getByText("Not yet rated").first()).toBeVisible();
  });

  test("filters update the list and the address without a page load", async ({ page }) => {
    await page.goto("/facilities");
    await hydrated(page);
    await page.evaluate(() => {
      (window as unknown as { marker: string }).marker = "same page";
    });

    await page.getByLabel("Country").selectOption("ghana");
    await expect(page).toHaveURL(/\/facilities\?country=ghana$/);
    await expect(status(page)).toHaveText("3 facilities found");
    await expect(cardNames(page)).toHaveText([
      "Ashanti Children's Clinic",
      "Ridgeview Specialist Hospital",
      "Takoradi Harbour Diagnostic Centre",
    ]);

    await page.getByLabel("Specialty").selectOption("cardiology");
    await page.getByLabel("Services").selectOption("diagnostics");
    await expect(page).toHaveURL(/country=ghana&specialty=cardiology&services=diagnostics$/);
    await expect(cardNames(page)).toHaveText(["Ridgeview Specialist Hospital", "Takoradi Harbour Diagnostic Centre"]);

    // Typing searches after a short pause.
    await page.getByRole("searchbox", { name: "Search" }).fill("TAKORADI");
    await expect(page).toHaveURL(/q=TAKORADI/);
    await expect(cardNames(page)).toHaveText(["Takoradi Harbour Diagnostic Centre"]);
    await expect(status(page)).toHaveText("1 facility found");

    await page.getByLabel("Facility type").selectOption("hospital");
    await expect(status(page)).toHaveText("0 facilities found");
    await expect(page.getByRole("heading", { name: "No facilities match your search" })).toBeVisible();
    await page.getByRole("main").getByRole("link", { name: "Clear filters" }).last().click();
    await expect(page).toHaveURL(/\/facilities$/);
    await expect(status(page)).toHaveText("8 facilities found");
    await expect(page.getByLabel("Country")).toHaveValue("all");
    await expect(page.getByRole("searchbox", { name: "Search" })).toHaveValue("");

    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe("same page");
  });

  test("the list says it is loading while a filter change is on its way, and a step back restores the fields", async ({
    page,
  }) => {
    await page.goto("/facilities");
    await hydrated(page);
    await page.evaluate(() => {
      (window as unknown as { marker: string }).marker = "same page";
    });
    // Hold the list's data a moment.
    await page.route(/\.data(\?|$)/, async (route) => {
      await new Promise((r) => setTimeout(r, 600));
      await route.fallback();
    });
    const list = page.getByRole("tabpanel", { name: "List View" }).locator("[aria-busy]");
    await page.getByLabel("Facility type").selectOption("clinic");
    await expect(list).toHaveAttribute("aria-busy", "true");
    await expect(page).toHaveURL(/\/facilities\?type=clinic$/);
    await expect(list).toHaveCount(0);
    await expect(status(page)).toHaveText(/^\d+ facilit(y|ies) found$/);
    // A step back shows the previous filters in the fields and the list.
    await page.goBack();
    await expect(page).toHaveURL(/\/facilities$/);
    await expect(status(page)).toHaveText("8 facilities found");
    await expect(page.getByLabel("Facility type")).toHaveValue("all");
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe("same page");
  });

  test("a choice made before React runs is shown once it does", async ({ page }) => {
    // Hold the page's JavaScript until the visitor has chosen, as on a slow network.
    const release = await holdScripts(page);
    // The page is usable as soon as it arrives: its scripts hold the load events, so do not wait for them.
    await page.goto("/facilities", { waitUntil: "commit" });
    await expect(page.getByLabel("Country")).toBeVisible();
    await page.evaluate(() => {
      (window as unknown as { marker: string }).marker = "same page";
    });
    await page.getByLabel("Country").selectOption("kenya");
    await expect(status(page)).toHaveText("8 facilities found");

    release();
    await hydrated(page);
    await expect(page).toHaveURL(/\/facilities\?country=kenya$/);
    await expect(status(page)).toHaveText("1 facility found");
    await expect(cardNames(page)).toHaveText(["Westlands Cancer Centre"]);
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe("same page");
  });

  test("a shared filtered address shows the same list, and bad values mean 'all'", async ({ page }) => {
    const response = await page.goto("/facilities?type=specialty&q=lagoon");
    expect(response?.status()).toBe(200);
    await expect(cardNames(page)).toHaveText(["Lagoon Heart Institute"]);
    await expect(page.getByLabel("Facility type")).toHaveValue("specialty");
    await expect(page.getByRole("searchbox", { name: "Search" })).toHaveValue("lagoon");

    const odd = await page.goto("/facilities?country=atlantis&type=%00&page=-4&specialty[]=x&services=");
    expect(odd?.status()).toBe(200);
    await expect(status(page)).toHaveText("8 facilities found");
  });

  test("List View and Map View are accessible tabs", async ({ page }) => {
    await page.goto("/facilities?country=kenya");
    await hydrated(page);
    const list = page.getByRole("tab", { name: "List View" });
    const map = page.getByRole("tab", { name: "Map View" });
    await expect(list).toHaveAttribute("aria-selected", "true");
    await map.click();
    await expect(map).toHaveAttribute("aria-selected", "true");
    await expect(page).toHaveURL(/country=kenya&view=map/);
    await expect(page.getByRole("tabpanel", { name: "Map View" })).toContainText("Map View Coming Soon");
    await expect(page.getByRole("tabpanel", { name: "List View" })).toBeHidden();
    await map.focus();
    await page.keyboard.press("ArrowLeft");
    await expect(list).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(list).toHaveAttribute("aria-selected", "true");
    await expect(page).toHaveURL(/\/facilities\?country=kenya$/);
    await expect(page.getByRole("tabpanel", { name: "List View" })).toContainText("Westlands Cancer Centre");
  });

  test("View Profile opens the facility's profile", async ({ page }) => {
    await page.goto("/facilities?q=ashanti");
    await page.getByRole("link", { name: /View Profile/ }).click();
    await expect(page).toHaveURL("/facility/ashanti-childrens-clinic?from=q%3Dashanti");
    await expect(page.getByRole("heading", { level: 1, name: "Ashanti Children's Clinic" })).toBeVisible();
    // A way back to the results it came from, as well as home.
    const back = page.getByRole("link", { name: "Back to the search results" });
    await expect(back).toHaveAttribute("href", "/facilities?q=ashanti");
    await back.click();
    await expect(page).toHaveURL("/facilities?q=ashanti");
    await expect(page.getByRole("article")).toHaveCount(1);
  });

  test.describe("on a phone", () => {
    test.use({ viewport: PHONE });
    test("fits 360 px with no serious accessibility violations", async ({ page }) => {
      test.slow(); // two axe runs
      await page.goto("/facilities");
      await expectNoSidewaysScroll(page);
      await expectAccessible(page);
      await page.getByRole("tab", { name: "Map View" }).click();
      await expect(page.getByText("Map View Coming Soon")).toBeVisible();
      await expectAccessible(page);
      await page.goto("/facilities?country=india&type=clinic");
      await expect(page.getByRole("heading", { name: "No facilities match your search" })).toBeVisible();
      await expectAccessible(page);
    });
  });
});

test.describe("facilities directory without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the search form filters through the address", async ({ page }) => {
    await page.goto("/facilities");
    await page.getByLabel("Country").selectOption("kenya");
    await page.getByLabel("Services").selectOption("pharmacy");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/country=kenya/);
    await expect(page).toHaveURL(/services=pharmacy/);
    await expect(cardNames(page)).toHaveText(["Westlands Cancer Centre"]);
    await expect(status(page)).toHaveText("1 facility found");

    await page.getByRole("searchbox", { name: "Search" }).fill("nothing like this");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page.getByRole("heading", { name: "No facilities match your search" })).toBeVisible();
    await page.getByRole("main").getByRole("link", { name: "Clear filters" }).last().click();
    await expect(status(page)).toHaveText("8 facilities found");

    await page.getByRole("tab", { name: "Map View" }).click();
    await expect(page.getByText("Map View Coming Soon")).toBeVisible();
    await expect(page.getByRole("tab", { name: "Map View" })).toHaveAttribute("aria-selected", "true");
  });
});

test.describe("facility profile", () => {
  test("shows every section with working links and structured data", async ({ page }) => {
    const response = await page.goto("/facility/ridgeview-specialist-hospital");
    expect(response?.status()).toBe(200);
    const main = page.getByRole("main");
    await expect(main.getByRole("link", { name: "Back to Home" })).toHaveAttribute("href", "/");
    const picture = main.getByRole("img", { name: /Ridgeview Specialist Hospital/ });
    await expect(picture).toHaveAttribute("width", "640");
    // No photo yet: the drawn illustration comes in the page's HTML (no second round trip), and draws.
    await expect(picture).toHaveAttribute("src", /^data:image\/svg\+xml,/);
    expect(await picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await expect(page.getByRole("heading", { level: 1, name: "Ridgeview Specialist Hospital" })).toBeVisible();
    await expect(main).toContainText("Accra, Ghana");
    await expect(main).toContainText("Not yet rated");
    await expect(main).not.toContainText("reviews)");
    await expect(main.getByText(/verified/i)).toHaveCount(0);
    await expect(main).toContainText("24/7 Emergency Services Available");

    for (const name of [
      "About",
      "Services Offered",
      "Medical Specialties",
      "Health Professionals",
      "Contact Information",
      "Languages Spoken",
      "Book an Appointment",
    ]) {
      await expect(page.getByRole("heading", { level: 2, name, exact: true })).toBeVisible();
    }
    for (const name of ["Our Mission", "Our Vision", "Partnerships & Affiliations", "Cardiology"]) {
      await expect(page.getByRole("heading", { level: 3, name, exact: true })).toBeVisible();
    }
    await expect(main).toContainText("Dr. Kofi Mensah-Bonsu, Consultant Cardiologist");

    const contact = page.locator("#contact");
    await expect(contact.getByRole("link", { name: "+233 30 276 4100" })).toHaveAttribute("href", "tel:+233302764100");
    await expect(contact.getByRole("link", { name: "info@ridgeviewhospital.example" })).toHaveAttribute(
      "href",
      "mailto:info@ridgeviewhospital.example",
    );
    const website = contact.getByRole("link", { name: /^ridgeviewhospital\.example/ });
    await expect(website).toHaveAttribute("href", "https://ridgeviewhospital.example");
    await expect(website).toHaveAttribute("target", "_blank");
    await expect(website).toHaveAttribute("rel", /noopener/);
    for (const social of [/facebook\.com/, /instagram\.com/]) {
      await expect(contact.getByRole("link", { name: social })).toHaveAttribute("target", "_blank");
    }
    await expect(contact).toContainText("12 Castle Road, Ridge, Accra");

    const booking = page.locator("#book-appointment");
    await expect(booking.getByRole("link", { name: "Call Now" })).toHaveAttribute("href", /^tel:\+233/);
    await expect(booking.getByRole("link", { name: "Send Email" })).toHaveAttribute("href", /^mailto:info@/);

    await main.getByRole("link", { name: "Book Appointment" }).click();
    await expect(page).toHaveURL(/#book-appointment$/);
    await expect(booking).toBeInViewport();
    await main.getByRole("link", { name: "Contact", exact: true }).click();
    await expect(page).toHaveURL(/#contact$/);
    await expect(contact).toBeInViewport();

    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
    expect(jsonLd).toMatchObject({
      "@type": "Hospital",
      name: "Ridgeview Specialist Hospital",
      telephone: "+233 30 276 4100",
      address: { "@type": "PostalAddress", addressCountry: "GH" },
    });
    // No rating without reviews written in the product.
    expect(jsonLd).not.toHaveProperty("aggregateRating");
  });

  test("an unrated facility without optional fields", async ({ page }) => {
    await page.goto("/facility/table-bay-orthopaedic-clinic");
    const main = page.getByRole("main");
    await expect(main).toContainText("Not yet rated");
    await expect(main).not.toContainText("24/7 Emergency");
    await expect(page.getByRole("heading", { name: "Our Mission" })).toHaveCount(0);
    await expect(page.locator("#contact a[target=_blank]")).toHaveCount(0);
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
    expect(jsonLd["@type"]).toBe("MedicalClinic");
    expect(jsonLd).not.toHaveProperty("aggregateRating");
  });

  test("is listed in the sitemap", async ({ request, baseURL }) => {
    const sitemap = await (await request.get("/sitemap.xml")).text();
    expect(sitemap).toContain(`<loc>${baseURL}/facility/ridgeview-specialist-hospital</loc>`);
    // Each profile in English and in French (decision 044).
    expect(sitemap.match(/<loc>[^<]*\/facility\//g)).toHaveLength(16);
  });

  test.describe("unknown facility", () => {
    test.use({ allowConsoleErrors: [/status of 404/] });

    test("answers 404 with a way back to the directory", async ({ page }) => {
      const response = await page.goto("/facility/no-such-facility");
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1, name: "Facility Not Found" })).toBeVisible();
      await expect(page.getByText("The facility you're looking for doesn't exist.")).toBeVisible();
      await page.getByRole("link", { name: "Back to Facilities" }).click();
      await expect(page).toHaveURL("/facilities");
    });
  });

  test.describe("on a phone", () => {
    test.use({ viewport: PHONE });
    test("fits 360 px with no serious accessibility violations", async ({ page }) => {
      await page.goto("/facility/sahyadri-neuro-and-stroke-hospital");
      await expectNoSidewaysScroll(page);
      await expectAccessible(page);
    });

    test("Call and WhatsApp stay at the bottom of the screen; numbers are grouped tel: links on one line", async ({
      page,
    }) => {
      await page.goto("/facility/ridgeview-specialist-hospital");
      const bar = page.getByRole("navigation", { name: "Contact Ridgeview Specialist Hospital" });
      await expect(bar.getByRole("link", { name: "Call" })).toHaveAttribute("href", "tel:+233302764100");
      // WhatsApp goes to the first mobile number (the first is a fixed line).
      await expect(bar.getByRole("link", { name: /WhatsApp/ })).toHaveAttribute("href", "https://wa.me/233244102200");
      await page.mouse.wheel(0, 3000);
      await expect(bar).toBeInViewport();
      const box = await bar.boundingBox();
      expect((box?.y ?? 0) + (box?.height ?? 0)).toBeGreaterThan(PHONE.height - 2);
      const number = page.getByRole("link", { name: "+233 24 410 2200" });
      await expect(number).toHaveAttribute("href", "tel:+233244102200");
      // One line: its height is a single line's.
      const line = await number.boundingBox();
      expect(line?.height ?? 0).toBeLessThan(30);
    });
  });
});
