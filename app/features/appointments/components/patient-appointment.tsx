import { type Translate, translator } from "~/i18n/i18n";
import { INTL_LOCALE, type Locale } from "~/i18n/locales";
import { useLocale, useLocalePath } from "~/i18n/react";
import type { PatientView } from "../appointment-patient.server";
import type { PatientMove } from "../appointment-schema";
import { APPOINTMENT_STATUS_LABELS } from "../appointment-status";

/** Dates and times in the page's language (French: "mardi 3 mars 2026 à 09:30"). */
function formats(locale: Locale) {
  const dateTime = new Intl.DateTimeFormat(INTL_LOCALE[locale] === "en-GH" ? "en-GB" : INTL_LOCALE[locale], {
    timeZone: "Africa/Accra",
    weekday: "long",
    day: "numeric",
    month: "long",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  });
  const day = new Intl.DateTimeFormat(INTL_LOCALE[locale] === "en-GH" ? "en-GB" : INTL_LOCALE[locale], {
    timeZone: "UTC",
    weekday: "long",
    day: "numeric",
    month: "long",
  });
  return { dateTime, day };
}

const BUTTONS: Record<PatientMove, string> = {
  prove: "Send my request",
  patient_confirm: "I will come",
  accept: "Accept this time",
  cancel: "Cancel my appointment request",
};

/** What the patient's link shows (decision 041): where the request stands and the buttons the status table allows. */
export function PatientAppointment({ view, refused }: { view: PatientView; refused: string | null }) {
  // A page without JavaScript: the server's translator for the page's language.
  const locale = useLocale();
  const t = translator(locale);
  const to = useLocalePath();
  const { dateTime, day } = formats(locale);
  const slot = view.slotAt ? dateTime.format(new Date(view.slotAt)) : null;
  return (
    <main id="main" className="container-page max-w-2xl py-10">
      <h1 className="text-2xl font-bold sm:text-3xl">{t("Your appointment request")}</h1>
      <p className="mt-2 text-muted">
        {t("At")}{" "}
        <a href={to(`/facility/${view.facility.slug}`)} className="font-semibold text-brand-700 underline">
          {view.facility.name}
        </a>{" "}
        {t(view.preferredPart === "morning" ? "appointment.when.morning" : "appointment.when.afternoon", {
          specialty: view.specialty,
          day: day.format(new Date(`${view.preferredDay}T00:00:00Z`)),
        })}
      </p>
      {refused ? (
        <p role="alert" className="field-error mt-4">
          {t(refused)}
        </p>
      ) : null}
      <section role="status" className="mt-6 rounded-lg border border-line bg-white p-6">
        <h2 className="text-xl font-semibold">{t(APPOINTMENT_STATUS_LABELS[view.status])}</h2>
        <StatusWords view={view} slot={slot} t={t} />
      </section>
      {view.moves.length ? (
        <div className="mt-6 flex flex-wrap gap-3">
          {view.moves.map((move) => (
            <form key={move} method="post">
              <input type="hidden" name="intent" value={move} />
              <button type="submit" className={move === "cancel" ? "btn-secondary" : "btn-primary"}>
                {t(BUTTONS[move])}
              </button>
            </form>
          ))}
        </div>
      ) : null}
      {view.status === "declined" || view.status === "expired" ? (
        <p className="mt-6">
          <a href={to(view.othersHref)} className="btn-primary">
            {t("appointment.others", { specialty: view.specialty })}
          </a>
        </p>
      ) : null}
    </main>
  );
}

function StatusWords({ view, slot, t }: { view: PatientView; slot: string | null; t: Translate }) {
  switch (view.status) {
    case "unproven":
      return <p className="mt-2">{t("appointment.status.unproven", { facility: view.facility.name })}</p>;
    case "requested":
      return <p className="mt-2">{t("appointment.status.requested", { channel: view.answersBy })}</p>;
    case "offered":
      return <p className="mt-2">{t("appointment.status.offered", { slot })}</p>;
    case "confirmed":
      return (
        <p className="mt-2">
          {t("appointment.status.confirmed", { slot })}{" "}
          {t(view.patientConfirmed ? "You said you will come. Thank you." : "Please tell the facility you will come.")}
        </p>
      );
    case "declined":
      return (
        <p className="mt-2">
          {t("appointment.status.declined", { reason: t(view.declineReason ?? "no reason given") })}
        </p>
      );
    case "expired":
      return <p className="mt-2">{t("The facility did not answer in time. Other facilities may see you.")}</p>;
    case "cancelled":
      return <p className="mt-2">{t("This request was cancelled.")}</p>;
    default:
      return (
        <p className="mt-2">
          {slot ? t("appointment.status.attended.at", { slot }) : t("This appointment has taken place.")}
        </p>
      );
  }
}
