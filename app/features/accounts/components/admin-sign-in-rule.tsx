import { Form } from "react-router";
import { SubmitButton } from "~/components/forms/form-parts";
import { useIsSubmitting } from "~/components/forms/schema-form";
import { useT } from "~/i18n/react";

/**
 * How system administrators may sign in (decision 042): with their email and password only, or also
 * with a code by SMS to their confirmed number. One button changes it; each change is audited.
 */
export function AdminSignInRule({ passwordOnly }: { passwordOnly: boolean }) {
  const busy = useIsSubmitting({ intent: "sign-in-rule" });
  const t = useT();
  return (
    <section aria-labelledby="sign-in-rule-title" className="card p-6">
      <h2 id="sign-in-rule-title" className="text-lg font-semibold">
        {t("How system administrators sign in")}
      </h2>
      <p className="mt-2 text-muted" role="status">
        {passwordOnly
          ? t("System administrators sign in with their email and password only: a code by SMS does not sign them in.")
          : t(
              "System administrators may sign in with their email and password, or with a code by SMS to their confirmed mobile number.",
            )}
      </p>
      <Form method="post" className="mt-4">
        <input type="hidden" name="intent" value="sign-in-rule" />
        <input type="hidden" name="passwordOnly" value={passwordOnly ? "off" : "on"} />
        <SubmitButton busy={busy} busyLabel={t("Saving...")} className={passwordOnly ? "btn-secondary" : "btn-primary"}>
          {passwordOnly ? t("Also allow sign-in with the phone") : t("Require the password for system administrators")}
        </SubmitButton>
      </Form>
    </section>
  );
}
