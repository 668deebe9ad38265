import { createRequestHandler, type ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";

/**
 * Our patch of React Router (patches/react-router+8.4.0.patch, docs/decisions/015-no-hydration-data.md):
 * an entry module that exports `hydrationData = false` gets no encoded loader data, so nothing
 * is encoded on a document request. Without the export, React Router behaves as it always did.
 */
function buildWith(hydrationData: boolean | undefined): { build: ServerBuild; seen: () => unknown } {
  let seen: unknown = "not rendered";
  const entry = {
    default: (_request: Request, status: number, headers: Headers, context: { serverHandoffStream?: unknown }) => {
      seen = context.serverHandoffStream;
      (context.serverHandoffStream as ReadableStream | undefined)?.cancel().catch(() => {});
      return new Response("<!DOCTYPE html><p>page</p>", { status, headers });
    },
    ...(hydrationData === undefined ? {} : { hydrationData }),
  };
  const route = { hasAction: false, hasLoader: true, hasClientAction: false, hasClientLoader: false };
  const build = {
    entry: { module: entry },
    routes: {
      root: { id: "root", path: "", module: { default: () => null } },
      page: {
        id: "page",
        parentId: "root",
        index: true,
        module: { default: () => null, loader: () => ({ rows: [{ id: 1, name: "Ama" }] }) },
      },
    },
    assets: {
      entry: { module: "/entry.js", imports: [] },
      routes: {
        root: { id: "root", path: "", module: "/root.js", ...route, hasLoader: false, hasErrorBoundary: false },
        page: { id: "page", parentId: "root", index: true, module: "/page.js", ...route, hasErrorBoundary: false },
      },
      url: "/manifest.js",
      version: "1",
    },
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    future: {},
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "initial" },
    basename: "/",
  } as unknown as ServerBuild;
  return { build, seen: () => seen };
}

describe("hydration data", () => {
  it("is not encoded when the entry module says the pages never hydrate", async () => {
    const { build, seen } = buildWith(false);
    const response = await createRequestHandler(build, "production")(new Request("http://localhost/"));
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("page");
    expect(seen()).toBeUndefined();
  });

  it("is encoded as before without the export (the patch changes nothing else)", async () => {
    const { build, seen } = buildWith(undefined);
    const response = await createRequestHandler(build, "production")(new Request("http://localhost/"));
    expect(response.status).toBe(200);
    expect(seen()).toBeInstanceOf(ReadableStream);
  });
});
