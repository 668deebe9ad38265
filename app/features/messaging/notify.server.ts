import { and, eq, inArray, sql } from "drizzle-orm";
import { SITE } from "~/content/site";
import type { Db } from "~/db/client.server";
import { facilities, notificationPreferences, users } from "~/db/schema";
import { simpleMail } from "~/email/layout";
import { env } from "~/env.server";
import {
  DEFAULT_QUIET_HOURS,
  deliveryPlan,
  minutesOf,
  type NotificationEvent,
  preferencesFrom,
  type QuietHours,
} from "~/features/notifications/public.server";
import type { Translate } from "~/i18n/i18n";
import { LOCALES, type Locale } from "~/i18n/locales";
import { messageT, smsLanguageOf } from "~/i18n/message-text.server";
import { PRIORITY, queueEmail, queueText } from "~/jobs/queue-message.server";
import { eventWords, referralSms, type SmsEvent } from "~/lib/sms-text";

/*
 * Who is told what (decision 025): each person by the channels they chose for the kind of event
 * (notification preferences), SMS and WhatsApp only to their confirmed number, held until their
 * quiet hours end unless it is an emergency. Everything is queued in the caller's transaction.
 * Texts carry fixed words, the referral number and a link: never patient or clinical text.
 */

type Tx = Pick<Db, "select" | "insert" | "execute">;

export type ReferralNotice = {
  /** The preference the people choose channels for. */
  kind: NotificationEvent;
  /** The messages table's event (e.g. referral.created, referral.escalated). */
  event: string;
  sms: SmsEvent;
  referralId: string;
  referralNumber: string;
  /** An emergency is sent at once, whatever the quiet hours, and ahead of everything else. */
  emergency?: boolean;
  /** The email, written in each reader's language (decision 048). */
  mail: (t: Translate) => { subject: string; text: string; html?: string };
  now?: Date;
};

/** DEFAULT_QUIET_HOURS: the quiet hours of people who never chose theirs (patients without an account too). */
export function defaultQuietHours(): QuietHours {
  const value = env().DEFAULT_QUIET_HOURS;
  if (value === "off") return null;
  const [start, end] = value.split("-").map((t) => minutesOf(t));
  return start == null || end == null ? DEFAULT_QUIET_HOURS : { start, end };
}

/** The link every referral message carries. */
export function referralLink(referralNumber: string): string {
  return `${env().APP_URL}/referrals/${referralNumber}`;
}

/** The email of a referral notice, in the reader's language: the event's words, the number and a link. */
export function referralNoticeMail(
  sms: SmsEvent,
  referralNumber: string,
): (t: Translate) => { subject: string; text: string; html?: string } {
  return (t) => {
    const words = capitalised(eventWords(t, sms, referralNumber));
    return simpleMail(
      words,
      [t("mail.hello"), t("mail.notice.line", { words }), t("mail.notice.sign-in")],
      { label: t("mail.notice.open"), href: referralLink(referralNumber) },
      t,
    );
  };
}

/** "nouvelle orientation …" starts a sentence: "Nouvelle orientation …". */
function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * Tells each of `userIds` about a referral event by their chosen channels. Returns the ids of the
 * messages queued.
 */
