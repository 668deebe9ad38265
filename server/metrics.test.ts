import type { RouteConfigEntry } from "@react-router/dev/routes";
import { matchRoutes, type RouteObject } from "react-router";
import { describe, expect, it } from "vitest";
import { parseAddressList } from "~/lib/address-list.server";
import routes from "~/routes";
import { concreteRoutes } from "../tests/adversarial/routes";
import { metricsAccess } from "./metrics";
import { routeIdMatcher } from "./route-id";

const loopback = parseAddressList("127.0.0.0/8,::1") as Exclude<ReturnType<typeof parseAddressList>, string>;
const TOKEN = "t".repeat(40);

describe("metricsAccess (issue 39)", () => {
  const access = metricsAccess({ METRICS_ALLOW: loopback, METRICS_TOKEN: TOKEN, TRUST_PROXY: false });

  it("admits the listed addresses, IPv4-mapped ones included", () => {
    for (const ip of ["127.0.0.1", "127.3.2.1", "::1", "::ffff:127.0.0.1"]) {
      expect(access({ ip, headers: new Headers() }), ip).toBe(true);
    }
  });

  it("refuses any other address without the token", () => {
    for (const ip of ["10.0.0.1", "192.0.2.7", "::2", "::ffff:10.0.0.1", "unknown"]) {
      expect(access({ ip, headers: new Headers() }), ip).toBe(false);
    }
  });

  it("admits the bearer token from anywhere, and only the exact token", () => {
    expect(access({ ip: "203.0.113.9", headers: new Headers({ authorization: `Bearer ${TOKEN}` }) })).toBe(true);
    expect(access({ ip: "203.0.113.9", headers: new Headers({ authorization: `Bearer ${TOKEN}x` }) })).toBe(false);
    expect(access({ ip: "203.0.113.9", headers: new Headers({ authorization: TOKEN }) })).toBe(false);
    expect(access({ ip: "203.0.113.9", headers: new Headers({ authorization: "Bearer " }) })).toBe(false);
  });

  it("without TRUST_PROXY, a request that came through a proxy on loopback is not admitted by its address", () => {
    expect(access({ ip: "127.0.0.1", headers: new Headers({ "x-forwarded-for": "203.0.113.9" }) })).toBe(false);
    expect(access({ ip: "127.0.0.1", headers: new Headers({ forwarded: "for=203.0.113.9" }) })).toBe(false);
    // Its token still works.
    const both = new Headers({ "x-forwarded-for": "203.0.113.9", authorization: `Bearer ${TOKEN}` });
    expect(access({ ip: "127.0.0.1", headers: both })).toBe(true);
  });

  it("with TRUST_PROXY, the client address the proxy reports decides", () => {
    const behindProxy = metricsAccess({ METRICS_ALLOW: loopback, METRICS_TOKEN: undefined, TRUST_PROXY: true });
    const forwarded = new Headers({ "x-forwarded-for": "127.0.0.1" });
    expect(behindProxy({ ip: "127.0.0.1", headers: forwarded })).toBe(true);
    expect(behindProxy({ ip: "198.51.100.4", headers: forwarded })).toBe(false);
    // No token configured: an Authorization header is no way in.
    expect(behindProxy({ ip: "198.51.100.4", headers: new Headers({ authorization: "Bearer " }) })).toBe(false);
  });

  it('"none" admits no address', () => {
    const none = metricsAccess({ METRICS_ALLOW: [], METRICS_TOKEN: TOKEN, TRUST_PROXY: false });
    expect(none({ ip: "127.0.0.1", headers: new Headers() })).toBe(false);
  });
});

describe("parseAddressList", () => {
  it("reads addresses and ranges, and names a bad entry", () => {
    expect(parseAddressList(" 10.0.0.0/8 , ::1,192.0.2.1 ")).toEqual([
      { address: "10.0.0.0", prefix: 8, family: "ipv4" },
      { address: "::1", prefix: 128, family: "ipv6" },
      { address: "192.0.2.1", prefix: 32, family: "ipv4" },
    ]);
    expect(parseAddressList("none")).toEqual([]);
    expect(parseAddressList("localhost")).toMatch(/got "localhost"/);
    expect(parseAddressList("10.0.0.0/33")).toMatch(/prefix length of 0 to 32/);
    expect(parseAddressList("10.0.0.0/8/1")).toMatch(/got/);
  });
});

