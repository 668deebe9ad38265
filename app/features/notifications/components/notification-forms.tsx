import { getFormProps } from "@conform-to/react";
import { Form } from "react-router";
import { SubmitButton } from "~/components/forms/form-parts";
import { useIsSubmitting, useSchemaForm } from "~/components/forms/schema-form";
import { InputField, SelectField } from "~/components/ui/field";
import { confirmCodeSchema, PHONE_CODE_RULES, removeNumberSchema, sendCodeSchema } from "~/features/phones/public";
import { LANGUAGE_CHOICES, SMS_LANGUAGE_CHOICES, type SmsLanguage } from "~/i18n/message-language";
import { useT } from "~/i18n/react";
import type { ActionAnswer } from "~/lib/form-action.server";
import { FormKeyField } from "~/lib/idempotency";
import { messageLanguageSchema, SAME_AS_EMAIL } from "../message-language-schema";
import {
  CHANNEL_LABELS,
  EMERGENCY_SMS_EVENTS,
  eventsFor,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_EVENTS,
  type NotificationPreferences,
  timeOf,
} from "../notification-preferences";
import type { NotificationsIntent } from "../notifications-action.server";

/** The notifications page's forms (decision 025): a mobile number and its code, and the preferences. */
export type NotificationsAnswer = ActionAnswer<{ intent: NotificationsIntent }>;

export function PreferencesForm({
  preferences,
  role,
  hasPhone,
  answer,
}: {
  preferences: NotificationPreferences;
  role: Parameters<typeof eventsFor>[0];
  hasPhone: boolean;
  answer: NotificationsAnswer | undefined;
}) {
  // Each refused field's first message (the form's own checkboxes and times are not Conform fields).
  const errors = answer?.ok
    ? undefined
    : Object.fromEntries(Object.entries(answer?.result.error ?? {}).map(([name, messages]) => [name, messages?.[0]]));
  const busy = useIsSubmitting({ intent: "preferences" });
  const t = useT();
  const events = eventsFor(role);
  return (
    <section aria-labelledby="preferences-title" className="card mt-6 p-6">
      <h2 id="preferences-title" className="text-lg font-semibold">
        {t("What we tell you, and how")}
      </h2>
      {hasPhone ? null : (
        <p className="mt-2 text-muted">
          {t("SMS and WhatsApp messages start once you have confirmed a mobile number above.")}
        </p>
      )}
      <Form method="post" className="mt-4 space-y-6">
        <input type="hidden" name="intent" value="preferences" />
        {events.map((event) => (
          <fieldset key={event}>
            <legend className="font-medium">{t(NOTIFICATION_EVENTS[event].label)}</legend>
            {EMERGENCY_SMS_EVENTS.includes(event) ? (
              <p className="mt-1 text-sm text-muted">{t("An emergency referral always comes by SMS as well.")}</p>
            ) : null}
            <div className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
              {NOTIFICATION_CHANNELS.map((channel) => (
                <label key={channel} className="inline-flex min-h-11 items-center gap-2">
                  <input
                    type="checkbox"
                    name={`${event}:${channel}`}
                    defaultChecked={preferences.channels[event].includes(channel)}
                    className="size-5"
                  />
                  {t(CHANNEL_LABELS[channel])}
                </label>
              ))}
            </div>
          </fieldset>
        ))}
        <fieldset>
          <legend className="font-medium">{t("Quiet hours")}</legend>
          <p className="mt-1 text-sm text-muted">
            {t("Nothing but emergencies between these times (Ghana time); the rest waits until they end.")}
          </p>
          <label className="mt-2 inline-flex min-h-11 items-center gap-2">
            <input type="checkbox" name="quiet" value="on" defaultChecked={!!preferences.quiet} className="size-5" />
            {t("Hold messages during quiet hours")}
          </label>
          <div className="mt-2 flex flex-wrap gap-4">
            {(["quiet_start", "quiet_end"] as const).map((name) => (
              <div key={name}>
                <label htmlFor={name} className="field-label">
                  {t(name === "quiet_start" ? "From" : "Until")}
                </label>
                <input
                  id={name}
                  name={name}
                  type="time"
                  defaultValue={timeOf(
                    name === "quiet_start" ? (preferences.quiet?.start ?? 21 * 60) : (preferences.quiet?.end ?? 7 * 60),
                  )}
                  aria-invalid={errors?.[name] ? true : undefined}
                  aria-describedby={errors?.[name] ? `${name}-error` : undefined}
                  className="field-input mt-1"
                />
                {errors?.[name] ? (
                  <p id={`${name}-error`} className="field-error mt-1">
                    {t(errors[name])}
                  </p>
                ) : null}
              </div>
            ))}
          </div>
        </fieldset>
        <SubmitButton busy={busy} busyLabel={t("Saving...")}>
          {t("Save preferences")}
        </SubmitButton>
      </Form>
    </section>
  );
}

