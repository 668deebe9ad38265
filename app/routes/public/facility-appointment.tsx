import { data } from "react-router";
import * as z from "zod/mini";
import { FormNotice } from "~/components/forms/form-parts";
import { SITE } from "~/content/site";
import { dbOf } from "~/db/context.server";
import { accraDay, requestAppointment, requestableFacility } from "~/features/appointments/appointment-request.server";
import { MAX_DAYS_AHEAD } from "~/features/appointments/appointment-status";
import { clickToChatLink } from "~/features/appointments/appointment-whatsapp.server";
import { AppointmentRequestForm } from "~/features/appointments/components/appointment-request-form";
import { AppointmentSent } from "~/features/appointments/components/appointment-sent";
import { FacilityIcon } from "~/features/facilities/components/facility-icons";
import { FacilityNotFoundBoundary } from "~/features/facilities/components/facility-not-found";
import { translator } from "~/i18n/i18n";
import { localeOfPath } from "~/i18n/locales";
import { useLocalePath, useT } from "~/i18n/react";
import { formAction, readForm } from "~/lib/form-action.server";
import { once, postedKey } from "~/lib/idempotency.server";
import { refusalOf } from "~/lib/refusal";
import { requestInfo } from "~/lib/request-context.server";
import type { RouteHandle } from "~/lib/route-handle";
import { pageMeta } from "~/shell/seo";
import type { Route } from "./+types/facility-appointment";

/** A plain form and its answer: the page ships no JavaScript. */
export const handle: RouteHandle = { hydrate: false };

/** "Request an appointment" from a facility's profile (decision 041): no account, the number proven by an SMS link. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const facility = await requestableFacility(dbOf(context), params.facilityId);
  if (!facility) throw data(null, { status: 404 });
  const now = new Date();
  return {
    facility: { name: facility.name, slug: facility.slug },
    specialties: facility.specialties,
    today: accraDay(now),
    lastDay: accraDay(new Date(now.getTime() + MAX_DAYS_AHEAD * 86_400_000)),
  };
}

export const meta: Route.MetaFunction = (args) => {
  const t = translator(localeOfPath(args.location.pathname));
  return args.loaderData
    ? pageMeta(args, {
        title: t("appointment.meta.title", { name: args.loaderData.facility.name }),
        description: t("appointment.meta.description", { name: args.loaderData.facility.name }),
        noindex: true,
        translated: true,
      })
    : [{ title: `${t("Facility Not Found")} | ${SITE.name}` }, { name: "robots", content: "noindex" }];
};

/** The domain function checks the values (the form's schema, the number, the facility's specialties, the day). */
const POSTED = z.object({});

export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await readForm(request);
  let missing: unknown = null;
  const fields = Object.fromEntries(
    ["name", "phone", "specialty", "day", "part", "language", "consent"].map((k) => [k, form.get(k) ?? undefined]),
  );
  const answer = await formAction(form, {
    schema: POSTED,
    run: () =>
      once(
        dbOf(context),
        { scope: "anonymous", key: postedKey(form), form: `appointment-request:${params.facilityId}` },
        (tx) => requestAppointment(tx, params.facilityId, fields, { ip: requestInfo(context).ip }),
        // The request's id, kept so that a repeated post (a flaky network) shows the same WhatsApp link.
        (created) => ({ status: 200, recordId: created.id }),
      ).catch((error: unknown) => {
        if (refusalOf(error)?.status === 404) missing = error;
        throw error;
      }),
    done: (outcome) => {
      const id = outcome.answer?.recordId;
      return { sent: true, whatsapp: id ? clickToChatLink(id) : null };
    },
    refused: (description, _messages, status) => ({
      title: status === 429 ? "Too many requests" : "Please check the form",
      description,
      variant: "destructive",
    }),
    extra: { sent: false, whatsapp: null as string | null },
  });
  if (missing) throw missing;
  return answer;
}

export default function FacilityAppointment({ loaderData, actionData }: Route.ComponentProps) {
  const { facility } = loaderData;
  const t = useT();
  const to = useLocalePath();
  return (
    <main id="main" className="container-page max-w-2xl py-10">
      <a
        href={to(`/facility/${facility.slug}`)}
        className="inline-flex min-h-11 items-center gap-2 text-sm font-semibold text-brand-700 hover:underline"
      >
        <FacilityIcon name="arrow-left" />
        {t("facility.backTo", { name: facility.name })}
      </a>
      <h1 className="mt-2 text-2xl font-bold sm:text-3xl">{t("Request an appointment")}</h1>
      {actionData?.sent ? (
        <AppointmentSent facilityName={facility.name} whatsapp={actionData.whatsapp} />
      ) : (
        <>
          <p className="mt-2 text-muted">{t("appointment.request.lead", { name: facility.name })}</p>
          <FormNotice answer={actionData} inline />
          <AppointmentRequestForm
            specialties={loaderData.specialties}
            today={loaderData.today}
            lastDay={loaderData.lastDay}
            lastResult={actionData?.result}
          />
        </>
      )}
    </main>
  );
}

/** Unknown or deactivated facility: HTTP 404 with the spec's screen. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <FacilityNotFoundBoundary error={error} />;
}
