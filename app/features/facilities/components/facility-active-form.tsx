import { Form } from "react-router";
import { SubmitButton } from "~/components/forms/form-parts";
import { useIsSubmitting } from "~/components/forms/schema-form";
import { useT } from "~/i18n/react";

/** Deactivate or reactivate a facility (system administrators). */
export function FacilityActiveForm({ action, active }: { action: string; active: boolean }) {
  const intent = active ? "deactivate" : "reactivate";
  const busy = useIsSubmitting({ formAction: action, intent });
  const t = useT();
  return (
    <section aria-labelledby="status-title" className="card">
      <h2 id="status-title" className="text-lg font-bold">
        {active ? t("Deactivate") : t("Reactivate")}
      </h2>
      <p className="mt-1 text-sm text-muted">
        {active
          ? t(
              "A deactivated facility leaves the directory, the sitemap and the referral form, and its profile answers “Facility Not Found”. Its existing referrals keep it.",
            )
          : t("Reactivating puts the facility back in the directory, the sitemap and the referral form.")}
      </p>
      <Form method="post" action={action} className="mt-4">
        <SubmitButton
          busy={busy}
          busyLabel={active ? t("Deactivating...") : t("Reactivating...")}
          className={active ? "btn border border-red-700 text-red-800 hover:bg-red-50" : "btn-secondary"}
          name="intent"
          value={intent}
        >
          {active ? t("Deactivate facility") : t("Reactivate facility")}
        </SubmitButton>
      </Form>
    </section>
  );
}
