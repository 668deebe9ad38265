import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";
import { REDIRECTS } from "./content/redirects";

/**
 * The public pages (the spec's route table, section 2, in its order), in each language
 * (docs/decisions/044): English at the site's addresses, French under /fr with route ids
 * `fr/...`, served by the same modules (each reads its language from the path).
 */
function publicPages(prefix: "" | "fr") {
  const page = (path: string, file: string) =>
    route(path, file, prefix ? { id: `${prefix}/${file.replace(/\.tsx?$/, "")}` } : {});
  const pages = [
    prefix ? index("routes/public/home.tsx", { id: "fr/routes/public/home" }) : index("routes/public/home.tsx"),
    page("hubs", "routes/public/hubs.tsx"),
    page("hub/:hubId", "routes/public/hub.tsx"),
    page("hub/:hubId/leave", "routes/public/hub-leave.tsx"),
    page("hub-sms/stop/:token", "routes/public/hub-sms-stop.tsx"),
    page("facilities", "routes/public/facilities.tsx"),
    page("facility/:facilityId", "routes/public/facility.tsx"),
    page("facility/:facilityId/report", "routes/public/facility-report.tsx"),
    // Appointment requests from a facility's profile, and the patient's link (decision 041).
    page("facility/:facilityId/appointment", "routes/public/facility-appointment.tsx"),
    page("appointment/:token", "routes/public/appointment.tsx"),
    page("apps", "routes/public/apps.tsx"),
    page("for-facilities", "routes/public/for-facilities.tsx"),
    page("auth", "routes/auth/auth.tsx"),
    page("forgot-password", "routes/auth/forgot-password.tsx"),
    page("reset-password", "routes/auth/reset-password.tsx"),
    page("auth/email-confirmed", "routes/auth/email-confirmed.tsx"),
    // Sign in with a confirmed mobile number and a code by SMS (decision 042).
    page("auth/phone", "routes/auth/phone-sign-in.tsx"),
    // An invited system administrator sets up their account (decision 033).
    page("admin-invitation/:token", "routes/auth/admin-invitation.tsx"),
    page("about", "routes/public/about.tsx"),
    page("contact", "routes/public/contact.tsx"),
    page("careers", "routes/public/careers.tsx"),
    page("press-kit", "routes/public/press-kit.tsx"),
    page("privacy-policy", "routes/public/privacy-policy.tsx"),
    page("terms-of-service", "routes/public/terms-of-service.tsx"),
    page("cookie-policy", "routes/public/cookie-policy.tsx"),
    page("security", "routes/public/security.tsx"),
    page("investment-opportunities", "routes/public/investment-opportunities.tsx"),
    // Any other path: "Oops! Page not found" (HTTP 404).
    page("*", "routes/public/not-found.tsx"),
  ];
  return prefix
    ? route(prefix, "routes/public/layout.tsx", { id: `${prefix}/routes/public/layout` }, pages)
    : layout("routes/public/layout.tsx", pages);
}

