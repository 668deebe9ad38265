import * as z from "zod/mini";
import type { Role } from "~/auth/roles";

/**
 * Who is told what, and how (decision 025): per kind of event each person chooses email, SMS,
 * WhatsApp or several; quiet hours (default 21:00-07:00, Africa/Accra) hold everything but
 * emergencies. Client-safe: the page's form and the senders read the same table.
 */
export const NOTIFICATION_CHANNELS = ["email", "sms", "whatsapp"] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];
export const CHANNEL_LABELS: Record<NotificationChannel, string> = { email: "Email", sms: "SMS", whatsapp: "WhatsApp" };

export const NOTIFICATION_EVENTS = {
  "referral.new": { label: "A new referral to my facility", roles: ["facility_admin"] },
  "referral.escalated": {
    label: "An emergency or urgent referral still waiting to be accepted",
    roles: ["facility_admin", "system_admin"],
  },
  // A referral to a facility with no approved administrator and no on-call number.
  "referral.unreachable": {
    label: "A referral sent to a facility no one there can be told about (phone it)",
    roles: ["system_admin"],
  },
  "referral.outcome": { label: "My referral accepted, rejected or completed", roles: ["doctor"] },
  "referral.message": { label: "A new message on a referral", roles: ["doctor", "facility_admin"] },
  "payout.made": { label: "A payout made to me", roles: ["doctor"] },
  // Always by email (a security notice); SMS and WhatsApp where chosen.
  "account.admin": {
    label: "A system administrator invited, added, approved or given back their rights",
    roles: ["system_admin"],
  },
  // Always by email; SMS and WhatsApp where chosen, at once whatever the quiet hours.
  "operations.alert": {
    label: "An operations alert starting or clearing (a stuck queue, a failing provider, a stale backup...)",
    roles: ["system_admin"],
  },
} as const satisfies Record<string, { label: string; roles: readonly Role[] }>;
export type NotificationEvent = keyof typeof NOTIFICATION_EVENTS;

/** The kinds of event a role is told about, in the page's order. */
export function eventsFor(role: Role): NotificationEvent[] {
  return (Object.keys(NOTIFICATION_EVENTS) as NotificationEvent[]).filter((event) =>
    (NOTIFICATION_EVENTS[event].roles as readonly Role[]).includes(role),
  );
}

/** Minutes after midnight, Africa/Accra (UTC all year, no daylight saving). */
export type QuietHours = { start: number; end: number } | null;
export const DEFAULT_QUIET_HOURS: QuietHours = { start: 21 * 60, end: 7 * 60 };

export type NotificationPreferences = {
  channels: Record<NotificationEvent, NotificationChannel[]>;
  quiet: QuietHours;
};

/** Without a choice: email for everything, and SMS too where minutes matter (a new or waiting referral). */
export const DEFAULT_PREFERENCES: NotificationPreferences = {
  channels: {
    "referral.new": ["email", "sms"],
    "referral.escalated": ["email", "sms"],
    "referral.unreachable": ["email", "sms"],
    "referral.outcome": ["email"],
    "referral.message": ["email"],
    "payout.made": ["email"],
    "account.admin": ["email"],
    "operations.alert": ["email"],
  },
  quiet: DEFAULT_QUIET_HOURS,
};

/** Stored choices read defensively: unknown events and channels dropped, missing ones defaulted. */
export function preferencesFrom(
  stored: { channels: Record<string, unknown>; quietStart: number | null; quietEnd: number | null } | null,
): NotificationPreferences {
  if (!stored) return DEFAULT_PREFERENCES;
  const channels = { ...DEFAULT_PREFERENCES.channels };
  for (const event of Object.keys(NOTIFICATION_EVENTS) as NotificationEvent[]) {
    const chosen = stored.channels[event];
    if (Array.isArray(chosen)) {
      channels[event] = NOTIFICATION_CHANNELS.filter((channel) => chosen.includes(channel));
    }
  }
  const quiet =
    stored.quietStart === null || stored.quietEnd === null ? null : { start: stored.quietStart, end: stored.quietEnd };
  return { channels, quiet };
}

