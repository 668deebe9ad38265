import { readFileSync } from "node:fs";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "~/auth/actor.server";
import { facilities, facilityReports, paymentRecords } from "~/db/schema";
import { fileFacilityReport } from "~/features/facilities/facility-reports.server";
import { createReferral } from "~/features/referrals/referral-create.server";
import { transitionReferral } from "~/features/referrals/referral-transitions.server";
import routes from "../../app/routes";
import { createAccount } from "../helpers/accounts";
import { type Fixtures, KINDS, type Kind, TABLE } from "./authorization-table";
import { type BuiltApp, loadBuiltApp, uniqueIp } from "./built-app";
import { referralForm, signedIn } from "./referral-fixtures";

/*
 * The authorization matrix: every row of tests/adversarial/authorization-table.ts x every
 * kind of actor, sent to the production build in this process (app.fetch: the real headers,
 * cross-site check, sessions, loaders and actions, on a database of its own), each answer's status
 * compared with the table's. The people are accounts written to the database and signed in through
 * the sign-in form's post; the objects (referrals, payments, pending accounts, reports) are made with
 * the domain functions. Until decision 038 this ran through the e2e server with Playwright's requests.
 */

let app: BuiltApp;
const cookies = new Map<Kind, string | null>();
let fixtures: Fixtures;

/** The settings of the server the table was written for: no payment or messaging provider, relaxed limits. */
const UNSET = ["PAYSTACK_SECRET_KEY", "SMS_WEBHOOK_TOKEN", "WHATSAPP_TOKEN", "WHATSAPP_VERIFY_TOKEN"];

beforeAll(async () => {
  for (const name of UNSET) delete process.env[name];
  // The e2e server's setting the table was written for: many posts from one account (its doctor
  // creates a referral for most cells) without the hourly allowance refusing them.
  app = await loadBuiltApp({ E2E_RELAXED_RATE_LIMITS: "1" });
  const active = await app.db
    .select({ id: facilities.id, slug: facilities.slug })
    .from(facilities)
    .where(eq(facilities.isActive, true))
    .orderBy(facilities.name)
    .limit(2);
  const [thisFacility, otherFacility] = active;
  expect(otherFacility, "two active facilities").toBeTruthy();

  const people: Array<[Exclude<Kind, "anonymous">, Parameters<typeof signedIn>]> = [
    ["unverified doctor", [app, "doctor", undefined, { approved: false }]],
    ["doctor", [app, "doctor"]],
    ["pending admin of this facility", [app, "facility_admin", thisFacility.id, { approved: false }]],
    ["admin of this facility", [app, "facility_admin", thisFacility.id]],
    ["pending admin of another facility", [app, "facility_admin", otherFacility.id, { approved: false }]],
    ["admin of another facility", [app, "facility_admin", otherFacility.id]],
    ["system admin", [app, "system_admin"]],
  ];
  cookies.set("anonymous", null);
  const actors = new Map<Kind, Actor>();
  for (const [kind, args] of people) {
    const person = await signedIn(...args);
    cookies.set(kind, person.cookie);
    actors.set(kind, person.actor);
  }
  const doctor = actors.get("doctor") as Actor;
  const facilityAdmin = actors.get("admin of this facility") as Actor;

  const newReferral = () => createReferral(app.db, doctor, Object.fromEntries(referralForm(thisFacility.id)));
  const completed = async () => {
    const made = await newReferral();
    await transitionReferral(app.db, facilityAdmin, made.id, "accept");
    await transitionReferral(app.db, facilityAdmin, made.id, "complete", { outcome: "Seen and treated" });
    return made;
  };
  let completedNumber: Promise<string> | undefined;
  let reports = 0;
  fixtures = {
    thisFacility: thisFacility.id,
    referral: async () => (await newReferral()).id,
    referralNumber: async () => (await newReferral()).referralNumber,
    // One for every cell: a review can be posted again (it is changed), so the referral is not used up.
    completedReferralNumber: () => {
      completedNumber ??= completed().then((made) => made.referralNumber);
      return completedNumber;
    },
    payment: async () => {
      const made = await completed();
      const [payment] = await app.db
        .select({ id: paymentRecords.id })
        .from(paymentRecords)
        .where(eq(paymentRecords.referralId, made.id));
      return payment.id;
    },
    pendingUser: async () => (await createAccount(app.db, { role: "doctor" })).id,
    report: async () => {
      // Filed by a visitor on the facility's profile, as its form does.
      reports += 1;
      const details = `Matrix report ${reports}: the phone number is wrong.`;
      await fileFacilityReport(app.db, thisFacility.slug, { details }, { ip: uniqueIp() });
      const [report] = await app.db
        .select({ id: facilityReports.id })
        .from(facilityReports)
        .where(and(eq(facilityReports.facilityId, thisFacility.id), eq(facilityReports.details, details)));
      return report.id;
    },
  };
}, 180_000);

