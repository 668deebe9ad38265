import { getFormProps } from "@conform-to/react";
import { Form } from "react-router";
import { SubmitButton } from "~/components/forms/form-parts";
import { useIsSubmitting, useSchemaForm } from "~/components/forms/schema-form";
import { InputField, SelectField } from "~/components/ui/field";
import { useT } from "~/i18n/react";
import { FormKeyField } from "~/lib/idempotency";
import { useHydrated } from "~/lib/use-hydrated";
import type { PayoutDetailsAnswer } from "../payout-details-answer";
import { NETWORK_LABELS, PAYOUT_METHOD_LABELS, requestPayoutDetailsSchema } from "../payout-details-schema";
import { GHANA_BANKS } from "./ghana-banks";

/** "Add payout details" / "Change payout details": the new details; codes are sent to confirm them. */
export function PayoutDetailsRequestForm({
  answer,
  hasDetails,
}: {
  answer: PayoutDetailsAnswer | undefined;
  hasDetails: boolean;
}) {
  const [form, fields] = useSchemaForm(requestPayoutDetailsSchema, {
    id: "request",
    lastResult: answer?.result,
    defaultValue: { method: "mobile_money" },
  });
  const busy = useIsSubmitting({ intent: "request" });
  const t = useT();
  // Only the chosen method's fields show: React follows "Paid by"; before that (and without
  // JavaScript) CSS does, from the selected option (as the Register form does for its roles).
  const hydrated = useHydrated();
  const shownFor = (method: keyof typeof PAYOUT_METHOD_LABELS, withoutScript: string) =>
    hydrated ? (fields.method.value === method ? "space-y-4" : "hidden") : `space-y-4 ${withoutScript}`;
  return (
    <section aria-labelledby="change-title" className="card mt-6 p-6">
      <h2 id="change-title" className="text-lg font-semibold">
        {hasDetails ? t("Change payout details") : t("Add payout details")}
      </h2>
      <Form method="post" {...getFormProps(form)} className="group/payout mt-4 space-y-4">
        <input type="hidden" name="intent" value="request" />
        <FormKeyField form="payout-details-request" />
        <SelectField
          field={fields.method}
          label={t("Paid by")}
          options={Object.entries(PAYOUT_METHOD_LABELS).map(([value, label]) => ({ value, label: t(label) }))}
        />
        <fieldset className={shownFor("mobile_money", "group-has-[option[value=bank]:checked]/payout:hidden")}>
          <legend className="font-medium">{t("Mobile money")}</legend>
          <SelectField
            field={fields.network}
            label={t("Network")}
            placeholder={t("Choose a network")}
            options={Object.entries(NETWORK_LABELS).map(([value, label]) => ({ value, label }))}
          />
          <InputField
            field={fields.mobile_number}
            label={t("Mobile-money number")}
            type="tel"
            inputMode="tel"
            maxLength={40}
            hint={t("For example 024 123 4567.")}
          />
        </fieldset>
        <fieldset className={shownFor("bank", "hidden group-has-[option[value=bank]:checked]/payout:block")}>
          <legend className="font-medium">{t("Bank account")}</legend>
          <SelectField
            field={fields.bank_code}
            label={t("Bank")}
            placeholder={t("Choose your bank")}
            options={GHANA_BANKS}
            hint={t("Your bank is not listed? Contact us: we add banks our payment provider pays to.")}
          />
          <InputField field={fields.account_number} label={t("Account number")} inputMode="numeric" maxLength={40} />
        </fieldset>
        <InputField
          field={fields.account_name}
          label={t("Name on the account")}
          autoComplete="name"
          maxLength={200}
          hint={t("As the network or bank has it.")}
        />
        <SubmitButton busy={busy} busyLabel={t("Sending codes...")}>
          {t("Send confirmation codes")}
        </SubmitButton>
      </Form>
    </section>
  );
}
