import { TextDialog } from "~/components/forms/text-dialog";
import { useT } from "~/i18n/react";
import { outcomeSchema } from "../workspace-schemas";
import type { ReferralDialogProps, TransitionAnswer } from "./reject-dialog";

/** The Complete dialog posts with this fetcher; the page reads it to show the row as busy. */
export const COMPLETE_FETCHER = "referral:complete-dialog";

/**
 * Mark as Completed: the outcome note (1 to 5,000 characters: what was done, the findings, advice
 * for follow-up) is required. Without JavaScript the server renders it open for `?complete=<id>`.
 * The action marks a refused outcome (blank, too long) with `reasonRefused`.
 */
export function CompleteDialog({ referral, ...dialog }: ReferralDialogProps) {
  const t = useT();
  return (
    <TextDialog<TransitionAnswer>
      {...dialog}
      fetcherKey={COMPLETE_FETCHER}
      subjectId={referral?.id ?? null}
      title={t("Complete Referral")}
      description={t("referral.complete.description", { number: referral?.referralNumber })}
      fallbackFocusId="accepted-heading"
      mine={(a) => a.intent === "complete" && a.referralId === referral?.id}
      refused={(a) => a.intent === "complete" && !!a.reasonRefused}
      form={{
        idPrefix: "complete",
        schema: outcomeSchema,
        field: "outcome",
        label: t("Outcome"),
        maxLength: 5000,
        rows: 6,
        hidden: { intent: "complete", referralId: referral?.id ?? "" },
        submit: { label: t("Complete Referral"), busyLabel: t("Completing..."), className: "btn-primary" },
      }}
    />
  );
}
