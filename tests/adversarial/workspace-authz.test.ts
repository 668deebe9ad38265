import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "~/auth/actor.server";
import { facilities, referralAttachments, referralMessages, referrals } from "~/db/schema";
import { createReferral } from "~/features/referrals/referral-create.server";
import { transitionReferral } from "~/features/referrals/referral-transitions.server";
import { addAttachment } from "~/features/referrals/workspace-files.server";
import { type BuiltApp, loadBuiltApp } from "./built-app";
import { referralForm, signedIn } from "./referral-fixtures";

/*
 * The authorization matrix of the referral workspace and of the insight screens and
 * exports (decision 020), at the HTTP level on the production build, in process. For the referral page (its GET
 * as a document and as React Router's data request, and each POST intent, with and without
 * JavaScript) and for its file downloads: the referring doctor, another approved doctor, the
 * receiving facility's administrator, another facility's, accounts awaiting approval, a system
 * administrator and an anonymous visitor; a missing and a malformed number; a file of another
 * referral. Someone who may not see a referral gets exactly what a missing one gets (the body
 * compared with the number masked), and no answer anyone gets ever carries the patient name or
 * the internal id of a referral they may not see. Every refused post changes no table.
 */

type Who =
  | "anonymous"
  | "doctor"
  | "otherDoctor"
  | "facilityAdmin"
  | "otherFacilityAdmin"
  | "pendingDoctor"
  | "pendingFacilityAdmin"
  | "systemAdmin";
const EVERYONE: Who[] = [
  "anonymous",
  "doctor",
  "otherDoctor",
  "facilityAdmin",
  "otherFacilityAdmin",
  "pendingDoctor",
  "pendingFacilityAdmin",
  "systemAdmin",
];

type Made = { id: string; number: string; patient: string; fileId: string };

let app: BuiltApp;
const cookies = {} as Record<Who, string | null>;
const actors = {} as Record<Exclude<Who, "anonymous">, Actor>;
let facilityA: string;
let facilityB: string;
/** The doctor's pending referral to facility A, with a file the doctor attached. */
let mine: Made;
/** The doctor's referral to facility A, accepted, with a file facility A attached. */
let accepted: Made;
/** Another doctor's pending referral to facility B, with a file. */
let foreign: Made;
const MISSING = "REF-2099-999999";
const MALFORMED = ["REF-abc", "REF-2026-1", "ref", "REF-2026-000001x", "REF-2026-0000000000001", "%00", "..%2f"];
/** A posted `referralId` of no referral (the refused posts' own input, which their answers may echo). */
const DECOY_ID = "00000000-0000-4000-8000-0000000000aa";
const PDF = new TextEncoder().encode("%PDF-1.7\n% a referral letter\n");
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

/** Who may see which referral: the referring doctor, the receiving facility's approved admins, system admins. */
function sees(who: Who, referral: Made): boolean {
  if (who === "systemAdmin") return true;
  if (referral === foreign) return who === "otherDoctor" || who === "otherFacilityAdmin";
  return who === "doctor" || who === "facilityAdmin";
}
const all = () => [mine, accepted, foreign];

let created = 0;
async function makeReferral(doctor: Actor, facilityId: string, tag: string): Promise<Made> {
  created += 1;
  const patient = `Patient ${tag} ${Date.now().toString(36)}q${created}`;
  const result = await createReferral(app.db, doctor, Object.fromEntries(referralForm(facilityId, patient)));
  return { id: result.id, number: result.referralNumber, patient, fileId: "" };
}

type Answer = { status: number; body: string; headers: Headers };

