import { readFileSync } from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { exportJWK, generateKeyPair } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PUBLIC_PATHS } from "~/content/public-routes";
import { REDIRECTS } from "~/content/redirects";
import {
  appointmentRequests,
  facilities,
  facilityReports,
  facilityReviews,
  hubWaitlist,
  messages,
  payoutDetails,
  referrals,
  users,
} from "~/db/schema";
import { postEntry } from "~/features/ledger/ledger.server";
import { signRemovalToken } from "~/features/waitlist/removal-token.server";
import { createAccount, type TestAccount } from "../helpers/accounts";
import { AUTH_SECRET, BACKUP_REPORT_TOKEN, type BuiltApp, loadBuiltApp } from "./built-app";
import {
  CROSS_SITE_HEADERS,
  cspNonce,
  expectScriptsCarryNonce,
  expectSecurityHeaders,
  sessionSetCookie,
  signInByForm,
} from "./http-checks";
import { anotherPendingReferral, type ReferralWorld, referralForm, referralWorld } from "./referral-fixtures";
import { concreteRoutes, routePatterns } from "./routes";

/*
 * Headers, cookies and cross-site posts on every route of the route table (app/routes.ts), through
 * the production build in process. A new route is covered as soon as it is in the table; a new
 * dynamic segment needs a sample value in `samples`, and a new form action a real post in
 * `REAL_POSTS` (so that "a cross-site post changes nothing" is tested with a post that would).
 */
let app: BuiltApp;
let account: TestAccount;
let world: ReferralWorld;
let workspaceReferral: string;
const samples: Record<string, string> = {
  hubId: "cervical-cancer",
  file: "referrals.csv",
  photoId: "00000000-0000-4000-8000-000000000000",
  provider: "arkesel",
  runId: "00000000-0000-4000-8000-000000000000",
  token: "forged",
  "*": "no/such/page",
};

/** A complete facility editor post (decision 021); `about` makes each one a change. */
function facilityBody(name: string): URLSearchParams {
  return new URLSearchParams({
    intent: "save",
    name,
    type: "clinic",
    location: "Ho, Ghana",
    country: "ghana",
    address: "12 Volta Street, Ho",
    description: "A community clinic in Ho.",
    about: `Serving the Volta Region with outpatient care (${unique()}).`,
    services: "Outpatient care",
    specialties: "Pediatrics: Child health",
    languages: "English",
    phones: "+233 36 202 1234",
    email: "hello@ho.example.org",
    hours_mode: "all-day",
  });
}
const patterns = routePatterns();
const pathOf = (pattern: string) => concreteRoutes(samples).find((r) => r.pattern === pattern)!.path;

let counter = 0;
const unique = () => `${Date.now().toString(36)}-${++counter}`;
const sameSite = { "Sec-Fetch-Site": "same-origin" };

/** A post that changes `table` when it comes from the site itself; `cookie` for forms behind sign-in. */
type RealPost = { body: URLSearchParams; table: string; cookie?: string; authorization?: string };

async function signedInCookie(): Promise<string> {
  const response = await signInByForm(app, account);
  return sessionSetCookie(response).split(";")[0];
}

