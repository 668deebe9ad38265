import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { STATIC_PAGE_HEADER } from "~/lib/static-page";
import { compressPage, createPageCache, gzipPage, gzipWhole } from "./page-cache";
import { createNonce } from "./security";

/** A page over 32 KB that repeats itself (so compressed pieces refer back across the nonces). */
function pageWith(nonce: string): string {
  const cards = Array.from({ length: 400 }, (_, i) => `<li class="card"><a href="/hub/${i % 7}">Hub ${i}</a></li>`);
  return [
    `<!doctype html><html><head><link rel="modulepreload" href="/assets/a.js" nonce="${nonce}">`,
    `<link rel="modulepreload" href="/assets/b.js" nonce="${nonce}"></head><body><ul>${cards.join("")}</ul>`,
    `<script type="module" src="/assets/page.js" nonce="${nonce}"></script><p>₵70 — Accra</p></body></html>`,
  ].join("");
}

describe("gzipPage", () => {
  it("answers the page with each answer's own nonce in every place", () => {
    const rendered = createNonce();
    const page = compressPage(pageWith(rendered), rendered);
    expect(page.pieces).toHaveLength(4);
    for (let i = 0; i < 20; i++) {
      const nonce = createNonce();
      expect(gunzipSync(gzipPage(page, nonce)).toString()).toBe(pageWith(nonce));
    }
  });

  it("never refers back into the nonce, even where the page repeats part of it", () => {
    const rendered = createNonce();
    const html = `<script nonce="${rendered}"></script><p>${rendered.slice(0, 16)}</p><i nonce="${rendered}"></i>`;
    const page = compressPage(html, rendered);
    const nonce = createNonce();
    expect(gunzipSync(gzipPage(page, nonce)).toString()).toBe(html.split(rendered).join(nonce));
  });

  it("keeps a page without a nonce whole, and as brotli too", () => {
    const html = pageWith("").replaceAll(' nonce=""', "");
    const page = compressPage(html, createNonce());
    expect(page.pieces).toHaveLength(1);
    expect(gunzipSync(gzipPage(page, createNonce())).toString()).toBe(html);
    expect(brotliDecompressSync(page.brotli!).toString()).toBe(html);
  });
});

function rendered(html: string, headers: Record<string, string> = {}): Response {
  return new Response(html, { headers: { "Content-Type": "text/html; charset=utf-8", ...headers } });
}

describe("createPageCache", () => {
  it("keeps a static page and serves it again with a fresh nonce, compressed as asked", async () => {
    const cache = createPageCache();
    const first = createNonce();
    const kept = await cache.keep("/hubs", rendered(pageWith(first), { [STATIC_PAGE_HEADER]: "1" }), first, "gzip");
    expect(kept.headers.has(STATIC_PAGE_HEADER)).toBe(false);
    expect(gunzipSync(Buffer.from(await kept.arrayBuffer())).toString()).toBe(pageWith(first));

    const second = createNonce();
    const gzip = cache.serve("/hubs", second, "gzip, deflate, br")!;
    expect(gzip.headers.get("Content-Encoding")).toBe("gzip");
    expect(gzip.headers.get("Vary")).toBe("Accept-Encoding");
    expect(gzip.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(pageWith(second));

    const plain = cache.serve("/hubs", second, "gzip;q=0")!;
    expect(plain.headers.has("Content-Encoding")).toBe(false);
    expect(await plain.text()).toBe(pageWith(second));
    expect(cache.serve("/about", second, "gzip")).toBeNull();
  });

  it("passes other answers through untouched and keeps nothing that sets a cookie", async () => {
    const cache = createPageCache();
    const nonce = createNonce();
    const dynamic = rendered("<p>dashboard</p>");
    expect(await cache.keep("/dashboard/doctor", dynamic, nonce, "gzip")).toBe(dynamic);
    const withCookie = await cache.keep(
      "/",
      rendered("<p>home</p>", { [STATIC_PAGE_HEADER]: "1", "Set-Cookie": "a=b" }),
      nonce,
      "gzip",
    );
    expect(withCookie.headers.has(STATIC_PAGE_HEADER)).toBe(false);
    expect(cache.serve("/", nonce, "gzip")).toBeNull();
    expect(cache.serve("/dashboard/doctor", nonce, "gzip")).toBeNull();
  });

  it("serves brotli for a page without a nonce when the browser takes it", async () => {
    const cache = createPageCache();
    const nonce = createNonce();
    await cache.keep("/about", rendered("<p>About us</p>", { [STATIC_PAGE_HEADER]: "1" }), nonce, "br");
    const answer = cache.serve("/about", createNonce(), "gzip, br")!;
    expect(answer.headers.get("Content-Encoding")).toBe("br");
    expect(brotliDecompressSync(Buffer.from(await answer.arrayBuffer())).toString()).toBe("<p>About us</p>");
  });
});

describe("gzipWhole", () => {
  it("gzips a page in one piece when the browser takes gzip, and leaves it alone otherwise", async () => {
    const html = pageWith(createNonce());
    const zipped = await gzipWhole(rendered(html, { "Cache-Control": "private" }), "gzip, br");
    expect(zipped.headers.get("Content-Encoding")).toBe("gzip");
    expect(zipped.headers.get("Cache-Control")).toBe("private");
    expect(gunzipSync(Buffer.from(await zipped.arrayBuffer())).toString()).toBe(html);

    const plain = rendered(html);
    expect(await gzipWhole(plain, "br")).toBe(plain);
    const redirect = new Response(null, { status: 302, headers: { Location: "/auth" } });
    expect(await gzipWhole(redirect, "gzip")).toBe(redirect);
  });
});