/** `echoes`: what the request itself carries (a search), which its answer may show back. */
async function send(who: Who, path: string, init: RequestInit = {}, echoes?: string): Promise<Answer> {
  const headers = new Headers(init.headers);
  const cookie = cookies[who];
  if (cookie) headers.set("Cookie", cookie);
  if (init.method === "POST") {
    headers.set("Sec-Fetch-Site", "same-origin");
    headers.set("Origin", app.origin);
  }
  const response = await app.request(path, { ...init, headers, redirect: "manual" });
  const body = await response.text();
  expectNoLeak(who, echoes ? body.replaceAll(echoes, "") : body, `${who} ${init.method ?? "GET"} ${path}`);
  // A redirect's target and a header must not carry what the body may not.
  expectNoLeak(who, JSON.stringify([...response.headers]), `${who} ${init.method ?? "GET"} ${path} (headers)`);
  return { status: response.status, body, headers: response.headers };
}

/** No answer carries the patient name or the internal id of a referral `who` may not see. */
function expectNoLeak(who: Who, body: string, where: string): void {
  for (const referral of all()) {
    if (!referral || sees(who, referral)) continue;
    expect(body.includes(referral.patient), `${where}: carries the patient name of ${referral.number}`).toBe(false);
    expect(body.includes(referral.id), `${where}: carries the id of ${referral.number}`).toBe(false);
    if (referral.fileId) {
      expect(body.includes(referral.fileId), `${where}: carries a file id of ${referral.number}`).toBe(false);
    }
  }
}