export function SendCode({
  answer,
  hasNumber,
  suggested,
}: {
  answer: NotificationsAnswer | undefined;
  hasNumber: boolean;
  /** Filled in to start with: the number given at registration, while none is confirmed. */
  suggested?: string | null;
}) {
  const [form, fields] = useSchemaForm(sendCodeSchema, {
    id: "send-code",
    lastResult: answer?.result,
    defaultValue: !hasNumber && suggested ? { phone: suggested } : undefined,
  });
  const busy = useIsSubmitting({ intent: "send-code" });
  const t = useT();
  return (
    <Form method="post" {...getFormProps(form)} className="mt-6 space-y-4">
      <input type="hidden" name="intent" value="send-code" />
      <FormKeyField form="phone-code" />
      <InputField
        field={fields.phone}
        label={t(hasNumber ? "Use another mobile number" : "Mobile number")}
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        maxLength={40}
        hint={t("A Ghanaian number can be written as 020 555 0147; others with their country code.")}
      />
      {hasNumber ? (
        <InputField
          field={fields.password}
          label={t("Your password")}
          type="password"
          autoComplete="current-password"
          maxLength={128}
          required
          hint={t(
            "To change your confirmed number. We will tell your current number and your email address, and your payout details cannot change for 24 hours.",
          )}
        />
      ) : null}
      <SubmitButton busy={busy} busyLabel={t("Sending...")}>
        {t("Send code")}
      </SubmitButton>
    </Form>
  );
}

/** Removing the confirmed number asks for the password too (decision 036). */
export function RemoveNumber({ answer }: { answer: NotificationsAnswer | undefined }) {
  const [form, fields] = useSchemaForm(removeNumberSchema, { id: "remove-number", lastResult: answer?.result });
  const busy = useIsSubmitting({ intent: "remove" });
  const t = useT();
  return (
    <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4">
      <input type="hidden" name="intent" value="remove" />
      <InputField
        field={fields.password}
        label={t("Password to remove the number")}
        type="password"
        autoComplete="current-password"
        maxLength={128}
      />
      <SubmitButton busy={busy} busyLabel={t("Removing...")} className="btn-secondary">
        {t("Remove number")}
      </SubmitButton>
    </Form>
  );
}

export function ConfirmCode({ answer, sentTo }: { answer: NotificationsAnswer | undefined; sentTo: string }) {
  const [form, fields] = useSchemaForm(confirmCodeSchema, { id: "confirm", lastResult: answer?.result });
  const busy = useIsSubmitting({ intent: "confirm" });
  const t = useT();
  return (
    <Form method="post" {...getFormProps(form)} className="mt-6 space-y-4 border-t border-line pt-6">
      <input type="hidden" name="intent" value="confirm" />
      <InputField
        field={fields.code}
        label={t("Code from the SMS")}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={7}
        hint={t("notifications.code-hint", {
          number: sentTo,
          minutes: PHONE_CODE_RULES.validMinutes,
          tries: PHONE_CODE_RULES.maxTries,
        })}
      />
      <SubmitButton busy={busy} busyLabel={t("Confirming...")}>
        {t("Confirm number")}
      </SubmitButton>
    </Form>
  );
}

/**
 * The person's language (decision 048): the platform's and their emails', English or French
 * (`users.language`: the signed-in pages are drawn in it), and their SMS and WhatsApp texts' in
 * the same language or another (Twi has texts, no pages).
 */
export function MessageLanguageForm({
  languages,
  answer,
}: {
  languages: { language: "en" | "fr"; smsLanguage: SmsLanguage | null };
  answer: NotificationsAnswer | undefined;
}) {
  const [form, fields] = useSchemaForm(messageLanguageSchema, {
    id: "language",
    lastResult: answer?.result,
    defaultValue: { language: languages.language, sms_language: languages.smsLanguage ?? SAME_AS_EMAIL },
  });
  const busy = useIsSubmitting({ intent: "language" });
  const t = useT();
  return (
    <section aria-labelledby="language-title" className="card mt-6 p-6">
      <h2 id="language-title" className="text-lg font-semibold">
        {t("Language")}
      </h2>
      <p className="mt-2 text-muted">
        {t(
          "The platform and your emails in English or French; your SMS and WhatsApp texts in the same language, or in Twi.",
        )}
      </p>
      <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4">
        <input type="hidden" name="intent" value="language" />
        {/* Each language's name in its own language, as the choices are everywhere. */}
        <SelectField
          field={fields.language}
          label={t("Language of the platform and your emails")}
          options={LANGUAGE_CHOICES}
        />
        <SelectField
          field={fields.sms_language}
          label={t("SMS and WhatsApp")}
          options={[{ value: SAME_AS_EMAIL, label: t("Same as emails") }, ...SMS_LANGUAGE_CHOICES]}
        />
        <SubmitButton busy={busy} busyLabel={t("Saving...")}>
          {t("Save language")}
        </SubmitButton>
      </Form>
    </section>
  );
}