afterAll(async () => {
  await app?.close();
});

type RouteNode = { file: string; path?: string; children?: RouteNode[] };
function routeFiles(nodes: RouteNode[]): string[] {
  return nodes.flatMap((n) => [n.file, ...routeFiles(n.children ?? [])]);
}

/** The loader and action a route module exports, read from its source. */
function handlers(file: string): Array<"GET" | "POST"> {
  const source = readFileSync(path.join("app", file), "utf8");
  const found: Array<"GET" | "POST"> = [];
  if (/export (const|async function|function) loader\b/.test(source)) found.push("GET");
  if (/export (const|async function|function) action\b/.test(source)) found.push("POST");
  return found;
}

it("every route and handler is in the authorization table", () => {
  const files = [...new Set(routeFiles(routes as RouteNode[]))];
  const missing: string[] = [];
  for (const file of files) {
    const listed = new Set(TABLE.filter((r) => r.file === file).map((r) => r.method));
    // A module without a loader still answers GET (its page); one without an action answers POST with 405.
    const required = new Set<"GET" | "POST">([...handlers(file), ...(file.endsWith(".tsx") ? (["GET"] as const) : [])]);
    if (file.endsWith("layout.tsx") && !handlers(file).length) continue; // a frame, reached through its pages
    for (const method of required) if (!listed.has(method)) missing.push(`${method} ${file}`);
  }
  for (const row of TABLE) {
    if (!files.includes(row.file)) missing.push(`table lists a route that does not exist: ${row.file}`);
  }
  expect(missing).toEqual([]);
});

/** A row's body as the browser sends it: a urlencoded form, or multipart with a file. */
async function bodyOf(row: (typeof TABLE)[number]): Promise<BodyInit | undefined> {
  if (row.multipart) {
    const form = new FormData();
    for (const [name, value] of Object.entries(await row.multipart(fixtures))) {
      if (typeof value === "string") form.set(name, value);
      else form.set(name, new File([new Uint8Array(value.buffer)], value.name, { type: value.mimeType }));
    }
    return form;
  }
  return new URLSearchParams(row.body ? await row.body(fixtures) : {});
}

describe("the authorization matrix", () => {
  it("every row x every kind of actor answers as the table says", async () => {
    const differences: string[] = [];
    let cells = 0;
    for (const row of TABLE) {
      for (const kind of KINDS) {
        if (row.skip?.includes(kind)) continue;
        const want = typeof row.expect === "number" ? row.expect : (row.expect[kind] ?? row.expect.others);
        // Signing out ends the session it is sent with: those rows are sent without one.
        const cookie = row.file === "routes/auth/sign-out.ts" ? null : cookies.get(kind);
        const where = typeof row.path === "string" ? row.path : await row.path(fixtures);
        const headers = new Headers({ Origin: app.origin });
        if (cookie) headers.set("Cookie", cookie);
        if (row.method === "POST") headers.set("Sec-Fetch-Site", "same-origin");
        const response = await app.request(where, {
          method: row.method,
          headers,
          body: row.method === "POST" ? await bodyOf(row) : undefined,
          redirect: "manual",
        });
        await response.arrayBuffer();
        cells += 1;
        if (response.status !== want) {
          differences.push(
            `${row.method} ${where}${row.object ? ` (${row.object})` : ""} as ${kind}: ${response.status}, expected ${want}`,
          );
        }
      }
    }
    console.log(`authorization matrix: ${cells} cells, ${differences.length} differences`);
    expect(differences).toEqual([]);
    // Every kind of actor was sent (a kind the loop skipped by mistake would prove nothing).
    expect(cells).toBeGreaterThan(TABLE.length * (KINDS.length - 1));
  }, 600_000);
});
