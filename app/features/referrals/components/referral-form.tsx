import { getFormProps } from "@conform-to/react";
import { useState } from "react";
import { Form } from "react-router";
import { DraftNotice } from "~/components/forms/draft-notice";
import { FileInput } from "~/components/forms/file-input";
import { ErrorSummary, FormNotice, SubmitButton } from "~/components/forms/form-parts";
import { parseSubmission, useIsSubmitting, useSchemaForm } from "~/components/forms/schema-form";
import { UploadProgress } from "~/components/forms/upload-progress";
import { InputField, SelectField, TextAreaField } from "~/components/ui/field";
import { toast } from "~/components/ui/toaster";
import type { Translate } from "~/i18n/i18n";
import { useLocale, useT } from "~/i18n/react";
import { isNetworkFailure, type NetworkFailure, useFormDraft, useResendWhenOnline } from "~/lib/drafts";
import type { ActionAnswer } from "~/lib/form-action.server";
import { formatCedis } from "~/lib/ghana-format";
import { FormKeyField } from "~/lib/idempotency";
import { ATTACHMENT_ACCEPT, ATTACHMENT_HINT, CREATE_FILES_FIELD, filesProblem } from "../attachment-rules";
import { facilityChoiceLabel, UNREACHABLE_MARK } from "../facility-choice";
import { CREATE_REFERRAL_FIELDS, createReferralSchema, creatingFailedToast } from "../referral-schema";
import { REFERRAL_FEE, URGENCY_KEYS, URGENCY_OPTIONS } from "../referral-status";

/** What the create page is given for "Refer to another facility" (refer-again.server.ts's draft). */
export type ReferAgain = {
  fromNumber: string;
  values: Partial<Record<string, string>>;
  excludedFacilityId: string | null;
  fileNames: string[];
};