const REAL_POSTS: Record<string, () => Promise<RealPost>> = {
  // The backup job's report: its bearer token does not make a cross-site post acceptable.
  "/operations/backup-report": async () => ({
    body: new URLSearchParams({ status: "ok", size_bytes: "1048576", note: "nightly" }),
    table: "backup_reports",
    authorization: `Bearer ${BACKUP_REPORT_TOKEN}`,
  }),
  "/hub/:hubId": async () => ({
    body: new URLSearchParams({
      userType: "professional",
      fullName: "Ama Mensah",
      email: `ama-${unique()}@example.org`,
      professionalTitle: "Consultant Gynaecologist",
      specialty: "Colposcopy",
      country: "Ghana",
    }),
    table: "hub_waitlist",
  }),
  "/hub/:hubId/leave": async () => {
    const [row] = await app.db
      .insert(hubWaitlist)
      .values({ hubId: samples.hubId, userType: "professional", email: `leave-${unique()}@example.org` })
      .returning({ id: hubWaitlist.id });
    return { body: new URLSearchParams({ token: signRemovalToken(row.id, AUTH_SECRET) }), table: "hub_waitlist" };
  },
  "/contact": async () => ({
    body: new URLSearchParams({ name: "Ama Mensah", email: "ama@example.org", subject: "general", message: "Hello" }),
    table: "contact_messages",
  }),
  "/auth": async () => ({
    body: new URLSearchParams({
      intent: "register",
      full_name: "Kofi Boateng",
      email: `kofi-${unique()}@example.org`,
      phone: "0241234567",
      password: "Correct-Horse-9",
      confirmPassword: "Correct-Horse-9",
      role: "doctor",
      mdc_number: "MDC/RN/12345",
    }),
    table: "users",
  }),
  "/forgot-password": async () => ({ body: new URLSearchParams({ email: account.email }), table: "verifications" }),
  // Sign in with your phone (decision 042): a code to an approved account's confirmed number is a row.
  "/auth/phone": async () => {
    const phone = `+23324${String(Date.now() + ++counter).slice(-7)}`;
    const owner = await createAccount(app.db, { approved: true, emailVerified: true });
    await app.db
      .update(users)
      .set({ confirmedPhone: phone, phoneConfirmedAt: new Date() })
      .where(eq(users.id, owner.id));
    return { body: new URLSearchParams({ intent: "send", phone }), table: "phone_confirmations" };
  },
  "/auth/sign-out": async () => ({ body: new URLSearchParams(), table: "sessions", cookie: await signedInCookie() }),
  "/referrals/create": async () => ({
    body: referralForm(world.facilityId),
    table: "referrals",
    cookie: world.cookies.doctor,
  }),
  "/dashboard/facility-admin": async () => ({
    body: new URLSearchParams({ intent: "accept", referralId: await anotherPendingReferral(app.db, world) }),
    table: "audit_events",
    cookie: world.cookies.facilityAdmin,
  }),
  // A referral's page: its doctor posts a message.
  "/referrals/:referralNumber": async () => ({
    body: new URLSearchParams({ intent: "message", referralId: workspaceReferral, body: "Is there a bed?" }),
    table: "referral_messages",
    cookie: world.cookies.doctor,
  }),
  // System administrators are invited (decision 033): the invitation is the row a post writes.
  "/dashboard/system-admin/administrators": async () => ({
    body: new URLSearchParams({ intent: "invite", full_name: "Adwoa Header", email: `adwoa-${unique()}@example.org` }),
    table: "admin_invitations",
    cookie: world.cookies.systemAdmin,
  }),
  // Hospital systems (decisions 034 and 047): registering one writes its client row.
  "/dashboard/system-admin/api-clients": async () => {
    const { publicKey } = await generateKeyPair("ES384", { extractable: true });
    const jwk = { ...(await exportJWK(publicKey)), kid: "header-key", alg: "ES384" };
    return {
      body: new URLSearchParams({
        intent: "register",
        name: "Header EMR",
        scopes: "system/*.rs",
        jwks: JSON.stringify({ keys: [jwk] }),
      }),
      table: "api_clients",
      cookie: world.cookies.systemAdmin,
    };
  },
  // Facilities and hubs managed in the product (decision 021).
  "/facility/:facilityId/report": async () => ({
    body: new URLSearchParams({ details: "The phone number is out of date." }),
    table: "facility_reports",
  }),
  // Appointment requests (decision 041): a valid request from the profile stores an unproven request.
  "/facility/:facilityId/appointment": async () => {
    const [facility] = await app.db
      .select({ specialties: facilities.specialties })
      .from(facilities)
      .where(eq(facilities.slug, samples.facilityId!));
    return {
      body: new URLSearchParams({
        name: "Ama Header",
        phone: `024${String(++counter).padStart(7, "0")}`,
        specialty: facility?.specialties[0] ?? "General consultation",
        day: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10),
        part: "morning",
        language: "en",
        consent: "on",
      }),
      table: "appointment_requests",
    };
  },
  // The facility's administrators decline a proven request: the move's audit row.
  "/dashboard/facility-admin/appointments": async () => {
    const [request] = await app.db
      .insert(appointmentRequests)
      .values({
        facilityId: world.facilityId,
        patientName: "Ama Header",
        phone: "+233245550100",
        specialty: "General consultation",
        preferredDay: "2030-01-02",
        preferredPart: "morning",
        language: "en",
        consentAt: new Date(),
        status: "requested",
        provenAt: new Date(),
      })
      .returning({ id: appointmentRequests.id });
    return {
      body: new URLSearchParams({ intent: "decline", requestId: request!.id, reason: "fully_booked" }),
      table: "audit_events",
      cookie: world.cookies.facilityAdmin,
    };
  },
  "/dashboard/system-admin/facilities/new": async () => ({
    body: facilityBody(`Header Clinic ${unique()}`),
    table: "facilities",
    cookie: world.cookies.systemAdmin,
  }),
  "/dashboard/facilities/:id": async () => ({
    body: facilityBody("Edited Header Clinic"),
    table: "audit_events",
    cookie: world.cookies.systemAdmin,
  }),
  "/dashboard/facility-reports": async () => {
    const [report] = await app.db
      .insert(facilityReports)
      .values({ facilityId: samples.id!, details: "Wrong hours" })
      .returning({ id: facilityReports.id });
    return {
      body: new URLSearchParams({ reportId: report!.id }),
      table: "audit_events",
      cookie: world.cookies.systemAdmin,
    };
  },
  "/dashboard/system-admin/hubs/:hubId": async () => ({
    // Sending asks first how many people will be told: this post is the confirmed one.
    body: new URLSearchParams({
      intent: "update",
      subject: "News",
      message: "The hub opens next month.",
      confirmed: "yes",
    }),
    table: "hub_notifications",
    cookie: world.cookies.systemAdmin,
  }),
  // The account's notifications (decision 025): a code sent to a new mobile number.
  "/account/notifications": async () => ({
    body: new URLSearchParams({ intent: "send-code", phone: `024${String(++counter).padStart(7, "0")}` }),
    table: "phone_confirmations",
    cookie: await signedInCookie(),
  }),
  // Where a doctor is paid (decision 026): a change asked for, with codes to the confirmed number and by email.
  "/account/payout-details": async () => {
    const doctorId = world.actors.doctor.kind === "user" ? world.actors.doctor.id : "";
    await app.db
      .update(users)
      .set({ confirmedPhone: "+233205550147", phoneConfirmedAt: new Date() })
      .where(eq(users.id, doctorId));
    return {
      body: new URLSearchParams({
        intent: "request",
        method: "mobile_money",
        network: "MTN",
        mobile_number: "0241234567",
        account_name: "Dr Header Test",
      }),
      table: "payout_detail_changes",
      cookie: world.cookies.doctor,
    };
  },
  // A payout run prepared (decision 026): the doctor is owed ₵70 and has payout details not on hold.
  "/dashboard/system-admin/payouts": async () => {
    const doctorId = world.actors.doctor.kind === "user" ? world.actors.doctor.id : "";
    await app.db
      .insert(payoutDetails)
      .values({
        doctorId,
        method: "mobile_money",
        network: "MTN",
        accountNumber: "+233241234567",
        accountName: "Dr Header Test",
        holdUntil: new Date(Date.now() - 3600_000),
        updatedAt: new Date(Date.now() - 7200_000),
      })
      .onConflictDoNothing();
    await postEntry(app.db, {
      idempotencyKey: `headers-test:${unique()}`,
      kind: "referral_completed",
      memo: "A completed referral (headers test)",
      lines: [
        { account: { kind: "cash" }, amount: 7_000 },
        { account: { doctorId }, amount: -7_000 },
      ],
    });
    return {
      body: new URLSearchParams({ intent: "prepare" }),
      table: "payout_runs",
      cookie: world.cookies.systemAdmin,
    };
  },
  // A failed message sent again from the Messages screen (decision 024): Retry writes its audit row.
  "/dashboard/system-admin/messages": async () => {
    const [failed] = await app.db
      .insert(messages)
      .values({ channel: "sms", recipient: "+233241234567", event: "referral.created", status: "failed", payload: {} })
      .returning({ id: messages.id });
    return {
      body: new URLSearchParams({ intent: "retry", messageId: failed!.id }),
      table: "audit_events",
      cookie: world.cookies.systemAdmin,
    };
  },
  // A reported review comment restored: audited.
  "/dashboard/system-admin/reviews": async () => {
    const referralId = await anotherPendingReferral(app.db, world);
    const doctor = world.actors.doctor;
    const [review] = await app.db
      .insert(facilityReviews)
      .values({
        referralId,
        facilityId: world.facilityId,
        doctorId: doctor.kind === "user" ? doctor.id : "",
        rating: 2,
        comment: "Reported in the headers test",
        commentReportedAt: new Date(),
      })
      .returning({ id: facilityReviews.id });
    return {
      body: new URLSearchParams({ intent: "restore", reviewId: review!.id }),
      table: "audit_events",
      cookie: world.cookies.systemAdmin,
    };
  },
  // A registration number recorded as checked against the register: audited.
  "/dashboard/system-admin/registration-check": async () => ({
    body: new URLSearchParams({ userId: (await createAccount(app.db, { role: "doctor" })).id }),
    table: "audit_events",
    cookie: world.cookies.systemAdmin,
  }),
  "/dashboard/system-admin": async () => ({
    body: new URLSearchParams({ intent: "approve", userId: (await createAccount(app.db, { role: "doctor" })).id }),
    table: "audit_events",
    cookie: world.cookies.systemAdmin,
  }),
};

