import { useT } from "~/i18n/react";

/**
 * The answer to the request form (decision 046): the SMS link is on its way; where WhatsApp is
 * configured, a click-to-chat link proves the number too (its message carries the request's code
 * and must come from the number typed in the form). A plain link: the page ships no JavaScript.
 */
export function AppointmentSent({ facilityName, whatsapp }: { facilityName: string; whatsapp: string | null }) {
  const t = useT();
  return (
    <section role="status" className="mt-6 rounded-lg border border-line bg-white p-6">
      <h2 className="text-xl font-semibold">{t("Check your phone")}</h2>
      <p className="mt-2">{t("appointment.sent.sms", { name: facilityName })}</p>
      {whatsapp ? (
        <>
          <p className="mt-2">
            {t("Or use WhatsApp on that phone: send the message this opens as it is, from the number you typed.")}
          </p>
          <p className="mt-3">
            <a href={whatsapp} className="btn-primary" rel="noopener noreferrer">
              {t("Send the request by WhatsApp")}
            </a>
          </p>
        </>
      ) : null}
      <p className="mt-2 text-muted">
        {whatsapp
          ? t("The facility answers within one working day, by SMS (by WhatsApp if you use it).")
          : t("The facility answers within one working day, by SMS.")}
      </p>
    </section>
  );
}
