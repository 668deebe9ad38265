import { ScrollRegion } from "~/components/ui/scroll-region";
import { TitledSection } from "~/components/ui/titled-section";
import { durationLabel, percentLabel } from "~/features/facilities/public";
import type { AppointmentFigures } from "../appointment-stats.server";

/** The Overview's appointment requests per facility (issue 37): requests, confirmation rate, median time to answer. */
export function AppointmentFiguresSection({ rows }: { rows: AppointmentFigures[] }) {
  return (
    <TitledSection id="appointments" title="Appointment requests">
      {rows.length === 0 ? (
        <p className="text-muted">No appointment requests yet.</p>
      ) : (
        <ScrollRegion label="Appointment requests per facility">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">
              Appointment requests per facility (requests kept: 90 days after the appointment)
            </caption>
            <thead>
              <tr>
                <th scope="col">Facility</th>
                <th scope="col">Requests</th>
                <th scope="col">Confirmed</th>
                <th scope="col">Confirmation rate</th>
                <th scope="col">Median time to answer</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.facilityName}>
                  <th scope="row">{row.facilityName}</th>
                  <td>{row.requests}</td>
                  <td>{row.confirmed}</td>
                  <td>{row.confirmationRate === null ? "—" : percentLabel(row.confirmationRate)}</td>
                  <td>{row.medianMinutesToAnswer === null ? "—" : durationLabel(row.medianMinutesToAnswer)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </TitledSection>
  );
}
