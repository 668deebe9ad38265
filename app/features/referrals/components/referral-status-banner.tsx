import { Link } from "react-router";
import { dashboardPath } from "~/auth/roles";
import { formatAccraDateTime } from "../referral-status";
import type { ReferralWorkspace } from "../workspace.server";
import { StatusBadge, UrgencyText } from "./status-badge";

/** The page's head: the way back (dashboard, History), the referral's number and status, its urgency and age. */
export function ReferralStatusBanner({ referral }: { referral: ReferralWorkspace }) {
  return (
    <>
      <p className="text-sm font-semibold text-brand-700">
        <Link to={dashboardPath(referral.viewer.role)} className="underline underline-offset-2">
          Dashboard
        </Link>{" "}
        /{" "}
        <Link to="/referrals/history" className="underline underline-offset-2">
          History
        </Link>
      </p>
      <div className="mt-1 flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold sm:text-3xl">Referral {referral.referralNumber}</h1>
        <StatusBadge status={referral.status} />
      </div>
      <p className="mt-2 text-muted">
        <UrgencyText urgency={referral.urgencyLevel} /> · Created {formatAccraDateTime(referral.createdAt)}
      </p>
      {referral.viewer.role === "doctor" && referral.status === "pending" ? <SentNotice referral={referral} /> : null}
    </>
  );
}

/**
 * Where "Create Referral" lands (issue 28): the referring doctor sees where it went while the
 * facility has not answered, with the way to attach files at once.
 */
function SentNotice({ referral }: { referral: ReferralWorkspace }) {
  return (
    <section aria-labelledby="sent-heading" className="mt-4 rounded-lg border border-brand-200 bg-brand-50 p-4">
      <h2 id="sent-heading" className="text-lg font-bold">
        Sent to {referral.facility.name}
      </h2>
      <p className="mt-1 text-sm">
        The facility has been told. Results, scans or letters help it decide:{" "}
        {referral.actions.mayAttach ? (
          <a href="#attach-heading" className="font-semibold text-brand-700 underline underline-offset-2">
            attach files now
          </a>
        ) : (
          "attach files now"
        )}
        .
      </p>
    </section>
  );
}
