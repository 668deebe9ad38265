import type { Page } from "@playwright/test";
import { ABOUT } from "../../app/content/about";
import { applyHref, CAREERS, OPENINGS } from "../../app/content/careers";
import { CONTACT_PAGE } from "../../app/content/contact";
import { INVESTORS } from "../../app/content/investors";
import { COOKIE_POLICY, PRIVACY_POLICY, SECURITY_POLICY, TERMS_OF_SERVICE } from "../../app/content/legal";
import { PRESS, PRESS_ASSETS, pressCopyBlocks } from "../../app/content/press";
import { catalogueTranslate } from "../helpers/catalogue-translate";

/** The press kit's copy with the seed's figures (decision 011: counted in the database). */
const PRESS_COPY_BLOCKS = pressCopyBlocks(
  { facilities: 8, ghanaFacilities: 3, hubs: 10, liveHubs: 2 },
  catalogueTranslate("en"),
);

import { SITE } from "../../app/content/site";
import {
  expect,
  expectAccessible,
  expectNoSidewaysScroll,
  hydrated,
  loadsNoScript,
  PHONE,
  test,
  toastOnScreen,
  waitForMail,
} from "./fixtures";

/** Every page of this part of the site: its address, head tags, h1, and whether it ships JavaScript. */
const PAGES = [
  { path: "/about", title: ABOUT.title, description: ABOUT.description, h1: ABOUT.heading, hydrate: false },
  { path: "/careers", title: CAREERS.title, description: CAREERS.description, h1: CAREERS.heading, hydrate: false },
  { path: "/press-kit", title: PRESS.title, description: PRESS.description, h1: PRESS.heading, hydrate: true },
  {
    path: "/privacy-policy",
    title: PRIVACY_POLICY.title,
    description: PRIVACY_POLICY.description,
    h1: PRIVACY_POLICY.title,
    hydrate: false,
  },
  {
    path: "/terms-of-service",
    title: TERMS_OF_SERVICE.title,
    description: TERMS_OF_SERVICE.description,
    h1: TERMS_OF_SERVICE.title,
    hydrate: false,
  },
  {
    path: "/cookie-policy",
    title: COOKIE_POLICY.title,
    description: COOKIE_POLICY.description,
    h1: COOKIE_POLICY.title,
    hydrate: false,
  },
  {
    path: "/security",
    title: SECURITY_POLICY.title,
    description: SECURITY_POLICY.description,
    h1: SECURITY_POLICY.title,
    hydrate: false,
  },
  {
    path: "/investment-opportunities",
    title: INVESTORS.title,
    description: INVESTORS.description,
    h1: INVESTORS.heading,
    hydrate: false,
  },
  {
    path: "/contact",
    title: CONTACT_PAGE.title,
    description: CONTACT_PAGE.description,
    h1: CONTACT_PAGE.title,
    hydrate: true,
  },
] as const;

test.describe("content pages on a phone", () => {
  test.use({ viewport: PHONE });

  for (const p of PAGES) {
    test(`${p.path}: head tags, one h1, fits 360 px, accessible, nothing loaded from elsewhere`, async ({
      page,
      baseURL,
    }) => {
      const foreign: string[] = [];
      page.on("request", (request) => {
        if (!request.url().startsWith(baseURL!)) foreign.push(request.url());
      });
      const response = await page.goto(p.path);
      expect(response?.status()).toBe(200);

      const title = `${p.title} | ${SITE.name}`;
      await expect(page).toHaveTitle(title);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", p.description);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}${p.path}`);
      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", title);
      await expect(page.locator('meta[property="og:description"]')).toHaveAttribute("content", p.description);
      await expect(page.locator('meta[property="og:url"]')).toHaveAttribute("content", `${baseURL}${p.path}`);
      await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "website");

      await expect(page.locator("h1")).toHaveCount(1);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(p.h1);
      await expect(page.locator("main#main")).toHaveCount(1);
      // Pages with nothing interactive ship no JavaScript at all; the others hydrate React.
      if (p.hydrate) await hydrated(page);
      else expect(await loadsNoScript(page), "scripts on a page with nothing interactive").toBe(true);

      await expectNoSidewaysScroll(page);
      await expectAccessible(page);
      expect(foreign, "requests that left the site").toEqual([]);
    });
  }
});