function postTo(path: string, post: RealPost | undefined, headers: Record<string, string>): Promise<Response> {
  return app.request(path, {
    method: "POST",
    body: post?.body ?? new URLSearchParams(),
    headers: {
      ...headers,
      ...(post?.cookie ? { Cookie: post.cookie } : {}),
      ...(post?.authorization ? { Authorization: post.authorization } : {}),
    },
  });
}

beforeAll(async () => {
  app = await loadBuiltApp();
  // The profile's facility (by slug) and the edited one (by id) differ: an edit may rename.
  const [facility, edited] = await app.db
    .select({ id: facilities.id, slug: facilities.slug })
    .from(facilities)
    .orderBy(facilities.slug)
    .limit(2);
  samples.facilityId = facility!.slug;
  samples.id = edited!.id;
  account = await createAccount(app.db, { approved: true });
  world = await referralWorld(app, { pendingReferrals: 0, pendingPayments: 0 });
  workspaceReferral = await anotherPendingReferral(app.db, world);
  const [referral] = await app.db
    .select({ number: referrals.referralNumber })
    .from(referrals)
    .where(eq(referrals.id, workspaceReferral));
  samples.referralNumber = referral.number;
  samples.attachmentId = "00000000-0000-4000-8000-000000000000";
});
afterAll(() => app?.close());

