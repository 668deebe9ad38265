import { getFormProps } from "@conform-to/react";
import { data, Form, isRouteErrorResponse } from "react-router";
import { FormNotice, SubmitButton } from "~/components/forms/form-parts";
import {
  type FormAnswer,
  fieldErrorsOf,
  parseSubmission,
  useIsSubmitting,
  useSchemaForm,
} from "~/components/forms/schema-form";
import { InputField, TextAreaField } from "~/components/ui/field";
import { SITE } from "~/content/site";
import { db } from "~/db/database.server";
import { FacilityIcon } from "~/features/facilities/components/facility-icons";
import { getFacilityBySlug } from "~/features/facilities/facilities.server";
import { fileFacilityReport } from "~/features/facilities/facility-admin.server";
import { facilityReportSchema } from "~/features/facilities/facility-schema";
import { requestInfo } from "~/lib/request-context.server";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/facility-report";

/** "Report wrong information" about a facility's public profile (issue 17). */
export async function loader({ params }: Route.LoaderArgs) {
  const facility = await getFacilityBySlug(await db(), params.facilityId);
  if (!facility) throw data(null, { status: 404 });
  return { facility: { name: facility.name, slug: facility.slug } };
}

export const meta: Route.MetaFunction = (args) =>
  args.loaderData
    ? pageMeta(args, {
        title: `Report wrong information: ${args.loaderData.facility.name}`,
        description: `Tell ${SITE.name} what is wrong on this facility's profile.`,
        noindex: true,
      })
    : [{ title: `Facility Not Found | ${SITE.name}` }, { name: "robots", content: "noindex" }];

type Answer = FormAnswer<{ sent: boolean }>;

const THANKS = {
  title: "Thank you",
  description: "We have passed your report to the facility and our team. We will correct the profile if needed.",
  variant: "success",
} as const;

export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await request.formData().catch(() => new FormData());
  const submission = parseSubmission(form, facilityReportSchema);
  const result = await fileFacilityReport(
    await db(),
    params.facilityId,
    { details: form.get("details") ?? undefined, email: form.get("email") ?? undefined },
    { ip: requestInfo(context).ip },
  );
  if (result.ok) return data<Answer>({ sent: true, result: submission.reply({ resetForm: true }), toast: THANKS });
  return data<Answer>(
    {
      sent: false,
      result:
        result.status === 429
          ? submission.reply({ formErrors: [result.message] })
          : submission.reply({ fieldErrors: fieldErrorsOf(result.fieldErrors) }),
      toast: {
        title: result.status === 429 ? "Too many reports" : "Validation Error",
        description: result.message,
        variant: "destructive",
      },
    },
    { status: result.status },
  );
}

export default function FacilityReport({ loaderData, actionData }: Route.ComponentProps) {
  const { facility } = loaderData;
  const [form, fields] = useSchemaForm(facilityReportSchema, { id: "report", lastResult: actionData?.result });
  const busy = useIsSubmitting();
  return (
    <main id="main" className="container-page max-w-2xl py-10">
      <a
        href={`/facility/${facility.slug}`}
        className="inline-flex min-h-11 items-center gap-2 text-sm font-semibold text-brand-700 hover:underline"
      >
        <FacilityIcon name="arrow-left" />
        Back to {facility.name}
      </a>
      <h1 className="mt-2 text-2xl font-bold sm:text-3xl">Report wrong information</h1>
      <p className="mt-2 text-muted">
        Is something on {facility.name}'s profile wrong or out of date (a phone number, the hours, a service)? Tell us
        what, and the facility and our team will check it.
      </p>
      {/* Sent: the confirmation stays in the page (announced); refused: the message, as a toast once React runs. */}
      <FormNotice answer={actionData?.sent ? undefined : actionData} />
      {actionData?.sent ? (
        <p role="status" className="mt-6 rounded-xl border border-brand-200 bg-brand-50 p-4 text-ink">
          {THANKS.description}
        </p>
      ) : null}
      {form.errors?.length ? (
        <p role="alert" className="field-error mt-4">
          {form.errors[0]}
        </p>
      ) : null}
      <Form method="post" {...getFormProps(form)} className="mt-6 space-y-5">
        <TextAreaField field={fields.details} label="What is wrong?" required rows={5} maxLength={1000} />
        <InputField
          field={fields.email}
          label={
            <>
              Your email <span className="font-normal text-muted">(optional)</span>
            </>
          }
          type="email"
          autoComplete="email"
          hint="Only if you would like a reply."
        />
        <SubmitButton busy={busy} busyLabel="Sending...">
          Send report
        </SubmitButton>
      </Form>
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <main
        id="main"
        className="container-page flex min-h-[60vh] flex-col items-center justify-center py-16 text-center"
      >
        <h1 className="text-3xl font-bold">Facility Not Found</h1>
        <p className="mt-3 max-w-md text-muted">The facility you're looking for doesn't exist.</p>
        <a href="/facilities" className="btn-primary mt-6">
          Back to Facilities
        </a>
      </main>
    );
  }
  throw error;
}
