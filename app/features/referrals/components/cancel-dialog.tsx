import { TextDialog } from "~/components/forms/text-dialog";
import { useT } from "~/i18n/react";
import { cancelSchema } from "../workspace-schemas";
import type { ReferralDialogProps, TransitionAnswer } from "./reject-dialog";

/** The Cancel dialog posts with this fetcher. */
export const CANCEL_FETCHER = "referral:cancel";

/**
 * Cancel Referral (the referring doctor, while it is pending): the reason is required (1 to 1,000
 * characters). Without JavaScript the server renders it open for `?cancel=1`.
 */
export function CancelDialog({ referral, ...dialog }: ReferralDialogProps) {
  const t = useT();
  return (
    <TextDialog<TransitionAnswer>
      {...dialog}
      fetcherKey={CANCEL_FETCHER}
      subjectId={referral?.id ?? null}
      title={t("Cancel Referral")}
      description={t("referral.cancel.description", { number: referral?.referralNumber })}
      fallbackFocusId="referral-actions-heading"
      mine={(a) => a.intent === "cancel" && a.referralId === referral?.id}
      refused={(a) => a.intent === "cancel" && !!a.reasonRefused}
      form={{
        idPrefix: "cancel",
        schema: cancelSchema,
        field: "reason",
        label: t("Reason for cancelling"),
        maxLength: 1000,
        hidden: { intent: "cancel", referralId: referral?.id ?? "" },
        submit: {
          label: t("Cancel Referral"),
          busyLabel: t("Cancelling..."),
          className: "btn bg-red-700 text-white hover:bg-red-800",
        },
      }}
    />
  );
}
