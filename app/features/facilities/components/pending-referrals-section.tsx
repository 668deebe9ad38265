import { Link } from "react-router";
import { Pagination, withParam } from "~/components/ui/pagination";
import { TitledSection } from "~/components/ui/titled-section";
import type { Transition } from "~/features/referrals/public";
import { ReferralTable } from "~/features/referrals/public";
import type { Page, ReferralRow } from "~/features/referrals/public.server";
import { useT } from "~/i18n/react";
import { type DialogSubject, plainClick } from "../transitions-in-flight";
import { AcceptButton } from "./accept-button";

/**
 * The facility dashboard's Pending Referrals: Accept (a form of its own) and Reject (a link to
 * ?reject=<id>; with React it opens the Reject dialog in place, `onReject`).
 */
export function PendingReferralsSection({
  pending,
  search,
  inFlight,
  onAccepted,
  onReject,
}: {
  pending: Pick<Page<ReferralRow>, "rows" | "page" | "pageCount">;
  /** The page's query string (the dialog links keep it). */
  search: string;
  inFlight: ReadonlyMap<string, Transition>;
  /** An Accept posted with this fetcher key (its toast comes with the answer). */
  onAccepted: (fetcherKey: string) => void;
  onReject: (subject: DialogSubject, opener: HTMLElement) => void;
}) {
  const t = useT();
  return (
    <TitledSection id="pending" title={t("Pending Referrals")}>
      <ReferralTable
        caption={t("Pending referrals, most urgent first")}
        rows={pending.rows}
        columns={["number", "patient", "doctor", "complaint", "urgency", "created"]}
        empty={t("No referrals are waiting for a decision.")}
        busy={(r) => inFlight.has(r.id)}
        actions={(r) => {
          const doing = inFlight.get(r.id);
          return (
            <div className="flex flex-wrap gap-2">
              <AcceptButton
                referralId={r.id}
                referralNumber={r.referralNumber}
                intent="accept"
                label={t("Accept")}
                busyLabel={t("Accepting...")}
                className="btn-primary min-h-11 min-w-11 px-3 py-1.5"
                busy={doing === "accept"}
                onSubmitted={onAccepted}
              />
              <Link
                to={withParam(search, "reject", r.id)}
                preventScrollReset
                className="btn min-h-11 min-w-11 border border-red-700 px-3 py-1.5 text-red-800 hover:bg-red-50"
                aria-label={
                  doing === "reject"
                    ? t("referralAction.rejecting", { number: r.referralNumber })
                    : t("referralAction.reject", { number: r.referralNumber })
                }
                onClick={(event) => {
                  if (!plainClick(event)) return;
                  event.preventDefault();
                  if (doing) return;
                  onReject({ id: r.id, referralNumber: r.referralNumber }, event.currentTarget);
                }}
              >
                {doing === "reject" ? t("Rejecting...") : t("Reject")}
              </Link>
            </div>
          );
        }}
      />
      <Pagination
        page={pending.page}
        pageCount={pending.pageCount}
        param="pending"
        label={t("Pending referral pages")}
      />
    </TitledSection>
  );
}