describe("every route in the route table", () => {
  it("includes every public page and every redirect", () => {
    const listed = new Set(patterns.map((p) => p.pattern));
    for (const path of [...PUBLIC_PATHS, ...Object.keys(REDIRECTS)]) expect(listed, path).toContain(path);
  });

  for (const { pattern } of patterns) {
    it(`${pattern}: security headers and a fresh nonce; a cross-site post is refused and changes nothing`, async () => {
      const path = pathOf(pattern);
      const first = await app.request(path);
      const second = await app.request(path);
      for (const response of [first, second]) {
        expect(response.status, `GET ${path}`).toBeLessThan(500);
        expectSecurityHeaders(response, `GET ${path}`);
      }
      const nonce = cspNonce(first.headers.get("content-security-policy"));
      expect(nonce).not.toBe(cspNonce(second.headers.get("content-security-policy")));
      if (first.headers.get("content-type")?.startsWith("text/html")) {
        expectScriptsCarryNonce(await first.text(), nonce!, `GET ${path}`);
      }

      const post = await REAL_POSTS[pattern]?.();
      const before = await app.tableCounts();
      for (const target of [path, `${path === "/" ? "/_root" : path}.data`]) {
        for (const headers of CROSS_SITE_HEADERS) {
          const response = await postTo(target, post, headers);
          const where = `cross-site POST ${target} ${JSON.stringify(headers)}`;
          expect(response.status, where).toBe(403);
          expect(await response.text(), where).toBe("Cross-site form submissions are not accepted.");
          expectSecurityHeaders(response, where);
        }
      }
      expect(await app.tableCounts()).toEqual(before);
    });
  }
});

