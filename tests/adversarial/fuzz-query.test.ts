import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BuiltApp, loadBuiltApp } from "./built-app";
import { type ReferralWorld, referralWorld } from "./referral-fixtures";
import { findReflections, MARKER } from "./reflection";

/*
 * Fuzzing of every query parameter every loader reads (and some it does not), through the
 * production build, as each kind of visitor: the answer is never a 5xx, and no value comes back
 * unescaped. Values include control characters (a NUL once made the user search answer 500),
 * overlong strings, SQL and LIKE syntax, markup and non-ASCII text.
 * FUZZ_INPUTS / 100 requests per page and visitor (at least 20; FUZZ_INPUTS defaults to 1,000);
 * FUZZ_SEED replays a run.
 */
const RUNS = Math.max(20, Math.round(Number(process.env.FUZZ_INPUTS ?? 1_000) / 100));
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

type Who = "anonymous" | keyof ReferralWorld["cookies"];
const PAGES: Array<{ path: string; params: string[]; who: Who[] }> = [
  { path: "/hubs", params: ["q"], who: ["anonymous"] },
  {
    path: "/facilities",
    params: ["q", "country", "type", "specialty", "services", "page", "view"],
    who: ["anonymous"],
  },
  { path: "/hub/cervical-cancer", params: ["tab"], who: ["anonymous"] },
  { path: "/hub/cervical-cancer/leave", params: ["token", "removed"], who: ["anonymous"] },
  { path: "/auth", params: ["tab", "type", "verification"], who: ["anonymous", "doctor"] },
  { path: "/auth/verify", params: ["token"], who: ["anonymous"] },
  { path: "/reset-password", params: ["type", "token"], who: ["anonymous"] },
  { path: "/dashboard/doctor", params: ["page"], who: ["doctor", "systemAdmin"] },
  { path: "/dashboard/facility-admin", params: ["pending", "accepted", "reject", "complete"], who: ["facilityAdmin"] },
  { path: "/referrals/history", params: ["q", "status", "page"], who: ["doctor", "facilityAdmin", "systemAdmin"] },
  { path: "/dashboard/system-admin", params: ["tab", "page", "status", "q", "pay"], who: ["systemAdmin"] },
  { path: "/dashboard/system-admin/messages", params: ["status", "channel", "page"], who: ["systemAdmin"] },
  { path: "/referrals/create", params: ["facility"], who: ["doctor"] },
];

const nasty = fc.oneof(
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.constantFrom(
    "\u0000",
    "a\u0000b",
    "\u0001\u001f\u007f",
    "%",
    "_",
    "\\",
    "'; drop table users; --",
    `<${MARKER}>"'&`,
    "💉🩺",
    "x".repeat(5000),
    "-1",
    "1e309",
    "NaN",
    "users",
    "payments",
    "waitlist",
  ),
);
const query = (params: string[]) =>
  fc.array(fc.tuple(fc.constantFrom(...params, "tab", "zzz"), nasty), { minLength: 1, maxLength: 4 });

let app: BuiltApp;
let world: ReferralWorld;
beforeAll(async () => {
  app = await loadBuiltApp();
  world = await referralWorld(app, { pendingReferrals: 2, pendingPayments: 1 });
});
afterAll(() => app?.close());

describe("control characters in a search", () => {
  it.each(["%00", "a%00b", "%01%1F%7F", "%C0%80"])(
    "the system admin's user search with q=%s answers, not 500",
    async (q) => {
      for (const path of [
        `/dashboard/system-admin?tab=users&q=${q}`,
        `/dashboard/system-admin.data?tab=users&q=${q}`,
      ]) {
        const response = await app.request(path, { headers: { Cookie: world.cookies.systemAdmin } });
        expect(response.status, path).toBe(200);
      }
    },
  );
});

describe(`fuzzing every loader's query parameters (${RUNS} requests per page and visitor)`, () => {
  for (const page of PAGES) {
    for (const who of page.who) {
      it(`${page.path} as ${who}`, async () => {
        await fc.assert(
          fc.asyncProperty(query(page.params), async (pairs) => {
            const search = new URLSearchParams(pairs).toString();
            const headers: Record<string, string> = who === "anonymous" ? {} : { Cookie: world.cookies[who] };
            for (const path of [`${page.path}?${search}`, `${page.path}.data?${search}`]) {
              const response = await app.request(path, { headers });
              expect(response.status, `GET ${path}`).toBeLessThan(500);
              const type = response.headers.get("Content-Type") ?? "";
              if (type.startsWith("text/html")) {
                expect(findReflections(await response.text()).unescaped, `GET ${path}`).toEqual([]);
              } else {
                await response.body?.cancel();
              }
            }
          }),
          { numRuns: RUNS, seed: SEED },
        );
      });
    }
  }
});