/** Content pages: no script element, no module preload, nothing for React to hydrate. */
const CONTENT_PAGES = [
  "/",
  // Sign in with your phone (decision 042): two plain forms.
  "/auth/phone",
  "/apps",
  "/about",
  "/careers",
  "/investment-opportunities",
  "/for-facilities",
  "/privacy-policy",
  "/terms-of-service",
  "/cookie-policy",
  "/security",
  "/facility/korle-bu-teaching-hospital",
  "/no-such-page",
];
/** Pages with behaviour: React hydrates them (no console error, no hydration mismatch). */
const HYDRATED_PAGES = [
  "/hubs",
  "/hub/cervical-cancer",
  "/facilities",
  "/contact",
  "/press-kit",
  "/auth",
  "/forgot-password",
  "/reset-password",
];

test.describe("what reaches the browser", () => {
  // The 404 page logs its own status as a failed resource.
  test.use({ allowConsoleErrors: [/404/] });

  for (const path of CONTENT_PAGES) {
    test(`${path} ships no JavaScript`, async ({ page, request }) => {
      const html = await (await request.get(path)).text();
      expect(html).not.toMatch(/<script\b/);
      expect(html).not.toMatch(/rel="modulepreload"/);
      const scripts: string[] = [];
      page.on("request", (r) => {
        if (r.resourceType() === "script") scripts.push(r.url());
      });
      await page.goto(path);
      await page.waitForLoadState("networkidle");
      expect(await loadsNoScript(page)).toBe(true);
      expect(scripts, "scripts requested").toEqual([]);
    });
  }

  for (const path of HYDRATED_PAGES) {
    test(`${path} hydrates React, every script with the page's nonce`, async ({ page }) => {
      const warnings: string[] = [];
      page.on("console", (m) => {
        if (m.type() === "warning" && /hydrat|did not match/i.test(m.text())) warnings.push(m.text());
      });
      const response = await page.goto(path);
      await hydrated(page);
      const csp = response?.headers()["content-security-policy"] ?? "";
      const nonce = csp.match(/'nonce-([^']+)'/)?.[1];
      expect(nonce).toBeTruthy();
      const nonces = await page.locator("script").evaluateAll((els) => els.map((e) => (e as HTMLScriptElement).nonce));
      expect(nonces.length).toBeGreaterThan(0);
      for (const n of nonces) expect(n).toBe(nonce);
      expect(warnings, "hydration warnings").toEqual([]);
    });
  }

  test("a hydrated page navigates on the client, to a content page too", async ({ page }) => {
    await page.goto("/contact");
    await hydrated(page);
    await page.evaluate(() => {
      (window as unknown as { marker: number }).marker = 1;
    });
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Hubs" }).click();
    await expect(page).toHaveURL(/\/hubs$/);
    await page.getByRole("contentinfo").getByRole("link", { name: "About Us", exact: true }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(ABOUT.heading);
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
  });
});

