import type { EntryContext } from "react-router";
import { describe, expect, it } from "vitest";
import { keepPage, keptPage, MAX_RENDERED_PAGES, renderedPageKey } from "./rendered-pages.server";

const URL_ = "http://localhost/dashboard/system-admin?tab=payments";

function context(
  loaderData: Record<string, unknown>,
  options: { handle?: object; errors?: unknown; actionData?: unknown } = {},
): EntryContext {
  return {
    staticHandlerContext: {
      matches: [{ route: { id: "root" } }, { route: { id: "page" } }],
      loaderData,
      actionData: options.actionData ?? null,
      errors: options.errors ?? null,
    },
    routeModules: { root: {}, page: { handle: options.handle ?? { renderedFromData: true } } },
  } as unknown as EntryContext;
}

const key = (data: Record<string, unknown>, url = URL_) => renderedPageKey(new Request(url), 200, context(data));

describe("renderedPageKey", () => {
  const data = { root: { appUrl: "https://qurhealth.example" }, page: { rows: [{ id: 1, status: "pending" }] } };

  it("is the same for the same address and data, and another when either changes", () => {
    expect(key(data)).toBe(key(structuredClone(data)));
    expect(key({ ...data, page: { rows: [{ id: 1, status: "accepted" }] } })).not.toBe(key(data));
    expect(key(data, "http://localhost/dashboard/system-admin?tab=users")).not.toBe(key(data));
  });

  it("keeps nothing but a GET answered 200 without errors, by a page that says so", () => {
    expect(renderedPageKey(new Request(URL_, { method: "POST" }), 200, context(data))).toBeNull();
    expect(renderedPageKey(new Request(URL_), 404, context(data))).toBeNull();
    expect(renderedPageKey(new Request(URL_), 200, context(data, { errors: { page: "boom" } }))).toBeNull();
    expect(renderedPageKey(new Request(URL_), 200, context(data, { handle: {} }))).toBeNull();
    expect(renderedPageKey(new Request(URL_), 200, context(data, { handle: { static: true } }))).toBeNull();
  });

  it("tells apart what JSON would write alike", () => {
    expect(key({ page: { value: undefined } })).not.toBe(key({ page: { value: null } }));
    expect(key({ page: { value: undefined } })).not.toBe(key({ page: {} }));
    expect(key({ page: [undefined] })).not.toBe(key({ page: [null] }));
    const when = new Date("2026-11-21T10:00:00Z");
    expect(key({ page: { when } })).not.toBe(key({ page: { when: when.toISOString() } }));
    expect(key({ page: { when } })).toBe(key({ page: { when: new Date(when) } }));
  });

  it("keeps no page whose data JSON cannot say in full", () => {
    for (const value of [
      new Map([["a", 1]]),
      new Set([1]),
      new (class Money {
        pesewas = 7000;
      })(),
      Number.NaN,
      Number.POSITIVE_INFINITY,
      -0,
      10n,
      new Date("not a date"),
    ]) {
      expect(key({ page: { value } }), String(value)).toBeNull();
    }
  });
});

describe("keepPage and keptPage", () => {
  it("give back the kept markup with the new request's nonce", () => {
    const html = '<script type="module" nonce="first-nonce">x</script><p>Ama</p>';
    keepPage("a", html, "first-nonce");
    expect(keptPage("a", "second-nonce")).toBe('<script type="module" nonce="second-nonce">x</script><p>Ama</p>');
    expect(keptPage("missing", "n")).toBeUndefined();
  });

  it("keep nothing when the nonce's text is anywhere but a nonce attribute, or there is no nonce", () => {
    keepPage("b", '<p nonce="n1">n1 in the text</p>', "n1");
    expect(keptPage("b", "n2")).toBeUndefined();
    keepPage("c", "<p>no nonce</p>", "");
    expect(keptPage("c", "")).toBeUndefined();
  });

  it("let the least recently used page go first", () => {
    keepPage("oldest", '<p nonce="abc123">0</p>', "abc123");
    keepPage("used", '<p nonce="abc123">1</p>', "abc123");
    for (let i = 0; i < MAX_RENDERED_PAGES - 2; i++) keepPage(`filler ${i}`, '<p nonce="abc123">f</p>', "abc123");
    expect(keptPage("used", "xyz789")).toBe('<p nonce="xyz789">1</p>');
    keepPage("newest", '<p nonce="abc123">2</p>', "abc123");
    expect(keptPage("oldest", "xyz789")).toBeUndefined();
    expect(keptPage("used", "xyz789")).toBe('<p nonce="xyz789">1</p>');
    expect(keptPage("newest", "xyz789")).toBe('<p nonce="xyz789">2</p>');
  });
});
