import { inArray } from "drizzle-orm";
import { SITE } from "~/content/site";
import type { Db } from "~/db/client.server";
import { users } from "~/db/schema";
import { simpleMail } from "~/email/layout";
import { env } from "~/env.server";
import { SPECIALTY_OPTIONS } from "~/features/facilities/public";
import {
  defaultQuietHours,
  facilityAdminIds,
  queueEmailInTheirLanguages,
  queueText,
} from "~/features/messaging/public.server";
import { quietUntil } from "~/features/notifications/public.server";
import { messageDateTime, messageT } from "~/i18n/message-text.server";
import { PRIORITY } from "~/jobs/queue-message.server";
import { type AppointmentSms, appointmentSms } from "./appointment-sms";
import type { MessageLanguage } from "./appointment-status";
import { appointmentLink } from "./appointment-token.server";

/*
 * What the appointment feature sends (decisions 041 and 046), always queued in the transaction of the move it
 * tells of (the one messaging queue): SMS to the patient (fixed words, a time, a link; the proof
 * link at once, everything else after the default quiet hours; by WhatsApp instead to a number
 * proven by a WhatsApp message, while WhatsApp is configured), and an email to the facility's
 * administrators when a proven request arrives (no patient data: a link to their queue).
 */
type Tx = Pick<Db, "select" | "insert" | "execute">;

export type PatientNotice = {
  id: string;
  phone: string;
  language: MessageLanguage;
  kind: AppointmentSms;
  at?: Date | null;
  /** Another link than the patient's page (the directory's facilities of the specialty). */
  link?: string;
  now: Date;
  /** Never held past this (a reminder is sent before its appointment, quiet hours or not). */
  latest?: Date | null;
  /** How the number was proven: a request proven by WhatsApp hears by WhatsApp (while it is configured). */
  provenBy?: "link" | "whatsapp" | null;
};

/** The patient's channel: WhatsApp for a number proven by a WhatsApp message (while configured), else SMS. */
export function patientChannel(provenBy: PatientNotice["provenBy"]): "sms" | "whatsapp" {
  return provenBy === "whatsapp" && env().whatsappEnabled ? "whatsapp" : "sms";
}

export async function textPatient(tx: Tx, notice: PatientNotice): Promise<void> {
  const link = notice.link ?? appointmentLink(notice.id, notice.language);
  const time = notice.at ? messageDateTime(notice.at, notice.language) : "";
  const text = appointmentSms(messageT(notice.language), SITE.name, notice.kind, link, time);
  const proof = notice.kind === "prove";
  const quietEnd = proof ? null : quietUntil(defaultQuietHours(), notice.now);
  const startAfter = quietEnd && (!notice.latest || quietEnd < notice.latest) ? quietEnd : undefined;
  await queueText(
    tx,
    patientChannel(notice.provenBy),
    notice.phone,
    { text },
    {
      event: `appointment.${notice.kind}`,
      priority: proof ? PRIORITY.waiting : PRIORITY.normal,
      startAfter,
    },
  );
}

const ADMIN_MAIL = {
  requested: {
    event: "appointment.requested",
    words: ["mail.appointment.requested.body", "mail.appointment.requested.next"],
  },
  cancelled: { event: "appointment.cancelled", words: ["mail.appointment.cancelled.body"] },
} as const;

/**
 * The facility's administrators hear by email of a proven request and of a patient's cancellation
 * (no patient data: a link to their queue, which holds the rest), each in their language.
 */
export async function tellFacilityAdmins(
  tx: Tx,
  facilityId: string,
  what: keyof typeof ADMIN_MAIL = "requested",
): Promise<void> {
  const mail = ADMIN_MAIL[what];
  const ids = await facilityAdminIds(tx, facilityId);
  if (ids.length === 0) return;
  const rows = await tx
    .select({ email: users.email, language: users.language })
    .from(users)
    .where(inArray(users.id, ids));
  await queueEmailInTheirLanguages(
    tx,
    rows,
    (t) =>
      simpleMail(
        t(`mail.appointment.${what}.subject`),
        [t("mail.hello"), ...mail.words.map((key) => t(key))],
        { label: t("mail.appointment.action"), href: `${env().APP_URL}/dashboard/facility-admin/appointments` },
        t,
      ),
    { event: mail.event },
  );
}

/** The directory's facilities for a specialty: its filter when the directory has one, else a search. */
export function otherFacilitiesPath(specialty: string): string {
  const code = specialty.trim().toLowerCase();
  const filter = SPECIALTY_OPTIONS.find((o) => o.value === code || o.label.toLowerCase() === code);
  const query = filter ? `specialty=${filter.value}` : `q=${encodeURIComponent(specialty)}`;
  return `/facilities?${query}`;
}