test.describe("legal pages", () => {
  test("state this product's real terms, cookies and data protection", async ({ page }) => {
    await page.goto("/terms-of-service");
    const terms = page.getByRole("main");
    await expect(terms).toContainText("$1.26 per active patient per month plus a 20% fee share");
    await expect(terms).toContainText("The first 50 clinics to join get free lifetime access");
    await expect(terms).toContainText("only the 20% revenue share");
    await expect(terms).toContainText("at least 30 days' notice by email before any price change");
    await expect(terms).toContainText("within 72 hours");
    await expect(terms).toContainText("Data Protection Act, 2012 (Act 843)");

    await page.goto("/privacy-policy");
    await expect(page.getByRole("main")).toContainText("Data Protection Act, 2012 (Act 843)");
    await expect(page.getByRole("main")).toContainText("within 72 hours of becoming aware");

    await page.goto("/cookie-policy");
    const cookies = page.getByRole("main");
    await expect(cookies).toContainText("We set one cookie");
    await expect(cookies).toContainText("HttpOnly");
    await expect(cookies).toContainText("No third-party scripts");
    // Reading the public pages sets no cookie at all.
    expect(await page.context().cookies()).toEqual([]);

    await page.goto("/security");
    await expect(page.getByRole("main")).toContainText("within 72 hours of becoming aware");
    await expect(page.getByRole("link", { name: SITE.email.security }).first()).toHaveAttribute(
      "href",
      `mailto:${SITE.email.security}`,
    );
  });

  test("the table of contents jumps to each section", async ({ page }) => {
    await page.goto("/privacy-policy");
    const toc = page.getByRole("navigation", { name: "On this page" });
    await expect(toc.getByRole("link")).toHaveCount(PRIVACY_POLICY.sections.length);
    await toc.getByRole("link", { name: /Your rights/ }).click();
    await expect(page).toHaveURL(/#your-rights$/);
    await expect(page.getByRole("heading", { name: /Your rights/ })).toBeInViewport();
  });
});

test.describe("careers", () => {
  test("lists 5 openings, each applied for by email with the role in the subject", async ({ page }) => {
    await page.goto("/careers");
    expect(OPENINGS).toHaveLength(5);
    const roles = page.getByRole("region", { name: "Open roles" }).getByRole("article");
    await expect(roles).toHaveCount(5);
    for (const job of OPENINGS) {
      const apply = roles
        .filter({ has: page.getByRole("heading", { name: job.title, exact: true }) })
        .getByRole("link");
      await expect(apply).toHaveText(`Apply by email: ${job.title}`);
      await expect(apply).toHaveAttribute("href", applyHref(job.title));
    }
    // The subject is URL-encoded (spaces as %20, the colon as %3A).
    expect(applyHref("Senior Full-Stack Engineer")).toBe(
      `mailto:${SITE.email.careers}?subject=Application%3A%20Senior%20Full-Stack%20Engineer`,
    );
    expect(applyHref("Clinical Care Coordinator (Registered Nurse)")).toBe(
      `mailto:${SITE.email.careers}?subject=Application%3A%20Clinical%20Care%20Coordinator%20(Registered%20Nurse)`,
    );
  });
});

test.describe("investment opportunities", () => {
  test("covers every section with the spec's figures and both calls to action", async ({ page }) => {
    await page.goto("/investment-opportunities");
    for (const heading of [
      "Executive summary",
      "The problem",
      "A three-network model",
      "Business model and unit economics",
      "Traction",
      "Financial projections",
      "The funding ask: $500K-2M",
      "Why now",
      "Specialty roadmap",
      "Exit paths",
      "Let's talk",
    ]) {
      await expect(page.getByRole("heading", { level: 2, name: heading })).toBeVisible();
    }
    const main = page.getByRole("main");
    for (const figure of [
      "3.6 billion",
      "$50-150",
      "$10-30",
      "$40-120",
      "$8-28",
      "2-3 consultations per facility per month",
      "20-30 consultations per facility per month",
      "$1.26 per active patient per month",
      "$125K-375K",
      "$500K-1.5M",
      "$1.25M-3.75M",
      "Cardiology and hypertension",
      "Diabetes and endocrinology",
      "Maternal and child health",
      "Mental health",
      "Pre-revenue",
    ]) {
      await expect(main).toContainText(figure);
    }
    for (const [percent, label] of [
      ["50%", "Recruitment"],
      ["30%", "Operations"],
      ["20%", "Technology and compliance"],
    ]) {
      await expect(main.getByRole("listitem").filter({ hasText: label }).filter({ hasText: percent })).toHaveCount(1);
    }
    const invest = page.getByRole("link", { name: "Email our investment team" });
    await expect(invest).toHaveCount(2);
    await expect(invest.first()).toHaveAttribute("href", `mailto:${SITE.email.invest}?subject=Investment%20enquiry`);
    await page.getByRole("link", { name: "Schedule a Call" }).first().click();
    await expect(page).toHaveURL(/\/contact$/);
  });
});

/** A press-kit block's Copy button, found by its block (its own name changes to "Copied ..."). */
function copyButton(page: Page, title: string) {
  return page
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: title, exact: true }) })
    .getByRole("button");
}