/** The spec's route table (section 2), in its order. */
export default [
  publicPages(""),
  publicPages("fr"),
  layout("routes/dashboard/layout.tsx", [
    // Gated layouts (spec section 6): each declares its area once; its pages take the allowed actor
    // with allowedActor(context), and a refused visitor gets the gate screen (401 or 403).
    layout("routes/gates/doctor-layout.ts", [
      route("dashboard/doctor", "routes/dashboard/doctor.tsx"),
      // The doctor's money (decision 026): balance, statement, payouts.
      route("dashboard/doctor/payouts", "routes/dashboard/doctor-payouts.tsx"),
      // Its monthly statement, as CSV and as PDF (downloads: resource routes below the same gate).
      route("dashboard/doctor/payouts/statement.csv", "routes/dashboard/doctor-statement-csv.ts"),
      route("dashboard/doctor/payouts/statement.pdf", "routes/dashboard/doctor-statement-pdf.ts"),
      // Where a doctor is paid, changed with a code by SMS and by email (decision 026).
      route("account/payout-details", "routes/account/payout-details.tsx"),
    ]),
    layout("routes/gates/referrals-create-layout.ts", [
      route("referrals/create", "routes/dashboard/referrals-create.tsx"),
    ]),
    layout("routes/gates/facility-admin-layout.ts", [
      route("dashboard/facility-admin", "routes/dashboard/facility-admin.tsx"),
      // Reporting a review's comment: an action only.
      route("dashboard/facility-admin/reviews/report", "routes/dashboard/review-report.ts"),
      // The facility's appointment requests, a tab beside its referrals (decision 041).
      route("dashboard/facility-admin/appointments", "routes/dashboard/facility-appointments.tsx"),
    ]),
    layout("routes/gates/system-admin-layout.ts", [
      route("dashboard/system-admin", "routes/dashboard/system-admin.tsx"),
      route("dashboard/system-admin/overview", "routes/dashboard/overview.tsx"),
      route("dashboard/system-admin/audit", "routes/dashboard/audit-log.tsx"),
      // System administrators are invited, never registered; a second one confirms (decision 033).
      route("dashboard/system-admin/administrators", "routes/dashboard/administrators.tsx"),
      // Hospital systems connected through the FHIR API (decisions 034 and 047).
      route("dashboard/system-admin/api-clients", "routes/dashboard/api-clients.tsx"),
      // The network's facilities, managed in the product (decision 021).
      route("dashboard/system-admin/facilities", "routes/facilities/facilities-admin.tsx"),
      route("dashboard/system-admin/facilities/new", "routes/facilities/facility-new.tsx"),
      // The hubs and their waitlists, managed in the product (decision 021).
      route("dashboard/system-admin/hubs", "routes/hubs/hubs-admin.tsx"),
      route("dashboard/system-admin/hubs/:hubId", "routes/hubs/hub-editor.tsx"),
      // Payout runs, approvals, the trial balance and reconciliation (decision 026).
      route("dashboard/system-admin/payouts", "routes/payouts/payouts-admin.tsx"),
      route("dashboard/system-admin/payouts/ledger", "routes/payouts/payouts-ledger.tsx"),
      route("dashboard/system-admin/payouts/reconciliation", "routes/payouts/payouts-reconciliation.tsx"),
      route("dashboard/system-admin/payouts/:runId", "routes/payouts/payout-run.tsx"),
      // Recording that a registration number was checked against the register.
      route("dashboard/system-admin/registration-check", "routes/dashboard/registration-check.ts"),
      // Every outbound message and its delivery, with Retry (decision 024).
      route("dashboard/system-admin/messages", "routes/messages/messages-admin.tsx"),
      // Reported review comments: restore or remove.
      route("dashboard/system-admin/reviews", "routes/reviews/reviews-admin.tsx"),
      // Queues, providers, deliveries, payouts, emergencies waiting and alerts, now.
      route("dashboard/system-admin/health", "routes/dashboard/system-health.tsx"),
    ]),
    layout("routes/gates/facility-editor-layout.ts", [
      route("dashboard/facilities/:id", "routes/facilities/facility-editor.tsx"),
      route("dashboard/facility-reports", "routes/facilities/facility-reports.tsx"),
    ]),
    layout("routes/gates/signed-in-layout.ts", [
      route("referrals/history", "routes/referrals/history.tsx"),
      // The account's notifications: the confirmed mobile number for SMS and WhatsApp (decision 025).
      route("account/notifications", "routes/account/notifications.tsx"),
    ]),
    layout("routes/gates/account-layout.ts", [
      // The MDC registration number or HeFRA licence number, asked after sign-in until given.
      route("account/registration", "routes/account/registration.tsx"),
      // A referral's own page: the gate, then whether this person may see this referral (404).
      route("referrals/:referralNumber", "routes/referrals/referral.tsx"),
      // The referring doctor's review of the facility, once the referral is completed.
      route("referrals/:referralNumber/review", "routes/referrals/review.tsx"),
      // A referral's files: a download (the gate's refusal and the referral's 404 as plain text).
      route("referrals/:referralNumber/files/:attachmentId", "routes/referrals/attachment.ts"),
    ]),
    // Where the referral made with an idempotency key is, for a browser that lost the answer
    // (decision 037): JSON the page's script reads, 401 signed out, never a redirect to sign in.
    route("referrals/create/sent", "routes/referrals/sent.ts"),
  ]),
  route("dashboard/system-admin/waitlist.csv", "routes/dashboard/waitlist-csv.ts"),
  route("dashboard/facility-profile", "routes/facilities/facility-profile.ts"),
  route("facility-photos/:photoId/:file", "routes/resources/facility-photo.ts"),
  // CSV downloads: referrals.csv, payments.csv, users.csv (decision 020).
  route("exports/:file", "routes/exports/csv.ts"),
  // The spec's redirects: one resource route, one entry per old address.
  ...Object.keys(REDIRECTS).map((from) =>
    route(from.slice(1), "routes/resources/redirect.ts", { id: `redirect${from.replaceAll("/", "-")}` }),
  ),
  ...Object.keys(REDIRECTS).map((from) =>
    route(`fr${from}`, "routes/resources/redirect.ts", { id: `redirect-fr${from.replaceAll("/", "-")}` }),
  ),
  // Account links and sign-out (resource routes: no page of their own).
  route("auth/verify", "routes/auth/verify.ts"),
  route("auth/sign-out", "routes/auth/sign-out.ts"),
  // Delivery reports from the SMS and WhatsApp providers (decision 025): a secret token or a signature, no session.
  route("webhooks/sms/:provider/:token?", "routes/webhooks/sms.ts"),
  route("webhooks/whatsapp", "routes/webhooks/whatsapp.ts"),
  // Paystack's transfer webhooks (decision 026): the HMAC SHA-512 signature, no session.
  route("webhooks/paystack", "routes/webhooks/paystack.ts"),
  route("healthz", "routes/resources/healthz.ts"),
  // The operator's backup job reports each backup: BACKUP_REPORT_TOKEN, no session.
  route("operations/backup-report", "routes/resources/backup-report.ts"),
  route("robots.txt", "routes/resources/robots.ts"),
  route("sitemap.xml", "routes/resources/sitemap.ts"),
] satisfies RouteConfig;
