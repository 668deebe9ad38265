/*
 * The authorization matrix's table: every loader, action and endpoint x every kind of
 * actor x the object it touches (this facility's referral, a missing one), with the HTTP status the
 * server must answer. The table is the specification; tests/adversarial/authorization.test.ts runs
 * every cell through the production build in process (app.fetch) and fails on any difference, and
 * also when app/routes.ts has a route (or a route module exports a loader or action) that the table
 * does not list. To add a route: add its rows to TABLE below (file, method, path, the object where
 * it matters, a body for a post, and the status per kind of actor).
 * The FHIR API under /fhir (decision 034) is mounted by the server beside React Router and called by
 * hospital systems' clients, not people: its table (caller x interaction) is in
 * app/features/fhir/fhir-api.server.db.test.ts.
 */

export const KINDS = [
  "anonymous",
  "unverified doctor",
  "doctor",
  "pending admin of this facility",
  "admin of this facility",
  "pending admin of another facility",
  "admin of another facility",
  // No "pending system admin": nobody registers as one since decision 033 (they are invited, and approved
  // on acceptance). Legacy pending administrators are covered in-process (tests/adversarial/messages.test.ts).
  "system admin",
] as const;
export type Kind = (typeof KINDS)[number];

/** One status for everyone, or per kind with a default. */
export type Outcome = number | ({ others: number } & Partial<Record<Kind, number>>);
const only = (allowed: Kind[], status = 200): Outcome => ({
  others: 403,
  anonymous: 401,
  ...Object.fromEntries(allowed.map((k) => [k, status])),
});

export type Fixtures = {
  thisFacility: string;
  referral: () => Promise<string>;
  /** A new referral of this facility by the approved doctor: its number. */
  referralNumber: () => Promise<string>;
  /**
   * A new completed referral of this facility by the approved doctor: its number (for the doctor's
   * review of the facility).
   */
  completedReferralNumber: () => Promise<string>;
  payment: () => Promise<string>;
  pendingUser: () => Promise<string>;
  /** A new open "Report wrong information" report about this facility: its id. */
  report: () => Promise<string>;
};
export type Row = {
  file: string;
  method: "GET" | "POST";
  /** A fixed path, or one built from a fixture (a referral's own page). */
  path: string | ((f: Fixtures) => Promise<string>);
  /** The object the request touches, for the rows where it matters. */
  object?:
    | "this facility's referral"
    | "missing referral"
    | "pending payment"
    | "missing payment"
    | "pending account"
    | "missing account"
    | "this facility"
    | "missing facility"
    | "this facility's report"
    | "missing report";
  body?: (f: Fixtures) => Promise<Record<string, string>>;
  /** A multipart body instead (a file upload, as the browser sends it). */
  multipart?: (f: Fixtures) => Promise<Record<string, string | FilePart>>;
  /**
   * Kinds not sent this row: only where the allowed request would change what the rows after it
   * need (its allowed case is tested where that is safe; see the row).
   */
  skip?: Kind[];
  expect: Outcome;
};
export type FilePart = { name: string; mimeType: string; buffer: Buffer };

export const MISSING = "00000000-0000-4000-8000-000000000000";
const DOCTOR_PAGES: Kind[] = ["doctor"];
const FACILITY_PAGES: Kind[] = ["admin of this facility", "admin of another facility"];
const ADMIN_PAGES: Kind[] = ["system admin"];
/** Signed-in visitors of /auth go to their dashboard (spec section 2). */
const AUTH_PAGE: Outcome = { others: 302, anonymous: 200 };

export const referralBody = async (f: Fixtures) => ({
  facility_id: f.thisFacility,
  patient_name: "Matrix Patient",
  patient_phone: "0241112223",
  chief_complaint: "Matrix complaint",
  urgency_level: "routine",
});

