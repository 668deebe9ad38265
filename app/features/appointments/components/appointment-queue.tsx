import { Form } from "react-router";
import { useLocale, useT } from "~/i18n/react";
import { formatAccraDateTime } from "~/lib/ghana-format";
import { formatPhone } from "~/lib/phone";
import type { QueueRow } from "../appointment-queue.server";
import { DECLINE_REASONS } from "../appointment-status";

/**
 * The facility's appointment requests (decision 041): each waiting one with Confirm a slot, Propose
 * another time and Decline with a reason from the list; each booked one with Attended / No-show.
 * Plain forms: they work with or without JavaScript.
 */
export function WaitingRequests({ rows, today }: { rows: QueueRow[]; today: string }) {
  const t = useT();
  const locale = useLocale();
  if (rows.length === 0) return <p className="text-muted">{t("No appointment requests are waiting.")}</p>;
  return (
    <ul className="space-y-4">
      {rows.map((row) => (
        <li
          key={row.id}
          className="rounded-lg border border-line bg-white p-4"
          aria-label={t("appointments.requestFrom", { name: row.patientName })}
        >
          <RequestFacts row={row} />
          <p className="mt-1 text-sm text-muted">
            {t("appointments.answerBy", {
              due: row.answerDueAt ? formatAccraDateTime(row.answerDueAt, locale) : "—",
            })}
          </p>
          <div className="mt-3 grid gap-4 md:grid-cols-3">
            {(["confirm", "propose"] as const).map((intent) => (
              <Form
                key={intent}
                method="post"
                className="space-y-2"
                aria-label={
                  intent === "confirm"
                    ? t("appointments.confirmSlotFor", { name: row.patientName })
                    : t("appointments.proposeTimeFor", { name: row.patientName })
                }
              >
                <input type="hidden" name="intent" value={intent} />
                <input type="hidden" name="requestId" value={row.id} />
                <label className="field-label">
                  {t("Date")}
                  <input
                    type="date"
                    name="slot_day"
                    min={today}
                    required
                    defaultValue={intent === "confirm" ? row.preferredDay : undefined}
                    className="field-input"
                  />
                </label>
                <label className="field-label">
                  {t("Time")}
                  <input
                    type="time"
                    name="slot_time"
                    required
                    defaultValue={row.preferredPart === "morning" ? "09:00" : "14:00"}
                    className="field-input"
                  />
                </label>
                <button type="submit" className={intent === "confirm" ? "btn-primary" : "btn-secondary"}>
                  {intent === "confirm" ? t("Confirm") : t("Propose")}
                </button>
              </Form>
            ))}
            <Form
              method="post"
              className="space-y-2"
              aria-label={t("appointments.declineFrom", { name: row.patientName })}
            >
              <input type="hidden" name="intent" value="decline" />
              <input type="hidden" name="requestId" value={row.id} />
              <label className="field-label">
                {t("Reason")}
                <select name="reason" required className="field-input" defaultValue="">
                  <option value="">{t("Choose a reason")}</option>
                  {DECLINE_REASONS.map((r) => (
                    <option key={r.value} value={r.value}>
                      {t(`appointments.declineReason.${r.value}`)}
                    </option>
                  ))}
                </select>
              </label>
              <button type="submit" className="btn-ghost">
                {t("Decline")}
              </button>
            </Form>
          </div>
        </li>
      ))}
    </ul>
  );
}

export function BookedAppointments({ rows, now }: { rows: QueueRow[]; now: string }) {
  const t = useT();
  const locale = useLocale();
  if (rows.length === 0) return <p className="text-muted">{t("No appointments are booked.")}</p>;
  return (
    <ul className="space-y-4">
      {rows.map((row) => (
        <li
          key={row.id}
          className="rounded-lg border border-line bg-white p-4"
          aria-label={t("appointments.appointmentOf", { name: row.patientName })}
        >
          <RequestFacts row={row} />
          <p className="mt-1 font-semibold">
            {t("appointments.statusAt", {
              status: t(`appointments.status.${row.status}`),
              at: row.slotAt ? formatAccraDateTime(row.slotAt, locale) : "—",
            })}
            {row.patientConfirmed ? t("appointments.patientWillCome") : ""}
          </p>
          {row.status === "confirmed" && row.slotAt && row.slotAt <= now ? (
            <div className="mt-3 flex gap-3">
              {(["attended", "no_show"] as const).map((intent) => (
                <Form key={intent} method="post">
                  <input type="hidden" name="intent" value={intent} />
                  <input type="hidden" name="requestId" value={row.id} />
                  <button type="submit" className="btn-secondary">
                    {intent === "attended" ? t("appointments.button.attended") : t("appointments.button.no_show")}
                  </button>
                </Form>
              ))}
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

function RequestFacts({ row }: { row: QueueRow }) {
  const t = useT();
  return (
    <p>
      <span className="font-semibold">{row.patientName}</span>, {formatPhone(row.phone)}. {row.specialty}
      {t("appointments.prefers", { day: row.preferredDay, part: row.preferredPart })}
    </p>
  );
}
