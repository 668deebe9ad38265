import { TextDialog } from "~/components/forms/text-dialog";
import { cancelSchema } from "../workspace-schemas";
import type { ReferralDialogProps, TransitionAnswer } from "./reject-dialog";

/** The Cancel dialog posts with this fetcher. */
export const CANCEL_FETCHER = "referral:cancel";

/**
 * Cancel Referral (the referring doctor, while it is pending): the reason is required (1 to 1,000
 * characters). Without JavaScript the server renders it open for `?cancel=1`.
 */
export function CancelDialog({ referral, ...dialog }: ReferralDialogProps) {
  return (
    <TextDialog<TransitionAnswer>
      {...dialog}
      fetcherKey={CANCEL_FETCHER}
      subjectId={referral?.id ?? null}
      title="Cancel Referral"
      description={`Please give the reason for cancelling referral ${referral?.referralNumber}. The receiving facility will see it.`}
      fallbackFocusId="referral-actions-heading"
      mine={(a) => a.intent === "cancel" && a.referralId === referral?.id}
      refused={(a) => a.intent === "cancel" && !!a.reasonRefused}
      form={{
        idPrefix: "cancel",
        schema: cancelSchema,
        field: "reason",
        label: "Reason for cancelling",
        maxLength: 1000,
        hidden: { intent: "cancel", referralId: referral?.id ?? "" },
        submit: {
          label: "Cancel Referral",
          busyLabel: "Cancelling...",
          className: "btn bg-red-700 text-white hover:bg-red-800",
        },
      }}
    />
  );
}
