import { TextDialog } from "~/components/forms/text-dialog";
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
  return (
    <TextDialog<TransitionAnswer>
      {...dialog}
      fetcherKey={COMPLETE_FETCHER}
      subjectId={referral?.id ?? null}
      title="Complete Referral"
      description={`Referral ${referral?.referralNumber}: what was done, the findings and any advice for follow-up. The referring doctor will read it.`}
      fallbackFocusId="accepted-heading"
      mine={(a) => a.intent === "complete" && a.referralId === referral?.id}
      refused={(a) => a.intent === "complete" && !!a.reasonRefused}
      form={{
        idPrefix: "complete",
        schema: outcomeSchema,
        field: "outcome",
        label: "Outcome",
        maxLength: 5000,
        rows: 6,
        hidden: { intent: "complete", referralId: referral?.id ?? "" },
        submit: { label: "Complete Referral", busyLabel: "Completing...", className: "btn-primary" },
      }}
    />
  );
}
