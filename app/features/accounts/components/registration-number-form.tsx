import { getFormProps } from "@conform-to/react";
import { Form } from "react-router";
import { FormNotice, SubmitButton } from "~/components/forms/form-parts";
import { useIsSubmitting, useSchemaForm } from "~/components/forms/schema-form";
import { InputField } from "~/components/ui/field";
import { SITE } from "~/content/site";
import { useLocale, useT } from "~/i18n/react";
import type { ActionAnswer } from "~/lib/form-action.server";
import { formatAccraDate } from "~/lib/ghana-format";
import type { Registration } from "../registration.server";
import { REGISTRATION_HINTS, REGISTRATION_LABELS, REGISTRATION_NUMBER_SCHEMAS } from "../registration-number";

/**
 * The person's registration number: a doctor's MDC registration number, a facility
 * administrator's facility's HeFRA licence number. An account made before numbers were asked lands
 * here after signing in until it gives one; later the page shows the number and its check, and a
 * new number can be given (it is then checked again).
 */
export function RegistrationNumberForm({
  registration,
  answer,
}: {
  registration: Registration;
  answer: ActionAnswer | undefined;
}) {
  const { kind, number, checkedAt } = registration;
  const t = useT();
  const locale = useLocale();
  const [form, fields] = useSchemaForm(REGISTRATION_NUMBER_SCHEMAS[kind], {
    id: "registration-number",
    lastResult: answer?.result,
    defaultValue: { number: number ?? "" },
    invalidToast: (message) => ({ title: "Validation Error", description: message, variant: "destructive" }),
  });
  const busy = useIsSubmitting();
  return (
    <section aria-labelledby="registration-title" className="card mt-6 p-6">
      <h2 id="registration-title" className="text-lg font-semibold">
        {t(REGISTRATION_LABELS[kind])}
      </h2>
      {number ? (
        <p className="mt-2">
          <span className="font-mono">{number}</span>
          {" · "}
          {checkedAt ? (
            <strong className="text-emerald-800">
              {t("registration.verified-by", { site: SITE.name, date: formatAccraDate(checkedAt, locale) })}
            </strong>
          ) : (
            <span className="text-muted">{t("Waiting for a system administrator to check it.")}</span>
          )}
        </p>
      ) : (
        <p className="mt-2 text-muted">
          {t(kind === "mdc" ? "registration.asks-doctor" : "registration.asks-facility-admin", { site: SITE.name })}
        </p>
      )}
      <FormNotice answer={answer} />
      <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4">
        <InputField
          field={fields.number}
          label={t(number ? `New ${REGISTRATION_LABELS[kind].toLowerCase()}` : REGISTRATION_LABELS[kind])}
          required
          autoComplete="off"
          hint={t(REGISTRATION_HINTS[kind])}
        />
        <SubmitButton busy={busy} busyLabel={t("Saving...")}>
          {t(number ? "Change number" : "Save and continue")}
        </SubmitButton>
      </Form>
    </section>
  );
}
