import type { PatientView } from "../appointment-patient.server";
import type { PatientMove } from "../appointment-schema";
import { APPOINTMENT_STATUS_LABELS } from "../appointment-status";

const DATE_TIME = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Africa/Accra",
  weekday: "long",
  day: "numeric",
  month: "long",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});
const DAY = new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", weekday: "long", day: "numeric", month: "long" });

const BUTTONS: Record<PatientMove, string> = {
  prove: "Send my request",
  patient_confirm: "I will come",
  accept: "Accept this time",
  cancel: "Cancel my appointment request",
};

/** What the patient's link shows (issue 37): where the request stands and the buttons the status table allows. */
export function PatientAppointment({ view, refused }: { view: PatientView; refused: string | null }) {
  const slot = view.slotAt ? DATE_TIME.format(new Date(view.slotAt)) : null;
  return (
    <main id="main" className="container-page max-w-2xl py-10">
      <h1 className="text-2xl font-bold sm:text-3xl">Your appointment request</h1>
      <p className="mt-2 text-muted">
        At{" "}
        <a href={`/facility/${view.facility.slug}`} className="font-semibold text-brand-700 underline">
          {view.facility.name}
        </a>{" "}
        ({view.specialty}), preferably {DAY.format(new Date(`${view.preferredDay}T00:00:00Z`))}, in the{" "}
        {view.preferredPart}.
      </p>
      {refused ? (
        <p role="alert" className="field-error mt-4">
          {refused}
        </p>
      ) : null}
      <section role="status" className="mt-6 rounded-lg border border-line bg-white p-6">
        <h2 className="text-xl font-semibold">{APPOINTMENT_STATUS_LABELS[view.status]}</h2>
        <StatusWords view={view} slot={slot} />
      </section>
      {view.moves.length ? (
        <div className="mt-6 flex flex-wrap gap-3">
          {view.moves.map((move) => (
            <form key={move} method="post">
              <input type="hidden" name="intent" value={move} />
              <button type="submit" className={move === "cancel" ? "btn-secondary" : "btn-primary"}>
                {BUTTONS[move]}
              </button>
            </form>
          ))}
        </div>
      ) : null}
      {view.status === "declined" || view.status === "expired" ? (
        <p className="mt-6">
          <a href={view.othersHref} className="btn-primary">
            Other facilities for {view.specialty}
          </a>
        </p>
      ) : null}
    </main>
  );
}

function StatusWords({ view, slot }: { view: PatientView; slot: string | null }) {
  switch (view.status) {
    case "unproven":
      return <p className="mt-2">Press the button to send your request to {view.facility.name}.</p>;
    case "requested":
      return (
        <p className="mt-2">Your request was sent. The facility answers within one working day, by {view.answersBy}.</p>
      );
    case "offered":
      return <p className="mt-2">The facility proposes {slot}. Accept this time, or cancel.</p>;
    case "confirmed":
      return (
        <p className="mt-2">
          Your appointment is on {slot}.{" "}
          {view.patientConfirmed ? "You said you will come. Thank you." : "Please tell the facility you will come."}
        </p>
      );
    case "declined":
      return (
        <p className="mt-2">The facility cannot offer this appointment: {view.declineReason ?? "no reason given"}.</p>
      );
    case "expired":
      return <p className="mt-2">The facility did not answer in time. Other facilities may see you.</p>;
    case "cancelled":
      return <p className="mt-2">This request was cancelled.</p>;
    default:
      return <p className="mt-2">This appointment has taken place{slot ? ` (${slot})` : ""}.</p>;
  }
}