function ReferAgainNotice({ again }: { again: ReferAgain }) {
  const t = useT();
  return (
    <section aria-labelledby="refer-again-heading" className="card mb-6 border-brand-200 bg-brand-50 sm:p-6">
      <h2 id="refer-again-heading" className="text-lg font-bold">
        {t("referral.again.heading", { number: again.fromNumber })}
      </h2>
      <p className="mt-1 text-sm">
        {t("referral.again.filled", { number: again.fromNumber, excluded: again.excludedFacilityId ? "yes" : "no" })}
      </p>
      {again.fileNames.length > 0 ? (
        <>
          <p className="mt-2 text-sm">{t("Its files are copied to the new referral when you create it:")}</p>
          <ul className="mt-1 list-disc pl-5 text-sm">
            {again.fileNames.map((name, i) => (
              <li key={i} className="break-words">
                {name}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

/** Decision 027's words for a referral the network lost. */
export const OFFLINE_MESSAGE = "No connection. Your referral is saved on this phone; send it when you are back online.";

/**
 * What /referrals/create answers when it does not go to the new referral's page: formAction's
 * answer, as every form's (the form's errors with the typed values, the spec's toast, `ok`).
 */
export type ReferralFormAnswer = ActionAnswer;

/**
 * The spec's "Error Creating Referral": every field's message, joined with a comma (schema order),
 * each in the page's language when `t` is given.
 */
export function joinedFieldMessages(
  error: Record<string, string[] | null | undefined> | null | undefined,
  t: Translate = (message) => message,
): string {
  return Object.values(error ?? {})
    .map((messages) => messages?.[0])
    .filter((message): message is string => Boolean(message))
    .map((message) => t(message))
    .join(", ");
}

const optional = (label: string, t: Translate) => (
  <>
    {t(label)} <span className="font-normal text-muted">{t("(optional)")}</span>
  </>
);

/**
 * Create Referral (spec section 2): patient, facility, chief complaint, clinical notes, urgency
 * and the fee breakdown. One schema (referral-schema.ts) checks it here and again in the action
 * (the domain function); the fee is the server's. Without JavaScript it is a plain post and the
 * errors come back in the page with the typed values.
 */
export function ReferralForm({
  facilities,
  answer: posted,
  user,
  again,
}: {
  /** `reachable` false: no approved administrator and no on-call number yet (marked). */
  facilities: ReadonlyArray<{ id: string; name: string; location: string; reachable: boolean }>;
  answer: ReferralFormAnswer | NetworkFailure | undefined;
  /** The signed-in doctor: the form is kept on this phone as their draft (decision 027). */
  user: string;
  /** "Refer to another facility": the rejected or cancelled referral this one starts from. */
  again?: ReferAgain | null;
}) {
  const t = useT();
  const locale = useLocale();
  const [fileError, setFileError] = useState<string | null>(null);
  const networkFailed = isNetworkFailure(posted);
  const answer = networkFailed ? undefined : posted;
  const [form, fields] = useSchemaForm(createReferralSchema, {
    id: "referral",
    lastResult: answer?.result,
    defaultValue: again?.values,
  });
  // A referral made again keeps its own draft: the empty form's draft does not overwrite its values.
  const draftName = again ? `referral-from-${again.fromNumber}` : "referral";
  const draft = useFormDraft({ formId: form.id, user, form: draftName, patientData: true });
  const choices = again?.excludedFacilityId ? facilities.filter((f) => f.id !== again.excludedFacilityId) : facilities;
  useResendWhenOnline(form.id, networkFailed || draft.unsent);
  const unreachable = choices.find((f) => f.id === fields.facility_id.value && !f.reachable);
  const busy = useIsSubmitting({ formAction: "/referrals/create" });
  const formProps = getFormProps(form);
  const urgency = fields.urgency_level;
  const urgencyValue = typeof urgency.initialValue === "string" ? urgency.initialValue : "routine";
  const urgencyError = urgency.errors?.[0];

  return (
    <div>
      <DraftNotice
        draft={draft}
        networkFailed={networkFailed}
        offlineMessage={t(OFFLINE_MESSAGE)}
        failure={networkFailed ? posted : null}
      />
      <FormNotice answer={answer} />
      <ErrorSummary form={form} labels={CREATE_REFERRAL_FIELDS} />
      {again ? <ReferAgainNotice again={again} /> : null}
      <Form
        method="post"
        action="/referrals/create"
        encType="multipart/form-data"
        {...formProps}
        onSubmit={(event) => {
          // A file the server would refuse is said at once, before the upload (the same messages).
          const problem = filesProblem(new FormData(event.currentTarget).getAll(CREATE_FILES_FIELD));
          setFileError(problem);
          if (problem) {
            event.preventDefault();
            toast(creatingFailedToast(problem));
            return;
          }
          formProps.onSubmit(event);
          // Refused by the schema: the spec's toast names every problem, joined with a comma.
          if (event.defaultPrevented) {
            const submission = parseSubmission(new FormData(event.currentTarget), createReferralSchema);
            if (submission.status === "error") toast(creatingFailedToast(joinedFieldMessages(submission.error, t)));
          }
        }}
        className="space-y-8"
      >
        <FormKeyField form="referral" />
        {again ? <input type="hidden" name="from" value={again.fromNumber} /> : null}
        <fieldset className="card space-y-5 sm:p-6">
          <legend className="px-1 text-lg font-bold">{t("Patient Information")}</legend>
          <div className="grid gap-5 sm:grid-cols-2">
            <InputField
              field={fields.patient_name}
              label={t("Patient name")}
              required
              maxLength={100}
              autoComplete="off"
            />
            <InputField
              field={fields.patient_phone}
              label={t("Phone number")}
              required
              type="tel"
              inputMode="tel"
              autoComplete="off"
              hint={t("Used to recognise a returning patient")}
            />
            <InputField
              field={fields.patient_email}
              label={optional("Email", t)}
              required={false}
              type="email"
              autoComplete="off"
            />
            <InputField
              field={fields.patient_date_of_birth}
              label={optional("Date of birth", t)}
              required={false}
              type="date"
            />
          </div>
        </fieldset>

        <fieldset className="card space-y-5 sm:p-6">
          <legend className="px-1 text-lg font-bold">{t("Referral Details")}</legend>
          <SelectField
            field={fields.facility_id}
            label={t("Facility")}
            required
            placeholder={t("Select a facility")}
            options={choices.map((f) => ({
              value: f.id,
              // The facility's name and town as they are; the mark in the page's language.
              label: f.reachable
                ? facilityChoiceLabel(f)
                : `${facilityChoiceLabel({ ...f, reachable: true })} (${t(UNREACHABLE_MARK)})`,
            }))}
            hint={
              choices.some((f) => !f.reachable)
                ? t("referral.form.unreachableHint", { mark: t(UNREACHABLE_MARK) })
                : undefined
            }
          />
          {unreachable ? (
            // A phone's select shows only the start of the chosen label: the mark is said again in full.
            <p role="status" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm">
              <strong>{unreachable.name}</strong> {t("referral.form.unreachableChosen", { mark: t(UNREACHABLE_MARK) })}
            </p>
          ) : null}
          <TextAreaField
            field={fields.chief_complaint}
            label={t("Chief complaint")}
            required
            rows={3}
            hint={t("At most 500 characters")}
          />
          <TextAreaField
            field={fields.clinical_notes}
            label={optional("Clinical notes", t)}
            required={false}
            rows={6}
            hint={t("History, findings, investigations and treatment so far (at most 5000 characters)")}
          />
          <fieldset aria-describedby={urgencyError ? urgency.errorId : undefined}>
            <legend className="field-label">{t("Urgency")}</legend>
            <div className="grid gap-3 sm:grid-cols-3">
              {URGENCY_OPTIONS.map((o) => (
                <label
                  key={o.value}
                  className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-300 p-3 has-checked:border-brand-600 has-checked:bg-brand-50"
                >
                  <input
                    key={urgency.key}
                    type="radio"
                    name={urgency.name}
                    value={o.value}
                    defaultChecked={o.value === urgencyValue}
                    className="mt-1 size-4 accent-brand-700"
                  />
                  <span>
                    <span className="block font-semibold">{t(URGENCY_KEYS[o.value])}</span>
                    <span className="block text-sm text-muted">{t(o.hint)}</span>
                  </span>
                </label>
              ))}
            </div>
            {urgencyError ? (
              <p id={urgency.errorId} className="field-error">
                {t(urgencyError)}
              </p>
            ) : null}
          </fieldset>
        </fieldset>

        <div className="card sm:p-6">
          <FileInput
            id="referral-files"
            name={CREATE_FILES_FIELD}
            label={t("Files (optional)")}
            hint={`${t(ATTACHMENT_HINT)} ${t("Results, letters or a photo of them; more can be attached on the referral's page.")}`}
            accept={ATTACHMENT_ACCEPT}
            multiple
            error={fileError}
            onChange={(event) => {
              setFileError(null);
              // Photos are shrunk before they are sent (decision 037); the code comes only once one is chosen.
              if (Array.from(event.currentTarget.files ?? []).some((file) => file.type.startsWith("image/"))) {
                import("~/lib/shrink-photo").catch(() => {});
              }
            }}
          />
        </div>

        <section aria-labelledby="fee-heading" className="card bg-brand-50 sm:p-6">
          <h2 id="fee-heading" className="text-lg font-bold">
            {t("Fee Breakdown")}
          </h2>
          <dl className="mt-3 space-y-2">
            <div className="flex justify-between gap-4">
              <dt>{t("Referral fee")}</dt>
              <dd className="font-semibold tabular-nums">{formatCedis(REFERRAL_FEE.total, locale)}</dd>
            </div>
            <div className="flex justify-between gap-4 text-muted">
              <dt>{t("Your share (doctor)")}</dt>
              <dd className="tabular-nums">{formatCedis(REFERRAL_FEE.doctorShare, locale)}</dd>
            </div>
            <div className="flex justify-between gap-4 text-muted">
              <dt>{t("referral.fee.platform")}</dt>
              <dd className="tabular-nums">{formatCedis(REFERRAL_FEE.platformShare, locale)}</dd>
            </div>
          </dl>
          <p className="mt-3 text-sm text-muted">
            {t("Your share is paid to you once the facility completes the referral.")}
          </p>
        </section>

        <div className="flex flex-wrap gap-3">
          <SubmitButton busy={busy} busyLabel={t("Creating...")}>
            {t("Create Referral")}
          </SubmitButton>
          <UploadProgress />
        </div>
      </Form>
    </div>
  );
}