/** A body with what differs between two requests for the same screen masked: nonces, form keys and the number. */
function masked(body: string, number: string): string {
  return (
    body
      .replaceAll(number, "REF-NUMBER")
      .replaceAll(encodeURIComponent(number), "REF-NUMBER")
      .replace(/nonce="[^"]*"/g, 'nonce=""')
      .replace(/'nonce-[^']*'/g, "'nonce-'")
      // Each answer carries a fresh form key (decision 027: a new key per rendered form), like the nonce.
      .replace(/formKey\\",\\"[^\\"]*\\"/g, 'formKey\\",\\"\\"')
      .replace(/"formKey","[^"]*"/g, '"formKey",""')
      .replace(/name="idempotency_key" value="[^"]*"/g, 'name="idempotency_key" value=""')
  );
}

beforeAll(async () => {
  app = await loadBuiltApp();
  const active = await app.db
    .select({ id: facilities.id })
    .from(facilities)
    .where(eq(facilities.isActive, true))
    .limit(2);
  [facilityA, facilityB] = active.map((f) => f.id);
  expect(facilityB, "two active facilities").toBeTruthy();
  const people: Array<[Exclude<Who, "anonymous">, Parameters<typeof signedIn>]> = [
    ["doctor", [app, "doctor"]],
    ["otherDoctor", [app, "doctor"]],
    ["facilityAdmin", [app, "facility_admin", facilityA]],
    ["otherFacilityAdmin", [app, "facility_admin", facilityB]],
    ["pendingDoctor", [app, "doctor", undefined, { approved: false }]],
    ["pendingFacilityAdmin", [app, "facility_admin", facilityA, { approved: false }]],
    ["systemAdmin", [app, "system_admin"]],
  ];
  cookies.anonymous = null;
  for (const [who, args] of people) {
    const person = await signedIn(...args);
    cookies[who] = person.cookie;
    actors[who] = person.actor;
  }

  mine = await makeReferral(actors.doctor, facilityA, "Mine");
  mine.fileId = (await addAttachment(app.db, actors.doctor, mine.id, { name: "letter.pdf", bytes: PDF })).id;
  accepted = await makeReferral(actors.doctor, facilityA, "Accepted");
  await transitionReferral(app.db, actors.facilityAdmin, accepted.id, "accept");
  accepted.fileId = (
    await addAttachment(app.db, actors.facilityAdmin, accepted.id, { name: "scan.png", bytes: PNG })
  ).id;
  foreign = await makeReferral(actors.otherDoctor, facilityB, "Foreign");
  foreign.fileId = (await addAttachment(app.db, actors.otherDoctor, foreign.id, { name: "other.pdf", bytes: PDF })).id;
});

afterAll(async () => {
  await app?.close();
});

/* ------------------------------------------------------------------------------------------------
 * The referral page (GET)
 * ---------------------------------------------------------------------------------------------- */

describe("the referral page: who sees it", () => {
  for (const who of EVERYONE) {
    it(`${who}: 200 with everything for a referral they may see, else the same answer as a missing number`, async () => {
      const missing = await send(who, `/referrals/${MISSING}`);
      const missingData = await send(who, `/referrals/${MISSING}.data`);
      expect(missing.status).toBe(who === "anonymous" ? 401 : 404);
      for (const referral of all()) {
        const page = await send(who, `/referrals/${referral.number}`);
        const data = await send(who, `/referrals/${referral.number}.data`);
        const lower = await send(who, `/referrals/${referral.number.toLowerCase()}`);
        if (sees(who, referral)) {
          expect(page.status, `${who} ${referral.number}`).toBe(200);
          expect(page.body).toContain(referral.patient);
          expect(page.body).toContain(referral.fileId);
          expect(data.body).toContain(referral.patient);
          expect(lower.status).toBe(200);
        } else {
          expect(page.status, `${who} ${referral.number}`).toBe(missing.status);
          expect(masked(page.body, referral.number), `${who} ${referral.number}: as missing`).toBe(
            masked(missing.body, MISSING),
          );
          expect(data.status, `${who} ${referral.number}.data`).toBe(missingData.status);
          expect(masked(data.body, referral.number), `${who} ${referral.number}.data: as missing`).toBe(
            masked(missingData.body, MISSING),
          );
          expect(lower.status).toBe(missing.status);
        }
      }
      if (who === "anonymous") expect(missing.body).toContain("Sign In");
    });
  }

  it("a malformed number is the 404 screen for everyone signed in (the sign-in screen for anonymous visitors)", async () => {
    for (const who of EVERYONE) {
      for (const number of MALFORMED) {
        const page = await send(who, `/referrals/${number}`);
        // "..%2f" is resolved by the URL parser before routing; it must still not be a 5xx.
        expect(page.status, `${who} /referrals/${number}`).toBeLessThan(500);
        if (number !== "..%2f")
          expect(page.status, `${who} /referrals/${number}`).toBe(who === "anonymous" ? 401 : 404);
      }
    }
  });
});

/* ------------------------------------------------------------------------------------------------
 * Downloads
 * ---------------------------------------------------------------------------------------------- */

describe("a referral's files: authorised like the page", () => {
  for (const who of EVERYONE) {
    it(`${who}: the file of a referral they may see, else 404 like a missing file`, async () => {
      const unknown = await send(who, `/referrals/${mine.number}/files/00000000-0000-4000-8000-000000000000`);
      expect(unknown.status).toBe(who === "anonymous" ? 401 : 404);
      for (const referral of all()) {
        const file = await send(who, `/referrals/${referral.number}/files/${referral.fileId}`);
        expect(file.headers.get("cache-control"), "never cached").toMatch(/no-store/);
        expect(file.headers.get("x-content-type-options")).toBe("nosniff");
        if (sees(who, referral)) {
          expect(file.status, `${who} ${referral.number}`).toBe(200);
          expect(file.headers.get("content-disposition")).toMatch(/^attachment;/);
          expect(file.headers.get("content-type")).toMatch(/^(application\/pdf|image\/png)$/);
        } else {
          expect(file.status, `${who} ${referral.number}`).toBe(unknown.status);
          expect(file.body).toBe(unknown.body);
          expect(file.headers.get("content-disposition")).toBeNull();
        }
        // The file of another referral, under this referral's number (and a missing or malformed one).
        for (const other of all().filter((r) => r !== referral)) {
          const crossed = await send(who, `/referrals/${referral.number}/files/${other.fileId}`);
          expect(crossed.status, `${who}: ${other.number}'s file under ${referral.number}`).toBe(unknown.status);
          expect(crossed.body).toBe(unknown.body);
        }
        for (const number of [MISSING, "REF-abc", referral.number.toLowerCase()]) {
          const elsewhere = await send(who, `/referrals/${number}/files/${referral.fileId}`);
          const expected = number === referral.number.toLowerCase() && sees(who, referral) ? 200 : unknown.status;
          expect(elsewhere.status, `${who}: ${referral.number}'s file under ${number}`).toBe(expected);
        }
        for (const id of ["not-a-uuid", `${referral.fileId}x`, "%00", "' or 1=1 --"]) {
          const odd = await send(who, `/referrals/${referral.number}/files/${encodeURIComponent(id)}`);
          expect(odd.status, `${who}: file id ${id}`).toBe(unknown.status);
        }
      }
    });
  }
});

/* ------------------------------------------------------------------------------------------------
 * The page's posts
 * ---------------------------------------------------------------------------------------------- */

type Intent = "accept" | "reject" | "complete" | "cancel" | "message" | "attach";
const INTENTS: Intent[] = ["accept", "reject", "complete", "cancel", "message", "attach"];

function formOf(intent: Intent, referralId: string): FormData {
  const form = new FormData();
  form.set("intent", intent);
  // A posted id the action must not trust: the address names the referral.
  form.set("referralId", referralId);
  if (intent === "reject" || intent === "cancel") form.set("reason", "No capacity this week");
  if (intent === "complete") form.set("outcome", "Seen, treated and discharged");
  if (intent === "message") form.set("body", "Is the patient fasting?");
  if (intent === "attach") form.set("file", new File([PDF], "letter.pdf", { type: "application/pdf" }));
  return form;
}

/**
 * What a post of `intent` on a referral `who` gets when it is refused, or "allowed".
 * The targets: `accepted` for complete (and a facility's file), `mine` for the rest.
 */
function expected(who: Who, intent: Intent, target: Made): number[] | "allowed" {
  if (who === "anonymous") return [401];
  if (who === "pendingDoctor" || who === "pendingFacilityAdmin") return [403, 404];
  if (!sees(who, target)) return [404];
  const transition = intent !== "message" && intent !== "attach";
  if (who === "systemAdmin") return [403];
  if (intent === "message") return "allowed";
  // The referring doctor (each doctor on their own referral).
  if (who === "doctor" || who === "otherDoctor") {
    if (intent === "cancel" || intent === "attach") return "allowed";
    return [403];
  }
  // The receiving facility's administrator: files and completion only once accepted.
  if (intent === "cancel") return [403];
  if (intent === "attach" || intent === "complete") return target === accepted ? "allowed" : [409];
  return transition ? "allowed" : [403];
}

const targetOf = (intent: Intent, referral: "own" | "foreign") =>
  referral === "foreign" ? foreign : intent === "complete" ? accepted : mine;

async function statusOf(id: string): Promise<string> {
  const [row] = await app.db.select({ status: referrals.status }).from(referrals).where(eq(referrals.id, id));
  return row.status;
}

describe("the referral page's posts: refused for everyone but the people the status table names", () => {
  for (const who of EVERYONE) {
    it(`${who}: every intent on their own side's and the other side's referral, as a page and as data`, async () => {
      for (const intent of INTENTS) {
        for (const side of ["own", "foreign"] as const) {
          const target = targetOf(intent, side);
          const verdict = expected(who, intent, target);
          if (verdict === "allowed") continue;
          for (const dataRequest of [false, true]) {
            const suffix = dataRequest ? ".data" : "";
            const before = await app.tableCounts();
            const status = await statusOf(target.id);
            const answer = await send(who, `/referrals/${target.number}${suffix}`, {
              method: "POST",
              body: formOf(intent, DECOY_ID),
            });
            const where = `${who} ${intent} on ${target.number}${suffix}`;
            expect(verdict, `${where}: answered ${answer.status}`).toContain(answer.status);
            expect(await app.tableCounts(), `${where}: changed nothing`).toEqual(before);
            expect(await statusOf(target.id), `${where}: status`).toBe(status);
            // A referral they may not see: the same answer as a missing number (the body too).
            if (!sees(who, target)) {
              const missing = await send(who, `/referrals/${MISSING}${suffix}`, {
                method: "POST",
                body: formOf(intent, DECOY_ID),
              });
              expect(answer.status, `${where}: as missing`).toBe(missing.status);
              expect(masked(answer.body, target.number), `${where}: as missing`).toBe(masked(missing.body, MISSING));
            }
          }
        }
      }
    });
  }

  it("the posts of a missing or malformed number are refused for everyone and change nothing", async () => {
    for (const who of EVERYONE) {
      for (const intent of INTENTS) {
        for (const number of [MISSING, "REF-abc", "ref"]) {
          const before = await app.tableCounts();
          // The posted id names a real referral: the address decides, and it names none.
          const answer = await send(
            who,
            `/referrals/${number}`,
            { method: "POST", body: formOf(intent, mine.id) },
            // What was posted may come back in the form's answer; nothing else of it may.
            mine.id,
          );
          expect([401, 403, 404], `${who} ${intent} on ${number}: ${answer.status}`).toContain(answer.status);
          expect(await app.tableCounts(), `${who} ${intent} on ${number}: changed nothing`).toEqual(before);
        }
      }
    }
  });

  it("the people the status table names may act (on fresh referrals), and a posted id of another referral is ignored", async () => {
    const cases: Array<{ who: Who; intent: Intent; accepted?: boolean; table?: string; status?: string }> = [
      { who: "doctor", intent: "message", table: "referral_messages" },
      { who: "doctor", intent: "attach", table: "referral_attachments" },
      { who: "doctor", intent: "cancel", status: "cancelled" },
      { who: "facilityAdmin", intent: "message", table: "referral_messages" },
      { who: "facilityAdmin", intent: "accept", status: "accepted" },
      { who: "facilityAdmin", intent: "reject", status: "rejected" },
      { who: "facilityAdmin", intent: "complete", accepted: true, status: "completed" },
      { who: "facilityAdmin", intent: "attach", accepted: true, table: "referral_attachments" },
    ];
    for (const c of cases) {
      for (const dataRequest of [false, true]) {
        const fresh = await makeReferral(actors.doctor, facilityA, "Fresh");
        if (c.accepted) await transitionReferral(app.db, actors.facilityAdmin, fresh.id, "accept");
        const before = await app.tableCounts();
        // The posted id is the foreign referral's: it must be neither acted on nor revealed.
        const answer = await send(c.who, `/referrals/${fresh.number}${dataRequest ? ".data" : ""}`, {
          method: "POST",
          body: formOf(c.intent, foreign.id),
        });
        const where = `${c.who} ${c.intent}${dataRequest ? " (data)" : ""}`;
        expect(answer.status, where).toBe(200);
        const after = await app.tableCounts();
        if (c.table) expect(after[c.table] - before[c.table], where).toBe(1);
        if (c.status) expect(await statusOf(fresh.id), where).toBe(c.status);
        expect(await statusOf(foreign.id), `${where}: the foreign referral`).toBe("pending");
      }
    }
    const [foreignMessages, foreignFiles] = await Promise.all([
      app.db.select().from(referralMessages).where(eq(referralMessages.referralId, foreign.id)),
      app.db
        .select({ id: referralAttachments.id })
        .from(referralAttachments)
        .where(eq(referralAttachments.referralId, foreign.id)),
    ]);
    expect(foreignMessages).toHaveLength(0);
    expect(foreignFiles).toHaveLength(1);
  });

  it("nothing can act on a cancelled referral", async () => {
    const fresh = await makeReferral(actors.doctor, facilityA, "Cancelled");
    await transitionReferral(app.db, actors.doctor, fresh.id, "cancel", { reason: "Patient recovered" });
    const attempts: Array<[Who, Intent]> = [
      ["facilityAdmin", "accept"],
      ["facilityAdmin", "reject"],
      ["facilityAdmin", "message"],
      ["doctor", "cancel"],
      ["doctor", "message"],
      ["doctor", "attach"],
    ];
    for (const [who, intent] of attempts) {
      const before = await app.tableCounts();
      const answer = await send(who, `/referrals/${fresh.number}`, { method: "POST", body: formOf(intent, fresh.id) });
      expect(answer.status, `${who} ${intent}`).toBe(409);
      expect(await app.tableCounts(), `${who} ${intent}: changed nothing`).toEqual(before);
    }
    expect(await statusOf(fresh.id)).toBe("cancelled");
  });
});

/* ------------------------------------------------------------------------------------------------
 * The insight screens and exports (decision 020), and History
 * ---------------------------------------------------------------------------------------------- */

const ADMIN_ONLY = [
  "/exports/payments.csv",
  "/exports/payments.csv?status=pending",
  "/exports/users.csv",
  "/dashboard/system-admin/overview",
  "/dashboard/system-admin/overview?period=4w",
  "/dashboard/system-admin/audit",
  `/dashboard/system-admin/audit?referral=${MISSING}`,
];

describe("the overview, the audit log and the exports", () => {
  for (const who of EVERYONE) {
    it(`${who}: system administrators only, but a facility's administrator exports their facility's referrals`, async () => {
      for (const path of ADMIN_ONLY) {
        const answer = await send(who, path);
        const status = who === "anonymous" ? 401 : who === "systemAdmin" ? 200 : 403;
        expect(answer.status, `${who} ${path}`).toBe(status);
      }
      for (const query of [
        "",
        "?status=pending",
        `?q=${encodeURIComponent(foreign.patient)}`,
        `?q=${foreign.number}`,
      ]) {
        const path = `/exports/referrals.csv${query}`;
        const answer = await send(who, path);
        const status =
          who === "anonymous"
            ? 401
            : who === "systemAdmin" || who === "facilityAdmin" || who === "otherFacilityAdmin"
              ? 200
              : 403;
        expect(answer.status, `${who} ${path}`).toBe(status);
        if (status !== 200) continue;
        expect(answer.headers.get("content-type"), path).toMatch(/^text\/csv/);
        const numbers = new Set(answer.body.match(/REF-\d{4}-\d+/g) ?? []);
        for (const referral of all()) {
          // Everything of their side (unfiltered), never anything of the other side's (filtered or not).
          if (!sees(who, referral))
            expect(numbers.has(referral.number), `${who} ${path}: ${referral.number}`).toBe(false);
          else if (query === "") expect(numbers.has(referral.number), `${who} ${path}: ${referral.number}`).toBe(true);
        }
      }
    });
  }
});

describe("History (/referrals)", () => {
  for (const who of EVERYONE) {
    it(`${who}: their own side's referrals only`, async () => {
      const page = await send(who, "/referrals/history");
      const status = who === "anonymous" ? 401 : who.startsWith("pending") ? 403 : 200;
      expect(page.status, who).toBe(status);
      for (const referral of all()) {
        expect(page.body.includes(referral.patient), `${who} History: ${referral.number}`).toBe(
          status === 200 && sees(who, referral),
        );
      }
      // Searching for a referral they may not see finds nothing (the search echoes what was typed).
      for (const referral of all().filter((r) => !sees(who, r))) {
        const byName = await send(
          who,
          `/referrals/history?q=${encodeURIComponent(referral.patient)}`,
          {},
          referral.patient,
        );
        expect(byName.body.includes(referral.number), `${who} searching ${referral.patient}`).toBe(false);
        const byNumber = await send(who, `/referrals/history?q=${referral.number}&status=pending`);
        expect(byNumber.status).toBe(status);
        const data = await send(who, `/referrals.data?q=${referral.number}`);
        expect(data.status).toBeLessThan(500);
      }
    });
  }
});