/** The app's route table as the build lists it: ids are the files without their extension (or the id given). */
function appManifest() {
  const manifest: Record<string, { id: string; parentId?: string; path?: string; index?: boolean }> = {
    root: { id: "root", path: "" },
  };
  const add = (entries: RouteConfigEntry[], parentId: string) => {
    for (const entry of entries) {
      const id = entry.id ?? entry.file.replace(/\.[jt]sx?$/, "");
      manifest[id] = { id, parentId, path: entry.path, index: entry.index };
      if (entry.children) add(entry.children, id);
    }
  };
  add(routes, "root");
  return manifest;
}

describe("routeIdMatcher (issue 39)", () => {
  const match = routeIdMatcher({
    root: { id: "root", path: "" },
    "routes/public/layout": { id: "routes/public/layout", parentId: "root" },
    "routes/public/home": { id: "routes/public/home", parentId: "routes/public/layout", index: true },
    "routes/public/facility": {
      id: "routes/public/facility",
      parentId: "routes/public/layout",
      path: "facility/:facilityId",
    },
    "routes/public/not-found": { id: "routes/public/not-found", parentId: "routes/public/layout", path: "*" },
    "routes/referrals/referral": {
      id: "routes/referrals/referral",
      parentId: "root",
      path: "referrals/:referralNumber",
    },
  });

  it("names the route, never the address", () => {
    expect(match("/referrals/REF-2024-000123")).toBe("routes/referrals/referral");
    expect(match("/facility/korle-bu")).toBe("routes/public/facility");
    expect(match("/")).toBe("routes/public/home");
    expect(match("/no/such/page")).toBe("routes/public/not-found");
  });

  it("counts a data request as its page's route", () => {
    expect(match("/referrals/REF-2024-000123.data")).toBe("routes/referrals/referral");
    expect(match("/_root.data")).toBe("routes/public/home");
  });

  it("answers what React Router's matchRoutes answers, on the app's route table", () => {
    const manifest = appManifest();
    const children = (parentId: string | undefined): RouteObject[] =>
      Object.values(manifest)
        .filter((r) => r.parentId === parentId)
        .map((r) => (r.index ? { id: r.id, index: true } : { id: r.id, path: r.path, children: children(r.id) }));
    const tree = children(undefined);
    const ours = routeIdMatcher(manifest);
    const samples = [
      ...concreteRoutes({
        hubId: "cervical-cancer",
        file: "referrals.csv",
        photoId: "00000000-0000-4000-8000-000000000000",
        provider: "arkesel",
        runId: "00000000-0000-4000-8000-000000000000",
        token: "abc",
        facilityId: "korle-bu",
        id: "00000000-0000-4000-8000-000000000000",
        referralNumber: "REF-2024-000001",
        attachmentId: "00000000-0000-4000-8000-000000000000",
        "*": "no/such/page",
      }).map((r) => r.path),
      "/DASHBOARD/System-Admin",
      "/dashboard/system-admin/",
      "/dashboard/system-admin/payouts/ledger",
      "/dashboard/system-admin/payouts/ledger/extra",
      "/hub/x/leave/",
      "/referrals/REF-1/files",
      "/exports",
      "/robots.txt",
      "//double//slash",
      "/caf%C3%A9",
    ];
    expect(samples.length).toBeGreaterThan(60);
    for (const path of samples) expect(ours(path), path).toBe(matchRoutes(tree, path)?.at(-1)?.route.id);
  });

  it("costs microseconds, not the milliseconds of ranking the table at each request", () => {
    const paths = [
      "/dashboard/system-admin",
      "/referrals/REF-2024-000123",
      "/hub/cervical-cancer.data",
      "/no/such/page",
    ];
    const ours = routeIdMatcher(appManifest());
    const started = performance.now();
    for (let i = 0; i < 20_000; i++) ours(paths[i % paths.length]!);
    const microseconds = ((performance.now() - started) / 20_000) * 1000;
    expect(microseconds).toBeLessThan(50);
  });
});
