import { shapeSms } from "~/lib/sms-text";
import type { MessageLanguage } from "./appointment-status";

/**
 * The appointment SMS (issue 37), English and French: the sender's name, fixed words, the
 * appointment's time and a link. Never the patient's name, the specialty or anything clinical; the
 * facility is named on the page behind the link. Shaped to at most 2 SMS parts (sms-text.ts).
 */
export type AppointmentSms = "prove" | "confirmed" | "proposed" | "declined" | "expired" | "reminder";

const WORDS: Record<MessageLanguage, Record<AppointmentSms, (time: string) => string>> = {
  en: {
    prove: () => "open this link to send your appointment request. Ignore it if you did not ask.",
    confirmed: (time) => `your appointment is confirmed for ${time}. Please confirm or cancel:`,
    proposed: (time) => `the facility proposes ${time} for your appointment. Accept or cancel:`,
    declined: () => "the facility cannot offer your appointment. Details and other facilities:",
    expired: () => "the facility did not answer your appointment request in time. Other facilities:",
    reminder: (time) => `reminder: your appointment is ${time}. Details or cancel:`,
  },
  fr: {
    prove: () => "ouvrez ce lien pour envoyer votre demande de rendez-vous. Ignorez-le si ce n'est pas vous.",
    confirmed: (time) => `votre rendez-vous est confirmé pour le ${time}. Confirmez ou annulez :`,
    proposed: (time) => `l'établissement propose le ${time} pour votre rendez-vous. Acceptez ou annulez :`,
    declined: () => "l'établissement ne peut pas vous recevoir. Détails et autres établissements :",
    expired: () => "l'établissement n'a pas répondu à temps à votre demande. Autres établissements :",
    reminder: (time) => `rappel : votre rendez-vous est le ${time}. Détails ou annulation :`,
  },
};

const LOCALES: Record<MessageLanguage, string> = { en: "en-GB", fr: "fr-FR" };

/** "Tue 12 May, 10:30" (Africa/Accra), in the patient's language. */
export function appointmentTime(at: Date, language: MessageLanguage): string {
  const parts = new Intl.DateTimeFormat(LOCALES[language], {
    timeZone: "Africa/Accra",
    weekday: "short",
    day: "numeric",
    month: "short",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(at);
  return parts.replace(/\.(?=\s|,|$)/g, "");
}

export function appointmentSms(
  brand: string,
  kind: AppointmentSms,
  language: MessageLanguage,
  link: string,
  at: Date | null = null,
): string {
  if (!/^https?:\/\/\S+$/.test(link)) throw new Error("not a link");
  const time = at ? appointmentTime(at, language) : "";
  return shapeSms(`${brand}: ${WORDS[language][kind](time)}`, link);
}