test.describe("press kit", () => {
  test("Copy puts the text on the clipboard and shows Copied for exactly 2 seconds", async ({ page, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.clock.install({ time: new Date("2026-03-06T09:00:00Z") });
    await page.goto("/press-kit");
    const block = PRESS_COPY_BLOCKS.find((b) => b.id === "short")!;
    const button = copyButton(page, block.title);
    await expect(button).toBeEnabled(); // hydrated
    await page.clock.pauseAt(new Date("2026-03-06T10:00:00Z"));

    await button.click();
    await expect(button).toHaveText(/^Copied/);
    await expect(page.getByRole("status").filter({ hasText: "copied to the clipboard" })).toHaveText(
      `${block.title} copied to the clipboard`,
    );
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(block.text);

    await page.clock.runFor(1999);
    await expect(button).toHaveText(/^Copied/);
    await page.clock.runFor(1);
    await expect(button).toHaveText(`Copy ${block.title}`);
    await expect(button).toHaveAccessibleName(`Copy ${block.title}`);

    // Another block copies its own text.
    const other = PRESS_COPY_BLOCKS.find((b) => b.id === "mission")!;
    await copyButton(page, other.title).click();
    await expect(page.getByRole("button", { name: `Copied ${other.title}` })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(other.text);
  });

  test("falls back when the Clipboard API is unavailable", async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, "clipboard", { get: () => undefined, configurable: true });
    });
    await page.goto("/press-kit");
    const button = copyButton(page, PRESS_COPY_BLOCKS[0].title);
    await expect(button).toBeEnabled();
    await button.click();
    // document.execCommand("copy") through a hidden text area.
    await expect(button).toHaveText(`Copied ${PRESS_COPY_BLOCKS[0].title}`);
    await expect(page.locator("textarea")).toHaveCount(0);
  });

  test("shows key facts and the asset downloads disabled, with the reason", async ({ page }) => {
    await page.goto("/press-kit");
    const facts = page.getByRole("region", { name: "Key facts" });
    for (const text of [
      "2024",
      "3 in Ghana (8 in the network), growing to 50+",
      "30+",
      "1000+",
      "10: 2 live, 8 in development",
      // 2025 has passed: no year is promised for the next countries.
      "Nigeria, Kenya and South Africa next",
    ]) {
      await expect(facts).toContainText(text);
    }
    await expect(facts).not.toContainText("2025");
    const downloads = page.getByRole("button", { name: /^Download / });
    await expect(downloads).toHaveCount(PRESS_ASSETS.length);
    for (const button of await downloads.all()) {
      await expect(button).toBeDisabled();
      await expect(button).toHaveAccessibleDescription(PRESS.assetsReason);
    }
  });
});

test.describe("contact with JavaScript", () => {
  test("validates in the browser with the spec's messages, posting nothing", async ({ page }) => {
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") posts.push(request.url());
    });
    await page.goto("/contact");
    await hydrated(page);

    await page.getByRole("button", { name: "Send Message" }).click();
    const toast = toastOnScreen(page);
    await expect(toast).toContainText("Validation Error");
    await expect(toast).toContainText("Name is required");
    const name = page.getByLabel("Full name");
    await expect(name).toBeFocused();
    await expect(name).toHaveAttribute("aria-invalid", "true");
    await expect(name).toHaveAccessibleDescription("Name is required");
    // Empty: what to do (decision 039); malformed: the spec's message (below).
    await expect(page.getByLabel("Email address")).toHaveAccessibleDescription("Enter your email address");
    await expect(page.getByLabel("Subject")).toHaveAccessibleDescription("Subject is required");
    await expect(page.getByRole("textbox", { name: "Message", exact: true })).toHaveAccessibleDescription(
      "Message is required",
    );
    await expect(page.getByLabel("Phone number")).not.toHaveAttribute("aria-invalid", "true");

    await name.fill("Ama Mensah");
    await page.getByLabel("Email address").fill("ama@");
    await page.getByLabel("Phone number").fill("0".repeat(21));
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(toast.last()).toContainText("Invalid email address");
    await expect(page.getByLabel("Phone number")).toHaveAccessibleDescription("Phone must be less than 20 characters");
    await expect(name).not.toHaveAttribute("aria-invalid", "true");
    expect(posts).toEqual([]);
    await expectAccessible(page);
  });

  test("sends a message: toast, cleared form, and the email reaches the team inbox", async ({ page }) => {
    const stamp = `js-${Date.now()}`;
    await page.goto("/contact");
    await hydrated(page);
    await page.getByLabel("Full name").fill("Kofi Boateng");
    await page.getByLabel("Email address").fill(`kofi+${stamp}@example.com`);
    await page.getByLabel("Phone number").fill("+233 24 123 4567");
    await page.getByLabel("Subject").selectOption({ label: "Partnership Opportunities" });
    await page
      .getByRole("textbox", { name: "Message", exact: true })
      .fill(`We run a clinic in Takoradi and want to join. (${stamp})`);
    await page.getByRole("button", { name: "Send Message" }).click();

    const toast = toastOnScreen(page);
    await expect(toast).toContainText("Message Sent!");
    await expect(toast).toContainText("We'll get back to you within 24 hours.");
    // The page says what happens next in the form's place, and the focus is on it.
    const sent = page.getByRole("main").getByRole("status").filter({ hasText: "Our team reads every message" });
    await expect(sent.getByRole("heading", { name: "Message Sent!" })).toBeVisible();
    await expect(sent).toBeFocused();
    await expect(page.getByRole("button", { name: "Send Message" })).toHaveCount(0);
    // "Send another message" brings back an empty form.
    await sent.getByRole("link", { name: "Send another message" }).click();
    await expect(page.getByLabel("Full name")).toHaveValue("");
    await expect(page.getByRole("textbox", { name: "Message", exact: true })).toHaveValue("");
    await expect(page.getByLabel("Subject")).toHaveValue("");

    const mail = await waitForMail("team@example.test", (m) => m.text.includes(stamp));
    expect(mail.subject).toBe("Contact form: Partnership Opportunities from Kofi Boateng");
    expect(mail.raw).toMatch(new RegExp(`^Reply-To: kofi\\+${stamp}@example\\.com`, "im"));
    expect(mail.text).toContain("Phone: +233 24 123 4567");
  });

  test("shows contact cards and the office without third-party maps", async ({ page }) => {
    await page.goto("/contact");
    await expect(page.getByRole("link", { name: SITE.email.hello })).toHaveAttribute(
      "href",
      `mailto:${SITE.email.hello}`,
    );
    await expect(page.getByRole("link", { name: SITE.phone })).toHaveAttribute(
      "href",
      `tel:${SITE.phone.replaceAll(" ", "")}`,
    );
    await expect(page.locator("address")).toContainText(SITE.office.line1);
    const map = page.getByRole("link", { name: /Open in OpenStreetMap/ });
    await expect(map).toHaveAttribute("href", SITE.office.mapUrl);
    await expect(map).toHaveAttribute("target", "_blank");
    await expect(map).toHaveAttribute("rel", /noopener/);
    await expect(page.locator("iframe")).toHaveCount(0);
    const options = await page
      .getByLabel("Subject")
      .locator("option")
      .evaluateAll((els) => els.map((o) => [(o as HTMLOptionElement).value, o.textContent]));
    expect(options.map(([value]) => value)).toEqual([
      "",
      "general",
      "provider",
      "technical",
      "partnership",
      "press",
      "other",
    ]);
  });

  test("a body that is not a form gets a 400, not a server error", async ({ request }) => {
    const response = await request.post("/contact", { data: { name: "x" } });
    expect(response.status()).toBe(400);
  });
});

