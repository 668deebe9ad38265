import type { SubmissionResult } from "@conform-to/react";
import type { RefObject } from "react";
import { TextDialog } from "~/components/forms/text-dialog";
import type { ToastMessage } from "~/components/ui/toaster";
import { useT } from "~/i18n/react";
import { rejectionSchema } from "../referral-schema";
import type { Transition } from "../referral-status";

/** What the facility administrator's action answers (a row's button or the Reject dialog). */
export type TransitionAnswer = {
  ok: boolean;
  intent: Transition | null;
  referralId: string;
  toast: ToastMessage;
  /** The Reject dialog's form: its errors (the reason), or reset once the referral is rejected. */
  result?: SubmissionResult<string[]>;
  /** The reason was refused: the dialog stays open with the message under the field. */
  reasonRefused?: boolean;
};

/** The Reject dialog posts with this fetcher; the page reads it to show the row as busy. */
export const REJECT_FETCHER = "referral:reject";

/** The props every referral text dialog takes (Reject, Cancel, Complete). */
export type ReferralDialogProps = {
  referral: { id: string; referralNumber: string } | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The action's answer to a plain post (without JavaScript). */
  answer: TransitionAnswer | undefined;
  returnFocusTo: RefObject<HTMLElement | null>;
};

/**
 * Reject Referral: the reason is required and may not be blank after trimming (spec section 5).
 * Without JavaScript the server renders it open for `?reject=<id>`.
 */
export function RejectDialog({ referral, ...dialog }: ReferralDialogProps) {
  const t = useT();
  return (
    <TextDialog<TransitionAnswer>
      {...dialog}
      fetcherKey={REJECT_FETCHER}
      subjectId={referral?.id ?? null}
      title={t("Reject Referral")}
      description={t("referral.reject.description", { number: referral?.referralNumber })}
      fallbackFocusId="pending-heading"
      mine={(a) => a.intent === "reject" && a.referralId === referral?.id}
      refused={(a) => !!a.reasonRefused}
      form={{
        idPrefix: "reject",
        schema: rejectionSchema,
        field: "reason",
        label: t("Reason for rejection"),
        maxLength: 1000,
        hidden: { intent: "reject", referralId: referral?.id ?? "" },
        submit: {
          label: t("Reject Referral"),
          busyLabel: t("Rejecting..."),
          className: "btn bg-red-700 text-white hover:bg-red-800",
        },
      }}
    />
  );
}
