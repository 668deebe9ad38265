import { getFormProps } from "@conform-to/react";
import { useCallback } from "react";
import { Form } from "react-router";
import { SubmitButton } from "~/components/forms/form-parts";
import { useIsSubmitting, useSchemaForm } from "~/components/forms/schema-form";
import { InputField } from "~/components/ui/field";
import { useReveal } from "~/lib/reveal";
import { accraDateTime, type PayoutDetailsAnswer } from "../payout-details-answer";
import { confirmPayoutDetailsSchema } from "../payout-details-schema";

/** "Confirm the change": the code from the SMS and the code from the email. */
export function PayoutDetailsConfirmForm({
  answer,
  pending,
  phone,
  codesSent,
}: {
  answer: PayoutDetailsAnswer | undefined;
  pending: { description: string; accountName: string; expiresAt: string };
  phone: string;
  /** The answer of "Send confirmation codes" that just sent the codes: the code fields are scrolled to and focused (issue 33). */
  codesSent?: unknown;
}) {
  const [form, fields] = useSchemaForm(confirmPayoutDetailsSchema, { id: "confirm", lastResult: answer?.result });
  const busy = useIsSubmitting({ intent: "confirm" });
  const smsCodeId = fields.sms_code.id;
  const focusCode = useCallback(() => document.getElementById(smsCodeId), [smsCodeId]);
  const section = useReveal<HTMLElement>(codesSent, focusCode);
  return (
    <section ref={section} aria-labelledby="confirm-title" className="card mt-6 p-6">
      <h2 id="confirm-title" className="text-lg font-semibold">
        Confirm the change
      </h2>
      <p className="mt-2">
        To <strong>{pending.description}</strong>, in the name of {pending.accountName}. The codes last until{" "}
        {accraDateTime(pending.expiresAt)}.
      </p>
      <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4">
        <input type="hidden" name="intent" value="confirm" />
        <InputField
          field={fields.sms_code}
          label="Code from the SMS"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          hint={`Sent to ${phone}.`}
        />
        <InputField field={fields.email_code} label="Code from the email" inputMode="numeric" maxLength={7} />
        <SubmitButton busy={busy} busyLabel="Confirming...">
          Confirm change
        </SubmitButton>
      </Form>
    </section>
  );
}
