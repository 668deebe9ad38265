import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parsePo } from "pofile-ts";
import { runnerImport } from "vite";
import { beforeAll, describe, expect, it } from "vitest";
import { keysIn, moduleGraph, type PageTexts, pageTexts, platformPages, publicPages } from "./page-texts";

/** Each public page's texts in the browser (decision 044, "The public pages' texts"). */

const appDir = path.resolve("app");

describe("keysIn: the keys a module's source writes", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "page-texts-"));
  mkdirSync(path.join(dir, "parts"));
  writeFileSync(
    path.join(dir, "page.tsx"),
    [
      'import { Part } from "./parts/part";',
      'const later = () => import("./parts/later");',
      'const a = t("Sign In");',
      "const b = t('Don\\'t go');",
      'const c = t("Say \\"hello\\"");',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a module's source text, read by keysIn
      "const d = t(`insight.last.${period}`);",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a template starting with a value names no key
      "const e = t(`${city}, Ghana`);",
    ].join("\n"),
  );
  writeFileSync(path.join(dir, "parts/part.ts"), 'export const Part = "Register";');
  writeFileSync(path.join(dir, "parts/later.tsx"), 'export const Later = "Create Account";');
  const keys = [
    "Sign In",
    "Don't go",
    'Say "hello"',
    "insight.last.week",
    "insight.last.month",
    "insight.the-last.week",
    "Accra, Ghana",
    "Register",
    "Create Account",
    "Never written",
  ];

  it("finds literals in either quote, escaped, a template's start, and what the module imports", () => {
    const first = moduleGraph(path.join(dir, "page.tsx"), dir, { lazy: false });
    expect([...keysIn(first, keys, dir)].sort()).toEqual(
      ["Don't go", "Register", 'Say "hello"', "Sign In", "insight.last.month", "insight.last.week"].sort(),
    );
  });

  it("a part loaded later is in the whole graph, not in the first load's", () => {
    const all = moduleGraph(path.join(dir, "page.tsx"), dir, { lazy: true });
    expect(keysIn(all, keys, dir).has("Create Account")).toBe(true);
    expect(keysIn(moduleGraph(path.join(dir, "page.tsx"), dir, { lazy: false }), keys, dir).has("Create Account")).toBe(
      false,
    );
  });
});

describe("the app's public pages and their texts", () => {
  let routes: never;
  let texts: PageTexts;
  const keys = parsePo(readFileSync("app/i18n/catalogues/en.po", "utf8")).items.map((i) => i.msgctxt ?? i.msgid);
  beforeAll(async () => {
    routes = (
      await runnerImport<{ default: never }>(path.join(appDir, "routes.ts"), { configFile: false, logLevel: "silent" })
    ).module.default;
    texts = pageTexts(routes, appDir, keys);
  });

  it("every English public page by its pattern, none of the platform's, none twice", () => {
    const pages = publicPages(routes);
    const byPattern = new Map(pages.map((p) => [p.pattern, p.id]));
    expect(byPattern.get("/auth")).toBe("routes/auth/auth");
    expect(byPattern.get("/hub/:hubId")).toBe("routes/public/hub");
    expect(byPattern.get("/*")).toBe("routes/public/not-found");
    expect(byPattern.get("/")).toBe("routes/public/home");
    expect(pages.filter((p) => p.pattern.startsWith("/fr") || p.pattern.startsWith("/dashboard"))).toEqual([]);
    expect(byPattern.size).toBe(pages.length);
  });

  it("the shell has the header's and the 404's texts; a page has its own, not the shell's", () => {
    expect(texts.shell.has("Oops! Page not found")).toBe(true);
    const auth = texts.byPage.get("routes/auth/auth")!;
    expect(auth.has("Signing In...")).toBe(true);
    expect(auth.has("Oops! Page not found")).toBe(false);
    expect(texts.byPage.get("routes/public/hubs")!.has("Signing In...")).toBe(false);
  });

  it("a text only the server writes stays with the page; the Register form's come with the form", () => {
    const auth = texts.byPage.get("routes/auth/auth")!;
    // Written by the sign-in action's server module only, shown by the page after a refused sign-in.
    expect(
      auth.has(
        "Your email address is not verified yet. We have sent you a new verification link: please open it, then sign in.",
      ),
    ).toBe(true);
    const register = texts.byLazyPart.get("features/accounts/components/register-form")!;
    expect(register.has("Creating Account...")).toBe(true);
    expect(auth.has("Creating Account...")).toBe(false);
  });

  it("the platform's pages by pattern, each with the gate it is drawn in; none of the public site's", () => {
    const pages = platformPages(routes);
    const doctor = pages.find((p) => p.pattern === "/dashboard/doctor")!;
    expect(doctor.id).toBe("routes/dashboard/doctor");
    expect(doctor.layouts).toEqual(["routes/gates/doctor-layout.ts"]);
    expect(pages.find((p) => p.pattern === "/dashboard/system-admin/payouts/:runId")?.file).toBe(
      "routes/payouts/payout-run.tsx",
    );
    expect(pages.filter((p) => p.pattern === "/auth" || p.pattern.startsWith("/fr"))).toEqual([]);
  });

  it("a platform page has its own texts, not the frame's nor the shell's; the frame has the navigation's", () => {
    expect(texts.frame.has("Payouts")).toBe(true);
    expect(texts.frame.has("Oops! Page not found")).toBe(false);
    const payouts = texts.byPage.get("routes/payouts/payouts-admin")!;
    expect(payouts.has("Payouts")).toBe(false);
    expect(payouts.has("Prepare a payout run")).toBe(true);
    expect(texts.byPage.get("routes/dashboard/doctor")!.has("Prepare a payout run")).toBe(false);
  });

  it("content pages are marked: their texts are fetched only on a client navigation", () => {
    expect(texts.contentPages.has("routes/public/about")).toBe(true);
    expect(texts.contentPages.has("routes/auth/auth")).toBe(false);
  });
});