describe("the real posts above", () => {
  for (const [pattern, make] of Object.entries(REAL_POSTS)) {
    it(`${pattern}: posted from the site itself, the same post does change ${pattern}`, async () => {
      const post = await make();
      const before = await app.tableCounts();
      const response = await postTo(pathOf(pattern), post, sameSite);
      expect(response.status).toBeLessThan(400);
      expect((await app.tableCounts())[post.table], post.table).not.toBe(before[post.table]);
    });
  }

  it("every form action in the route table has a real post, or a reason it has none", () => {
    const withAction = patterns.filter(({ file }) =>
      /export\s+(async\s+)?(function|const)\s+action\b/.test(readFileSync(path.join("app", file), "utf8")),
    );
    // A French twin under /fr is served by the same module as its English address (decision 044):
    // the English address's real post covers it.
    const english = (pattern: string) => pattern.replace(/^\/fr(?=\/|$)/, "") || "/";
    const missing = withAction.filter(
      ({ pattern, file }) => !REAL_POSTS[pattern] && !REAL_POSTS[english(pattern)] && !WITHOUT_REAL_POST[file],
    );
    expect(missing.map((r) => `${r.pattern} (${r.file})`)).toEqual([]);
  });
});

/** Route modules whose action is tested with an empty post only, and why. */
const WITHOUT_REAL_POST: Record<string, string> = {
  "routes/account/registration.tsx":
    "sets the signed-in account's own MDC or HeFRA number in place (no row count changes); tested in registration.server.db.test.ts and the authorization matrix",
  "routes/referrals/review.tsx":
    "a review needs a completed referral of the signed-in doctor at the address, and the route table's sample referral is a pending one (the referral page's real post writes on it); tested in the reviews' db tests and the authorization matrix",
  "routes/public/hub-sms-stop.tsx":
    "sets sms_stopped_at on a waitlist entry in place (no row count changes); tested in waitlist-sms.server.db.test.ts",
  "routes/resources/redirect.ts": "answers a post with the same permanent redirect as a GET; changes nothing",
  "routes/public/appointment.tsx":
    "needs the signed link of a stored request (the route table's sample token is forged: 404 before anything is read); the patient's moves are tested in appointments.server.db.test.ts and appointments.spec.ts",
  "routes/auth/reset-password.tsx": "needs a live reset link; a forged post is refused before the token is read",
  "routes/dashboard/review-report.ts":
    "needs a review with a comment of the signed-in facility administrator's facility, which this world has none of; reporting is tested in reviews.server.db.test.ts and ux33.spec.ts",
  "routes/auth/admin-invitation.tsx":
    "needs a live invitation link (its token is only in the invitation email); a forged token is refused (410) before anything is written; accepted in administrators.server.db.test.ts and payouts.spec.ts",
  "routes/webhooks/sms.ts":
    "a provider's delivery report: needs SMS_WEBHOOK_TOKEN and updates a messages row in place (no row count changes); tested through the fakes in delivery-reports.server.db.test.ts",
  "routes/payouts/payout-run.tsx":
    "approving needs a prepared run, a second system administrator and PAYSTACK_SECRET_KEY; tested in payouts.server.db.test.ts (cancel and approve of the sample's missing run are 404)",
  "routes/payouts/payouts-reconciliation.tsx":
    "Reconcile now queues two jobs (pgboss schema, not a counted table); the comparison is tested in payouts.server.db.test.ts",
  "routes/webhooks/paystack.ts":
    "a signed Paystack transfer event: needs PAYSTACK_SECRET_KEY (unset here: 404); tested through the fake Paystack in payouts.server.db.test.ts",
  "routes/webhooks/whatsapp.ts":
    "a signed WhatsApp status update: needs the app secret and updates a messages row in place; tested through the fake in delivery-reports.server.db.test.ts",
};

