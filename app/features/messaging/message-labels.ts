import { parsePhoneNumberFromString } from "libphonenumber-js/min";
import type { MessageChannel, MessageStatus } from "~/db/schema";

/*
 * How outbound messages are named on screen, client-safe: channels, delivery states,
 * the events that caused them, and recipients masked so that a screen never shows a whole
 * address or number.
 */

export const CHANNEL_LABELS: Record<MessageChannel, string> = {
  email: "Email",
  sms: "SMS",
  whatsapp: "WhatsApp",
};

export const STATUS_LABELS: Record<MessageStatus, string> = {
  queued: "Queued",
  sent: "Sent",
  delivered: "Delivered",
  failed: "Failed",
  undelivered: "Undelivered",
};

/** The states Retry is offered for: the message did not reach the person. */
export const RETRYABLE_STATUSES: readonly MessageStatus[] = ["failed", "undelivered"];

export function isMessageChannel(value: unknown): value is MessageChannel {
  return typeof value === "string" && Object.hasOwn(CHANNEL_LABELS, value);
}

export function isMessageStatus(value: unknown): value is MessageStatus {
  return typeof value === "string" && Object.hasOwn(STATUS_LABELS, value);
}

const EVENT_LABELS: Record<string, string> = {
  "appointment.requested": "New appointment request",
  "appointment.prove": "Appointment request link",
  "appointment.confirmed": "Appointment confirmed",
  "appointment.proposed": "Appointment time proposed",
  "appointment.declined": "Appointment request declined",
  "appointment.expired": "Appointment request expired",
  "appointment.reminder": "Appointment reminder",
  "appointment.cancelled": "Appointment cancelled by the patient",
  "referral.created": "New referral",
  "referral.escalated": "Referral escalated",
  "referral.unreachable": "Facility to be phoned",
  "referral.accepted": "Referral accepted",
  "referral.rejected": "Referral rejected",
  "referral.completed": "Referral completed",
  "referral.cancelled": "Referral cancelled",
  "referral.message": "Message on a referral",
  "referral.outcome": "Referral outcome",
  "account.verification": "Email confirmation",
  "account.existing": "Already registered",
  "account.password-reset": "Password reset",
  "account.sign-in-alert": "Sign-in alert",
  "account.approved": "Account approved",
  "account.declined": "Account declined",
  "account.admin-invitation": "Administrator invitation",
  "account.admin-alert": "Administrator alert",
  "phone.changed": "Mobile number changed",
  "phone.removed": "Mobile number removed",
  "payout.details_code": "Payout details code",
  "payout.details_changed": "Payout details changed",
  "payout.wallet_code": "Payout wallet code",
  "payout.made": "Payout made",
  "payout.success": "Payout paid",
  "payout.failed": "Payout not completed",
  "payout.reversed": "Payout reversed",
  "payout.otp": "Payout waiting for an OTP",
  "payout.provider_auth": "Payout provider key refused",
  "payout.paid_after_failure": "Failed payout paid after all",
  "hub.launch": "Hub launched",
  "hub.update": "Hub update",
  "waitlist.joined": "Waitlist sign-up",
  "contact.message": "Contact form",
  "facility.report": "Facility report",
  "facility.verification-cleared": "Facility verification removed",
  "ledger.check_failed": "Ledger check failed",
  "messaging.provider_refused": "Provider refused our configuration",
  "operations.alert_started": "Operations alert",
  "operations.alert_cleared": "Operations alert cleared",
};

/** The event's name for people; an event without one is shown as recorded (e.g. "facility.report"). */
export function eventLabel(event: string): string {
  return EVENT_LABELS[event] ?? event;
}

/**
 * A recipient as screens show it: `+233 ••• •• 0147` for a number (the country code and the last
 * four digits), `a•••@example.com` for an address (the first character and the domain).
 */
export function maskRecipient(channel: MessageChannel, recipient: string): string {
  if (channel === "email") {
    const at = recipient.lastIndexOf("@");
    if (at < 1) return "•••";
    return `${[...recipient.slice(0, at)][0]}•••${recipient.slice(at)}`;
  }
  const digits = recipient.replace(/\D/g, "");
  if (digits.length < 8) return "•••";
  const parsed = parsePhoneNumberFromString(recipient.startsWith("+") ? recipient : `+${digits}`);
  const country = parsed?.countryCallingCode ?? digits.slice(0, 3);
  return `+${country} ••• •• ${digits.slice(-4)}`;
}
