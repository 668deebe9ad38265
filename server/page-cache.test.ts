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

  it("puts each answer's own form key in the form, beside its nonce (issue 29: no two visitors share a key)", () => {
    const [nonce0, key0] = [createNonce(), createNonce()];
    const html = `${pageWith(nonce0)}<form><input type="hidden" name="idempotency_key" value="waitlist.${key0}"></form>`;
    const page = compressPage(html, [nonce0, key0]);
    const seen = new Set<string>();
    for (let i = 0; i < 5; i++) {
      const [nonce, key] = [createNonce(), createNonce()];
      const expected = html.split(nonce0).join(nonce).split(key0).join(key);
      expect(gunzipSync(gzipPage(page, [nonce, key])).toString()).toBe(expected);
      seen.add(key);
    }
    expect(seen.size).toBe(5);
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

const noVersions = { version: async () => null };

/** A GET through the cache: the kept copy, or `render`'s answer handed to `keep`. */
async function get(
  cache: ReturnType<typeof createPageCache>,
  path: string,
  render: (nonce: string) => Response,
  { search = "", encoding = "gzip" } = {},
): Promise<{ hit: boolean; html: string; nonce: string; response: Response }> {
  const nonce = createNonce();
  const lookup = await cache.lookup(path, search, nonce, encoding);
  const response = "hit" in lookup ? lookup.hit : await cache.keep(lookup.miss, render(nonce), nonce, encoding);
  const bytes = Buffer.from(await response.clone().arrayBuffer());
  const coding = response.headers.get("Content-Encoding");
  const html = (
    coding === "gzip" ? gunzipSync(bytes) : coding === "br" ? brotliDecompressSync(bytes) : bytes
  ).toString();
  return { hit: "hit" in lookup, html, nonce, response };
}

describe("createPageCache: static pages", () => {
  it("keeps a static page and serves it again with a fresh nonce, compressed as asked", async () => {
    const cache = createPageCache(noVersions);
    const first = await get(cache, "/hubs", (nonce) => rendered(pageWith(nonce), { [STATIC_PAGE_HEADER]: "static" }));
    expect(first.hit).toBe(false);
    expect(first.response.headers.has(STATIC_PAGE_HEADER)).toBe(false);
    expect(first.html).toBe(pageWith(first.nonce));

    const second = createNonce();
    const gzip = await cache.lookup("/hubs", "", second, "gzip, deflate, br");
    if (!("hit" in gzip)) throw new Error("not kept");
    expect(gzip.hit.headers.get("Content-Encoding")).toBe("gzip");
    expect(gzip.hit.headers.get("Vary")).toBe("Accept-Encoding");
    expect(gzip.hit.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
    expect(gunzipSync(Buffer.from(await gzip.hit.arrayBuffer())).toString()).toBe(pageWith(second));

    const plain = await cache.lookup("/hubs", "", second, "gzip;q=0");
    if (!("hit" in plain)) throw new Error("not kept");
    expect(plain.hit.headers.has("Content-Encoding")).toBe(false);
    expect(await plain.hit.text()).toBe(pageWith(second));
    expect("hit" in (await cache.lookup("/about", "", second, "gzip"))).toBe(false);
    // A query string is another page, which a static page never is.
    expect("hit" in (await cache.lookup("/hubs", "?q=x", second, "gzip"))).toBe(false);
  });

  it("passes other answers through untouched and keeps nothing that sets a cookie or has a query string", async () => {
    const cache = createPageCache(noVersions);
    const dynamic = rendered("<p>dashboard</p>");
    const ticket = { path: "/dashboard/doctor", search: "", content: null, version: null };
    expect(await cache.keep(ticket, dynamic, createNonce(), "gzip")).toBe(dynamic);
    const withCookie = await get(cache, "/", () =>
      rendered("<p>home</p>", { [STATIC_PAGE_HEADER]: "static", "Set-Cookie": "a=b" }),
    );
    expect(withCookie.response.headers.has(STATIC_PAGE_HEADER)).toBe(false);
    await get(cache, "/about", () => rendered("<p>About</p>", { [STATIC_PAGE_HEADER]: "static" }), { search: "?x=1" });
    for (const path of ["/", "/dashboard/doctor", "/about"]) {
      expect("hit" in (await cache.lookup(path, "", createNonce(), "gzip"))).toBe(false);
    }
  });

  it("serves brotli for a page without a nonce when the browser takes it", async () => {
    const cache = createPageCache(noVersions);
    await get(cache, "/about", () => rendered("<p>About us</p>", { [STATIC_PAGE_HEADER]: "static" }), {
      encoding: "br",
    });
    const again = await get(cache, "/about", () => rendered("<p>changed</p>"), { encoding: "gzip, br" });
    expect(again.hit).toBe(true);
    expect(again.response.headers.get("Content-Encoding")).toBe("br");
    expect(again.html).toBe("<p>About us</p>");
  });
});

describe("createPageCache: pages built from versioned content", () => {
  /** A cache whose `facilities` version is `state.version` (or a failure), counting the reads. */
  function versionedCache() {
    const state = { version: 1 as number | null, fail: false, reads: 0 };
    const cache = createPageCache({
      version: async () => {
        state.reads += 1;
        if (state.fail) throw new Error("database unavailable");
        return state.version;
      },
    });
    let renders = 0;
    const directory = (search = "") =>
      get(
        cache,
        "/facilities",
        (nonce) => {
          renders += 1;
          return rendered(`<p nonce="${nonce}">v${state.version} ${search} render ${renders}</p>`, {
            [STATIC_PAGE_HEADER]: "content:facilities",
          });
        },
        { search },
      );
    return { cache, state, directory, renders: () => renders };
  }

  it("learns the path from the first answer, keeps the second, and serves the copy while the version holds", async () => {
    const { state, directory, renders } = versionedCache();
    expect((await directory()).hit).toBe(false);
    expect(state.reads).toBe(0); // not yet known to be versioned: no version read, nothing kept
    const second = await directory();
    expect(second.hit).toBe(false);
    expect(state.reads).toBe(1);
    const third = await directory();
    expect(third.hit).toBe(true);
    expect(third.html).toBe(`<p nonce="${third.nonce}">v1  render 2</p>`);
    expect(renders()).toBe(2);
    expect(state.reads).toBe(2);
  });

  it("renders again once the version moves, and keeps each query string apart", async () => {
    const { state, directory, renders } = versionedCache();
    await directory();
    await directory();
    expect((await directory()).hit).toBe(true);
    state.version = 2;
    const moved = await directory();
    expect(moved.hit).toBe(false);
    expect(moved.html).toContain("v2");
    const keptAgain = await directory();
    expect(keptAgain.hit).toBe(true);
    expect(keptAgain.html).toBe(`<p nonce="${keptAgain.nonce}">v2  render 3</p>`);
    const filtered = await directory("?country=ghana");
    expect(filtered.hit).toBe(false);
    expect(filtered.html).toContain("?country=ghana");
    expect((await directory("?country=ghana")).hit).toBe(true);
    expect((await directory()).html).not.toContain("country");
    expect(renders()).toBe(4);
  });

  it("keeps nothing when the version cannot be read, or is unknown", async () => {
    const { state, directory, renders } = versionedCache();
    await directory();
    state.fail = true;
    await directory();
    await directory();
    state.fail = false;
    state.version = null;
    await directory();
    await directory();
    expect(renders()).toBe(5);
  });

  it("files a copy under the version read before its render, so a write during the render is not hidden", async () => {
    const { state, cache } = versionedCache();
    const nonce = createNonce();
    const answer = (text: string) => rendered(`<p>${text}</p>`, { [STATIC_PAGE_HEADER]: "content:facilities" });
    const learn = await cache.lookup("/facilities", "", nonce, "gzip");
    if ("hit" in learn) throw new Error("unexpected");
    await cache.keep(learn.miss, answer("first"), nonce, "gzip");
    const before = await cache.lookup("/facilities", "", nonce, "gzip"); // reads version 1
    if ("hit" in before) throw new Error("unexpected");
    state.version = 2; // a facility is written while the page renders
    await cache.keep(before.miss, answer("rendered during the write"), nonce, "gzip");
    const after = await cache.lookup("/facilities", "", nonce, "gzip");
    expect("hit" in after).toBe(false);
  });
});

describe("createPageCache: a page built from several contents (issue 28: the home page)", () => {
  it("is kept while every content's version holds, and rendered again when any one moves", async () => {
    const versions: Record<string, number | null> = { facilities: 4, hubs: 9 };
    const asked: string[] = [];
    const cache = createPageCache({
      version: async (content) => {
        asked.push(content);
        return versions[content] ?? null;
      },
    });
    let renders = 0;
    const home = () =>
      get(cache, "/", (nonce) => {
        renders += 1;
        return rendered(`<p nonce="${nonce}">${versions.facilities}/${versions.hubs} render ${renders}</p>`, {
          [STATIC_PAGE_HEADER]: "content:facilities,hubs",
        });
      });
    await home();
    await home();
    expect((await home()).hit).toBe(true);
    expect(asked).toContain("facilities");
    expect(asked).toContain("hubs");
    versions.facilities = 5; // a facility is added: the count on the page changes
    const afterFacility = await home();
    expect(afterFacility.hit).toBe(false);
    expect(afterFacility.html).toContain("5/9");
    expect((await home()).hit).toBe(true);
    versions.hubs = 10; // a hub launches
    const afterHub = await home();
    expect(afterHub.hit).toBe(false);
    expect(afterHub.html).toContain("5/10");
    expect((await home()).hit).toBe(true);
    versions.hubs = null; // a version that cannot be read: nothing kept
    await home();
    await home();
    expect(renders).toBe(6);
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
