import type { MouseEvent } from "react";
import { Link, useFetchers } from "react-router";
import { useT } from "~/i18n/react";
import type { ReferralWorkspace } from "../workspace.server";
import { AcceptButton } from "./accept-button";
import { PrintButton } from "./print-button";
import type { ReferralDialogState } from "./use-referral-dialogs";

const plainClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

const DANGER = "btn border border-red-700 text-red-800 hover:bg-red-50";

/**
 * What the viewer may do now (the status table): Accept, and Reject, Mark as Completed and Cancel
 * Referral, which open their dialogs (links to their addresses without JavaScript); Refer to
 * another facility (the referring doctor, once it was rejected or cancelled); Print.
 */
export function ReferralActionsPanel({
  referral,
  dialogs,
  onSubmitted,
}: {
  referral: ReferralWorkspace;
  dialogs: ReferralDialogState;
  /** A fetcher's post went out under this key (its toast is shown when it answers). */
  onSubmitted: (key: string) => void;
}) {
  const t = useT();
  const { transitions, mayMessage, mayAttach } = referral.actions;
  const subject = { id: referral.id, referralNumber: referral.referralNumber };
  // The referring doctor sends a rejected or cancelled referral on to another facility.
  const referAgain =
    referral.viewer.role === "doctor" && (referral.status === "rejected" || referral.status === "cancelled");
  const busy = useFetchers().some((f) => f.key.startsWith("referral:") && f.state !== "idle");

  const dialogLink = (param: keyof ReferralDialogState, label: string, className: string) => (
    <Link
      to={`?${param}=1`}
      preventScrollReset
      className={className}
      onClick={(event) => {
        if (!plainClick(event)) return;
        event.preventDefault();
        if (busy) return;
        dialogs[param].show(subject, event.currentTarget);
      }}
    >
      {label}
    </Link>
  );

  return (
    <section aria-labelledby="referral-actions-heading" className="card mt-6 p-5">
      <h2 id="referral-actions-heading" className="text-lg font-bold" tabIndex={-1}>
        {t("Actions")}
      </h2>
      <div className="mt-3 flex flex-wrap gap-3">
        {transitions.includes("accept") ? <AcceptButton referralId={referral.id} onSubmitted={onSubmitted} /> : null}
        {transitions.includes("reject") ? dialogLink("reject", t("Reject"), DANGER) : null}
        {transitions.includes("complete") ? dialogLink("complete", t("Mark as Completed"), "btn-primary") : null}
        {transitions.includes("cancel") ? dialogLink("cancel", t("Cancel Referral"), DANGER) : null}
        {referAgain ? (
          <Link to={`/referrals/create?from=${encodeURIComponent(referral.referralNumber)}`} className="btn-primary">
            {t("Refer to another facility")}
          </Link>
        ) : null}
        <PrintButton />
      </div>
      {transitions.length === 0 && !mayMessage && !mayAttach && !referAgain ? (
        <p className="mt-3 text-sm text-muted">
          {referral.status === "cancelled"
            ? t("This referral was cancelled: nothing more can be done on it.")
            : t("There is nothing for you to do on this referral now.")}
        </p>
      ) : null}
    </section>
  );
}
