import { data } from "react-router";
import { DashboardShell } from "~/auth/components/dashboard-shell";
import { actorOf, allowedActor } from "~/auth/context.server";
import { FormNotice } from "~/components/forms/form-parts";
import { TitledSection } from "~/components/ui/titled-section";
import { dbOf } from "~/db/context.server";
import { appointmentQueue, facilityMove, waitingRequestCount } from "~/features/appointments/appointment-queue.server";
import { FACILITY_MOVE_SCHEMAS, isFacilityMove } from "~/features/appointments/appointment-schema";
import { BookedAppointments, WaitingRequests } from "~/features/appointments/components/appointment-queue";
import { QueueTabs } from "~/features/appointments/components/queue-tabs";
import { useT } from "~/i18n/react";
import { formAction, readForm } from "~/lib/form-action.server";
import { readFields } from "~/lib/form-fields";
import { pageMeta } from "~/shell/seo";
import type { Route } from "./+types/facility-appointments";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Appointment requests", description: "Patients' appointment requests.", noindex: true });

/** The facility's appointment requests (decision 041): its approved administrators only (the gate, then the domain). */
export async function loader({ context }: Route.LoaderArgs) {
  const actor = await allowedActor(context);
  const db = dbOf(context);
  const now = new Date();
  return {
    actor,
    queue: await appointmentQueue(db, actor),
    waiting: await waitingRequestCount(db, actor),
    today: now.toISOString().slice(0, 10),
    now: now.toISOString(),
  };
}

const failed = (message: string) => ({
  title: "Error Updating Request",
  description: message,
  variant: "destructive" as const,
});
const DONE = {
  confirm: "Appointment confirmed: the patient is told by SMS.",
  propose: "Time proposed: the patient is told by SMS.",
  decline: "Request declined: the patient is told by SMS.",
  attended: "Marked attended.",
  no_show: "Marked no-show.",
} as const;

/** One move by the status table: the form's schema, then the domain function (who may, and when). */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const { intent, requestId, slot_day, slot_time, reason } = readFields(form, [
    "intent",
    "requestId",
    "slot_day",
    "slot_time",
    "reason",
  ]);
  if (!isFacilityMove(intent)) return data({ ok: false, toast: failed("Unknown action") }, { status: 400 });
  const db = dbOf(context);
  const actor = await actorOf(context);
  return formAction(form, {
    schema: FACILITY_MOVE_SCHEMAS[intent],
    run: () => facilityMove(db, actor, requestId, intent, { slot_day, slot_time, reason }),
    done: () => ({ toast: { title: "Request updated", description: DONE[intent], variant: "success" } }),
    refused: failed,
  });
}

export default function FacilityAppointments({ loaderData, actionData }: Route.ComponentProps) {
  const { actor, queue, waiting, today, now } = loaderData;
  const t = useT();
  return (
    <DashboardShell title={t("Facility Administrator Dashboard")} actor={actor}>
      <QueueTabs current="appointments" waiting={waiting} />
      <FormNotice answer={actionData} />
      <TitledSection id="waiting" title={t("appointments.waitingTitle", { count: queue.waiting.length })}>
        <WaitingRequests rows={queue.waiting} today={today} />
      </TitledSection>
      <TitledSection id="booked" title={t("Booked appointments")}>
        <BookedAppointments rows={queue.booked} now={now} />
      </TitledSection>
    </DashboardShell>
  );
}