export async function notifyUsers(tx: Tx, userIds: string[], notice: ReferralNotice): Promise<string[]> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return [];
  const now = notice.now ?? new Date();
  const people = await tx
    .select({
      id: users.id,
      email: users.email,
      language: users.language,
      smsLanguage: users.smsLanguage,
      confirmedPhone: users.confirmedPhone,
      channels: notificationPreferences.channels,
      quietStart: notificationPreferences.quietStart,
      quietEnd: notificationPreferences.quietEnd,
      chose: notificationPreferences.userId,
    })
    .from(users)
    .leftJoin(notificationPreferences, eq(notificationPreferences.userId, users.id))
    .where(inArray(users.id, ids));
  const queued: string[] = [];
  const priority = notice.emergency ? PRIORITY.emergency : PRIORITY.normal;
  for (const person of people) {
    const preferences = person.chose
      ? preferencesFrom({ channels: person.channels ?? {}, quietStart: person.quietStart, quietEnd: person.quietEnd })
      : { ...preferencesFrom(null), quiet: defaultQuietHours() };
    const plan = deliveryPlan(preferences, notice.kind, {
      emergency: notice.emergency ?? false,
      hasConfirmedPhone: person.confirmedPhone !== null,
      now,
    });
    const meta = {
      event: notice.event,
      referralId: notice.referralId,
      userId: person.id,
      priority,
      startAfter: plan.notBefore ?? undefined,
    };
    for (const channel of plan.channels) {
      if (channel === "email") {
        const mail = notice.mail(messageT(person.language));
        queued.push(...(await queueEmail(tx, { to: person.email, ...mail }, meta)));
      } else if (person.confirmedPhone) {
        // WhatsApp sends the same text as the one parameter of the configured template (decision 035).
        const t = messageT(smsLanguageOf(person));
        const text = referralSms(t, SITE.name, notice.sms, notice.referralNumber, referralLink(notice.referralNumber));
        queued.push(await queueText(tx, channel, person.confirmedPhone, { text }, meta));
      }
    }
  }
  return queued;
}

/** Someone an email goes to, and the language they read (decision 048). */
type MailRecipient = { email: string; language: Locale };

/**
 * One email to several people, written once for each language among them (decision 048): each
 * language's readers get one message. Returns the ids of the messages queued.
 */
export async function queueEmailInTheirLanguages(
  tx: Tx,
  recipients: readonly MailRecipient[],
  write: (t: Translate, locale: Locale) => { subject: string; text: string; html?: string },
  meta: Parameters<typeof queueEmail>[2],
): Promise<string[]> {
  const queued: string[] = [];
  for (const locale of LOCALES) {
    const to = recipients.filter((r) => r.language === locale).map((r) => r.email);
    if (to.length === 0) continue;
    queued.push(...(await queueEmail(tx, { to, ...write(messageT(locale), locale) }, meta)));
  }
  return queued;
}

/** The approved administrators of a facility (their ids). */
export async function facilityAdminIds(tx: Pick<Db, "select">, facilityId: string): Promise<string[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.facilityId, facilityId),
        eq(users.approvalStatus, "approved"),
        sql`coalesce((select ur.role from user_roles ur where ur.user_id = ${users.id}), ${users.role}) = 'facility_admin'`,
      ),
    );
  return rows.map((r) => r.id);
}

/** Every approved system administrator (their ids). */
export async function systemAdminIds(tx: Pick<Db, "select">): Promise<string[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.approvalStatus, "approved"),
        sql`coalesce((select ur.role from user_roles ur where ur.user_id = ${users.id}), ${users.role}) = 'system_admin'`,
      ),
    );
  return rows.map((r) => r.id);
}

/**
 * The facility's on-call number gets the referral's SMS as well (it is a duty phone, not a person:
 * no preferences, no quiet hours for a new or escalated referral it is there for).
 */
export async function notifyOnCall(tx: Tx, facilityId: string, notice: ReferralNotice): Promise<string | null> {
  const [facility] = await tx
    .select({ onCallPhone: facilities.onCallPhone })
    .from(facilities)
    .where(eq(facilities.id, facilityId))
    .limit(1);
  if (!facility?.onCallPhone) return null;
  return queueText(
    tx,
    "sms",
    facility.onCallPhone,
    // A duty phone, not a person: no language of its own, so English (the facility's shared language).
    {
      text: referralSms(
        messageT("en"),
        SITE.name,
        notice.sms,
        notice.referralNumber,
        referralLink(notice.referralNumber),
      ),
    },
    {
      event: notice.event,
      referralId: notice.referralId,
      priority: notice.emergency ? PRIORITY.emergency : PRIORITY.waiting,
    },
  );
}
