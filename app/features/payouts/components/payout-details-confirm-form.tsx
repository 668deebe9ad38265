import { getFormProps } from "@conform-to/react";
import { useCallback } from "react";
import { Form } from "react-router";
import { SubmitButton } from "~/components/forms/form-parts";
import { useIsSubmitting, useSchemaForm } from "~/components/forms/schema-form";
import { InputField } from "~/components/ui/field";
import { useLocale, useT } from "~/i18n/react";
import { useReveal } from "~/lib/reveal";
import { accraDateTime, type PayoutDetailsAnswer } from "../payout-details-answer";
import { confirmPayoutDetailsSchema } from "../payout-details-schema";

/** A requested change as the confirm form shows it (payout-details.server.ts, PendingPayoutChange). */
type Pending = {
  method: "mobile_money" | "bank";
  description: string;
  accountName: string;
  expiresAt: string;
  resolvedName: string | null;
  nameMatches: boolean | null;
  walletTo: string | null;
  smsIsWallet: boolean;
};

/**
 * "Confirm the change": whose account it is (decision 032, point 5: the holder's name the bank or
 * network gave, a name that differs to be accepted in so many words, or the code sent to the
 * wallet's own number when the network could not name its holder), then the codes.
 */
export function PayoutDetailsConfirmForm({
  answer,
  pending,
  phone,
  codesSent,
}: {
  answer: PayoutDetailsAnswer | undefined;
  pending: Pending;
  phone: string;
  /** The answer of "Send confirmation codes" that just sent the codes: the code fields are scrolled to and focused. */
  codesSent?: unknown;
}) {
  const [form, fields] = useSchemaForm(confirmPayoutDetailsSchema, { id: "confirm", lastResult: answer?.result });
  const busy = useIsSubmitting({ intent: "confirm" });
  const t = useT();
  const locale = useLocale();
  const acceptError = fields.accept_name.errors?.[0];
  const smsCodeId = fields.sms_code.id;
  const focusCode = useCallback(() => document.getElementById(smsCodeId), [smsCodeId]);
  const section = useReveal<HTMLElement>(codesSent, focusCode);
  return (
    <section ref={section} aria-labelledby="confirm-title" className="card mt-6 p-6">
      <h2 id="confirm-title" className="text-lg font-semibold">
        {t("Confirm the change")}
      </h2>
      <p className="mt-2">
        {t("payoutConfirm.to")} <strong>{pending.description}</strong>
        {t("payoutConfirm.inTheNameOf", {
          name: pending.accountName,
          until: accraDateTime(pending.expiresAt, locale),
        })}
      </p>
      <Holder pending={pending} phone={phone} />
      <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4">
        <input type="hidden" name="intent" value="confirm" />
        <InputField
          field={fields.sms_code}
          label={t("Code from the SMS")}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          hint={t("payoutConfirm.sentTo", { phone })}
        />
        {pending.walletTo ? (
          <InputField
            field={fields.wallet_code}
            label={t("Code from the SMS to the wallet")}
            required
            inputMode="numeric"
            maxLength={7}
            hint={t("payoutConfirm.sentToWallet", { phone: pending.walletTo })}
          />
        ) : null}
        <InputField field={fields.email_code} label={t("Code from the email")} inputMode="numeric" maxLength={7} />
        {pending.resolvedName && pending.nameMatches === false ? (
          <div>
            <label htmlFor={fields.accept_name.id} className="inline-flex min-h-11 items-center gap-2">
              <input
                type="checkbox"
                id={fields.accept_name.id}
                name={fields.accept_name.name}
                value="on"
                aria-invalid={acceptError ? true : undefined}
                aria-describedby={acceptError ? fields.accept_name.errorId : undefined}
                className="size-5"
              />
              {t("payoutConfirm.accountIsMine", { name: pending.resolvedName })}
            </label>
            {acceptError ? (
              <p id={fields.accept_name.errorId} className="field-error">
                {t(acceptError)}
              </p>
            ) : null}
          </div>
        ) : null}
        <SubmitButton busy={busy} busyLabel={t("Confirming...")}>
          {t("Confirm change")}
        </SubmitButton>
      </Form>
    </section>
  );
}

/** Whose account this is, as far as the bank or network told us, or how the wallet is proved. */
function Holder({ pending, phone }: { pending: Pending; phone: string }) {
  const t = useT();
  if (pending.resolvedName && pending.nameMatches) {
    return (
      <p className="mt-2" role="status">
        {pending.method === "bank"
          ? t("The account holder's name, from the bank:")
          : t("The account holder's name, from the network:")}{" "}
        <strong>{pending.resolvedName}</strong>
        {t("payoutConfirm.ifNotYou")}
      </p>
    );
  }
  if (pending.resolvedName) {
    return (
      <div className="mt-3 rounded-xl border-2 border-amber-600 bg-amber-50 p-4 text-ink" role="alert">
        <p className="font-semibold">{t("The account holder's name is not the name you entered.")}</p>
        <p className="mt-1">
          {t("This account is in the name of")} <strong>{pending.resolvedName}</strong>
          {t("payoutConfirm.notYourName", { name: pending.accountName })}
        </p>
      </div>
    );
  }
  if (pending.walletTo) {
    return (
      <p className="mt-2" role="status">
        {t(
          "The network could not tell us whose wallet this is, so a third code was sent by SMS to the wallet's own number,",
        )}{" "}
        <strong>{pending.walletTo}</strong>
        {t("payoutConfirm.walletNumberWrong")}
      </p>
    );
  }
  if (pending.smsIsWallet) {
    return (
      <p className="mt-2" role="status">
        {t("payoutConfirm.walletIsPhone", { phone })}
      </p>
    );
  }
  return (
    <p className="mt-2" role="status">
      {t("The name on this account could not be checked with the bank.")}
    </p>
  );
}
