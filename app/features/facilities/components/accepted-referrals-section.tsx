import { Link } from "react-router";
import { Pagination, withParam } from "~/components/ui/pagination";
import { TitledSection } from "~/components/ui/titled-section";
import type { Transition } from "~/features/referrals/public";
import { ReferralTable } from "~/features/referrals/public";
import type { Page, ReferralRow } from "~/features/referrals/public.server";
import { useT } from "~/i18n/react";
import { type DialogSubject, plainClick } from "../transitions-in-flight";

/**
 * The facility dashboard's Accepted Referrals: Mark as Completed (a link to ?complete=<id>; with
 * React it opens the Complete dialog in place, `onComplete`).
 */
export function AcceptedReferralsSection({
  accepted,
  search,
  inFlight,
  onComplete,
}: {
  accepted: Pick<Page<ReferralRow>, "rows" | "page" | "pageCount">;
  /** The page's query string (the dialog links keep it). */
  search: string;
  inFlight: ReadonlyMap<string, Transition>;
  onComplete: (subject: DialogSubject, opener: HTMLElement) => void;
}) {
  const t = useT();
  return (
    <TitledSection id="accepted" title={t("Accepted Referrals")}>
      <ReferralTable
        caption={t("Accepted referrals, newest first")}
        rows={accepted.rows}
        columns={["number", "patient", "doctor", "complaint", "urgency", "created"]}
        empty={t("No accepted referrals are waiting to be completed.")}
        busy={(r) => inFlight.has(r.id)}
        actions={(r) => {
          const completing = inFlight.get(r.id) === "complete";
          return (
            <Link
              to={withParam(search, "complete", r.id)}
              preventScrollReset
              className="btn-secondary min-h-11 min-w-11 px-3 py-1.5 whitespace-nowrap"
              aria-label={
                completing
                  ? t("referralAction.completing", { number: r.referralNumber })
                  : t("referralAction.markCompleted", { number: r.referralNumber })
              }
              onClick={(event) => {
                if (!plainClick(event)) return;
                event.preventDefault();
                if (completing) return;
                onComplete({ id: r.id, referralNumber: r.referralNumber }, event.currentTarget);
              }}
            >
              {completing ? t("Completing...") : t("Mark as Completed")}
            </Link>
          );
        }}
      />
      <Pagination
        page={accepted.page}
        pageCount={accepted.pageCount}
        param="accepted"
        label={t("Accepted referral pages")}
      />
    </TitledSection>
  );
}
