/** The audit log's kinds of event, grouped as its filter offers them (client-safe). */
export const AUDIT_TYPES = {
  "referral.created": "Referral created",
  "referral.accepted": "Referral accepted",
  "referral.rejected": "Referral rejected",
  "referral.completed": "Referral completed",
  "referral.cancelled": "Referral cancelled",
  "referral.escalated": "Referral escalated",
  "referral.message": "Message posted",
  "referral.attachment": "File attached",
  "account.approved": "Account approved",
  "account.declined": "Account declined",
  "account.registration_checked": "Registration number checked",
  "account.admin_invited": "System administrator invited",
  "account.admin_invitation_confirmed": "Administrator invitation confirmed",
  "account.admin_invitation_revoked": "Administrator invitation revoked",
  "account.admin_created": "System administrator added",
  "account.admin_approval_requested": "Administrator approval awaiting a second administrator",
  "account.admin_sign_in_changed": "How administrators sign in changed",
  "payment.recorded": "Payment recorded",
  "export.downloaded": "Export downloaded",
  "facility.created": "Facility added",
  "facility.updated": "Facility edited",
  "facility.verification_cleared": "Facility verification removed",
  "facility.photo": "Facility photo uploaded",
  "facility.deactivated": "Facility deactivated",
  "facility.reactivated": "Facility reactivated",
  "facility.report_resolved": "Facility report resolved",
  "review.comment_reported": "Review comment reported",
  "review.comment_restored": "Review comment restored",
  "review.comment_removed": "Review comment removed",
  "hub.updated": "Hub edited",
  "hub.launched": "Hub launched",
  "hub.notified": "Waitlist notified",
  "payout.details_requested": "Payout details change requested",
  "payout.details_changed": "Payout details changed",
  "payout.run_prepared": "Payout run prepared",
  "payout.run_approved": "Payout run approved",
  "payout.run_cancelled": "Payout run cancelled",
  "payout.transfer_initiated": "Transfer initiated",
  "payout.transfer_succeeded": "Transfer succeeded",
  "payout.transfer_failed": "Transfer failed",
  "payout.transfer_reversed": "Transfer reversed",
  "payout.transfer_retried": "Transfer sent again",
  "payout.statement_downloaded": "Statement downloaded",
  "message.retried": "Message sent again",
  "appointment.requested": "Appointment requested",
  "appointment.confirm": "Appointment confirmed by the facility",
  "appointment.propose": "Appointment time proposed",
  "appointment.decline": "Appointment request declined",
  "appointment.accept": "Proposed time accepted",
  "appointment.patient_confirm": "Appointment confirmed by the patient",
  "appointment.cancel": "Appointment cancelled",
  "appointment.attended": "Appointment attended",
  "appointment.no_show": "Appointment missed (no-show)",
  "appointment.expire": "Appointment request expired",
  "api_client.registered": "Hospital system registered (FHIR API)",
  "api_client.revoked": "Hospital system revoked (FHIR API)",
  "api_client.scopes_changed": "Hospital system's scopes changed (FHIR API)",
} as const;

export type AuditType = keyof typeof AUDIT_TYPES;

/** A filter value: one kind of event, or a group ("referral" = every referral event). */
export const AUDIT_GROUPS = {
  referral: "All referral events",
  account: "All account events",
  payment: "All payment events",
  export: "All exports",
  facility: "All facility events",
  hub: "All hub events",
  payout: "All payout events",
  message: "All message events",
  appointment: "All appointment events",
  api_client: "All hospital system events",
} as const;

export type AuditTypeFilter = AuditType | keyof typeof AUDIT_GROUPS;

export function isAuditTypeFilter(value: unknown): value is AuditTypeFilter {
  return typeof value === "string" && (Object.hasOwn(AUDIT_TYPES, value) || Object.hasOwn(AUDIT_GROUPS, value));
}

export function auditTypeLabel(action: string): string {
  return (AUDIT_TYPES as Record<string, string>)[action] ?? action;
}