test.describe("contact without JavaScript", () => {
  test.use({ javaScriptEnabled: false, allowConsoleErrors: [/status of 400/] });

  test("shows errors inline with the values kept, then sends", async ({ page }) => {
    const stamp = `nojs-${Date.now()}`;
    await page.goto("/contact");
    await page.getByLabel("Full name").fill("Efua Owusu");
    await page.getByLabel("Email address").fill("efua-at-example");
    await page.getByRole("textbox", { name: "Message", exact: true }).fill(`Please call me back. (${stamp})`);
    await page.getByRole("button", { name: "Send Message" }).click();

    const alert = page.getByRole("main").getByRole("alert").filter({ hasText: "Validation Error" });
    await expect(alert).toContainText("Validation Error");
    await expect(alert).toContainText("Invalid email address");
    await expect(page.getByLabel("Email address")).toHaveAccessibleDescription("Invalid email address");
    await expect(page.getByLabel("Subject")).toHaveAccessibleDescription("Subject is required");
    await expect(page.getByLabel("Full name")).toHaveValue("Efua Owusu");
    await expect(page.getByLabel("Email address")).toHaveValue("efua-at-example");
    await expect(page.getByRole("textbox", { name: "Message", exact: true })).toHaveValue(
      `Please call me back. (${stamp})`,
    );

    await page.getByLabel("Email address").fill(`efua+${stamp}@example.com`);
    await page.getByLabel("Subject").selectOption("technical");
    await page.getByRole("button", { name: "Send Message" }).click();

    const status = page.getByRole("main").getByRole("status");
    await expect(status).toContainText("Message Sent!");
    await expect(status).toContainText("We'll get back to you within 24 hours.");
    // What happens next, in the form's place; a link brings back an empty form.
    await expect(status).toContainText("Our team reads every message");
    await expect(page.getByRole("button", { name: "Send Message" })).toHaveCount(0);
    await expectNoSidewaysScroll(page);
    await status.getByRole("link", { name: "Send another message" }).click();
    await expect(page.getByLabel("Full name")).toHaveValue("");
    await expect(page.getByRole("textbox", { name: "Message", exact: true })).toHaveValue("");

    const mail = await waitForMail("team@example.test", (m) => m.text.includes(stamp));
    expect(mail.subject).toBe("Contact form: Technical Support from Efua Owusu");
  });
});
