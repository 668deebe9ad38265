import { getFormProps } from "@conform-to/react";
import { data, Form } from "react-router";
import * as z from "zod/mini";
import { ConfirmationPanel } from "~/components/forms/confirmation-panel";
import { FormNotice, SubmitButton } from "~/components/forms/form-parts";
import { useIsSubmitting, useSchemaForm } from "~/components/forms/schema-form";
import { InputField, TextAreaField } from "~/components/ui/field";
import { SITE } from "~/content/site";
import { dbOf } from "~/db/context.server";
import { FacilityIcon } from "~/features/facilities/components/facility-icons";
import { FacilityNotFoundBoundary } from "~/features/facilities/components/facility-not-found";
import { getFacilityBySlug } from "~/features/facilities/facilities.server";
import { fileFacilityReport } from "~/features/facilities/facility-reports.server";
import { facilityReportSchema } from "~/features/facilities/facility-schema";
import { translator } from "~/i18n/i18n";
import { localeOfPath } from "~/i18n/locales";
import { useLocalePath, useT } from "~/i18n/react";
import { formAction, readForm } from "~/lib/form-action.server";
import { FormKeyField } from "~/lib/idempotency";
import { once, postedKey } from "~/lib/idempotency.server";
import { refusalOf } from "~/lib/refusal";
import { requestInfo } from "~/lib/request-context.server";
import { pageMeta } from "~/shell/seo";
import type { Route } from "./+types/facility-report";

/** "Report wrong information" about a facility's public profile (decision 021). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const facility = await getFacilityBySlug(dbOf(context), params.facilityId);
  if (!facility) throw data(null, { status: 404 });
  return { facility: { name: facility.name, slug: facility.slug } };
}

export const meta: Route.MetaFunction = (args) => {
  const t = translator(localeOfPath(args.location.pathname));
  return args.loaderData
    ? pageMeta(args, {
        title: t("facility.report.meta", { name: args.loaderData.facility.name }),
        description: t(`Tell ${SITE.name} what is wrong on this facility's profile.`),
        noindex: true,
        translated: true,
      })
    : [{ title: `${t("Facility Not Found")} | ${SITE.name}` }, { name: "robots", content: "noindex" }];
};

const THANKS = {
  title: "Thank you",
  description: "We have passed your report to the facility and our team. We will correct the profile if needed.",
  variant: "success",
} as const;

/** The domain function checks the values (the form's schema, after the facility is found) and throws its refusals. */
const POSTED = z.object({});

/*
 * The report's one path: one report per idempotency key (decision 027: the same post again is
 * answered as the first, and stores nothing). A refused value is "Validation Error" with its message
 * under the field; the rate limit "Too many reports"; an unknown facility the 404 screen.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await readForm(request);
  let missing: unknown = null;
  const answer = await formAction(form, {
    schema: POSTED,
    run: () =>
      once(
        dbOf(context),
        { scope: "anonymous", key: postedKey(form), form: `facility-report:${params.facilityId}` },
        (tx) =>
          fileFacilityReport(
            tx,
            params.facilityId,
            { details: form.get("details") ?? undefined, email: form.get("email") ?? undefined },
            { ip: requestInfo(context).ip },
          ),
        () => ({ status: 200 }),
      ).catch((error: unknown) => {
        if (refusalOf(error)?.status === 404) missing = error;
        throw error;
      }),
    done: () => ({ sent: true, toast: THANKS }),
    refused: (description, _messages, status) => ({
      title: status === 429 ? "Too many reports" : "Validation Error",
      description,
      variant: "destructive",
    }),
    extra: { sent: false },
  });
  if (missing) throw missing;
  return answer;
}

export default function FacilityReport({ loaderData, actionData }: Route.ComponentProps) {
  const { facility } = loaderData;
  const [form, fields] = useSchemaForm(facilityReportSchema, { id: "report", lastResult: actionData?.result });
  const busy = useIsSubmitting();
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
      <h1 className="mt-2 text-2xl font-bold sm:text-3xl">{t("Report wrong information")}</h1>
      <p className="mt-2 text-muted">{t("facility.report.lead", { name: facility.name })}</p>
      {/* Sent: a confirmation panel in the form's place (announced); refused: the message,
          as a toast once React runs. */}
      {actionData?.sent ? (
        <div className="mt-6">
          <ConfirmationPanel
            title={t(THANKS.title)}
            again={{ to: to(`/facility/${facility.slug}/report`), label: t("Report something else") }}
          >
            <p>{t(THANKS.description)}</p>
            <p>{t("The profile shows what it says now until the check is done.")}</p>
          </ConfirmationPanel>
        </div>
      ) : (
        <>
          <FormNotice answer={actionData} />
          {form.errors?.length ? (
            <p role="alert" className="field-error mt-4">
              {t(form.errors[0] ?? "")}
            </p>
          ) : null}
          <Form method="post" {...getFormProps(form)} className="mt-6 space-y-5">
            <FormKeyField form="facility-report" />
            <TextAreaField field={fields.details} label={t("What is wrong?")} required rows={5} maxLength={1000} />
            <InputField
              field={fields.email}
              label={
                <>
                  {t("Your email")} <span className="font-normal text-muted">{t("(optional)")}</span>
                </>
              }
              required={false}
              type="email"
              autoComplete="email"
              hint={t("Only if you would like a reply.")}
            />
            <SubmitButton busy={busy} busyLabel={t("Sending...")}>
              {t("Send report")}
            </SubmitButton>
          </Form>
        </>
      )}
    </main>
  );
}

/** Unknown or deactivated facility: HTTP 404 with the spec's screen. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <FacilityNotFoundBoundary error={error} />;
}
