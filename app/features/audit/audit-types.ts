/** The audit log's kinds of event, grouped as its filter offers them (client-safe). */
export const AUDIT_TYPES = {
  "referral.created": "Referral created",
  "referral.accepted": "Referral accepted",
  "referral.rejected": "Referral rejected",
  "referral.completed": "Referral completed",
  "referral.cancelled": "Referral cancelled",
  "referral.message": "Message posted",
  "referral.attachment": "File attached",
  "account.approved": "Account approved",
  "account.declined": "Account declined",
  "payment.recorded": "Payment recorded",
  "export.downloaded": "Export downloaded",
  "facility.created": "Facility added",
  "facility.updated": "Facility edited",
  "facility.photo": "Facility photo uploaded",
  "facility.deactivated": "Facility deactivated",
  "facility.reactivated": "Facility reactivated",
  "facility.report_resolved": "Facility report resolved",
  "hub.updated": "Hub edited",
  "hub.launched": "Hub launched",
  "hub.notified": "Waitlist notified",
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
} as const;

export type AuditTypeFilter = AuditType | keyof typeof AUDIT_GROUPS;

export function isAuditTypeFilter(value: unknown): value is AuditTypeFilter {
  return typeof value === "string" && (Object.hasOwn(AUDIT_TYPES, value) || Object.hasOwn(AUDIT_GROUPS, value));
}

export function auditTypeLabel(action: string): string {
  return (AUDIT_TYPES as Record<string, string>)[action] ?? action;
}
