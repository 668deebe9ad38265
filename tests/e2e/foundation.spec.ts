import { REDIRECTS } from "../../app/content/redirects";
import { expect, expectAccessible, expectNoSidewaysScroll, PHONE, test } from "./fixtures";
import { ADMIN } from "./support/accounts";
import { signedIn } from "./support/sign-in";

test.describe("redirects", () => {
  for (const [from, to] of Object.entries(REDIRECTS)) {
    test(`${from} -> ${to}`, async ({ request }) => {
      const response = await request.get(from, { maxRedirects: 0 });
      expect([301, 308]).toContain(response.status());
      expect(response.headers().location).toBe(to);
    });
  }
});

test.describe("not found", () => {
  test.use({ allowConsoleErrors: [/status of 404/] });

  test("an unknown path answers 404 with a way home", async ({ page }) => {
    const response = await page.goto("/no/such/page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Oops! Page not found" })).toBeVisible();
    await page.getByRole("link", { name: "Return to Home" }).click();
    await expect(page).toHaveURL("/");
  });
});

test.describe("header and footer on a phone", () => {
  test.use({ viewport: PHONE });

  test("are complete, accessible and fit a 360 px screen", async ({ page }) => {
    await page.goto("/about");
    const header = page.getByRole("banner");
    await expect(header.getByRole("link", { name: /home/i })).toBeVisible();
    await header.getByLabel("Menu").click();
    const mobileNav = page.getByRole("navigation", { name: "Mobile" });
    for (const name of ["For Patients", "For Doctors", "For Facilities", "Specialty Hubs", "Contact"]) {
      await expect(mobileNav.getByRole("link", { name, exact: true })).toBeVisible();
    }
    const footer = page.getByRole("contentinfo");
    const hrefs = await footer.locator("nav a").evaluateAll((links) => links.map((a) => a.getAttribute("href")));
    expect(hrefs).toEqual([
      "/hubs",
      "/facilities",
      "/referrals",
      "/apps",
      "/doctors",
      "/for-facilities",
      "/investment-opportunities",
      "/about",
      "/contact",
      "/careers",
      "/press-kit",
      "/privacy-policy",
      "/terms-of-service",
      "/cookie-policy",
      "/security",
    ]);
    const social = footer.getByRole("list", { name: "Social media" }).getByRole("link");
    await expect(social).toHaveCount(4);
    for (const link of await social.all()) {
      await expect(link).toHaveAttribute("target", "_blank");
      await expect(link).toHaveAttribute("rel", /noopener/);
    }
    await expect(footer).toContainText(`© ${new Date().getFullYear()}`);
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
  });
});

test.describe("server", () => {
  // Decision 036: which database runs is for authenticated operators only; the load
  // balancer's check (and the e2e webServer's) still gets 200 ok.
  test("health check: 200 ok for anyone; the database only for an operator (token or system administrator)", async ({
    request,
    browser,
  }) => {
    const anyone = await request.get("/healthz");
    expect(anyone.status()).toBe(200);
    expect(await anyone.json()).toEqual({ status: "ok" });
    const wrong = await request.get("/healthz", { headers: { authorization: "Bearer not-the-token-0123456789" } });
    expect(await wrong.json()).toEqual({ status: "ok" });

    const token = await request.get("/healthz", {
      headers: { authorization: `Bearer ${process.env.E2E_HEALTHZ_TOKEN}` },
    });
    expect(token.status()).toBe(200);
    expect(await token.json()).toMatchObject({ status: "ok", database: "pglite", dbMs: expect.any(Number) });

    const admin = await signedIn(browser, ADMIN, "/dashboard/system-admin");
    expect(await (await admin.request.get("/healthz")).json()).toMatchObject({ status: "ok", database: "pglite" });
    await admin.context().close();
  });

  // Security headers, nonces and cross-site posts on every route, and the session cookie:
  // tests/adversarial/headers.test.ts (route list from app/routes.ts, run by `npm test` on the build).

  test("hashed assets are cached for a year and compressed", async ({ request }) => {
    const html = await (await request.get("/hubs")).text();
    const assets = [...new Set(html.match(/\/assets\/[\w.-]+\.(?:js|css)/g))];
    expect(assets.filter((a) => a.endsWith(".js")).length).toBeGreaterThan(0);
    let compressed = 0;
    for (const asset of assets) {
      const response = await request.get(asset, { headers: { "Accept-Encoding": "gzip, br" } });
      expect(response.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
      // Files under 512 bytes are sent as they are (scripts/compress-assets.ts); the rest compressed.
      if ((await response.body()).length < 512) continue;
      expect(response.headers()["content-encoding"], asset).toMatch(/br|gzip/);
      compressed++;
    }
    expect(compressed).toBeGreaterThan(0);
    const page = await request.get("/", { headers: { "Accept-Encoding": "gzip" } });
    expect(page.headers()["cache-control"]).toMatch(/max-age=\d+/);
    expect(page.headers()["content-encoding"]).toBe("gzip");
  });

  test("bad requests get 4xx, never 5xx", async ({ request, baseURL }) => {
    expect((await request.fetch("/", { method: "PROPFIND" })).status()).toBe(405);
    expect((await request.post("/contact", { data: "x".repeat(2 * 1024 * 1024) })).status()).toBe(413);
    // A malformed percent-encoding, sent raw.
    const raw = await fetch(`${baseURL}/%E0%A4%A`);
    expect(raw.status).toBeGreaterThanOrEqual(400);
    expect(raw.status).toBeLessThan(500);
    const headers: Record<string, string> = { "X-Big": "a".repeat(20_000) };
    const big = await fetch(`${baseURL}/`, { headers });
    expect(big.status).toBe(431);
  });

  test("robots.txt and sitemap.xml list public routes with absolute addresses", async ({ request, baseURL }) => {
    const robots = await (await request.get("/robots.txt")).text();
    expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
    const sitemap = await (await request.get("/sitemap.xml")).text();
    expect(sitemap).toContain(`<loc>${baseURL}/</loc>`);
    expect(sitemap).toContain(`<loc>${baseURL}/hubs</loc>`);
    expect(sitemap).not.toContain("/dashboard");
  });
});
