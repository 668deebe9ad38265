import { gunzipSync } from "node:zlib";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { facilities } from "~/db/schema";
import { type BuiltApp, loadBuiltApp } from "./built-app";

/*
 * Pages the server keeps (server/page-cache.ts), through the built app: the facilities directory
 * and profiles are kept per address while the facilities' version holds, and every answer still
 * carries its own CSP nonce. A change to a facility shows on the next answer.
 */
let app: BuiltApp;
beforeAll(async () => {
  app = await loadBuiltApp();
});
afterAll(async () => {
  await app?.close();
});

const nonceOf = (response: Response) =>
  /'nonce-([^']+)'/.exec(response.headers.get("Content-Security-Policy") ?? "")?.[1] ?? "";

/** The page's form key (decision 027: the base of its forms' idempotency keys), in the root's loader data. */
const formKeyOf = (html: string) => /formKey\\",\\"([A-Za-z0-9+/=]+)\\"/.exec(html)?.[1] ?? "";

async function page(path: string) {
  const response = await app.request(path, { headers: { "Accept-Encoding": "gzip" } });
  const body = Buffer.from(await response.arrayBuffer());
  const html = (response.headers.get("Content-Encoding") === "gzip" ? gunzipSync(body) : body).toString();
  return { response, html, nonce: nonceOf(response) };
}

describe("kept pages built from the facilities", () => {
  it("answer the same page with a fresh nonce and a fresh form key each time, in the body as in the header", async () => {
    const answers: Awaited<ReturnType<typeof page>>[] = [];
    for (let i = 0; i < 4; i++) answers.push(await page("/facilities"));
    const nonces = new Set(answers.map((a) => a.nonce));
    expect(nonces.size).toBe(4);
    // No two visitors share a form key, kept page or not (decision 027).
    expect(new Set(answers.map((a) => formKeyOf(a.html))).size).toBe(4);
    const masked = (a: Awaited<ReturnType<typeof page>>) =>
      a.html.replaceAll(a.nonce, "N").replaceAll(formKeyOf(a.html), "K");
    for (const a of answers) {
      expect(a.response.status).toBe(200);
      expect(a.response.headers.get("Cache-Control")).toBe("private, max-age=0, must-revalidate");
      expect(a.html).toContain(`nonce="${a.nonce}"`);
      expect(formKeyOf(a.html)).toHaveLength(24);
      expect(masked(a)).toBe(masked(answers[0]!));
    }
  });

  it("show a change to a facility on the next answer, in the directory, a filtered list and its profile", async () => {
    const [target] = await app.db
      .select({ id: facilities.id, slug: facilities.slug, country: facilities.country })
      .from(facilities)
      .where(eq(facilities.isActive, true))
      .limit(1);
    // The profile's link (in a filtered list it carries the search back: ?from=...).
    const link = new RegExp(`href="/facility/${target!.slug}["?]`);
    const filtered = `/facilities?country=${target!.country}`;
    for (let i = 0; i < 3; i++) {
      expect((await page("/facilities")).html).toMatch(link);
      expect((await page(filtered)).html).toMatch(link);
      expect((await page(`/facility/${target!.slug}`)).response.status).toBe(200);
    }

    await app.db.update(facilities).set({ isActive: false }).where(eq(facilities.id, target!.id));
    expect((await page("/facilities")).html).not.toMatch(link);
    expect((await page(filtered)).html).not.toMatch(link);
    expect((await page(`/facility/${target!.slug}`)).response.status).toBe(404);

    const [{ description }] = await app.db
      .select({ description: facilities.description })
      .from(facilities)
      .where(eq(facilities.id, target!.id));
    await app.db
      .update(facilities)
      .set({ isActive: true, description: "Now open on Sundays too." })
      .where(eq(facilities.id, target!.id));
    expect((await page("/facilities")).html).toMatch(link);
    expect((await page(`/facility/${target!.slug}`)).html).toContain("Now open on Sundays too.");
    await app.db.update(facilities).set({ description }).where(eq(facilities.id, target!.id));
  });
});

describe("kept pages built from the facilities and the hubs (issue 28)", () => {
  /** The home page's facility figure: its label, then "<dd ...>N</dd>". */
  const ghanaCount = (html: string) => /Partner facilit(?:y|ies) in Ghana<\/dt><dd[^>]*>(\d+)<\/dd>/.exec(html)?.[1];
  const counted = (html: string) => /(\d+) (?:facility|facilities) in the network/.exec(html)?.[1];

  it("count the facilities from the database, and count again when one is deactivated", async () => {
    const active = await app.db
      .select({ id: facilities.id, country: facilities.country })
      .from(facilities)
      .where(eq(facilities.isActive, true));
    const ghana = active.filter((f) => f.country === "ghana");
    for (let i = 0; i < 3; i++) {
      const home = await page("/");
      expect(counted(home.html)).toBe(String(active.length));
      expect(ghanaCount(home.html)).toBe(String(ghana.length));
      expect(home.html).not.toContain(">12</dd>");
    }
    await app.db.update(facilities).set({ isActive: false }).where(eq(facilities.id, ghana[0]!.id));
    try {
      const home = await page("/");
      expect(counted(home.html)).toBe(String(active.length - 1));
      expect(ghanaCount(home.html)).toBe(String(ghana.length - 1));
      const about = await page("/about");
      expect(about.html).toContain(`Facilities in Ghana, growing to 50+`);
      expect(about.html).toContain(`>${ghana.length - 1}<`);
      const press = await page("/press-kit");
      expect(press.html).toContain(`${ghana.length - 1} in Ghana (${active.length - 1} in the network)`);
    } finally {
      await app.db.update(facilities).set({ isActive: true }).where(eq(facilities.id, ghana[0]!.id));
    }
    expect(counted((await page("/")).html)).toBe(String(active.length));
  });
});
