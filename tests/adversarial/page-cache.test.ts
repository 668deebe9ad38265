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

async function page(path: string) {
  const response = await app.request(path, { headers: { "Accept-Encoding": "gzip" } });
  const body = Buffer.from(await response.arrayBuffer());
  const html = (response.headers.get("Content-Encoding") === "gzip" ? gunzipSync(body) : body).toString();
  return { response, html, nonce: nonceOf(response) };
}

describe("kept pages built from the facilities", () => {
  it("answer the same page with a fresh nonce each time, in the body as in the header", async () => {
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await page("/facilities"));
    const nonces = new Set(answers.map((a) => a.nonce));
    expect(nonces.size).toBe(4);
    for (const a of answers) {
      expect(a.response.status).toBe(200);
      expect(a.response.headers.get("Cache-Control")).toBe("private, max-age=0, must-revalidate");
      expect(a.html).toContain(`nonce="${a.nonce}"`);
      expect(a.html.replaceAll(a.nonce, "N")).toBe(answers[0]!.html.replaceAll(answers[0]!.nonce, "N"));
    }
  });

  it("show a change to a facility on the next answer, in the directory, a filtered list and its profile", async () => {
    const [target] = await app.db
      .select({ id: facilities.id, slug: facilities.slug, country: facilities.country })
      .from(facilities)
      .where(eq(facilities.isActive, true))
      .limit(1);
    const link = `href="/facility/${target!.slug}"`;
    const filtered = `/facilities?country=${target!.country}`;
    for (let i = 0; i < 3; i++) {
      expect((await page("/facilities")).html).toContain(link);
      expect((await page(filtered)).html).toContain(link);
      expect((await page(`/facility/${target!.slug}`)).response.status).toBe(200);
    }

    await app.db.update(facilities).set({ isActive: false }).where(eq(facilities.id, target!.id));
    expect((await page("/facilities")).html).not.toContain(link);
    expect((await page(filtered)).html).not.toContain(link);
    expect((await page(`/facility/${target!.slug}`)).response.status).toBe(404);

    await app.db.update(facilities).set({ isActive: true, reviews: 4321 }).where(eq(facilities.id, target!.id));
    expect((await page("/facilities")).html).toContain(link);
    expect((await page(`/facility/${target!.slug}`)).html).toContain("4,321");
  });
});