function inQuietHours(quiet: QuietHours, at: Date): boolean {
  if (!quiet || quiet.start === quiet.end) return false;
  const minute = at.getUTCHours() * 60 + at.getUTCMinutes();
  return quiet.start < quiet.end
    ? minute >= quiet.start && minute < quiet.end
    : minute >= quiet.start || minute < quiet.end;
}

/**
 * The events of an emergency referral a facility must not miss: by SMS whatever the
 * preferences (a preference may add channels, never drop SMS for an emergency).
 */
export const EMERGENCY_SMS_EVENTS: readonly NotificationEvent[] = ["referral.new", "referral.escalated"];

/**
 * How one event reaches one person: the channels they chose (SMS and WhatsApp only to a confirmed
 * number), SMS always for an emergency referral (EMERGENCY_SMS_EVENTS), and when: at once, or at
 * the end of their quiet hours unless it is an emergency.
 */
export function deliveryPlan(
  preferences: NotificationPreferences,
  event: NotificationEvent,
  options: { emergency: boolean; hasConfirmedPhone: boolean; now: Date },
): { channels: NotificationChannel[]; notBefore: Date | null } {
  const chosen = preferences.channels[event];
  const wanted =
    options.emergency && EMERGENCY_SMS_EVENTS.includes(event) && !chosen.includes("sms")
      ? NOTIFICATION_CHANNELS.filter((channel) => channel === "sms" || chosen.includes(channel))
      : chosen;
  const channels = wanted.filter((channel) => channel === "email" || options.hasConfirmedPhone);
  return { channels, notBefore: options.emergency ? null : quietUntil(preferences.quiet, options.now) };
}

/** When quiet hours `quiet` let a message go: null at once, else their end (Africa/Accra = UTC). */
export function quietUntil(quiet: QuietHours, now: Date): Date | null {
  if (!quiet || !inQuietHours(quiet, now)) return null;
  const end = new Date(now);
  end.setUTCHours(Math.floor(quiet.end / 60), quiet.end % 60, 0, 0);
  if (end <= now) end.setUTCDate(end.getUTCDate() + 1);
  return end;
}

/** "21:00" <-> 1260. */
export function minutesOf(value: string): number | null {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(value);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}
export function timeOf(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

export const PREFERENCE_MESSAGES = {
  time: "Please enter a time such as 21:00",
  bothTimes: "Please give both times, or turn quiet hours off",
} as const;

const time = z.string().check(
  z.trim(),
  z.refine((v) => minutesOf(v) !== null, PREFERENCE_MESSAGES.time),
);

/**
 * The preferences form: a checkbox `{event}:{channel}` per choice ("on" when ticked), and quiet
 * hours on or off with their two times.
 */
export const preferencesSchema = z
  .catchall(
    z.object({
      intent: z.literal("preferences"),
      quiet: z._default(z.enum(["on", "off"]), "off"),
      quiet_start: z.optional(z.string()),
      quiet_end: z.optional(z.string()),
    }),
    z.string(),
  )
  .check(
    z.superRefine((value, ctx) => {
      if (value.quiet !== "on") return;
      for (const field of ["quiet_start", "quiet_end"] as const) {
        const raw = value[field];
        if (!raw?.trim()) ctx.addIssue({ code: "custom", path: [field], message: PREFERENCE_MESSAGES.bothTimes });
        else if (!time.safeParse(raw).success)
          ctx.addIssue({ code: "custom", path: [field], message: PREFERENCE_MESSAGES.time });
      }
    }),
  );

/** The choices a valid preferences post makes (channels of events the role is not told about are ignored). */
export function preferencesFromForm(role: Role, fields: Record<string, string | undefined>): NotificationPreferences {
  const channels = { ...DEFAULT_PREFERENCES.channels };
  for (const event of eventsFor(role)) {
    channels[event] = NOTIFICATION_CHANNELS.filter((channel) => fields[`${event}:${channel}`] === "on");
  }
  const start = minutesOf(fields.quiet_start?.trim() ?? "");
  const end = minutesOf(fields.quiet_end?.trim() ?? "");
  return { channels, quiet: fields.quiet === "on" && start !== null && end !== null ? { start, end } : null };
}