describe("other methods", () => {
  it("refuses cross-site PUT, PATCH and DELETE too", async () => {
    for (const method of ["PUT", "PATCH", "DELETE"]) {
      const response = await app.request("/contact", { method, headers: CROSS_SITE_HEADERS[0] });
      expect(response.status, method).toBe(403);
      expectSecurityHeaders(response, method);
    }
  });

  it("puts the headers on static files, unknown methods and oversized bodies as well", async () => {
    const answers = [
      await app.request("/favicon.svg"),
      await app.request("/", { method: "PROPFIND" }),
      await app.request("/contact", { method: "POST", body: "x".repeat(1024 * 1024 + 1), headers: sameSite }),
    ];
    expect(answers.map((r) => r.status)).toEqual([200, 405, 413]);
    for (const response of answers) expectSecurityHeaders(response, `${response.status}`);
  });
});

describe("the session cookie set at sign-in", () => {
  it("is HttpOnly, SameSite=Lax, for the whole site, not Secure over http, and signs the user in", async () => {
    const response = await signInByForm(app, account);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/dashboard/doctor");
    expectSecurityHeaders(response, "sign-in");
    const cookie = sessionSetCookie(response);
    expect(cookie).toMatch(/^app\.session_token=/);
    expect(cookie).toMatch(/;\s*HttpOnly/i);
    expect(cookie).toMatch(/;\s*SameSite=Lax/i);
    expect(cookie).toMatch(/;\s*Path=\//i);
    expect(cookie).not.toMatch(/;\s*Secure/i);
    const dashboard = await app.request("/dashboard/doctor", { headers: { Cookie: cookie.split(";")[0] } });
    expect(dashboard.status).toBe(200);
    expectSecurityHeaders(dashboard, "dashboard");
  });

  it("survives a cross-site sign-out post", async () => {
    const cookie = await signedInCookie();
    const refused = await app.request("/auth/sign-out", {
      method: "POST",
      headers: { ...CROSS_SITE_HEADERS[0], Cookie: cookie },
    });
    expect(refused.status).toBe(403);
    expect((await app.request("/dashboard/doctor", { headers: { Cookie: cookie } })).status).toBe(200);
  });
});

describe("the client address behind the trusted proxy", () => {
  it("is the X-Forwarded-For entry the proxy appended: forged earlier entries do not escape the per-IP limit", async () => {
    // The client sent "X-Forwarded-For: 198.51.100.i"; the proxy appended the address it saw.
    // 10 sign-ups a minute per address (waitlist.server.ts): even across a window boundary a 429 comes
    // within 21 posts; were the forged entries counted, none would.
    const statuses: number[] = [];
    for (let i = 1; i <= 21 && !statuses.includes(429); i++) {
      const response = await app.request(pathOf("/hub/:hubId"), {
        method: "POST",
        body: (await REAL_POSTS["/hub/:hubId"]()).body,
        headers: sameSite,
        ip: `198.51.100.${i}, 203.0.113.50`,
      });
      statuses.push(response.status);
    }
    expect(statuses).toContain(429);
    const keys = await app.db.execute<{ key: string }>(
      sql`select key from rate_limits where key like '%198.51.100.%' or key like '%203.0.113.50'`,
    );
    expect(keys.rows.map((r) => r.key)).toEqual(["waitlist:ip:203.0.113.50"]);
  });
});
