import { ScrollRegion } from "~/components/ui/scroll-region";
import { TitledSection } from "~/components/ui/titled-section";
import { durationLabel, percentLabel } from "~/features/facilities/public";
import { useLocale, useT } from "~/i18n/react";
import type { AppointmentFigures } from "../appointment-stats.server";

/** The Overview's appointment requests per facility: requests, confirmation rate, median time to answer. */
export function AppointmentFiguresSection({ rows }: { rows: AppointmentFigures[] }) {
  const t = useT();
  const locale = useLocale();
  return (
    <TitledSection id="appointments" title={t("Appointment requests")}>
      {rows.length === 0 ? (
        <p className="text-muted">{t("No appointment requests yet.")}</p>
      ) : (
        <ScrollRegion label={t("Appointment requests per facility")}>
          <table className="w-full text-left text-sm">
            <caption className="sr-only">
              {t("Appointment requests per facility (requests kept: 90 days after the appointment)")}
            </caption>
            <thead>
              <tr>
                <th scope="col">{t("Facility")}</th>
                <th scope="col">{t("Requests")}</th>
                <th scope="col">{t("appointmentFigures.confirmed")}</th>
                <th scope="col">{t("Confirmation rate")}</th>
                <th scope="col">{t("Median time to answer")}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.facilityName}>
                  <th scope="row">{row.facilityName}</th>
                  <td>{row.requests}</td>
                  <td>{row.confirmed}</td>
                  <td>{row.confirmationRate === null ? "—" : percentLabel(row.confirmationRate, locale)}</td>
                  <td>{row.medianMinutesToAnswer === null ? "—" : durationLabel(row.medianMinutesToAnswer, locale)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </TitledSection>
  );
}
