import { data, isRouteErrorResponse, redirect } from "react-router";
import { SITE } from "~/content/site";
import { dbOf } from "~/db/context.server";
import { appointmentForPatient, patientMove } from "~/features/appointments/appointment-patient.server";
import { isPatientMove } from "~/features/appointments/appointment-schema";
import { PatientAppointment } from "~/features/appointments/components/patient-appointment";
import { translator } from "~/i18n/i18n";
import { localeOfPath, localePath } from "~/i18n/locales";
import { useLocalePath, useT } from "~/i18n/react";
import { readForm } from "~/lib/form-action.server";
import { refusalOf } from "~/lib/refusal";
import type { RouteHandle } from "~/lib/route-handle";
import { ErrorScreen } from "~/shell/error-screen";
import type { Route } from "./+types/appointment";

/** The patient's page: plain forms, no JavaScript. */
export const handle: RouteHandle = { hydrate: false };

/**
 * /appointment/{token}: the link in every appointment SMS. Opening it only shows (link scanners
 * open links); each button posts one move, then the page shows the result (a reload posts nothing).
 * A forged token or a request removed after 90 days is the 404 page.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  return { view: await appointmentForPatient(dbOf(context), params.token) };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const intent = (await readForm(request)).get("intent");
  const db = dbOf(context);
  if (!isPatientMove(intent)) {
    return data({ refused: "Please use one of the buttons." }, { status: 400 });
  }
  try {
    await patientMove(db, params.token, intent);
  } catch (error) {
    const refusal = refusalOf(error);
    if (!refusal || refusal.status === 404) throw error;
    return data({ refused: refusal.message }, { status: refusal.status });
  }
  // Back to the page in the language it was posted from.
  const locale = localeOfPath(new URL(request.url).pathname);
  return redirect(localePath(locale, `/appointment/${encodeURIComponent(params.token)}`), 303);
}

export const meta: Route.MetaFunction = ({ location }) => [
  { title: `${translator(localeOfPath(location.pathname))("Your appointment request")} | ${SITE.name}` },
  { name: "robots", content: "noindex" },
];

export default function Appointment({ loaderData, actionData }: Route.ComponentProps) {
  return <PatientAppointment view={loaderData.view} refused={actionData?.refused ?? null} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const t = useT();
  const to = useLocalePath();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <main
        id="main"
        className="container-page flex min-h-[60vh] flex-col items-center justify-center py-16 text-center"
      >
        <h1 className="text-3xl font-bold">{t("Request not found")}</h1>
        <p className="mt-3 max-w-md text-muted">{t("This link is not valid, or the request was removed.")}</p>
        <a href={to("/facilities")} className="btn-primary mt-6">
          {t("Find a facility")}
        </a>
      </main>
    );
  }
  return <ErrorScreen error={error} />;
}
