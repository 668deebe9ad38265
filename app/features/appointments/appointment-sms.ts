import type { Translate } from "~/i18n/i18n";
import { shapeSms } from "~/lib/sms-text";

/**
 * The appointment SMS (decision 041) in the patient's language (decision 048: English, French, Twi; the
 * texts are the catalogues' `sms.appointment.*`): the sender's name, fixed words, the
 * appointment's time and a link. Never the patient's name, the specialty or anything clinical; the
 * facility is named on the page behind the link. Shaped to at most 2 SMS parts (sms-text.ts).
 */
export const APPOINTMENT_SMS = ["prove", "confirmed", "proposed", "declined", "expired", "reminder"] as const;
export type AppointmentSms = (typeof APPOINTMENT_SMS)[number];

/** `time`: the appointment's day and time in the patient's language (message-text.server.ts `messageDateTime`). */
export function appointmentSms(t: Translate, brand: string, kind: AppointmentSms, link: string, time = ""): string {
  if (!/^https?:\/\/\S+$/.test(link)) throw new Error("not a link");
  return shapeSms(t(`sms.appointment.${kind}`, { brand, time }), link);
}