export const TABLE: Row[] = [
  // Public pages: the same answer for everyone.
  ...(
    [
      ["routes/public/home.tsx", "/"],
      ["routes/public/hubs.tsx", "/hubs"],
      ["routes/public/hub.tsx", "/hub/cervical-cancer"],
      ["routes/public/facilities.tsx", "/facilities"],
      ["routes/public/facility.tsx", "/facility/ridgeview-specialist-hospital"],
      ["routes/public/apps.tsx", "/apps"],
      ["routes/public/for-facilities.tsx", "/for-facilities"],
      ["routes/public/about.tsx", "/about"],
      ["routes/public/contact.tsx", "/contact"],
      ["routes/public/careers.tsx", "/careers"],
      ["routes/public/press-kit.tsx", "/press-kit"],
      ["routes/public/privacy-policy.tsx", "/privacy-policy"],
      ["routes/public/terms-of-service.tsx", "/terms-of-service"],
      ["routes/public/cookie-policy.tsx", "/cookie-policy"],
      ["routes/public/security.tsx", "/security"],
      ["routes/public/investment-opportunities.tsx", "/investment-opportunities"],
      ["routes/auth/forgot-password.tsx", "/forgot-password"],
      ["routes/auth/email-confirmed.tsx", "/auth/email-confirmed"],
      // The public frame's loader (who is signed in, for the header) answers every page the same.
      ["routes/public/layout.tsx", "/about"],
      ["routes/auth/reset-password.tsx", "/reset-password"],
      ["routes/resources/healthz.ts", "/healthz"],
      ["routes/resources/robots.ts", "/robots.txt"],
      ["routes/resources/sitemap.ts", "/sitemap.xml"],
    ] as const
  ).map(([file, p]): Row => ({ file, method: "GET", path: p, expect: 200 })),
  { file: "routes/public/not-found.tsx", method: "GET", path: "/no-such-page", expect: 404 },
  { file: "routes/public/hub.tsx", method: "GET", path: "/hub/no-such-hub", expect: 404 },
  { file: "routes/public/facility.tsx", method: "GET", path: "/facility/no-such-facility", expect: 404 },
  { file: "routes/public/hub-leave.tsx", method: "GET", path: "/hub/cervical-cancer/leave?token=forged", expect: 410 },
  // The stop link of waitlist SMS (decision 029): a forged token is a 404 for everyone, read or posted.
  { file: "routes/public/hub-sms-stop.tsx", method: "GET", path: "/hub-sms/stop/forged", expect: 404 },
  { file: "routes/public/hub-sms-stop.tsx", method: "POST", path: "/hub-sms/stop/forged", expect: 404 },
  // Appointment requests (decision 041): the profile's form is everyone's (a refused post is a 400, an
  // unknown facility a 404); the patient's link answers a forged token with 404, read or posted.
  {
    file: "routes/public/facility-appointment.tsx",
    method: "GET",
    path: "/facility/ridgeview-specialist-hospital/appointment",
    expect: 200,
  },
  {
    file: "routes/public/facility-appointment.tsx",
    method: "GET",
    path: "/facility/no-such-facility/appointment",
    expect: 404,
  },
  {
    file: "routes/public/facility-appointment.tsx",
    method: "POST",
    path: "/facility/ridgeview-specialist-hospital/appointment",
    body: async () => ({ name: "", phone: "not a number" }),
    expect: 400,
  },
  { file: "routes/public/appointment.tsx", method: "GET", path: "/appointment/forged", expect: 404 },
  {
    file: "routes/public/appointment.tsx",
    method: "POST",
    path: `/appointment/${MISSING}.forged`,
    body: async () => ({ intent: "cancel" }),
    expect: 404,
  },
  { file: "routes/resources/redirect.ts", method: "GET", path: "/login", expect: 301 },
  { file: "routes/auth/auth.tsx", method: "GET", path: "/auth", expect: AUTH_PAGE },
  // Sign in with your phone (decision 042): anyone signed out; a signed-in person is sent to their dashboard.
  { file: "routes/auth/phone-sign-in.tsx", method: "GET", path: "/auth/phone", expect: AUTH_PAGE },
  ...(
    [
      { intent: "send", phone: "" },
      { intent: "verify", phone: "0241234567", code: "abc" },
    ] as const
  ).map(
    (body): Row => ({
      file: "routes/auth/phone-sign-in.tsx",
      method: "POST",
      path: "/auth/phone",
      body: async () => ({ ...body }),
      expect: { others: 302, anonymous: 400 },
    }),
  ),
  { file: "routes/auth/verify.ts", method: "GET", path: "/auth/verify?token=forged", expect: 302 },
  // The account's notifications (decision 025): every approved account, any role; refused input is a 400.
  ...(
    [
      ["GET", undefined, 200],
      ["POST", { intent: "send-code", phone: "" }, 400],
      ["POST", { intent: "confirm", code: "abc" }, 400],
      // Removing a number asks for the account's password (decision 036): without it, a 400.
      ["POST", { intent: "remove" }, 400],
      ["POST", { intent: "nonsense" }, 400],
      ["POST", { intent: "preferences", quiet: "on", quiet_start: "99:99", quiet_end: "07:00" }, 400],
      [
        "POST",
        { intent: "preferences", "referral.escalated:sms": "on", "referral.outcome:email": "on", quiet: "off" },
        200,
      ],
      // The language of the account's messages (decision 048): only the languages offered.
      ["POST", { intent: "language", language: "de", sms_language: "same" }, 400],
      ["POST", { intent: "language", language: "fr", sms_language: "ak" }, 200],
    ] as const
  ).map(
    ([method, body, status]): Row => ({
      file: "routes/account/notifications.tsx",
      method,
      path: "/account/notifications",
      ...(body ? { body: async () => ({ ...body }) } : {}),
      expect: only(["doctor", "admin of this facility", "admin of another facility", "system admin"], status),
    }),
  ),
  // The registration number page: doctors and facility administrators, approved or not;
  // a system administrator has none to give (the page sends them to their dashboard, a post is 403).
  {
    file: "routes/account/registration.tsx",
    method: "GET",
    path: "/account/registration",
    expect: { others: 200, anonymous: 401, "system admin": 302 },
  },
  {
    file: "routes/account/registration.tsx",
    method: "POST",
    path: "/account/registration",
    body: async () => ({ number: "" }),
    expect: { others: 400, anonymous: 401, "system admin": 403 },
  },
  // Recording that a registration number was checked: approved system administrators.
  {
    file: "routes/dashboard/registration-check.ts",
    method: "POST",
    path: "/dashboard/system-admin/registration-check",
    body: async () => ({ userId: MISSING }),
    expect: only(ADMIN_PAGES, 404),
  },
  // Where a doctor is paid (decision 026): approved doctors only. The matrix's doctor has no confirmed
  // mobile number, so a valid change is refused with 409 (the code has nowhere to go); nothing stored.
  ...(
    [
      ["GET", undefined, 200],
      ["POST", { intent: "request", method: "mobile_money", network: "", mobile_number: "", account_name: "" }, 400],
      [
        "POST",
        {
          intent: "request",
          method: "mobile_money",
          network: "MTN",
          mobile_number: "0241234567",
          account_name: "Matrix Doctor",
        },
        409,
      ],
      ["POST", { intent: "confirm", sms_code: "abc", email_code: "" }, 400],
      ["POST", { intent: "nonsense" }, 400],
    ] as const
  ).map(
    ([method, body, status]): Row => ({
      file: "routes/account/payout-details.tsx",
      method,
      path: "/account/payout-details",
      ...(body ? { body: async () => ({ ...body }) } : {}),
      expect: only(DOCTOR_PAGES, status),
    }),
  ),
  // Money (decision 026): the doctor's own balance, statement and monthly CSV; payout runs, approvals,
  // the trial balance and reconciliation for system administrators. The matrix's doctors have no
  // payout details, so preparing a run finds no one to pay (409) and nothing is sent.
  {
    file: "routes/dashboard/doctor-payouts.tsx",
    method: "GET",
    path: "/dashboard/doctor/payouts",
    expect: only(DOCTOR_PAGES),
  },
  {
    file: "routes/dashboard/doctor-statement-csv.ts",
    method: "GET",
    path: "/dashboard/doctor/payouts/statement.csv?month=2026-01",
    expect: only(DOCTOR_PAGES),
  },
  {
    file: "routes/dashboard/doctor-statement-csv.ts",
    method: "GET",
    path: "/dashboard/doctor/payouts/statement.csv?month=January",
    expect: only(DOCTOR_PAGES, 400),
  },
  {
    file: "routes/dashboard/doctor-statement-pdf.ts",
    method: "GET",
    path: "/dashboard/doctor/payouts/statement.pdf?month=2026-01",
    expect: only(DOCTOR_PAGES),
  },
  {
    file: "routes/dashboard/doctor-statement-pdf.ts",
    method: "GET",
    path: "/dashboard/doctor/payouts/statement.pdf?month=January",
    expect: only(DOCTOR_PAGES, 400),
  },
  ...(
    [
      ["routes/payouts/payouts-admin.tsx", "GET", "/dashboard/system-admin/payouts", undefined, 200],
      ["routes/payouts/payouts-admin.tsx", "POST", "/dashboard/system-admin/payouts", { intent: "prepare" }, 409],
      ["routes/payouts/payouts-admin.tsx", "POST", "/dashboard/system-admin/payouts", { intent: "reconcile" }, 200],
      ["routes/payouts/payouts-admin.tsx", "POST", "/dashboard/system-admin/payouts", { intent: "nonsense" }, 400],
      ["routes/payouts/payouts-ledger.tsx", "GET", "/dashboard/system-admin/payouts/ledger", undefined, 200],
      [
        "routes/payouts/payouts-reconciliation.tsx",
        "GET",
        "/dashboard/system-admin/payouts/reconciliation",
        undefined,
        200,
      ],
      [
        "routes/payouts/payouts-reconciliation.tsx",
        "POST",
        "/dashboard/system-admin/payouts/reconciliation",
        { intent: "reconcile" },
        200,
      ],
      [
        "routes/payouts/payouts-reconciliation.tsx",
        "POST",
        "/dashboard/system-admin/payouts/reconciliation",
        { intent: "nonsense" },
        400,
      ],
      ["routes/payouts/payout-run.tsx", "GET", `/dashboard/system-admin/payouts/${MISSING}`, undefined, 404],
      ["routes/payouts/payout-run.tsx", "GET", "/dashboard/system-admin/payouts/not-a-run", undefined, 404],
      [
        "routes/payouts/payout-run.tsx",
        "POST",
        `/dashboard/system-admin/payouts/${MISSING}`,
        { intent: "approve" },
        404,
      ],
      [
        "routes/payouts/payout-run.tsx",
        "POST",
        `/dashboard/system-admin/payouts/${MISSING}`,
        { intent: "cancel" },
        404,
      ],
      [
        "routes/payouts/payout-run.tsx",
        "POST",
        `/dashboard/system-admin/payouts/${MISSING}`,
        { intent: "retry", transferId: MISSING },
        404,
      ],
    ] as const
  ).map(
    ([file, method, p, body, status]): Row => ({
      file,
      method,
      path: p,
      ...(body ? { body: async () => ({ ...body }) } : {}),
      expect: only(ADMIN_PAGES, status),
    }),
  ),
  // The Messages screen (decision 024): system administrators only; Retry of a missing message is a 404.
  ...(
    [
      ["GET", "/dashboard/system-admin/messages", undefined, 200],
      ["GET", "/dashboard/system-admin/messages?status=failed&channel=sms&page=2", undefined, 200],
      ["POST", "/dashboard/system-admin/messages", { intent: "retry", messageId: MISSING }, 404],
      ["POST", "/dashboard/system-admin/messages", { intent: "nonsense" }, 400],
    ] as const
  ).map(
    ([method, p, body, status]): Row => ({
      file: "routes/messages/messages-admin.tsx",
      method,
      path: p,
      ...(body ? { body: async () => ({ ...body }) } : {}),
      expect: only(ADMIN_PAGES, status),
    }),
  ),
  // Reported review comments: system administrators only; a decision on a missing review is a 404.
  ...(
    [
      ["GET", "/dashboard/system-admin/reviews", undefined, 200],
      ["POST", "/dashboard/system-admin/reviews", { intent: "restore", reviewId: MISSING }, 404],
      ["POST", "/dashboard/system-admin/reviews", { intent: "remove", reviewId: MISSING }, 404],
      ["POST", "/dashboard/system-admin/reviews", { intent: "nonsense" }, 400],
    ] as const
  ).map(
    ([method, p, body, status]): Row => ({
      file: "routes/reviews/reviews-admin.tsx",
      method,
      path: p,
      ...(body ? { body: async () => ({ ...body }) } : {}),
      expect: only(ADMIN_PAGES, status),
    }),
  ),
  // A facility's administrator reports a review's comment: that facility's administrators only.
  {
    file: "routes/dashboard/review-report.ts",
    method: "POST",
    path: "/dashboard/facility-admin/reviews/report",
    body: async () => ({ reviewId: MISSING }),
    expect: only(["admin of this facility", "admin of another facility"], 404),
  },
  // System administrators and their invitations (decision 033): system administrators only.
  ...(
    [
      ["GET", "/dashboard/system-admin/administrators", undefined, 200],
      ["POST", "/dashboard/system-admin/administrators", { intent: "invite", full_name: "", email: "" }, 400],
      ["POST", "/dashboard/system-admin/administrators", { intent: "confirm", invitationId: MISSING }, 404],
      ["POST", "/dashboard/system-admin/administrators", { intent: "revoke", invitationId: MISSING }, 404],
      ["POST", "/dashboard/system-admin/administrators", { intent: "nonsense" }, 400],
      // How system administrators sign in (decision 042): a valid change is the db test's (it is global).
      ["POST", "/dashboard/system-admin/administrators", { intent: "sign-in-rule", passwordOnly: "maybe" }, 400],
    ] as const
  ).map(
    ([method, p, body, status]): Row => ({
      file: "routes/dashboard/administrators.tsx",
      method,
      path: p,
      ...(body ? { body: async () => ({ ...body }) } : {}),
      expect: only(ADMIN_PAGES, status),
    }),
  ),
  // Hospital systems connected through the FHIR API (decisions 034 and 047): system administrators only.
  ...(
    [
      ["GET", "/dashboard/system-admin/api-clients", undefined, 200],
      ["POST", "/dashboard/system-admin/api-clients", { intent: "register", name: "", jwks: "" }, 400],
      ["POST", "/dashboard/system-admin/api-clients", { intent: "register", name: "EMR", jwks: "not json" }, 400],
      ["POST", "/dashboard/system-admin/api-clients", { intent: "revoke", clientId: MISSING }, 404],
      // Scopes (chosen when registering, changed later): none ticked is 400, an unknown client 404.
      ["POST", "/dashboard/system-admin/api-clients", { intent: "scopes", clientId: MISSING }, 400],
      [
        "POST",
        "/dashboard/system-admin/api-clients",
        { intent: "scopes", clientId: MISSING, scopes: "system/*.rs" },
        404,
      ],
      ["POST", "/dashboard/system-admin/api-clients", { intent: "nonsense" }, 400],
    ] as const
  ).map(
    ([method, p, body, status]): Row => ({
      file: "routes/dashboard/api-clients.tsx",
      method,
      path: p,
      ...(body ? { body: async () => ({ ...body }) } : {}),
      expect: only(ADMIN_PAGES, status),
    }),
  ),
  // An invitation link that is not open answers 410 to everyone, and its post creates nothing.
  {
    file: "routes/auth/admin-invitation.tsx",
    method: "GET",
    path: "/admin-invitation/forged-token-forged-token-0",
    expect: 410,
  },
  {
    file: "routes/auth/admin-invitation.tsx",
    method: "POST",
    path: "/admin-invitation/forged-token-forged-token-0",
    body: async () => ({
      full_name: "Forged Admin",
      phone: "0244123456",
      password: "Kente-Loom-7-Volta!",
      confirmPassword: "Kente-Loom-7-Volta!",
    }),
    expect: 410,
  },
  // Paystack's webhook (decision 026): the matrix's server has no PAYSTACK_SECRET_KEY, so the address does not exist.
  { file: "routes/webhooks/paystack.ts", method: "POST", path: "/webhooks/paystack", expect: 404 },
  { file: "routes/webhooks/paystack.ts", method: "GET", path: "/webhooks/paystack", expect: 405 },
  // Provider webhooks (decision 025): no session counts, only the secret token or the signature. The
  // matrix's server has no SMS_WEBHOOK_TOKEN and no WhatsApp credentials: every report is refused.
  {
    file: "routes/webhooks/sms.ts",
    method: "GET",
    path: "/webhooks/sms/arkesel?token=forged&sms_id=x&status=DELIVERED",
    expect: 401,
  },
  { file: "routes/webhooks/sms.ts", method: "POST", path: "/webhooks/sms/africastalking?token=forged", expect: 401 },
  // The token in the path (decision 035), with a report appended as a provider may append it.
  {
    file: "routes/webhooks/sms.ts",
    method: "GET",
    path: "/webhooks/sms/arkesel/forged?sms_id=x&status=DELIVERED",
    expect: 401,
  },
  { file: "routes/webhooks/sms.ts", method: "POST", path: "/webhooks/sms/africastalking/forged", expect: 401 },
  { file: "routes/webhooks/sms.ts", method: "GET", path: "/webhooks/sms/hubtel?token=forged", expect: 404 },
  {
    file: "routes/webhooks/whatsapp.ts",
    method: "GET",
    path: "/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=forged&hub.challenge=1",
    expect: 404,
  },
  { file: "routes/webhooks/whatsapp.ts", method: "POST", path: "/webhooks/whatsapp", expect: 404 },
  // The backup job's report: no session counts, only BACKUP_REPORT_TOKEN, which the built
  // app under test has: without the token every actor gets 401 (without a token configured the address
  // does not exist, 404; the token's 201 is in tests/adversarial/backup-report.test.ts).
  { file: "routes/resources/backup-report.ts", method: "POST", path: "/operations/backup-report", expect: 401 },
  { file: "routes/resources/backup-report.ts", method: "GET", path: "/operations/backup-report", expect: 405 },
  // Public forms: invalid input is a 400 for everyone, and never stored (fuzzed elsewhere).
  ...(
    [
      ["routes/public/contact.tsx", "/contact"],
      ["routes/public/hub.tsx", "/hub/cervical-cancer"],
      ["routes/public/hub-leave.tsx", "/hub/cervical-cancer/leave"],
      ["routes/auth/forgot-password.tsx", "/forgot-password"],
      ["routes/auth/reset-password.tsx", "/reset-password"],
    ] as const
  ).map(
    ([file, p]): Row => ({
      file,
      method: "POST",
      path: p,
      body: async () => ({ email: "not-an-email" }),
      expect: p.endsWith("/leave") ? 410 : 400,
    }),
  ),
  // Signed in: the page's loader sends them on to their dashboard whatever they posted.
  {
    file: "routes/auth/auth.tsx",
    method: "POST",
    path: "/auth",
    body: async () => ({ email: "x" }),
    expect: { others: 302, anonymous: 400 },
  },
  { file: "routes/resources/redirect.ts", method: "POST", path: "/login", expect: 301 },

  // The referral platform.
  { file: "routes/dashboard/layout.tsx", method: "GET", path: "/dashboard/doctor", expect: only(DOCTOR_PAGES) },
  { file: "routes/dashboard/doctor.tsx", method: "GET", path: "/dashboard/doctor?page=2", expect: only(DOCTOR_PAGES) },
  {
    file: "routes/dashboard/referrals-create.tsx",
    method: "GET",
    path: "/referrals/create",
    expect: only(DOCTOR_PAGES),
  },
  // History: every approved role, each its own scope.
  {
    file: "routes/referrals/history.tsx",
    method: "GET",
    path: "/referrals/history?q=a&status=pending",
    expect: only(["doctor", "admin of this facility", "admin of another facility", "system admin"]),
  },
  {
    file: "routes/dashboard/referrals-create.tsx",
    method: "POST",
    path: "/referrals/create",
    body: referralBody,
    expect: only(DOCTOR_PAGES, 302),
  },
  {
    file: "routes/dashboard/facility-admin.tsx",
    method: "GET",
    path: "/dashboard/facility-admin",
    expect: only(FACILITY_PAGES),
  },
  // The facility's appointment requests (decision 041): its approved administrators only; a request
  // that is not theirs (here: missing) is a 404 for them, every other actor is refused first.
  {
    file: "routes/dashboard/facility-appointments.tsx",
    method: "GET",
    path: "/dashboard/facility-admin/appointments",
    expect: only(FACILITY_PAGES),
  },
  ...(
    [
      [{ intent: "decline", requestId: MISSING, reason: "fully_booked" }, 404],
      [{ intent: "confirm", requestId: MISSING, slot_day: "2099-01-01", slot_time: "10:00" }, 404],
      [{ intent: "decline", requestId: MISSING, reason: "free text" }, 400],
    ] as const
  ).map(
    ([body, status]): Row => ({
      file: "routes/dashboard/facility-appointments.tsx",
      method: "POST",
      path: "/dashboard/facility-admin/appointments",
      body: async () => ({ ...body }),
      expect: status === 400 ? 400 : only(FACILITY_PAGES, status),
    }),
  ),
  ...(["accept", "reject", "complete"] as const).flatMap((intent): Row[] => [
    {
      file: "routes/dashboard/facility-admin.tsx",
      method: "POST",
      path: "/dashboard/facility-admin",
      object: "this facility's referral",
      body: async (f) => ({ intent, referralId: await f.referral(), reason: "No capacity", outcome: "Seen" }),
      // complete needs an accepted referral: for the one allowed actor that is a 409 here.
      expect: {
        others: 403,
        anonymous: 401,
        "admin of this facility": intent === "complete" ? 409 : 200,
        "admin of another facility": 404,
      },
    },
    {
      file: "routes/dashboard/facility-admin.tsx",
      method: "POST",
      path: "/dashboard/facility-admin",
      object: "missing referral",
      body: async () => ({ intent, referralId: MISSING, reason: "No capacity", outcome: "Seen" }),
      expect: {
        others: 403,
        anonymous: 401,
        doctor: 404,
        "admin of this facility": 404,
        "admin of another facility": 404,
        "system admin": 404,
      },
    },
  ]),
  ...["", "?tab=users", "?tab=payments", "?tab=waitlist", "?status=pending&page=2"].map(
    (query): Row => ({
      file: "routes/dashboard/system-admin.tsx",
      method: "GET",
      path: `/dashboard/system-admin${query}`,
      expect: only(ADMIN_PAGES),
    }),
  ),
  {
    file: "routes/dashboard/system-admin.tsx",
    method: "POST",
    path: "/dashboard/system-admin",
    object: "pending account",
    body: async (f) => ({ intent: "approve", userId: await f.pendingUser() }),
    expect: only(ADMIN_PAGES),
  },
  {
    file: "routes/dashboard/system-admin.tsx",
    method: "POST",
    path: "/dashboard/system-admin",
    object: "missing account",
    body: async () => ({ intent: "approve", userId: MISSING }),
    expect: only(ADMIN_PAGES, 404),
  },
  {
    file: "routes/dashboard/system-admin.tsx",
    method: "POST",
    path: "/dashboard/system-admin",
    object: "pending account",
    body: async (f) => ({ intent: "decline", userId: await f.pendingUser(), reason: "Matrix decline" }),
    expect: only(ADMIN_PAGES),
  },
  {
    file: "routes/dashboard/system-admin.tsx",
    method: "POST",
    path: "/dashboard/system-admin",
    object: "missing account",
    body: async () => ({ intent: "decline", userId: MISSING, reason: "Matrix decline" }),
    expect: only(ADMIN_PAGES, 404),
  },
  {
    file: "routes/dashboard/system-admin.tsx",
    method: "POST",
    path: "/dashboard/system-admin",
    object: "pending payment",
    body: async (f) => ({
      intent: "record-payment",
      paymentId: await f.payment(),
      payment_method: "Cash",
      payment_reference: "R-1",
    }),
    expect: only(ADMIN_PAGES),
  },
  {
    file: "routes/dashboard/system-admin.tsx",
    method: "POST",
    path: "/dashboard/system-admin",
    object: "missing payment",
    body: async () => ({
      intent: "record-payment",
      paymentId: MISSING,
      payment_method: "Cash",
      payment_reference: "R",
    }),
    expect: only(ADMIN_PAGES, 404),
  },
  {
    file: "routes/dashboard/waitlist-csv.ts",
    method: "GET",
    path: "/dashboard/system-admin/waitlist.csv",
    expect: only(ADMIN_PAGES),
  },
  // Insight and exports (decision 020).
  {
    file: "routes/dashboard/overview.tsx",
    method: "GET",
    path: "/dashboard/system-admin/overview?period=4w",
    expect: only(ADMIN_PAGES),
  },
  {
    file: "routes/dashboard/audit-log.tsx",
    method: "GET",
    path: "/dashboard/system-admin/audit",
    expect: only(ADMIN_PAGES),
  },
  // The network's health: system administrators only.
  {
    file: "routes/dashboard/system-health.tsx",
    method: "GET",
    path: "/dashboard/system-admin/health",
    expect: only(ADMIN_PAGES),
  },
  { file: "routes/exports/csv.ts", method: "GET", path: "/exports/users.csv", expect: only(ADMIN_PAGES) },
  {
    file: "routes/exports/csv.ts",
    method: "GET",
    path: "/exports/payments.csv?status=pending",
    expect: only(ADMIN_PAGES),
  },
  {
    file: "routes/exports/csv.ts",
    method: "GET",
    path: "/exports/referrals.csv?status=pending",
    expect: only(["system admin", ...FACILITY_PAGES]),
  },
  { file: "routes/exports/csv.ts", method: "GET", path: "/exports/secrets.csv", expect: 404 },
  // A referral's own page: its doctor, the receiving facility's admins and system
  // admins; anyone else signed in gets the same 404 as for a referral that does not exist.
  {
    file: "routes/referrals/referral.tsx",
    method: "GET",
    path: async (f) => `/referrals/${await f.referralNumber()}`,
    object: "this facility's referral",
    expect: { others: 404, anonymous: 401, doctor: 200, "admin of this facility": 200, "system admin": 200 },
  },
  {
    file: "routes/referrals/referral.tsx",
    method: "GET",
    path: "/referrals/REF-1999-000001",
    object: "missing referral",
    expect: { others: 404, anonymous: 401 },
  },
  {
    file: "routes/referrals/referral.tsx",
    method: "POST",
    path: async (f) => `/referrals/${await f.referralNumber()}`,
    object: "this facility's referral",
    body: async () => ({ intent: "message", body: "Matrix message" }),
    // System administrators read the conversation; they do not take part in it.
    expect: { others: 404, anonymous: 401, doctor: 200, "admin of this facility": 200, "system admin": 403 },
  },
  // The referring doctor's review of the facility: a completed referral's doctor only;
  // its facility's admins and system admins see the referral but may not rate it (403); anyone
  // else gets the referral's 404; before completion even its doctor is refused (409).
  {
    file: "routes/referrals/review.tsx",
    method: "GET",
    path: async (f) => `/referrals/${await f.completedReferralNumber()}/review`,
    object: "this facility's referral",
    expect: { others: 404, anonymous: 401, doctor: 200 },
  },
  {
    file: "routes/referrals/review.tsx",
    method: "POST",
    path: async (f) => `/referrals/${await f.completedReferralNumber()}/review`,
    object: "this facility's referral",
    body: async () => ({ rating: "4", comment: "Matrix review" }),
    expect: { others: 404, anonymous: 401, doctor: 302, "admin of this facility": 403, "system admin": 403 },
  },
  {
    file: "routes/referrals/review.tsx",
    method: "POST",
    path: async (f) => `/referrals/${await f.referralNumber()}/review`,
    object: "this facility's referral",
    body: async () => ({ rating: "4" }),
    expect: { others: 404, anonymous: 401, doctor: 409, "admin of this facility": 403, "system admin": 403 },
  },
  // Decision 037: where the referral made with an idempotency key is (a lost answer's lookup): only the
  // doctor's own keys answer 200; a key that made nothing is a 404 for everyone signed in.
  {
    file: "routes/referrals/sent.ts",
    method: "GET",
    path: "/referrals/create/sent?key=referral.missing-key-0000000000",
    expect: { others: 404, anonymous: 401 },
  },
  {
    file: "routes/referrals/attachment.ts",
    method: "GET",
    path: async (f) => `/referrals/${await f.referralNumber()}/files/${MISSING}`,
    object: "this facility's referral",
    expect: { others: 404, anonymous: 401 },
  },
  // Facilities managed in the product (decision 021).
  {
    file: "routes/public/facility-report.tsx",
    method: "GET",
    path: "/facility/ridgeview-specialist-hospital/report",
    expect: 200,
  },
  {
    file: "routes/public/facility-report.tsx",
    method: "POST",
    path: "/facility/ridgeview-specialist-hospital/report",
    body: async () => ({ details: "" }),
    expect: 400,
  },
  {
    file: "routes/resources/facility-photo.ts",
    method: "GET",
    path: `/facility-photos/${MISSING}/480.webp`,
    expect: 404,
  },
  {
    file: "routes/facilities/facilities-admin.tsx",
    method: "GET",
    path: "/dashboard/system-admin/facilities?q=a&status=active",
    expect: only(ADMIN_PAGES),
  },
  {
    file: "routes/facilities/facility-new.tsx",
    method: "GET",
    path: "/dashboard/system-admin/facilities/new",
    expect: only(ADMIN_PAGES),
  },
  {
    file: "routes/facilities/facility-new.tsx",
    method: "POST",
    path: "/dashboard/system-admin/facilities/new",
    body: async () => ({ name: "" }),
    expect: only(ADMIN_PAGES, 400),
  },
  {
    file: "routes/facilities/facility-editor.tsx",
    method: "GET",
    path: async (f) => `/dashboard/facilities/${f.thisFacility}`,
    expect: { others: 403, anonymous: 401, "admin of this facility": 200, "system admin": 200 },
  },
  {
    file: "routes/facilities/facility-editor.tsx",
    method: "GET",
    path: `/dashboard/facilities/${MISSING}`,
    expect: { others: 403, anonymous: 401, "system admin": 404 },
  },
  // Direct posts: only this facility's admins and system admins get past the permission check
  // (to the validation's 400); everyone else, the other facility's admin included, gets 403.
  {
    file: "routes/facilities/facility-editor.tsx",
    method: "POST",
    path: async (f) => `/dashboard/facilities/${f.thisFacility}`,
    object: "this facility",
    body: async () => ({ intent: "save", name: "" }),
    expect: { others: 403, anonymous: 401, "admin of this facility": 400, "system admin": 400 },
  },
  {
    // The photo as the editor's form sends it: multipart, through the streaming parser. A GIF is
    // refused by its bytes (400) once the permission is checked; nothing is stored.
    file: "routes/facilities/facility-editor.tsx",
    method: "POST",
    path: async (f) => `/dashboard/facilities/${f.thisFacility}`,
    object: "this facility",
    multipart: async () => ({
      intent: "photo",
      photo: { name: "front.gif", mimeType: "image/gif", buffer: Buffer.from("GIF89a: not a photo") },
    }),
    expect: { others: 403, anonymous: 401, "admin of this facility": 400, "system admin": 400 },
  },
  // Deactivate and reactivate: system administrators only. This facility is active: reactivating it
  // is the system admin's 409. Deactivating it would take it from the referral form the rows after
  // this one post to, so the system admin's allowed deactivation is tested by
  // facilities-admin.spec.ts; here their request reaches the
  // domain function through a facility that does not exist (404).
  ...(["deactivate", "reactivate"] as const).flatMap((intent): Row[] => [
    {
      file: "routes/facilities/facility-editor.tsx",
      method: "POST",
      path: async (f) => `/dashboard/facilities/${f.thisFacility}`,
      object: "this facility",
      body: async () => ({ intent }),
      ...(intent === "deactivate" ? { skip: ["system admin"] as Kind[] } : {}),
      expect: only(ADMIN_PAGES, 409),
    },
    {
      file: "routes/facilities/facility-editor.tsx",
      method: "POST",
      path: `/dashboard/facilities/${MISSING}`,
      object: "missing facility",
      body: async () => ({ intent }),
      expect: only(ADMIN_PAGES, 404),
    },
  ]),
  // Resolving a report, from the editor or the queue: a system admin or the reported facility's
  // approved admin (each cell a new report); a report that does not exist is 404 for anyone signed in.
  ...(
    [
      ["routes/facilities/facility-editor.tsx", async (f: Fixtures) => `/dashboard/facilities/${f.thisFacility}`],
      ["routes/facilities/facility-reports.tsx", async () => "/dashboard/facility-reports"],
    ] as const
  ).flatMap(([file, where]): Row[] => [
    {
      file,
      method: "POST",
      path: where,
      object: "this facility's report",
      body: async (f) => ({ intent: "resolve", reportId: await f.report() }),
      expect: { others: 403, anonymous: 401, "admin of this facility": 302, "system admin": 302 },
    },
    {
      file,
      method: "POST",
      path: where,
      object: "missing report",
      body: async () => ({ intent: "resolve", reportId: MISSING }),
      expect: { others: 404, anonymous: 401 },
    },
  ]),
  {
    file: "routes/facilities/facility-reports.tsx",
    method: "GET",
    path: "/dashboard/facility-reports",
    expect: only([...FACILITY_PAGES, "system admin"]),
  },
  {
    file: "routes/facilities/facility-profile.ts",
    method: "GET",
    path: "/dashboard/facility-profile",
    expect: only(FACILITY_PAGES, 302),
  },
  // Hubs and their waitlists (decision 021).
  {
    file: "routes/hubs/hubs-admin.tsx",
    method: "GET",
    path: "/dashboard/system-admin/hubs",
    expect: only(ADMIN_PAGES),
  },
  {
    file: "routes/hubs/hub-editor.tsx",
    method: "GET",
    path: "/dashboard/system-admin/hubs/mental-health",
    expect: only(ADMIN_PAGES),
  },
  {
    file: "routes/hubs/hub-editor.tsx",
    method: "GET",
    path: "/dashboard/system-admin/hubs/no-such-hub",
    expect: only(ADMIN_PAGES, 404),
  },
  ...(["save", "launch", "update"] as const).map(
    (intent): Row => ({
      file: "routes/hubs/hub-editor.tsx",
      method: "POST",
      path: "/dashboard/system-admin/hubs/mental-health",
      // Invalid on purpose: the permission is checked first, then the input (400), and nothing is sent.
      body: async () => ({ intent, title: "", subject: "", external_url: "" }),
      expect: only(ADMIN_PAGES, 400),
    }),
  ),
  {
    file: "routes/hubs/hub-editor.tsx",
    method: "POST",
    path: "/dashboard/system-admin/hubs/mental-health",
    // Resuming a notification that does not exist: the permission first, then 404.
    body: async () => ({ intent: "resume", notification: MISSING }),
    expect: only(ADMIN_PAGES, 404),
  },
  // Last: it ends the session it is sent with.
  { file: "routes/auth/sign-out.ts", method: "GET", path: "/auth/sign-out", expect: 302 },
  { file: "routes/auth/sign-out.ts", method: "POST", path: "/auth/sign-out", expect: 302 },
];
